#!/usr/bin/env bash
# gamec side by side with GamesmanOne (the GamesCrafters' C solver: github.com/GamesCrafters/
# GamesmanOne), on the games both play: tic-tac-toe (its `mttt`) and Quixo 3 x 3 (its `quixo`,
# variant 2), and with --big Quixo 4 x 4 (variant 1: about 40 s for GamesmanOne here, several
# minutes for gamec). For each game it first checks that both agree: the positions by value
# (win, lose, tie) over every reachable position and over the classes up to the board's
# symmetries, and, where GamesmanOne can be asked (`query`), the start's value and remoteness.
# Then it times them in interleaved rounds (gamec, GamesmanOne, gamec, ...), on one core
# (`taskset -c 0`, OMP_NUM_THREADS=1) and on two (OMP_NUM_THREADS=2, gamec --threads 2), and prints
# median wall times, the median of the per-round ratios (gamec / GamesmanOne) and peak memory.
# GamesmanOne also writes its database to disk in its time; gamec keeps its table in memory.
#
# Usage: benches/peer.sh [PATH_TO_GAMESMAN] [RUNS] [--big]
#   PATH_TO_GAMESMAN  the `gamesman` binary of a GamesmanOne build; without it the script says how
#                     to build one and exits 0
#   RUNS              timed rounds per game and core count (default 3)
#   --big             add Quixo 4 x 4
#
# GamesmanOne is GPL: build it outside this repository (or under target/, which git ignores) and
# commit none of it. On this machine (Debian, gcc, no cmake package) it builds from its public
# source with its three submodules at the commits it pins:
#   git clone https://github.com/GamesCrafters/GamesmanOne target/peer/GamesmanOne
#   cd target/peer/GamesmanOne && git submodule update --init   # json-c, xz, lz4
#   python3 -m pip install cmake                                 # if there is no cmake
#   F="-DBUILD_SHARED_LIBS=OFF -DCMAKE_INSTALL_PREFIX=$PWD/res -DCMAKE_BUILD_TYPE=Release \
#      -DCMAKE_POLICY_VERSION_MINIMUM=3.5"
#   for l in json-c:lib/json-c xz:lib/xz lz4:lib/lz4/build/cmake; do
#     mkdir -p lib-build/${l%%:*} && (cd lib-build/${l%%:*} && cmake "$PWD/../../${l#*:}" $F &&
#       make -j2 && make install); done
#   cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_POLICY_VERSION_MINIMUM=3.5
#   cmake --build build -- -j2                                   # bin/gamesman
# (its own gamesman_install.sh does the same with apt, and refuses to run as root).
set -euo pipefail
cd "$(dirname "$0")/.."

gm="" runs=3 big=0
while (($#)); do
  case $1 in
    --big) big=1 ;;
    ''|*[!0-9]*) gm=$1 ;;
    *) runs=$1 ;;
  esac
  shift
done
if [[ -z $gm ]]; then
  sed -n 's/^# \{0,1\}//; /^Usage/,/^(its own/p' "$0"
  exit 0
fi
[[ -x $gm ]] || { echo "peer.sh: $gm is not an executable gamesman" >&2; exit 2; }
gm=$(cd "$(dirname "$gm")" && pwd)/$(basename "$gm")
((runs >= 1)) || { echo "RUNS must be at least 1" >&2; exit 2; }

target=${CARGO_TARGET_DIR:-target}
echo "building gamec (cargo build --release) ..."
cargo build --release --quiet
bin=$(pwd)/$target/release/gamec
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

# `by value` of gamec's output as "win W lose L tie T".
gamec_counts() {
  python3 -c '
import re, sys
text = sys.stdin.read()
line = next(l for l in text.splitlines() if l.startswith("by value"))
got = dict((k, int(v)) for k, v in re.findall(r"(win|lose|tie|draw) (\d+)", line))
print(" ".join(f"{k} {got.get(k, 0)}" for k in ("win", "lose", "tie")))'
}

# GamesmanOne's analysis totals ("all" or "canonical") as "win W lose L tie T".
gm_counts() {
  python3 -c '
import sys
which, text = sys.argv[1], sys.stdin.read().splitlines()
head = "Summary of all positions" if which == "all" else "Summary of canonical positions"
i = next(k for k, l in enumerate(text) if l.strip().startswith(head))
tot = next(l for l in text[i:] if l.strip().startswith("Totals")).split()
print(f"win {tot[1]} lose {tot[2]} tie {tot[3]}")' "$1"
}

# Runs a command, printing "SECONDS KB" (wall time and peak memory) to stdout.
timed() {
  /usr/bin/time -o "$work/time" -f "%e %M" "$@" >/dev/null 2>&1 || fail "failed: $*"
  tail -1 "$work/time"
}

