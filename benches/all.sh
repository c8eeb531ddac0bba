#!/usr/bin/env bash
# Every solver benchmark against its floor: gamec against the hand-specialised C solvers in
# benches/ref, which compute the same thing for one game (value and remoteness of every reachable
# position, and Grundy values where gamec gives them). Needs only this repository, cargo, cc and
# python3 (taskset and GNU time if present).
#
# For each benchmark it first runs gamec and the reference once and requires them to agree on the
# start's value and remoteness, the number of positions and the positions by value (and the
# Grundy value; for RPS-101 on the value, the uniform strategy, its uniqueness, dominance and
# balance), failing loudly if they do not; then it times them in interleaved rounds (gamec, ref,
# gamec, ref, ...) and prints a table of median wall times, the median of the per-round ratios
# and peak memory. The one-core figures run under `taskset -c 0`, gamec in its default order; the
# two-core ones without it, gamec with `--threads 2` where it has that option (checked against the
# reference too): a game swept through its position numbers is then found and valued at once on
# two threads; the others are solved as on one core, so their two-core figure shows what a second
# core brings alone. The last column is the order gamec's two-core run printed.
#
# Usage: benches/all.sh [RUNS] [--quick] [--big-rounds N] [--one-core] [--timeout S]
#   RUNS        timed rounds per benchmark and core count (default 3)
#   --quick     leave out Nim 9 x 7 (134,217,728 positions: 8 to 13 minutes a gamec run here;
#               the whole script takes about 35 minutes with it; without it, RUNS 5 took
#               2.5 minutes here on 2026-12-08)
#   --big-rounds N  timed rounds for Nim 9 x 7 (default 1)
#   --one-core  leave out the two-core rounds
#   --timeout S give up on any one run after S seconds (default 1800)
# benches/verify.sh compares every position on small boards, through gamec's state graph.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3 big=1 quick=0 two=1 limit=1800
while (($#)); do
  case $1 in
    --quick) quick=1 ;;
    --one-core) two=0 ;;
    --timeout) limit=${2:?--timeout needs seconds}; shift ;;
    --big-rounds) big=${2:?--big-rounds needs a number}; shift ;;
    ''|*[!0-9]*) sed -n 's/^# \{0,1\}//; /^Usage/,/^benches/p' "$0" >&2; exit 2 ;;
    *) runs=$1 ;;
  esac
  shift
done
((runs >= 1)) || { echo "RUNS must be at least 1" >&2; exit 2; }

