#!/bin/sh
# The Go matches and speeds of docs/BOTS.md (issue 14 and issue 28): its figures under "The
# bots now", and the rows of "Against GNU Go at full strength" and "Matches and speeds, as
# measured", with the game counts and settings of their tables.
# Usage: tools/go-matches.sh [CHOGO_CLI]  (default: target/release/chogo-cli)
# Needs GNU Go (/usr/games/gnugo) for the GNU Go part. Takes about a day on this machine
# (2026-11-27's count): issue 28's level-10 matches hold some 820 games at 3,000
# playouts (15-30 s each) and 230 at 10,000 (about 45 s), over eight hours; the matches
# against greedy about five; the older 32 GNU Go games at 100,000 playouts about two (4
# minutes each); the rest about four. Every match runs one game at a time on one search
# thread, except the speed tests, greedy against random, the shared tree and the levels
# at their own time.
# The rows against older code (the capture-to-save against 14d267f, the pass rules in
# points against aef623d) need builds of those commits and are not run.
set -u
B=${1:-target/release/chogo-cli}
GNUGO="/usr/games/gnugo --mode gtp --chinese-rules --capture-all-dead"
REFEREE="python3 tools/gtp-referee.py --chogo $B"

echo "== load before the speed test (the 2-thread gain needs an idle machine)"
uptime
echo "== MCTS playouts per second from the empty board (5 s, 1 and 2 threads)"
for size in 9 19; do
  for t in 1 2; do
    printf '%sx%s, %s thread(s): ' "$size" "$size" "$t"
    "$B" go bestmove start --board "$size" --komi 6.5 --time-ms 5000 --threads "$t" --info 2>&1 | head -1
  done
done
echo "== MCTS playouts per second, other sets and moving pieces (9x9, 1 s, 1 thread)"
for set in B K N P M RB D A; do
  printf '%s: ' "$set"
  "$B" go bestmove start --pieces "$set" --time-ms 1000 --threads 1 --info 2>&1 | head -1
done
printf 'A on 19x19: '
"$B" go bestmove start --pieces A --board 19 --time-ms 1000 --threads 1 --info 2>&1 | head -1
for set in R B K N P M RB; do
  printf '%s moving: ' "$set"
  "$B" go bestmove start --pieces "$set" --moving --time-ms 1000 --threads 1 --info 2>&1 | head -1
done

echo "== greedy vs random, 20 games each (colours alternate); with moving pieces two seeds"
for seed in 5 7; do
  printf 'A on 19x19, seed %s: ' "$seed"
  "$B" go play --pieces A --board 19 --black greedy --white random --games 20 --swap --jobs 1 --seed "$seed" | tail -1
  printf 'A on 19x19 moving, seed %s: ' "$seed"
  "$B" go play --pieces A --board 19 --moving --black greedy --white random --games 20 --swap --jobs 1 --seed "$seed" | tail -1
done
printf 'D, seed 7: '
"$B" go play --pieces D --black greedy --white random --games 20 --swap --jobs 1 --seed 7 | tail -1
for set in R B K N P M RB D A; do
  printf '%s: ' "$set"; "$B" go play --pieces "$set" --black greedy --white random --games 20 --swap --jobs 1 --seed 5 | tail -1
done
for set in R B K N P M RB D A; do
  for seed in 5 7; do
    printf '%s moving, seed %s: ' "$set" "$seed"
    "$B" go play --pieces "$set" --moving --black greedy --white random --games 20 --swap --jobs 2 --seed "$seed" | tail -1
  done
done

echo "== MCTS at 1 s's playouts (one idle core, 1 thread) vs greedy, 20 games each (colours alternate)"
# By playouts, so that the machine's load does not change the result: about what one idle
# core makes in a second for each set (the speed test above).
for spec in "R 20000" "B 37000" "K 6800" "N 6400" "P 2300" "M 600" "RB 3600" \
    "R 19000 --moving" "B 33700 --moving" "K 6600 --moving" "N 6000 --moving" \
    "P 2300 --moving" "M 560 --moving" "RB 3100 --moving"; do
  set -- $spec
  pieces=$1; n=$2; shift 2
  printf '%s: ' "$spec"
  "$B" go play --pieces "$pieces" "$@" --black hard --white greedy --playouts "$n" --games 20 --swap --jobs 1 --threads 1 --seed 21 | tail -1
