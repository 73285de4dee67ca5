#!/usr/bin/env bash
# Reference values of the positions of examples/tune-balance-9x9.json: for every 4th move of the two
# 9x9 GNU Go games in examples/games, a deep search (gofarm's own, heavy policy, 50,000 playouts,
# komi 7 as in the games) gives the side to move's win rate; printed as black's value, one
# ReferencePosition per line, ready for the spec's "positions". Takes about 5 minutes on 2 cores.
#   examples/tune/make-reference.sh > /tmp/positions.jsonl
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
playouts=${PLAYOUTS:-50000}

value() { # game move -> black's value
  local out
  out=$(printf 'loadsgf %s %d\ngofarm-search\nquit\n' "$root/examples/games/$1" "$2" |
    "$root/gofarm" gtp --policy heavy --playouts "$playouts" --seed 1 --komi 7 2>/dev/null)
  local side rate
  side=$(sed -n 's/^= \(black\|white\)$/\1/p' <<<"$out" | head -1)
  rate=$(sed -n 's/.*win rate \([0-9.]*\) %.*/\1/p' <<<"$out" | head -1)
  if [[ -z $side || -z $rate ]]; then
    echo "no search result for $1 move $2" >&2
    exit 1
  fi
  if [[ $side == black ]]; then
    awk -v r="$rate" 'BEGIN { printf "%.3f", r / 100 }'
  else
    awk -v r="$rate" 'BEGIN { printf "%.3f", 1 - r / 100 }'
  fi
}

for spec in 9x9-gnugo-a.sgf:48 9x9-gnugo-b.sgf:52; do
  game=${spec%%:*}
  last=${spec##*:}
  for ((move = 4; move <= last; move += 4)); do
    printf '{"position": {"sgf": {"file": "games/%s", "move": %d}}, "blackValue": %s}\n' \
      "$game" "$move" "$(value "$game" "$move")"
  done
done
