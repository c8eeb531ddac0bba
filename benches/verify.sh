#!/usr/bin/env bash
# Checks the reference solvers in benches/ref against gamec on more than the benchmarks' sizes:
# on games small enough for `gamec graph` (at most 100,000 positions) every reachable position's
# value and remoteness (benches/verify.py); on larger ones what benches/all.sh compares: the
# start's value and remoteness, the number of positions, the positions by value and the Grundy
# value (benches/agree.py). Stops at the first disagreement. Takes a minute or two.
# Usage: benches/verify.sh   (from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
bin=$target/release/gamec
refs=$target/bench-ref
cargo build --release --quiet
mkdir -p "$refs"
for src in benches/ref/*.c; do cc -O2 -Wall -o "$refs/$(basename "$src" .c)" "$src"; done
nosym=""
if "$bin" solve --help | grep -q -- '--no-symmetry'; then nosym=--no-symmetry; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

every() { # every "GAMEC GRAPH ARGS" "REF ARGS"
  python3 benches/verify.py "$bin graph $1 --format json $nosym" "$refs/$2"
}
summary() { # summary "GAMEC SOLVE ARGS" "REF ARGS"
  $bin solve $1 $nosym > "$work/g"
  $refs/$2 > "$work/r"
  echo "$(python3 benches/agree.py "$work/g" "$work/r"): $2"
}
commas() { echo "$*" | tr ' ' ,; }

for piles in "3 4 5" "1 2 3" "7 7 7" "5 0 3 1" "2 2 2 2 2" "0" "6 1 4 4" "3 3 3 3 3 3"; do
  every "games/nim.game --set piles=$(commas $piles)" "nim --dump $piles"
done
for piles in "7 7 7 7 7 7" "1 2 3 4 5 6 7 8" "15 15 15 15 15"; do
  summary "games/nim.game --set piles=$(commas $piles)" "nim $piles"
done

for goal in 1 2 3 10 1000 99999; do
  every "games/one_two_ten.game --set goal=$goal" "one_two_ten --dump $goal"
done
for goal in 100000 1000000 2999999; do
  summary "benches/games/one_two_ten.game --set goal=$goal --max-positions 5000000" "one_two_ten $goal"
done

every games/tic_tac_toe.game "tic_tac_toe --dump"

for wh in "2 2 2" "1 4 2" "2 5 2" "3 3 3" "4 3 3" "3 4 3" "4 2 3" "3 5 3" "5 3 3" "4 3 4"; do
  set -- $wh
  every "games/connect_four.game --set width=$1 --set height=$2 --set connect=$3" "connect_four --dump $1 $2 $3"
done
for wh in "4 4 4" "5 3 4" "4 4 3" "6 3 4" "3 6 3" "4 5 4"; do
  set -- $wh
  summary "games/connect_four.game --set width=$1 --set height=$2 --set connect=$3" "connect_four $1 $2 $3"
done

for wh in "2 2" "3 3" "2 5" "5 4" "6 5" "10 9" "12 11"; do
  set -- $wh
  every "benches/games/cat_and_mouse.game --set width=$1 --set height=$2" "cat_and_mouse --dump $1 $2"
done
for wh in "15 15" "20 20" "30 12"; do
  set -- $wh
  summary "benches/games/cat_and_mouse.game --set width=$1 --set height=$2" "cat_and_mouse $1 $2"
done

summary games/rps101.game "rps101 101"
echo "every reference agrees with gamec"
