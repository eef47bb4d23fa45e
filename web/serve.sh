#!/usr/bin/env bash
# Serves web/dist/ (built by web/build.sh) on http://127.0.0.1:${PORT:-8000}/ only.
set -euo pipefail
cd "$(dirname "$0")/dist"
port="${PORT:-8000}"
echo "Collidescope: http://127.0.0.1:$port/ (Ctrl+C stops)"
exec python3 -m http.server --bind 127.0.0.1 "$port"
