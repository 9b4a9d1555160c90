#!/bin/sh
# The review's sanity check of docs/STUDY.md (issue 27): GAMES games of hard against easy
# in each game (colours alternating), each reviewed at the review's default budget; counts
# the games where hard's accuracy is above easy's.
# Usage: tools/review-sanity.sh [CHOGO_CLI] [GAMES] [chogo|go|both]
#   (default: target/release/chogo-cli, 50 games a game, both games)
# Hard plays by budget so that the figures do not depend on the machine's load: 100,000
# nodes a move in Chogo, 3,000 playouts in Go with rooks on 9 × 9 (komi 6.5).
set -u
B=${1:-target/release/chogo-cli}
GAMES=${2:-50}
WHICH=${3:-both}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
uptime

# The accuracy of a side from a review's summary lines ("; Black: accuracy 83.2%, …").
accuracy() { sed -n "s/^; $1: accuracy \([0-9.]*\)%.*/\1/p"; }

count() {
  game=$1; shift
  better=0; total=0
  for rec in "$dir/$game"/*; do
    out=$("$@" "$rec") || { echo "review failed: $rec" >&2; continue; }
    black=$(grep '^\[Black ' "$rec" | sed 's/.*"\(.*\)".*/\1/')
    b=$(printf '%s\n' "$out" | accuracy Black)
    w=$(printf '%s\n' "$out" | accuracy White)
    [ -z "$b" ] || [ -z "$w" ] && continue
    total=$((total + 1))
    if [ "$black" = hard ]; then hard=$b; easy=$w; else hard=$w; easy=$b; fi
    if awk "BEGIN { exit !($hard > $easy) }"; then better=$((better + 1)); fi
    printf '%s: hard %s%%, easy %s%%\n' "$(basename "$rec")" "$hard" "$easy"
  done
  echo "$game: hard's accuracy above easy's in $better of $total games"
}

if [ "$WHICH" != go ]; then
  echo "== Chogo: hard (100,000 nodes a move) vs easy, $GAMES games"
  "$B" play --black hard --white easy --games "$GAMES" --swap --seed 5 --records "$dir/chogo" \
    --nodes 100000 | tail -1
  count chogo "$B" review
fi
if [ "$WHICH" != chogo ]; then
  echo "== Go with rooks, 9 x 9: hard (3,000 playouts) vs easy, $GAMES games"
  "$B" go --komi 6.5 play --black hard --white easy --games "$GAMES" --swap --seed 5 \
    --records "$dir/go" --playouts 3000 | tail -1
  count go "$B" go review
fi
uptime
