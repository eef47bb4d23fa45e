#!/usr/bin/env bash
# Builds the debugger's web page into web/dist/ (index.html, the .wasm, the JS):
#
#   bash web/build.sh            # then: bash web/serve.sh, open http://127.0.0.1:8000/
#
# Installs what it needs when missing (Debian: a Rust with the wasm32 standard library,
# lld, binaryen's wasm-opt), builds with Debian's rustc for wasm32 only — the rustup
# toolchain stays the default for everything else — with the `web` profile (size
# first), without the peers (Box2D's C does not build for wasm32-unknown-unknown),
# shrinks the module with wasm-opt, and copies macroquad's JS loader from the cargo
# registry. See ../shared/reference/WEB.md for where the recipe comes from.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/install_missing.sh
out=web/dist
target_dir=target-web

need=()
for pkg in rustc-web cargo-web rust-web-src lld-22 binaryen; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
install_missing "${need[@]}"

echo "== building the wasm (Debian's rustc, profile web, features gui)"
started=$(date +%s)
# Debian's rustc has no rust-lld of its own: link with lld's wasm-ld.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 /usr/bin/cargo build --profile web \
  --target wasm32-unknown-unknown -Z build-std=std,panic_abort \
  --no-default-features --features gui --bin collidescope \
  --target-dir "$target_dir" -j2
wasm="$target_dir/wasm32-unknown-unknown/web/collidescope.wasm"

mkdir -p "$out"
rm -rf "$out/book"
rm -f "$out"/*
if command -v wasm-opt >/dev/null 2>&1; then
  echo "== wasm-opt -Oz"
  # The features the module already uses (Rust's defaults for wasm32) stay allowed.
  wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
    "$wasm" -o "$out/collidescope.wasm"
else
  cp "$wasm" "$out/collidescope.wasm"
fi

# macroquad's loader, from the version Cargo.lock pins.
mq_version=$(awk '/^name = "macroquad"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
bundle=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"macroquad-$mq_version"/js/mq_js_bundle.js 2>/dev/null | head -1)
if [ -z "$bundle" ]; then
  echo "error: macroquad-$mq_version/js/mq_js_bundle.js is not in the cargo registry (the build above fetches it)" >&2
  exit 1
fi
cp "$bundle" web/index.html web/collidescope.js "$out/"

# The manual beside the page: the panel's Controls link to book/index.html.
. .ci/install_mdbook.sh
install_mdbook
mdbook build docs --dest-dir "$PWD/$out/book"

size=$(stat -c %s "$out/collidescope.wasm")
echo "== web/dist ready in $(( $(date +%s) - started )) s: collidescope.wasm is $size bytes ($(( size / 1024 )) KiB; before wasm-opt $(stat -c %s "$wasm"))"
