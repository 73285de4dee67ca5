#!/usr/bin/env bash
# A match of `gofarm gtp` against another GTP engine, played and scored by outside programs:
# GoGui's twogtp runs the games (colours alternating), GNU Go 3.8 scores every game that ends on
# the board (Chinese rules). Prints gofarm's wins with a 95% interval; the SGF files and twogtp's
# table are kept under OUT.
#
#   tools/twogtp-match.sh [--time MINUTES] [--size N] GOGUI_CLASSES OUT GAMES 'OPPONENT COMMAND' [gofarm gtp flags...]
#   tools/twogtp-match.sh --summary OUT.dat     (the summary of a match played, or under way)
#
# --time gives both programs the same game clock, sent by twogtp as GTP time_settings (MINUTES of
# sudden death; twogtp's MIN+MIN/MOVES for Canadian byo-yomi); each manages its own time and a
# program that overruns loses on time. --size: the board (default 9; komi 7 on every size).
#
# GOGUI_CLASSES: GoGui 1.6.0 compiled to classes (or its gogui.jar), fetched and built outside
# this repository. Example (Pachi 12.90 at 10,000 playouts a move, without its neural network):
#
#   tools/twogtp-match.sh ~/gogui/classes out/pachi 20 '/opt/pachi/pachi -d 0 -t =10000' \
#     --policy heavy --playouts 10000 --prior 3
set -euo pipefail

summarize() { # twogtp's table: gofarm is White in games with ALT 0, Black with ALT 1
  awk -F'\t' '
    /^#/ || NF < 5 { next }
    { r = $4; alt = $5
      if (r == "0") { n++; drawn++; next }          # jigo: komi 7 allows it
      if (r !~ /^[BW]\+/) { unknown++; next }      # no referee result: left out
      n++; winner = substr(r, 1, 1)
      if ((alt == 0 && winner == "W") || (alt == 1 && winner == "B")) {
        won++; if (alt == 1) wonBlack++ } }
    END {
      p = n ? (won + drawn / 2) / n : 0; se = n ? sqrt(p * (1 - p) / n) : 0
      printf "gofarm won %d, drew %d, lost %d of %d games (%d of its wins as Black): %.1f%% ± %.1f%% (95%%)",
        won, drawn, n - won - drawn, n, wonBlack, 100 * p, 196 * se
      if (unknown) printf "; left out for want of a result: %d", unknown
      printf "\n" }' "$1"
}

if [[ "${1:-}" == "--summary" && $# == 2 ]]; then
  [[ -f "$2" ]] || { echo "twogtp-match: no twogtp table at $2" >&2; exit 1; }
  summarize "$2"
  exit 0
fi
clock=()
size=9
while [[ "${1:-}" == --time || "${1:-}" == --size ]] && (( $# >= 2 )); do
  if [[ "$1" == --time ]]; then clock=(-time "$2"); else size="$2"; fi
  shift 2
done
if (( $# < 4 )); then
  sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
gogui="$1"; out="$2"; games="$3"; opponent="$4"; shift 4
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
gnugo="$(command -v gnugo || echo /usr/games/gnugo)"
[[ -x "$gnugo" ]] || { echo "twogtp-match: GNU Go not found (apt-get install gnugo)" >&2; exit 1; }
[[ -e "$gogui" ]] || { echo "twogtp-match: no GoGui at $gogui" >&2; exit 1; }
"$root/gofarm" --version >/dev/null # builds the jar first if it is stale
mkdir -p "$(dirname "$out")"

java -cp "$gogui" net.sf.gogui.tools.twogtp.Main \
  -black "$opponent" \
  -white "$root/gofarm gtp --komi 7 --size $size $*" \
  -referee "$gnugo --mode gtp --chinese-rules" \
  -size "$size" -komi 7 -alternate -auto -games "$games" -sgffile "$out" "${clock[@]}" 2> "$out.err"

summarize "$out.dat"