done
echo "-- dabbabas alone on 9x9 (a lattice of 20 cells) and alfils alone on 19x19 (45 cells: on 9x9"
echo "   their 10 cells leave the game to the colour), two seeds each; then alfils on 9x9"
for spec in "D 9 38000 21" "D 9 38000 22" "A 19 30000 21" "A 19 30000 22" "A 19 30000 23" "A 9 187000 21" \
    "D 9 38000 21 --moving" "A 19 30000 21 --moving"; do
  set -- $spec
  pieces=$1; board=$2; n=$3; seed=$4; shift 4
  printf '%s: ' "$spec"
  "$B" go play --pieces "$pieces" --board "$board" "$@" --black hard --white greedy --playouts "$n" --games 20 --swap --jobs 1 --threads 1 --seed "$seed" | tail -1
done
echo "-- issue 28's close: every set again after the root's pass (pass_due), seeds 21 and 22, 10 games each, two at once"
for seed in 21 22; do
  for spec in "B 9 37000" "A 19 30000" "K 9 6800" "N 9 6400" "P 9 2300" "M 9 600" "RB 9 3600" "D 9 38000" "R 9 20000"; do
    set -- $spec
    printf '%s, seed %s: ' "$spec" "$seed"
    "$B" go play --pieces "$1" --board "$2" --black hard --white greedy --playouts "$3" --games 10 --swap --jobs 2 --threads 1 --seed "$seed" | tail -1
  done
done
echo "-- alfils on 19x19 at hard's own budget (2 s of one idle core: 60,000 playouts), three seeds"
for seed in 21 22 23; do
  printf 'A 19 60000 %s: ' "$seed"
  "$B" go play --pieces A --board 19 --black hard --white greedy --playouts 60000 --games 20 --swap --jobs 1 --threads 1 --seed "$seed" | tail -1
done
echo "-- rooks with moving pieces, a second seed"
printf 'R 19000 --moving, seed 22: '
"$B" go play --pieces R --moving --black hard --white greedy --playouts 19000 --games 20 --swap --jobs 1 --threads 1 --seed 22 | tail -1
echo "-- bishops, two more seeds (the margin's weight: the default 0.3, then 0.1)"
for w in 0.3 0.1; do
  for seed in 22 23; do
    printf 'B 37000, weight %s, seed %s: ' "$w" "$seed"
    "$B" go play --pieces B --black hard --white greedy --playouts 37000 --games 20 --swap --jobs 1 --threads 1 --seed "$seed" --score-weight "$w" | tail -1
  done
done

echo "== what the second thread gains: 2 threads x 5000 playouts against 1 x 5000, rooks, komi 6.5, 20 games"
$REFEREE --games 20 --black "$B go gtp --level hard --threads 2 --playouts 10000 --seed {n}" --white "$B go gtp --level hard --threads 1 --playouts 5000 --seed {n}" | tail -2

echo "== 3x3 shapes in the playouts: 20 games, 2000 playouts a move, 9x9 rooks, komi 6.5"
SEARCH="$B go gtp --level hard --threads 1 --playouts 2000 --seed {n}"
$REFEREE --games 20 --black "$SEARCH --without shape_priors" --white "$SEARCH --without shapes,shape_priors" | tail -2
echo "== Michi's priors with the shapes against neither: 17 games, 5000 playouts a move"
SEARCH="$B go gtp --level hard --threads 1 --playouts 5000 --seed {n}"
$REFEREE --games 17 --black "$SEARCH --with shape_priors" --white "$SEARCH --without shapes,shape_priors" | tail -2

echo "== each remaining switch against its absence: 20 games, 1000 playouts a move"
SEARCH="$B go gtp --level hard --threads 1 --playouts 1000 --seed {n}"
for switch in rave heuristics priors reuse; do
  echo "-- without $switch"
  $REFEREE --games 20 --black "$SEARCH" --white "$SEARCH --without $switch" | tail -2
