#!/usr/bin/env bash
# The recipe of the shipped softmax table (docs/learning.md): 2,000 9x9 games of GNU Go level 5
# against itself, as ten match jobs of 200 games (seeds 1..10), then a fit job on them.
#
#   examples/fit/recipe.sh games   # about 1 hour on 2 cores; writes examples/fit/games-9x9.sgf
#   examples/fit/recipe.sh fit     # a few minutes; writes gofarm-out/fit-recipe/fit/<job>/policy.gamma
#
# The games are committed, so `fit` alone reproduces the shipped table bit for bit; `games` makes
# a new set (GNU Go draws its own random numbers, so new games differ).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-gofarm-out/fit-recipe}"
step="${1:-}"

games() {
  mkdir -p "$out"
  for seed in 1 2 3 4 5 6 7 8 9 10; do
    spec="$out/games-$seed.json"
    sed "s/\"seed\": \"1\"/\"seed\": \"$seed\"/" examples/fit/games-gnugo5-9x9.json > "$spec"
    ./gofarm local "$spec" --out "$out/games-$seed"
  done
  for seed in 1 2 3 4 5 6 7 8 9 10; do
    cat "$out/games-$seed"/*/games.sgf
  done > examples/fit/games-9x9.sgf
  echo "wrote examples/fit/games-9x9.sgf ($(grep -c '^(;' examples/fit/games-9x9.sgf) games)"
}

fit() {
  ./gofarm local examples/fit/fit-9x9.json --out "$out/fit"
}

case "$step" in
  games) games ;;
  fit) fit ;;
  *)
    echo "usage: $0 games|fit" >&2
    exit 2
    ;;
esac
