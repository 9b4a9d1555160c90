#!/bin/sh
# The matches and speeds of the README's "Go with chess pieces" bots section (issue 14).
# Usage: tools/go-matches.sh [CHOGO_CLI]  (default: target/release/chogo-cli)
# Needs GNU Go (/usr/games/gnugo) for the last part. Takes about an hour on 2 cores.
set -u
B=${1:-target/release/chogo-cli}
GNUGO="/usr/games/gnugo --mode gtp --chinese-rules --capture-all-dead"

echo "== MCTS playouts per second from the empty board (5 s, 1 and 2 threads)"
for size in 9 19; do
  for t in 1 2; do
    printf '%sx%s, %s thread(s): ' "$size" "$size" "$t"
    "$B" go bestmove start --board "$size" --komi 6.5 --time-ms 5000 --threads "$t" --info 2>&1 | head -1
  done
done

echo "== greedy vs random, 20 games each (colours alternate)"
for set in R B K N P M RB; do
  printf '%s: ' "$set"; "$B" go play --pieces "$set" --black greedy --white random --games 20 --swap --jobs 2 | tail -1
done
printf 'R moving: '; "$B" go play --moving --black greedy --white random --games 20 --swap --jobs 2 | tail -1

echo "== MCTS (1 s a move, 1 thread) vs greedy, 6 games each (colours alternate)"
for set in R B K N P M RB; do
  printf '%s: ' "$set"; "$B" go play --pieces "$set" --black hard --white greedy --time-ms 1000 --games 6 --swap --jobs 2 | tail -1
done
printf 'R moving: '; "$B" go play --moving --black hard --white greedy --time-ms 1000 --games 6 --swap --jobs 2 | tail -1

echo "== MCTS (5 s a move, 2 threads) vs GNU Go 3.8 level 1, 9x9 rooks, komi 6.5"
python3 tools/gtp-referee.py --games 4 --chogo "$B" \
  --black "$B go gtp --level master --threads 2" --white "$GNUGO --level 1"

echo "== MCTS (5 s a move, 2 threads) vs GNU Go 3.8 level 10, 9x9 rooks, komi 6.5"
python3 tools/gtp-referee.py --games 4 --chogo "$B" \
  --black "$B go gtp --level master --threads 2" --white "$GNUGO --level 10"