done
echo "-- again at 4000 playouts, 12 games: without heuristics, without reuse"
SEARCH="$B go gtp --level hard --threads 1 --playouts 4000 --seed {n}"
for switch in heuristics reuse; do
  echo "-- without $switch"
  $REFEREE --games 12 --black "$SEARCH" --white "$SEARCH --without $switch" | tail -2
done

# One match against GNU Go: vs_gnugo LEVEL GAMES "OUR ENGINE'S COMMAND" (ours Black first).
vs_gnugo() { $REFEREE --games "$2" --black "$3" --white "$GNUGO --level $1" | tail -2; }
echo "== issue 28: MCTS by playouts vs GNU Go 3.8 level 10 (its strongest), 9x9 rooks, komi 6.5"
SEARCH3K="$B go gtp --level master --threads 1 --playouts 3000"
# The search before the policy's and the lines' priors (the older rows and seed 60 were
# played without them), and the priors as they were measured (the default again since
# the fifth session).
BEFORE="--without policy_priors,line_priors"
PRIORS="--with policy_priors,line_priors"
SEARCH10K="$B go gtp --level master --threads 1 --playouts 10000"
echo "-- issue 47, the twelfth session: 3,000 playouts, 100 games each (seeds 60 and 62 were stopped at 11 and 53)"
vs_gnugo 10 100 "$SEARCH3K --seed 64{n}"
vs_gnugo 10 100 "$SEARCH3K --seed 61{n} --with self_atari2"
vs_gnugo 10 100 "$SEARCH3K --seed 63{n} --with centre"
vs_gnugo 10 100 "$SEARCH3K --seed 66{n} --with centre"
vs_gnugo 10 100 "$SEARCH3K --seed 67{n} --with criticality"
vs_gnugo 10 100 "$SEARCH3K --seed 68{n} --with two_libs"
vs_gnugo 10 53 "$SEARCH3K --seed 62{n} --prior-games 25"
vs_gnugo 10 11 "$SEARCH3K --seed 60{n} --rave-k 1500"
echo "-- issue 47, the tenth and eleventh sessions: the default (the nakade rules) and without them, 3,000"
echo "   playouts, 40 games each; the root's reading, the AMAF priors (stopped at 5) and no resignation beside; 10,000 playouts"
vs_gnugo 10 40 "$SEARCH3K --seed 41{n}"
vs_gnugo 10 40 "$SEARCH3K --seed 42{n}"
vs_gnugo 10 40 "$SEARCH3K --seed 44{n}"
vs_gnugo 10 40 "$SEARCH3K --seed 34{n} --without nakade"
vs_gnugo 10 40 "$SEARCH3K --seed 40{n} --without nakade"
vs_gnugo 10 40 "$SEARCH3K --seed 43{n} --without nakade"
vs_gnugo 10 40 "$SEARCH3K --seed 47{n} --with reading"
vs_gnugo 10 40 "$SEARCH3K --seed 50{n} --with amaf_priors"
vs_gnugo 10 40 "$SEARCH10K --seed 46{n}"
vs_gnugo 10 40 "$SEARCH10K --seed 49{n}"
vs_gnugo 10 40 "$SEARCH3K --seed 51{n} --no-resign"
vs_gnugo 10 40 "$SEARCH10K --seed 52{n}"
echo "-- the sixth session: tree_drops at 10,000 playouts, the margin's weight 0 at 3,000"
vs_gnugo 10 30 "$B go gtp --level master --threads 1 --playouts 10000 --seed 93{n} --with tree_drops"
vs_gnugo 10 40 "$SEARCH3K --seed 94{n} --score-weight 0"
echo "-- the levels at their own time vs level 1, 40 and 30 games, and hard with tree_drops (20, stopped; the load matters)"
uptime
vs_gnugo 1 40 "$B go gtp --level medium --seed 97{n}"
vs_gnugo 1 30 "$B go gtp --level hard --seed 98{n}"
vs_gnugo 1 20 "$B go gtp --level hard --seed 99{n} --with tree_drops"
uptime
echo "-- the fifth session (the root tries its pass): 3,000 and 10,000 playouts, 50 games each"
vs_gnugo 10 50 "$SEARCH3K --seed 75{n} $PRIORS"
vs_gnugo 10 50 "$B go gtp --level master --threads 1 --playouts 10000 --seed 77{n} $PRIORS"
echo "-- hard's two threads on one tree by playouts vs level 1, with the priors, one thread, without"
vs_gnugo 1 10 "$B go gtp --level hard --threads 2 --playouts 60000 --seed 90{n} --with shared_tree,policy_priors,line_priors"
vs_gnugo 1 10 "$B go gtp --level hard --threads 1 --playouts 60000 --seed 91{n} $PRIORS"
vs_gnugo 1 10 "$B go gtp --level hard --threads 2 --playouts 60000 --seed 90{n} --with shared_tree $BEFORE"
echo "-- tree_drops (the kept version) against the default in the same hour, 3,000 playouts, 40 games each"
vs_gnugo 10 40 "$SEARCH3K --seed 80{n} --with tree_drops"
vs_gnugo 10 40 "$SEARCH3K --seed 81{n}"
echo "-- vs level 1 at hard's playouts (the row of its first version, which gave the pass below"
echo "   the root no prior; today's code runs the kept version)"
vs_gnugo 1 10 "$B go gtp --level hard --threads 2 --playouts 60000 --seed 90{n} --with shared_tree,tree_drops"
echo "-- the default at 10,000 playouts, 24 + 24 more games"
vs_gnugo 10 24 "$B go gtp --level master --threads 1 --playouts 10000 --seed 83{n}"
vs_gnugo 10 24 "$B go gtp --level master --threads 1 --playouts 10000 --seed 89{n}"
echo "-- 13x13 with the priors, 3,000 playouts a move, 6 games"
$REFEREE --size 13 --games 6 --black "$B go --board 13 gtp --level master --threads 1 --playouts 3000 --seed 79{n}" --white "$GNUGO --level 10" | tail -2
echo "-- the levels at their own time vs level 1 with the priors (the load matters), master vs level 10"
uptime
vs_gnugo 1 10 "$B go gtp --level hard --seed 94{n}"
vs_gnugo 1 10 "$B go gtp --level medium --seed 95{n}"
vs_gnugo 10 4 "$B go gtp --level master --seed 96{n}"
uptime
echo "-- 3,000 playouts a move, the policy's and the lines' priors, 50 + 26 + 30 games"
vs_gnugo 10 50 "$SEARCH3K --seed 70{n} $PRIORS"
vs_gnugo 10 26 "$SEARCH3K --seed 72{n} $PRIORS"
vs_gnugo 10 30 "$SEARCH3K --seed 74{n} $PRIORS"
echo "-- the same at 10,000 playouts a move, 50 + 20 games"
vs_gnugo 10 50 "$B go gtp --level master --threads 1 --playouts 10000 --seed 71{n} $PRIORS"
vs_gnugo 10 20 "$B go gtp --level master --threads 1 --playouts 10000 --seed 73{n} $PRIORS"
echo "-- hard at its own time vs level 1 with the priors (5 games, stopped) and without (4): the load matters"
vs_gnugo 1 5 "$B go gtp --level hard --seed 88{n} $PRIORS"
vs_gnugo 1 4 "$B go gtp --level hard --seed 88{n} $BEFORE"
echo "-- the fourth session's other rows: the search before the priors, and the switches"
vs_gnugo 10 50 "$SEARCH3K --seed 60{n} $BEFORE"
vs_gnugo 10 50 "$SEARCH3K --seed 66{n} $PRIORS"
vs_gnugo 10 50 "$SEARCH3K --seed 61{n} $BEFORE --with amaf_priors"
vs_gnugo 10 50 "$SEARCH3K --seed 62{n} --without policy_priors --with amaf_priors,line_priors"
vs_gnugo 10 29 "$SEARCH3K --seed 63{n} $BEFORE --with amaf_priors,capture_any"
vs_gnugo 10 46 "$SEARCH3K --seed 67{n} --without line_priors --with policy_priors"
vs_gnugo 10 46 "$SEARCH3K --seed 68{n} --with policy_priors,line_priors,amaf_priors"
vs_gnugo 10 26 "$SEARCH3K --seed 50{n} $BEFORE --with nakade"
vs_gnugo 10 26 "$SEARCH3K --seed 51{n} $BEFORE --with nakade,amaf_priors"
echo "-- the search before the priors, 3,000 playouts a move, 50 games (two runs of 25)"
vs_gnugo 10 25 "$SEARCH3K --seed 80{n} $BEFORE"
vs_gnugo 10 25 "$SEARCH3K --seed 81{n} $BEFORE"
echo "-- the same, 50 more games at 7d951f6 (20 + 6 + 24)"
vs_gnugo 10 20 "$SEARCH3K --seed 93{n} $BEFORE"
vs_gnugo 10 6 "$SEARCH3K --seed 95{n} $BEFORE"
vs_gnugo 10 24 "$SEARCH3K --seed 96{n} $BEFORE"
echo "-- the learnt 3x3 patterns (tools/learn-patterns.py) in the playouts, and as priors"
vs_gnugo 10 20 "$SEARCH3K --seed 98{n} $BEFORE --with patterns"
vs_gnugo 10 20 "$SEARCH3K --seed 99{n} $BEFORE --with pattern_priors"
echo "-- 13x13, 3,000 playouts a move, 6 games"
$REFEREE --size 13 --games 6 --black "$B go --board 13 gtp --level master --threads 1 --playouts 3000 --seed 97{n} $BEFORE" --white "$GNUGO --level 10" | tail -2
echo "-- the search before issue 28's tuning, by flags: exploration below the root, first-play bonus, no replies"
vs_gnugo 10 10 "$SEARCH3K --seed 70{n} $BEFORE --explore 0.15 --fpu 0.1 --without lgr"
echo "-- exploration below the root as before, the rest as today"
vs_gnugo 10 20 "$SEARCH3K --seed 76{n} $BEFORE --explore 0.15"
echo "-- each new switch on its own: the replies off, ladders on"
vs_gnugo 10 20 "$SEARCH3K --seed 72{n} $BEFORE --without lgr"
vs_gnugo 10 20 "$SEARCH3K --seed 72{n} $BEFORE --with ladders"
echo "-- the search before the priors, 10,000 playouts a move, 50 games (five runs of 10)"
vs_gnugo 10 10 "$B go gtp --level master --threads 1 --playouts 10000 --seed 82{n} $BEFORE"
vs_gnugo 10 10 "$B go gtp --level master --threads 1 --playouts 10000 --seed 86{n} $BEFORE"
for seed in 91 92 93; do
  vs_gnugo 10 10 "$B go gtp --level master --threads 1 --playouts 10000 --seed ${seed}{n} $BEFORE"
