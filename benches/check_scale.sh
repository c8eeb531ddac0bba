#!/usr/bin/env bash
# Times `gamec check` on files near the input limit, to keep checking linear in the file: 30,000
# move declarations (checking was quadratic in them: 16 s), a 1 MB list option and a 1 MB
# expression chain (refused as too deep after parsing).
# Usage: benches/check_scale.sh [runs]   (default 3; prints the median wall time of each in ms)
set -eu
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/gamec
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
{
  printf 'game "many moves" {\n  state { p: 0..=3 = 3 }\n'
  for i in $(seq 30000); do printf '  move m%d if p > 0 { p -= 1 }\n' "$i"; done
  printf '  end if p == 0: last mover wins\n}\n'
} > "$dir/moves.game"
{
  printf 'game "long list" {\n  option S = [1'
  for _ in $(seq 250000); do printf ',1'; done
  printf ']\n  state { p: 0..=3 = 3 }\n  move t if p > 0 { p -= 1 }\n  end if p == 0: last mover wins\n}\n'
} > "$dir/list.game"
{
  printf 'game "long chain" {\n  state { p: 0..=3 = 3 }\n  move t if p > 0 { p -= 1 }\n  end if p == 1'
  for _ in $(seq 250000); do printf '+1'; done
  printf ': last mover wins\n}\n'
} > "$dir/chain.game"
for f in moves list chain; do
  times=()
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$bin" check "$dir/$f.game" > /dev/null 2>&1 || true
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
  done
  printf '%s: median %s ms (runs: %s)\n' "$f" \
    "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")" "${times[*]}"
done
