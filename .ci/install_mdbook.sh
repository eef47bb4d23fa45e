# Sourced by .ci/run and web/build.sh: `install_mdbook` makes sure `mdbook` (the manual's
# builder, the version below) is on PATH, installing it from crates.io when it is missing or
# another version (about 3 minutes on 2 cores; no search index, no server, no watcher).
MDBOOK_VERSION=0.5.4
install_mdbook() {
  export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
  if mdbook --version 2>/dev/null | grep -qx "mdbook v$MDBOOK_VERSION"; then
    return 0
  fi
  echo "== installing mdbook $MDBOOK_VERSION (cargo install)"
  cargo install mdbook --version "$MDBOOK_VERSION" --locked --no-default-features --quiet
}
