#!/usr/bin/env bash
# Serves web/dist (built by web/build.sh when missing) on http://127.0.0.1:${PORT:-8080}/.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ -f "$here/dist/chogo_bg.wasm" ]] || "$here/build.sh"
port="${PORT:-8080}"
echo "Chogo: open http://127.0.0.1:$port/ (Ctrl-C stops the server)"
exec python3 "$here/serve.py" "$port" "$here/dist"
