#!/usr/bin/env bash
# Yahtzee advice speed now against an earlier commit, on this machine in one run:
#   - in-process: yahtzee_engine::advise on a mix of six positions
#     (crates/yahtzee-engine/examples/advise_timing.rs, median µs per call);
#   - whole process: `yahtzee advise` with its table present (median of RUNS runs).
# The two builds are run in turn, round after round, so drift in the machine's speed
# touches both alike.
#   scripts/bench_advice.sh [BASE_REV=17541ac] [RUNS=60]
# 17541ac is the last commit before the engine became every game's door (issue 23).
# The earlier commit is checked out as a worktree in target/bench-base (the timing example
# copied in; nothing is committed there).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
rev=${1:-17541ac}; runs=${2:-60}
base=$root/target/bench-base
if [ ! -d "$base" ] || [ "$(git -C "$base" rev-parse HEAD)" != "$(git rev-parse "$rev^{commit}")" ]; then
    git worktree remove --force "$base" 2>/dev/null || rm -rf "$base"
    git worktree prune
    git worktree add --detach "$base" "$rev" >/dev/null
fi
mkdir -p "$base/crates/yahtzee-engine/examples"
cp crates/yahtzee-engine/examples/advise_timing.rs "$base/crates/yahtzee-engine/examples/"
for tree in "$root" "$base"; do
    (cd "$tree" && cargo build --release -q --bin yahtzee --example advise_timing -p yahtzee -p yahtzee-engine)
done
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
"$root/target/release/yahtzee" solve --quiet --out "$data/forced.table" >/dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "now: $(git rev-parse --short HEAD), base: $(git -C "$base" rev-parse --short HEAD)"
python3 - "$root" "$base" "$data/forced.table" "$runs" <<'PY'
import statistics, subprocess, sys, time
root, base, table, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
trees = {"now": root, "base": base}
inproc = {k: [] for k in trees}
for _ in range(5):
    for k, t in trees.items():
        out = subprocess.run([f"{t}/target/release/examples/advise_timing", table, "5", "20000"],
                             capture_output=True, text=True, check=True).stdout
        inproc[k].append(float(out))
cmd = ["advise", "--table", table, "--scorecard", "ones=3 fours=12 yahtzee=50",
       "--dice", "22456", "--rolls-left", "2"]
whole = {k: [] for k in trees}
for _ in range(runs):
    for k, t in trees.items():
        s = time.perf_counter()
        subprocess.run([f"{t}/target/release/yahtzee", *cmd], stdout=subprocess.DEVNULL, check=True)
        whole[k].append((time.perf_counter() - s) * 1e3)
def row(name, unit, d):
    now, old = statistics.median(d["now"]), statistics.median(d["base"])
    print(f"{name:<38} {old:9.3f} {now:9.3f} {unit}  {100 * (now - old) / old:+6.1f}%")
print(f"{'median':<38} {'base':>9} {'now':>9}")
row("advice in-process (engine, per call)", "us", inproc)
row(f"yahtzee advise, whole process ({runs})", "ms", whole)
PY
