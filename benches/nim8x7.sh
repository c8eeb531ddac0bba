#!/usr/bin/env bash
# The scale benchmark: Nim with eight heaps of 7 (16,777,216 positions), as a ratio to the
# hand-specialised C solver benches/ref/nim.c (every position's value, remoteness and Grundy
# value, as gamec computes them), with peak memory. gamec gets --no-symmetry where it has the
# flag, so that it solves every position as the reference does.
# Usage: benches/nim8x7.sh [RUNS]   (from anywhere; default 5 interleaved rounds)
# benches/all.sh runs this and the other benchmarks, checking that both programs agree.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
target=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet
mkdir -p "$target/bench-ref"
cc -O2 -o "$target/bench-ref/nim" benches/ref/nim.c
nosym=""
if "$target/release/gamec" solve --help | grep -q -- '--no-symmetry'; then nosym=" --no-symmetry"; fi
python3 benches/ratio.py -n "$runs" --warmup \
  "$target/release/gamec solve games/nim.game --set piles=7,7,7,7,7,7,7,7$nosym" \
  "$target/bench-ref/nim 7 7 7 7 7 7 7 7"
