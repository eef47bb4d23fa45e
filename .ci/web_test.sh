#!/usr/bin/env bash
# The web page in a real browser: build web/dist (web/build.sh installs its own
# toolchain), then drive it in headless Chromium (.ci/web_test.py: python3's standard
# library only). Screenshots in ci-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

bash web/build.sh
python3 .ci/web_test.py
