#!/usr/bin/env bash
# The web page in a real browser: build web/dist (web/build.sh installs its own
# toolchain), then drive it in headless Chromium (.ci/web_test.py: python3's standard
# library only). Screenshots in ci-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/install_missing.sh

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v python3 >/dev/null 2>&1 || need+=(python3)
install_missing "${need[@]}"

bash web/build.sh
# The desktop build's engines are the reference for the page's (report --peers).
cargo build --release --quiet --bin collidescope
python3 .ci/web_test.py
