#!/usr/bin/env bash
# A board game's move generation at scale: Connect Four 5 x 4 (3,945,711 positions, a tie in 20),
# wall time and peak memory, median of RUNS runs.
# Usage: benches/connect_four.sh [RUNS]   (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release --quiet
times=()
for _ in $(seq "$runs"); do
  out=$( { /usr/bin/time -f "%e %M" target/release/gamec solve games/connect_four.game --set width=5 > /dev/null; } 2>&1 )
  times+=("$out")
done
printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p" |
  awk -v n="$runs" '{ printf "Connect Four 5 x 4: median %.2f s over %d runs, peak %.0f MiB\n", $1, n, $2 / 1024 }'
