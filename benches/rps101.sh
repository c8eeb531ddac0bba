#!/usr/bin/env bash
# Times `gamec solve games/rps101.game` (101 throws, exact simplex over integers) in a release build.
# Usage: benches/rps101.sh [runs]   (default 5; prints each wall time and the median in ms)
set -eu
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/gamec
times=()
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  "$bin" solve games/rps101.game > /dev/null
  end=$(date +%s%N)
  times+=($(( (end - start) / 1000000 )))
done
printf 'run (ms): %s\n' "${times[*]}"
printf 'median (ms): %s\n' "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")"
