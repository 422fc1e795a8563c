#!/usr/bin/env bash
# Measures the Triple Yahtzee speed targets (issue 12) on 2 threads:
#   - advice: at most 50 ms per decision (in process, and `yahtzee triple advise` as a whole
#     process, which also loads the solitaire table)
#   - simulation: at least 10,000 games per minute on 2 cores
# Usage: scripts/bench_triple.sh [GAMES]   (default 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-10000}"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
cargo build --release --quiet -p yahtzee -p yahtzee-triple --example bench
export RAYON_NUM_THREADS=2
target/release/examples/bench "$games"
export YAHTZEE_DATA_DIR="${YAHTZEE_DATA_DIR:-$PWD/data}"
target/release/yahtzee triple advise --dice 13346 --rolls-left 2 -q >/dev/null  # builds the table once
start=$(date +%s.%N)
for _ in $(seq 10); do
  target/release/yahtzee triple advise --dice 13346 --rolls-left 2 -q >/dev/null
done
end=$(date +%s.%N)
python3 -c "print(f'yahtzee triple advise, whole process (table load included): {($end - $start) / 10 * 1e3:.0f} ms per run')"
