#!/usr/bin/env bash
# The elimination chain of games/multiplayer_rps.game: wall time for exact fractions (up to 300
# players) and decimals (above), median of RUNS runs each.
# Usage: benches/chain.sh [RUNS]   (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release --quiet
for n in 100 200 300 500 1000 10000 100000 1000000; do
  times=()
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    target/release/gamec solve games/multiplayer_rps.game --players "$n" > /dev/null
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc)")
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  printf '%5d players: median %.3f s over %d runs\n' "$n" "$median" "$runs"
done