fail() { echo "peer.sh: $*" >&2; exit 1; }

# agree NAME GM_GAME GM_VARIANT GAMEC_ARGS...
agree() {
  local name=$1 game=$2 variant=$3
  shift 3
  (cd "$work" && "$gm" -f solve "$game" "$variant" >/dev/null 2>&1) || fail "$name: gamesman solve failed"
  local analysis
  analysis=$(cd "$work" && "$gm" analyze "$game" "$variant" 2>&1)
  local all_g all_m canon_g canon_m
  all_g=$("$bin" solve "$@" --no-symmetry | gamec_counts)
  all_m=$(gm_counts all <<<"$analysis")
  [[ $all_g == "$all_m" ]] || fail "$name: every position by value: gamec $all_g, GamesmanOne $all_m"
  # gamec's classes under the board's symmetries alone (a colour swap, where declared, merges
  # more, so it is left out of this count).
  local src="$1"
  sed 's/, swap [A-Za-z0-9_]* [A-Za-z0-9_]*//' "$src" >"$work/board_only.game"
  canon_g=$("$bin" solve "$work/board_only.game" "${@:2}" | gamec_counts)
  canon_m=$(gm_counts canonical <<<"$analysis")
  [[ $canon_g == "$canon_m" ]] || fail "$name: classes by value: gamec $canon_g, GamesmanOne $canon_m"
  local start
  start=$(cd "$work" && "$gm" getstart "$game" "$variant" 2>/dev/null |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["position"])' 2>/dev/null || true)
  local value_m="" value_g
  if [[ -n $start ]]; then
    value_m=$(cd "$work" && "$gm" query "$game" "$variant" "$start" 2>/dev/null |
      python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["positionValue"], "in", d["remoteness"])' 2>/dev/null || true)
  fi
  value_g=$("$bin" solve "$@" | sed -n 's/^value *\([a-z]*\) in \([0-9]*\) .*/\1 in \2/p')
  if [[ -n $value_m ]]; then
    [[ $value_g == "$value_m" ]] || fail "$name: start: gamec $value_g, GamesmanOne $value_m"
    echo "$name: agree (start $value_g; every position: $all_g; classes: $canon_g)"
  else
    echo "$name: agree (every position: $all_g; classes: $canon_g; GamesmanOne gives no start value for $game, gamec: $value_g)"
  fi
}

median() { python3 -c 'import statistics,sys; print(statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }

# bench NAME CORES GM_GAME GM_VARIANT GAMEC_ARGS...
bench() {
  local name=$1 cores=$2 game=$3 variant=$4
  shift 4
  local g_args=("$@") pre=() threads=()
  if ((cores == 1)); then pre=("${pin[@]}"); else threads=(--threads 2); fi
  local tg=() tm=() ratios=() mg=0 mm=0 r t m
  for ((r = 0; r < runs; r++)); do
    read -r t m < <(timed "${pre[@]}" "$bin" solve "${g_args[@]}" "${threads[@]}")
    tg+=("$t"); ((m > mg)) && mg=$m
    read -r t m < <(cd "$work" && OMP_NUM_THREADS=$cores timed "${pre[@]}" "$gm" -f solve "$game" "$variant")
    tm+=("$t"); ((m > mm)) && mm=$m
    ratios+=("$(python3 -c "print(${tg[-1]} / max(${tm[-1]}, 0.001))")")
  done
  printf '%-14s %5s %10.2f %10.2f %8.2f %9d %9d\n' "$name" "$cores" \
    "$(median "${tg[@]}")" "$(median "${tm[@]}")" "$(median "${ratios[@]}")" $((mg / 1024)) $((mm / 1024))
}

games=(
  "tic-tac-toe|mttt|0|games/tic_tac_toe.game"
  "quixo 3x3|quixo|2|benches/games/quixo.game"
)
((big)) && games+=("quixo 4x4|quixo|1|benches/games/quixo.game --set size=4 --max-positions 200000000")

for g in "${games[@]}"; do
  IFS='|' read -r name game variant args <<<"$g"
  read -ra a <<<"$args"
  agree "$name" "$game" "$variant" "${a[@]}"
done
echo
printf '%-14s %5s %10s %10s %8s %9s %9s\n' game cores "gamec s" "gmone s" ratio "gamec MB" "gmone MB"
for cores in 1 2; do
  for g in "${games[@]}"; do
    IFS='|' read -r name game variant args <<<"$g"
    read -ra a <<<"$args"
    bench "$name" "$cores" "$game" "$variant" "${a[@]}"
  done
done
