#!/usr/bin/env bash
# The scale benchmark: Nim with eight heaps of 7 (16,777,216 positions), as a ratio to the
# hand-specialised C solver in ../shared/bench/nim_ref.c, with peak memory.
# Usage: benches/nim8x7.sh [RUNS]   (from the repository root; needs ../shared/bench beside it)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
ref_dir=${GAMEC_BENCH_DIR:-../shared/bench}
cargo build --release --quiet
cc -O2 -o target/nim_ref "$ref_dir/nim_ref.c"
"$ref_dir/ratio" -n "$runs" \
  'target/release/gamec solve games/nim.game --set piles=7,7,7,7,7,7,7,7 --no-symmetry' \
  'target/nim_ref 7 7 7 7 7 7 7 7'
