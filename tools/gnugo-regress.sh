#!/usr/bin/env bash
# GNU Go's regression suites run unchanged against `gofarm gtp` and against GNU Go, by GoGui's
# gogui-regress, with the pass rates side by side. Both outside programs are fetched and built
# outside this repository, and GNU Go's suites stay where they were fetched.
#
#   tools/gnugo-regress.sh [--gnugo 'COMMAND'] [--gofarm 'COMMAND'] GNUGO_SOURCE GOGUI_CLASSES OUT [SUITE...]
#
# GNUGO_SOURCE: a GNU Go source tree (its regression/ directory holds the .tst files and their
# games). GOGUI_CLASSES: GoGui 1.6.0 compiled to classes, or its gogui.jar. OUT: where each run's
# HTML report goes (OUT/gofarm/SUITE.html, OUT/gnugo/SUITE.html: every test with the answer given
# and the answer wanted). SUITE: names without .tst (default: optics reading semeai).
# --gnugo: default '/usr/games/gnugo --mode gtp --quiet' (GNU Go 3.8 from the Debian package).
# --gofarm: default this checkout's `gofarm gtp --ko simple` (GNU Go's reading knows only simple
# ko), built first if needed.
#
# Example:
#   tools/gnugo-regress.sh ~/src/gnugo ~/src/gogui/classes /tmp/regress optics reading
#
# Prints, per suite and engine: the tests, those passed (gogui-regress's pass and PASS: expected
# and unexpected passes), those failed (fail and FAIL), errors (the engine refused to answer), and
# the time, then the tests one engine passes and the other fails.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
gnugo='/usr/games/gnugo --mode gtp --quiet'
gofarm="$root/gofarm gtp --ko simple"
while [[ $# -gt 0 && "$1" == --* ]]; do
  case "$1" in
    --gnugo) gnugo="$2"; shift 2 ;;
    --gofarm) gofarm="$2"; shift 2 ;;
    *) echo "gnugo-regress: unknown option $1 (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
if [[ $# -lt 3 ]]; then
  sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
source_dir="$(cd "$1" && pwd)"; gogui="$2"; out="$3"; shift 3
suites=("$@")
[[ ${#suites[@]} -gt 0 ]] || suites=(optics reading semeai)
regression="$source_dir/regression"
[[ -d "$regression" ]] || { echo "gnugo-regress: no regression/ directory in $source_dir: give a GNU Go source tree" >&2; exit 2; }
[[ -e "$gogui" ]] || { echo "gnugo-regress: no GoGui classes or jar at $gogui" >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
"$root/gofarm" --version >/dev/null # builds the jar once, before gogui-regress starts it many times

run() { # engine-label command suite: one gogui-regress run; prints its summary line
  local label="$1" command="$2" suite="$3"
  [[ -f "$regression/$suite.tst" ]] || { echo "gnugo-regress: no suite $regression/$suite.tst" >&2; exit 2; }
  mkdir -p "$out/$label"
  local start end
  start=$(date +%s%N)
  (cd "$regression" && java -cp "$gogui" net.sf.gogui.tools.regress.Main -output "$out/$label/$suite" \
      "$command" "$suite.tst" >"$out/$label/$suite.log" 2>&1) || true
  end=$(date +%s%N)
  # summary.dat: #Tests FAIL fail PASS pass Error Time CpuTime
  awk -v label="$label" -v suite="$suite" -v wall="$(( (end - start) / 1000000 ))" \
    'NR == 2 { printf "%-8s %-8s %6d %6d %6d %6d %8.1f\n", suite, label, $1, $4 + $5, $2 + $3, $6, wall / 1000 }' \
    "$out/$label/$suite/summary.dat"
}

tests() { # label suite: "ID STATUS" for every test of a run
  python3 - "$out/$1/$2/$2.html" <<'EOF'
import html, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S):
    cells = [html.unescape(re.sub(r"<[^>]*>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    if len(cells) >= 2 and cells[0].isdigit():
        print(cells[0], cells[1])
EOF
}

printf '%-8s %-8s %6s %6s %6s %6s %8s\n' suite engine tests passed failed errors seconds
for suite in "${suites[@]}"; do
  run gofarm "$gofarm" "$suite"
  run gnugo "$gnugo" "$suite"
done
for suite in "${suites[@]}"; do
  join <(tests gofarm "$suite" | sort -u -k1,1) <(tests gnugo "$suite" | sort -u -k1,1) | awk -v suite="$suite" -v out="$out" '
    function ok(s) { return s == "pass" || s == "PASS" }
    ok($2) && !ok($3) { only_gofarm = only_gofarm " " $1 }
    !ok($2) && ok($3) { n++ }
    END {
      printf "%s: passed by gofarm only:%s\n", suite, only_gofarm == "" ? " none" : only_gofarm
      printf "%s: passed by GNU Go only: %d tests (see %s)\n", suite, n, out "/gofarm/" suite "/" suite ".html" }'
done
echo "reports, every test with both answers: $out/gofarm/SUITE/index.html and $out/gnugo/SUITE/index.html"
