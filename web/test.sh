#!/usr/bin/env bash
# The browser smoke test: builds web/dist when missing (web/build.sh; `--rebuild` forces
# it), serves it on 127.0.0.1, and drives Debian's headless Chromium with playwright-core
# (web/smoke.mjs): first frame (its time is printed), a king drop against the bot, the
# bot's answer from its Web Worker with the page still drawing, the save in localStorage,
# reload and continue. Then the game's screenshot must show the board and both sides.
# Installs chromium (apt-get) and playwright-core (npm) when missing.
# `web/test.sh --frames` measures frame rates instead (web/frames.mjs).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"

frames=0
if [[ "${1:-}" == "--frames" ]]; then
    frames=1
    shift
fi
if [[ "${1:-}" == "--rebuild" || ! -f "$here/dist/chogo_bg.wasm" ]]; then
    "$here/build.sh"
fi

# No path of the build machine in the shipped code (web/build.sh remaps them).
for wasm in "$here"/dist/*.wasm; do
    if grep -a -q -e "$HOME/" -e "$root/" "$wasm"; then
        echo "web/test.sh: $wasm names paths of the build machine: $(grep -a -o -m 3 -e "$HOME/[^ \"]*" "$wasm" | head -3 | tr '\n' ' ')" >&2
        exit 1
    fi
done

[[ -x /usr/bin/chromium ]] || bash "$root/.ci/deps" chromium
if [[ ! -d "$here/node_modules/playwright-core" ]]; then
    (cd "$here" && npm install --no-audit --no-fund --loglevel=error)
fi

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 "$here/serve.py" "$port" "$here/dist" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
    sleep 0.1
done

if [[ $frames -eq 1 ]]; then
    node "$here/frames.mjs" "http://127.0.0.1:$port/"
    exit 0
fi

shots="${SHOTS:-$here/shots}"
mkdir -p "$shots"
node "$here/smoke.mjs" "http://127.0.0.1:$port/" "$shots"
python3 "$root/.ci/check_png.py" "$shots/game.png"
echo "web/test.sh: ok (screenshots in $shots)"
