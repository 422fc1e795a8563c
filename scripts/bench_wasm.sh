#!/usr/bin/env bash
# The WebAssembly engine against the native one, in the same run: a full solve of `forced`
# natively with 1 and 2 threads (the solve_time example, median of RUNS), then the module in
# Node.js (scripts/bench_wasm.mjs). scripts/bench_web.py measures it in headless Chromium.
#
#   scripts/bench_wasm.sh [RUNS] [--threads]
#
# --threads: also the experimental multi-threaded module, with one worker thread per extra
# core (scripts/bench_wasm_threads.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
with_threads=0
for arg in "$@"; do
    case $arg in
        --threads) with_threads=1 ;;
        *) runs=$arg ;;
    esac
done
[ -f target/npm/yahtzee-engine/yahtzee.wasm ] || scripts/build_wasm.sh
cargo build -q --release -p yahtzee-solver --example solve_time
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
for threads in 1 2; do
    times=$(for _ in $(seq "$runs"); do
        RAYON_NUM_THREADS=$threads target/release/examples/solve_time forced | sed -E 's/.* in ([0-9.]+)(ms|s)$/\1 \2/' |
            awk '{ print ($2 == "ms") ? $1 : $1 * 1000 }'
    done | sort -n)
    printf '%-44s %9.1f ms\n' "native solve forced, $threads thread(s), median" "$(echo "$times" | sed -n "$(((runs + 1) / 2))p")"
done
echo "--- WebAssembly in Node.js $(node --version)"
node scripts/bench_wasm.mjs "$runs"
if [ $with_threads = 1 ]; then
    [ -f target/wasm-threads/yahtzee-threads.wasm ] || scripts/build_wasm.sh --threads
    echo "--- the multi-threaded module in Node.js"
    node scripts/bench_wasm_threads.mjs "$(($(nproc) - 1))" "$runs"
fi
