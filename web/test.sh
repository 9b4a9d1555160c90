#!/usr/bin/env bash
# The browser smoke test: builds web/dist when missing (web/build.sh; `--rebuild` forces
# it), serves it on 127.0.0.1, and drives Debian's headless Chromium with playwright-core
# (web/smoke.mjs): first frame (its time is printed), a king drop against the bot, the
# bot's answer from its Web Worker with the page still drawing, the save in localStorage,
# reload and continue; then (web/online.mjs) the page joins by its link an online game a
# command-line bot created, and both see each other's moves. Then the game's screenshot
# must show the board and both sides.
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

# No path of the build machine in the shipped code: web/build.sh remaps them and lists
# them in the target folder; a crate's source path left anywhere would show the registry.
remapped="${CHOGO_WEB_TARGET_DIR:-$HOME/.cache/chogo-web-target}/remapped-paths.txt"
for wasm in "$here"/dist/*.wasm; do
    while IFS= read -r path; do
        for needle in "$path/" ".cargo/registry/src/"; do
            if grep -aqF -- "$needle" "$wasm"; then
                echo "web/test.sh: $wasm names a path of the build machine ($needle…); rebuild with web/test.sh --rebuild" >&2
                exit 1
            fi
        done
    done < <(cat "$remapped" 2>/dev/null || printf '%s\n' "$HOME" "$root")
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
# Online: the page joins, by its link, a game a command-line bot created on a chogo-server
# on 127.0.0.1 (both built natively here), and each sees the other's moves.
native="${CARGO_TARGET_DIR:-$HOME/.cache/chogo-target}"
(cd "$root" && CARGO_TARGET_DIR="$native" cargo build --quiet --no-default-features --features server --bin chogo-server --bin chogo-cli)
node "$here/online.mjs" "http://127.0.0.1:$port/" "$shots" "$native/debug/chogo-server" "$native/debug/chogo-cli"
# (online.png is Go's board with three pieces: online.mjs checks its moves itself.)
for shot in game game-640x400 game-400x300 game-390x844 stage-reached puzzle; do
    python3 "$root/.ci/check_png.py" "$shots/$shot.png"
done
echo "web/test.sh: ok (screenshots in $shots)"
