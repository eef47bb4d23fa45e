#!/usr/bin/env bash
# Builds the debugger's web page into web/dist/ (index.html, the .wasm, the JS):
#
#   bash web/build.sh            # then: bash web/serve.sh, open http://127.0.0.1:8000/
#
# Installs what it needs when missing (Debian: a Rust with the wasm32 standard library,
# lld, binaryen's wasm-opt, clang and wasi-libc's headers for Box2D), builds with
# Debian's rustc for wasm32 only — the rustup toolchain stays the default for everything
# else — with the `web` profile (size first) and the engines (feature `peers`), shrinks
# the module with wasm-opt, and copies macroquad's JS loader from the cargo registry.
# See ../shared/reference/WEB.md for where the recipe comes from.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/install_missing.sh
out=web/dist
target_dir=target-web

need=()
for pkg in rustc-web cargo-web rust-web-src lld-22 binaryen; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
# --- Box2D in the page (the engines) ---
# Box2D v3 is C. boxdd-sys builds it for the desktop, but on wasm32-unknown-unknown it
# only declares the functions, as imports of a separate "provider" module that its own
# repository builds with a pinned Emscripten SDK (not to be had here, and Debian's
# emscripten 3.1 is far older). Instead build.rs compiles the part of boxdd-sys'
# vendored Box2D the peers call (the narrow phase: distance, manifolds, hulls, casts;
# no world, no threads) with clang for wasm32 into the app's own module: one .wasm,
# Box2D's code beside ours, no second module, no memory partition. clang-22 because
# it shares libllvm22 with lld-22 (installed anyway for the link); wasi-libc for the C
# headers only (Box2D needs no libc code in the narrow phase: the few functions it
# names, fprintf and friends for its assertion message, are web/box2d/libc.c). Same
# flags as boxdd-sys on the desktop (-O2 -ffp-contract=off, asserts on), so Box2D
# answers the same to the bit (checked by .ci/web_test.py against `report --peers`).
for pkg in clang-22 wasi-libc; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
export COLLIDESCOPE_WASM_CC=clang-22 COLLIDESCOPE_WASI_INCLUDE=/usr/include/wasm32-wasi
# --- end Box2D ---
install_missing "${need[@]}"

echo "== building the wasm (Debian's rustc, profile web, features gui and peers)"
started=$(date +%s)
# Debian's rustc has no rust-lld of its own: link with lld's wasm-ld.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 /usr/bin/cargo build --profile web \
  --target wasm32-unknown-unknown -Z build-std=std,panic_abort \
  --no-default-features --features gui,peers --bin collidescope \
  --target-dir "$target_dir" -j2
wasm="$target_dir/wasm32-unknown-unknown/web/collidescope.wasm"

# --- Box2D in the page: every Box2D and C library function resolved inside ---
# The link allows undefined functions (the page provides macroquad's and ours), so a
# Box2D function the peers call but build.rs did not compile, or a C library function
# Box2D reaches, would become an import the page does not give: macroquad's loader puts
# a stub that only warns in its place, and the engines would answer garbage.
if ! command -v wasm-dis >/dev/null 2>&1; then
  echo "error: wasm-dis (binaryen) is missing: cannot check the module's imports" >&2
  exit 1
fi
imports=$(wasm-dis "$wasm" | grep -o '(import "[^"]*" "[^"]*"' | cut -d'"' -f2,4 | tr '"' ' ')
unresolved=$(echo "$imports" | grep -E '^box2d|^env (b2[A-Z]|malloc|free|aligned_alloc|calloc|realloc|printf|fprintf|vsnprintf|fflush|stderr|remainderf|sqrtf|memset|memcpy|memmove|abort)$' || true)
if [ -n "$unresolved" ]; then
  echo "error: the module imports what the page cannot give (Box2D or C library functions):" >&2
  echo "$unresolved" >&2
  exit 1
fi
# --- end Box2D ---

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
