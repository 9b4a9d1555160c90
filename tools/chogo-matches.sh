#!/bin/sh
# The Chogo bot matches of docs/BOTS.md: for the rule options of RULES §10 (issue 26),
# greedy against random and hard against greedy under each option on its own, and under
# the drop opening without kings; then master against hard and the seed's variety of the
# openings (issue 28). Colours alternate; one game at a time on one core.
# Usage: tools/chogo-matches.sh [CHOGO_CLI] [HARD_GAMES]
#   (default: target/release/chogo-cli, 20 games of hard at its own 1 s a move)
# Takes about an hour and a half: hard's games last 10 to 40 moves of 1 s each, and
# master against hard by nodes about 25 minutes, the openings a few more.
set -u
B=${1:-target/release/chogo-cli}
HARD_GAMES=${2:-20}
OPTIONS="chogo-44,trap=line chogo-44,fortress=no-hiding chogo-44,fortress=knight
chogo-44,fortress=reposition chogo-44,opening=drops chogo-44,opening=drops,kings=none
chogo-44,hopeless=resign chogo-44,start=facing"
uptime
echo "== greedy vs random, 100 games per option"
for rules in $OPTIONS; do
  printf '%s: ' "$rules"
  "$B" --rules "$rules" play --black greedy --white random --games 100 --swap --jobs 1 --seed 1 | tail -1
done
echo "== hard (1 s a move) vs greedy, $HARD_GAMES games per option"
for rules in $OPTIONS; do
  printf '%s: ' "$rules"
  "$B" --rules "$rules" play --black hard --white greedy --games "$HARD_GAMES" --swap --jobs 1 --seed 2 | tail -1
done
uptime
# Issue 28: master against hard, by nodes at their time ratio (master 100,000 nodes a
# move, hard 20,000), so the games repeat whatever the load: about 25 minutes. The last
# line counts the 50-move draws with a side two men or more ahead.
echo "== master vs hard, 100 games, --nps 20000"
"$B" play --black master --white hard --games 100 --swap --jobs 1 --seed 1 --nps 20000 | tail -1
# Issue 28: a seed varies the searching levels' openings. Twenty games of each level
# against itself by nodes (reproducible), each written as a record; the distinct records
# are counted (their moves, the tag lines left out).
for level in medium hard master; do
  dir=$(mktemp -d)
  "$B" play --black "$level" --white "$level" --games 20 --seed 9 --nodes 20000 --records "$dir" | tail -1
  printf '%s: distinct games ' "$level"
  for f in "$dir"/*; do grep -v '^\[' "$f" | tr -s ' \n' ' ' | md5sum; done | sort -u | wc -l
  rm -r "$dir"
done
