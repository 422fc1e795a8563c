#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets, cargo-fuzz + libFuzzer, nightly Rust) for
# SECONDS each (default 60), starting from the seed corpora in fuzz/corpus (new inputs
# go to target/fuzz-corpus, not the repository), and prints the executions per target.
# Installs cargo-fuzz from crates.io when missing. A crash stops its target and leaves the
# input in fuzz/artifacts/TARGET/: minimise it (`cargo +nightly fuzz tmin TARGET FILE`),
# fix the bug, and add the input to fuzz/regressions/TARGET/, which `cargo test`
# replays (crates/yahtzee-hardening/tests/corpus.rs).
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# FUZZ_JOBS=N runs N processes per target; FUZZ_SANITIZER=none drops AddressSanitizer
# (faster; the Rust code's only unsafe is the table's memory map).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
rustup toolchain list | grep -q nightly || rustup toolchain install nightly --profile minimal
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list --fuzz-dir fuzz)
jobs=${FUZZ_JOBS:-1}
status=0
summary=()
for t in "${targets[@]}"; do
    work=target/fuzz-corpus/$t
    mkdir -p "$work" "fuzz/artifacts/$t"
    log=target/fuzz-$t.log
    # Table files of the small game are a few kilobytes; the other inputs are short.
    max_len=4096
    [ "$t" = table ] && max_len=16384
    echo "== $t: ${seconds}s" >&2
    # With several jobs libFuzzer logs each to fuzz-N.log in the current folder.
    parallel=()
    [ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
    if cargo +nightly fuzz run --fuzz-dir fuzz --sanitizer "${FUZZ_SANITIZER:-address}" \
        "$t" "$work" "fuzz/corpus/$t" -- \
        -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
        "${parallel[@]}" -print_final_stats=1 >"$log" 2>&1; then
        result=ok
    else
        result="FAILED (see $log and fuzz/artifacts/$t)"
        status=1
    fi
    logs() { cat "$log"; }  # with several jobs, libFuzzer copies their logs here
    execs=$(logs | awk '/stat::number_of_executed_units/ {s+=$2} END {print s+0}')
    rate=$(logs | awk '/stat::average_exec_per_sec/ {s+=$2} END {print s+0}')
    cov=$(awk '/cov: [0-9]+/ {match($0, /cov: [0-9]+/); c=substr($0, RSTART, RLENGTH)} END {print c}' "$log")
    rm -f fuzz-*.log
    summary+=("$(printf '%-11s %12s execs %8s/s  %-10s %s' "$t" "$execs" "$rate" "$cov" "$result")")
done
echo "fuzzed ${seconds}s per target, $(nproc) cores, $jobs job(s):"
printf '%s\n' "${summary[@]}"
exit $status