target=${CARGO_TARGET_DIR:-target}
bin=$target/release/gamec
refs=$target/bench-ref
echo "building gamec (cargo build --release) and the references (cc -O2) ..."
cargo build --release --quiet
mkdir -p "$refs"
for src in benches/ref/*.c; do
  cc -O2 -o "$refs/$(basename "$src" .c)" "$src"
done

tiers=()
if "$bin" solve --help | grep -q -- '--threads'; then
  tiers=(--threads 2)
fi
nosym=()
if "$bin" solve --help | grep -q -- '--no-symmetry'; then
  nosym=(--no-symmetry)
fi
pin=()
if command -v taskset > /dev/null && taskset -c 0 true 2> /dev/null; then
  pin=(taskset -c 0)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One line per benchmark for the table, tab-separated:
# name, positions, gamec 1 core, ref 1 core, ratio, gamec peak, ref peak, gamec 2 cores, ref 2 cores, ratio
rows=()
notes=()

secs() { awk -v s="$1" 'BEGIN { if (s >= 100) printf "%.0f s", s; else if (s >= 1) printf "%.2f s", s; else printf "%.0f ms", s * 1000 }'; }
mib() { awk -v k="$1" 'BEGIN { m = k / 1024; if (m >= 100) printf "%.0f MiB", m; else printf "%.1f MiB", m }'; }

# bench NAME "GAMEC SOLVE ARGS" "REF ARGS" [ROUNDS]
bench() {
  local name=$1 gargs=$2 rargs=$3 runs=${4:-$runs}
  if (($# > 3)); then
    local plural=s
    ((runs > 1)) || plural=""
    name="$name ($runs round$plural)"
  fi
  local gcmd="$bin solve $gargs ${nosym[*]}" rcmd="$refs/$rargs"
  local gcmd2="$gcmd ${tiers[*]}"
  echo
  echo "== $name"
  echo "   gamec:     $gcmd"
  echo "   reference: $rcmd"
  # The check, which is also the warm-up.
  local rc=0
  timeout "$limit" $gcmd > "$work/g" 2> "$work/gerr" || rc=$?
  if ((rc != 0)); then
    local why
    if ((rc == 124)); then why="did not finish within $limit s"
    elif ((rc == 137)); then why="killed (SIGKILL: out of memory?)"
    else why="exit $rc: $(grep -m1 -E 'gamec::|error|×' "$work/gerr" | sed 's/^ *//')"
    fi
    echo "   gamec FAILED: $why"
    sed 's/^/   | /' "$work/gerr" | head -20
    $rcmd > "$work/r"
    echo "   reference alone: $(tr '\n' ';' < "$work/r")"
    python3 benches/ratio.py --tsv -n "$runs" --timeout "$limit" "${pin[*]} $rcmd" > "$work/t"
    local rt rp
    rt=$(awk -F'\t' '$1 == "cmd" && $2 == 0 { print $3 }' "$work/t")
    rp=$(awk -F'\t' '$1 == "cmd" && $2 == 0 { print $4 }' "$work/t")
    rows+=("$name	$(awk '/^positions/ { print $2 }' "$work/r")	failed	$(secs "$rt")	-	-	$(mib "$rp")	-	-	-	-")
    notes+=("$name: gamec failed: $why")
    return
  fi
  $rcmd > "$work/r"
  local agreed
  if ! agreed=$(python3 benches/agree.py "$work/g" "$work/r"); then
    echo "   gamec printed:"; sed 's/^/   | /' "$work/g"
    echo "   the reference printed:"; sed 's/^/   | /' "$work/r"
    echo "FAIL: gamec and the reference disagree on $name" >&2
    exit 1
  fi
  echo "   agree: $agreed"
  if ((two)) && ((${#tiers[@]})); then
    timeout "$limit" $gcmd2 > "$work/g2"
    if ! python3 benches/agree.py "$work/g2" "$work/r" > /dev/null; then
      echo "FAIL: gamec ${tiers[*]} and the reference disagree on $name" >&2
      exit 1
    fi
    echo "   two cores: $gcmd2 ($(grep -m1 '^order' "$work/g2" | sed 's/^order *//'))"
  fi
  local cmds=("${pin[*]} $gcmd" "${pin[*]} $rcmd")
  if ((two)); then cmds+=("$gcmd2" "$rcmd"); fi
  if ! python3 benches/ratio.py --tsv -n "$runs" --timeout "$limit" "${cmds[@]}" > "$work/t" 2> "$work/terr"; then
    echo "   timing FAILED: $(head -1 "$work/terr")"
    rows+=("$name	$(awk '/^positions/ { print $2 }' "$work/r")	failed	-	-	-	-	-	-	-	-")
    notes+=("$name: a timed run failed: $(head -1 "$work/terr")")
    return
  fi
  local f
  f() { awk -F'\t' -v k="$1" -v i="$2" -v c="$3" '$1 == k && $2 == i { print $c }' "$work/t"; }
  local g1 r1 q1 gp rp g2=- r2=- q2=- o2=-
  g1=$(secs "$(f cmd 0 3)"); r1=$(secs "$(f cmd 1 3)")
  q1=$(awk -v m="$(f ratio 0 3)" -v lo="$(f ratio 0 4)" -v hi="$(f ratio 0 5)" 'BEGIN { printf "%.2f (%.2f-%.2f)", m, lo, hi }')
  gp=$(f cmd 0 4); rp=$(f cmd 1 4)
  if ((two)); then
    g2=$(secs "$(f cmd 2 3)"); r2=$(secs "$(f cmd 3 3)")
    q2=$(awk -v m="$(f ratio 1 3)" -v lo="$(f ratio 1 4)" -v hi="$(f ratio 1 5)" 'BEGIN { printf "%.2f (%.2f-%.2f)", m, lo, hi }')
    o2=$(grep -m1 '^order' "$work/g2" 2> /dev/null | sed 's/^order *//; s/in the order of position numbers, which every move/sweep:/; s/ (finding and valuing at once)//' || true)
    o2=${o2:--}
    gp=$(awk -v a="$gp" -v b="$(f cmd 2 4)" 'BEGIN { print (a > b ? a : b) }')
    rp=$(awk -v a="$rp" -v b="$(f cmd 3 4)" 'BEGIN { print (a > b ? a : b) }')
  fi
  local positions
  positions=$(awk '/^positions/ { print $2 }' "$work/r")
  rows+=("$name	${positions:--}	$g1	$r1	$q1	$(mib "$gp")	$(mib "$rp")	$g2	$r2	$q2	$o2")
  echo "   timed: gamec $g1, reference $r1, ratio $q1 on one core"
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2> /dev/null || echo '? GiB'); $(cc --version | head -1)"
echo "gamec: $(git rev-parse --short HEAD 2> /dev/null || echo 'not a git checkout')$(git diff --quiet HEAD -- src 2> /dev/null || echo ' (src changed)'); $runs timed rounds each"
if ((${#nosym[@]})); then
  echo "gamec solve lists --no-symmetry, so it is passed: every position is solved, as the references do"
else
  echo "gamec solve has no --no-symmetry flag (no symmetry declarations to leave out)"
fi
((${#pin[@]})) || echo "taskset is missing: the one-core figures are not pinned to one core"
((${#tiers[@]})) && notes+=("2 cores: gamec solve ${tiers[*]} (finding and valuing at once where positions are swept in the order of their numbers; otherwise as on one core); 1 core: gamec's default order")

bench "Nim 8x7" "games/nim.game --set piles=7,7,7,7,7,7,7,7" "nim 7 7 7 7 7 7 7 7"
if ((quick)); then
  notes+=("Nim 9x7 left out (--quick)")
else
  bench "Nim 9x7" "games/nim.game --set piles=7,7,7,7,7,7,7,7,7 --max-positions 200000000 --max-steps 20000000000" \
    "nim 7 7 7 7 7 7 7 7 7" "$big"
fi
bench "Connect Four 5x4" "games/connect_four.game --set width=5 --set height=4" "connect_four 5 4 4"
bench "Tic-tac-toe" "games/tic_tac_toe.game" "tic_tac_toe"
bench "Cat and Mouse 34x33 (loopy)" "benches/games/cat_and_mouse.game --set width=34 --set height=33" "cat_and_mouse 34 33"
# games/one_two_ten.game may cap the goal below 10^6; benches/games has the same rules with a
# wider range.
ott=games/one_two_ten.game
probe=$("$bin" solve "$ott" --set goal=1000000 --max-positions 1 2>&1 || true)
if [[ $probe == *gamec::bad_set* ]]; then
  ott=benches/games/one_two_ten.game
  notes+=("1, 2, ..., 10: games/one_two_ten.game refuses goal=1000000, so benches/games/one_two_ten.game (the same rules, goal up to 10^8) is solved")
fi
bench "1,2,...,10 to 10^6" "$ott --set goal=1000000 --max-positions 2000000" "one_two_ten 1000000"
bench "RPS-101" "games/rps101.game" "rps101 101"

echo
echo "gamec against hand-specialised C references (benches/ref), median wall time of $runs interleaved rounds (unless a row says);"
echo "ratio = median of the per-round ratios gamec/reference (min-max); peak = largest resident memory of any run."
{
  printf 'benchmark\tpositions\tgamec 1 core\tref 1 core\tratio 1 core\tgamec peak\tref peak\tgamec 2 cores\tref 2 cores\tratio 2 cores\t2-core order\n'
  printf '%s\n' "${rows[@]}"
} | awk -F'\t' '{ for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } n = NF }
  END { for (r = 1; r <= NR; r++) { line = ""; for (i = 1; i <= n; i++) line = line (i < n ? sprintf("%-*s  ", w[i], cell[r, i]) : cell[r, i]); print line } }'
for n in "${notes[@]}"; do echo "note: $n"; done