done
echo "== two threads on one tree against trees of their own, 6,000 playouts a move, 20 games"
$REFEREE --games 20 --black "$B go gtp --level hard --threads 2 --playouts 6000 --seed 77{n} --with shared_tree $BEFORE" --white "$B go gtp --level hard --threads 2 --playouts 6000 --seed 77{n} $BEFORE" | tail -2
echo "== the levels at their own time (two threads on one tree) vs GNU Go level 1: the load matters"
uptime
vs_gnugo 1 10 "$B go gtp --level hard --seed 84{n} $BEFORE"
vs_gnugo 1 10 "$B go gtp --level medium --seed 85{n} $BEFORE"
echo "-- master at its own 5 s vs level 10, 4 games"
vs_gnugo 10 4 "$B go gtp --level master --seed 87{n} $BEFORE"
uptime

# By playouts (100,000 a move: 5 s of one idle core), so the machine's load does not matter.
MASTER="$B go gtp --level master --threads 1 --playouts 100000"
echo "== MCTS master (100,000 playouts a move) vs GNU Go 3.8 level 1, 9x9 rooks, komi 6.5: 20 + 8 games"
$REFEREE --games 20 --black "$MASTER --seed 40{n}" --white "$GNUGO --level 1"
$REFEREE --games 8 --black "$MASTER --seed 60{n}" --white "$GNUGO --level 1"

echo "== MCTS master (100,000 playouts a move) vs GNU Go 3.8 level 10, 9x9 rooks, komi 6.5: 4 games"
$REFEREE --games 4 --black "$MASTER --seed 50{n}" --white "$GNUGO --level 10"
