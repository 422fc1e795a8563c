#!/usr/bin/env bash
# The full solve beside the fastest public peer, on this machine, in one run:
#
#   scripts/bench_peer.sh [PAIRS] [THREADS]        (defaults: 15 pairs, 2 threads)
#
# The peer is jonstites/easy-yahtzee, its `simd_batch` backend (its fastest on a CPU, its
# command line's default), built from its public source: from $PEER_DIR when set (a checkout),
# else cloned from GitHub into target/peer/easy-yahtzee. Where neither works (no network)
# the script says so and stops with status 2: the comparison is then not made.
#
# Both sides solve the same game: the peer's rules are Yahtzee with the free-choice Joker
# (its empty card is worth 254.5896, our `free` rule set's 254.5896095). Each side is
# built as its authors build it for speed (ours: `cargo build --release`; the peer:
# `--release --features simd` with its own .cargo/config.toml, target-cpu=native) and run
# as a whole process on THREADS rayon threads (RAYON_NUM_THREADS), in interleaved pairs
# (ours, then the peer's, PAIRS times), so that the machine's drift falls on both alike.
# Prints the medians of the whole processes' wall times, the median of the pairs' ratios,
# and each side's own figure for the solve alone (ours: "solved in", the peer's
# elapsed_ms).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pairs=${1:-15}
threads=${2:-2}

peer=${PEER_DIR:-$root/target/peer/easy-yahtzee}
if [ ! -f "$peer/crates/core/examples/time_build.rs" ]; then
    if [ -n "${PEER_DIR:-}" ]; then
        echo "error: PEER_DIR=$PEER_DIR is not a checkout of jonstites/easy-yahtzee" >&2
        exit 2
    fi
    mkdir -p "$(dirname "$peer")"
    if ! git clone -q https://github.com/jonstites/easy-yahtzee "$peer" 2>/dev/null; then
        echo "the peer could not be fetched (no network to github.com): set PEER_DIR to a" \
            "checkout of https://github.com/jonstites/easy-yahtzee; no comparison made" >&2
        exit 2
    fi
fi
peer_rev=$(git -C "$peer" rev-parse --short HEAD 2>/dev/null || echo unknown)

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" >&2
echo "building ours (release) and the peer ($peer_rev, release, features simd)" >&2
cargo build --release --quiet --bin yahtzee
(cd "$peer" && cargo build --release --quiet -p yahtzee-core --features simd --example time_build)
ours_bin=$root/target/release/yahtzee
peer_bin=$peer/target/release/examples/time_build

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 - "$ours_bin" "$peer_bin" "$out" "$pairs" "$threads" "$peer_rev" <<'PY'
import os, re, statistics, subprocess, sys, time

ours_bin, peer_bin, out, pairs, threads, peer_rev = sys.argv[1:]
pairs = int(pairs)
env = dict(os.environ, RAYON_NUM_THREADS=threads, YAHTZEE_BACKEND="simd_batch",
           YAHTZEE_DATA_DIR=out)

def run(cmd):
    start = time.perf_counter()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, p.stdout + p.stderr

ours_cmd = [ours_bin, "solve", "--rules", "free", "--quiet", "--out", f"{out}/free.table"]
peer_cmd = [peer_bin]
# One warm-up run each (page cache, CPU frequency).
run(ours_cmd)
run(peer_cmd)
rows = []
for _ in range(pairs):
    a, text_a = run(ours_cmd)
    b, text_b = run(peer_cmd)
    solve_a = float(re.search(r"solved in ([0-9.]+) s", text_a).group(1))
    solve_b = float(re.search(r"elapsed_ms=([0-9.]+)", text_b).group(1)) / 1000
    value_a = float(re.search(r"empty card: ([0-9.]+)", text_a).group(1))
    value_b = float(re.search(r"default_ev=([0-9.]+)", text_b).group(1))
    rows.append((a, b, b / a, solve_a, solve_b))
assert abs(value_a - value_b) < 1e-3, (value_a, value_b)
med = lambda i: statistics.median(r[i] for r in rows)
print(f"free-choice Joker (ours {value_a:.7f}, peer {value_b:.4f}), {threads} threads, "
      f"{pairs} interleaved pairs, peer jonstites/easy-yahtzee {peer_rev} simd_batch")
print(f"{'':34} {'ours':>9} {'peer':>9} {'peer/ours':>10}")
print(f"{'whole process, median':34} {med(0):8.3f}s {med(1):8.3f}s {med(1) / med(0):9.2f}x")
print(f"{'median of the pairs ratios':34} {'':9} {'':9} {med(2):9.2f}x")
print(f"{'the solve alone, median':34} {med(3):8.3f}s {med(4):8.3f}s {med(4) / med(3):9.2f}x")
print(f"{'whole process, min-max':34} {min(r[0] for r in rows):.3f}-{max(r[0] for r in rows):.3f}s"
      f" {min(r[1] for r in rows):.3f}-{max(r[1] for r in rows):.3f}s")
PY
