#!/usr/bin/env bash
# The game server's load benchmark (README, "Load"): builds chogo-server and chogo-load
# (release, feature `server`), and for each database and each number of games starts a
# fresh server on 127.0.0.1 (any free port), runs chogo-load against it (every game's
# moves checked in the states and in the database's rows), reads the server's peak memory,
# stops it, and prints a table. Loopback only; each run is bounded by SECONDS.
#
#   tools/load.sh                 500 and 5,000 games, on SQLite and on PostgreSQL
#   tools/load.sh 100             100 games
#   DBS=sqlite tools/load.sh      SQLite only
#
# PostgreSQL is used when CHOGO_TEST_POSTGRES names it (`eval "$(bash .ci/services)"`):
# each run gets a database of its own, chogo_load, dropped after it.
# Settings: MOVES (plies a game, 40), GAME (chogo or go), LIMIT (a run's seconds, 300),
# THINK (ms each move waits before it is sent, on average; 0: as fast as the server answers),
# DBS ("sqlite postgres"), CHOGO_CARGO_LOCK (a file cargo's build waits on with flock).
# The server runs with --rate 1000 --burst 1000 (a fast game sends more than the default
# 20 a second) and --connections-per-address 20000 (every connection is from 127.0.0.1).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
games=("$@")
[[ ${#games[@]} -gt 0 ]] || games=(500 5000)
moves="${MOVES:-40}"
think="${THINK:-0}"
game="${GAME:-chogo}"
seconds="${LIMIT:-300}"
dbs="${DBS:-sqlite postgres}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chogo-target}"
build=(cargo build --release --no-default-features --features server --bin chogo-server --bin chogo-load)
if [[ -n "${CHOGO_CARGO_LOCK:-}" ]]; then
    flock "$CHOGO_CARGO_LOCK" "${build[@]}"
else
    "${build[@]}"
fi
bin="$CARGO_TARGET_DIR/release"
# 5,000 games are 10,000 connections on each side: raise the limit of open files if we may.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "tools/load.sh: open files at most $(ulimit -n); $(nproc) cores"
work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
rows=()
failed=0
for db_kind in $dbs; do
    if [[ "$db_kind" == postgres && -z "${CHOGO_TEST_POSTGRES:-}" ]]; then
        echo "tools/load.sh: PostgreSQL skipped (no CHOGO_TEST_POSTGRES; eval \"\$(bash .ci/services)\" starts one)"
        continue
    fi
    for n in "${games[@]}"; do
        case "$db_kind" in
            sqlite)
                db="$work/load-$n.db"
                rm -f "$db"*
                ;;
            postgres)
                psql -q "$CHOGO_TEST_POSTGRES" -c 'DROP DATABASE IF EXISTS chogo_load' -c 'CREATE DATABASE chogo_load'
                db="${CHOGO_TEST_POSTGRES%/*}/chogo_load"
                ;;
            *) echo "tools/load.sh: DBS takes sqlite and postgres, not $db_kind"; exit 2 ;;
        esac
        out="$work/server-$db_kind-$n.out"
        "$bin/chogo-server" --listen 127.0.0.1:0 --db "$db" --connections-per-address 20000 \
            --rate 1000 --burst 1000 >"$out" 2>"$work/server-$db_kind-$n.log" &
        server_pid=$!
        addr=""
        for _ in $(seq 300); do
            addr="$(sed -n 's/^listening on //p' "$out" | head -1)"
            [[ -n "$addr" ]] && break
            kill -0 "$server_pid" 2>/dev/null || break
            sleep 0.1
        done
        if [[ -z "$addr" ]]; then
            tail "$work/server-$db_kind-$n.log"
            echo "tools/load.sh: the server did not start"
            exit 1
        fi
        echo "tools/load.sh: $n games of $game on $db_kind, server $server_pid on $addr"
        result="$work/load-$db_kind-$n.txt"
        status=0
        "$bin/chogo-load" --server "ws://$addr" --games "$n" --moves "$moves" --game "$game" \
            --seconds "$seconds" --think "$think" --db "$db" --pid "$server_pid" | tee "$result" || status=$?
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=""
        [[ "$db_kind" == postgres ]] && psql -q "$CHOGO_TEST_POSTGRES" -c 'DROP DATABASE IF EXISTS chogo_load'
        line="$(grep '^result ' "$result" || true)"
        if [[ $status -ne 0 || -z "$line" ]]; then
            failed=1
            rows+=("| $n | $db_kind | FAILED (exit $status) | | | | | |")
            continue
        fi
        get() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
        hwm_mb=$(( $(get hwm_kb) / 1024 ))
        rows+=("| $n | $db_kind | $(get moves) | $(get moves_per_s) | $(get p50_ms) | $(get p99_ms) | $(get max_ms) | $hwm_mb MB |")
    done
done
echo
echo "$game, $moves plies a game at most, $think ms thinking, $(nproc) cores (server and benchmark on one machine):"
echo
echo "| games | database | moves | moves/s | p50 ms | p99 ms | max ms | server VmHWM |"
echo "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
exit "$failed"
