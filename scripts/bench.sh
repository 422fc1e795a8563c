#!/usr/bin/env bash
# Measures the issue's speed targets and prints median wall times:
#   - full solve (forced rules) with 1 and 2 threads      (criterion, benches/solver.rs)
#   - one advice query in-process from a mapped table     (criterion)
#   - `yahtzee advise` as a whole process, table present   (50 runs)
#   - exact score distribution from the empty card, 2 threads (criterion, benches/stats.rs)
#   - simulated games per minute, 2 threads                 (criterion)
#   - `yahtzee stats` and `yahtzee simulate` as whole processes: wall time and peak memory
# Usage: scripts/bench.sh [--quick]   (--quick: fewer criterion samples)
set -euo pipefail
cd "$(dirname "$0")/.."

extra=()
if [[ "${1:-}" == "--quick" ]]; then extra=(--warm-up-time 1 --measurement-time 3); fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
cargo build --release --quiet
cargo bench --quiet --bench solver -- "${extra[@]}" >/dev/null
cargo bench --quiet --bench stats -- "${extra[@]}" >/dev/null

median() { # criterion's median estimate, in the unit given
  python3 -c "import json,sys; e=json.load(open(sys.argv[1]))['median']['point_estimate']; print(f'{e/float(sys.argv[2]):.3f}')" "$1" "$2"
}
dir=target/criterion
printf '%-42s %10s\n' "benchmark" "median"
printf '%-42s %8s s\n' "full solve, forced, 1 thread" "$(median $dir/solve_forced/1_threads/new/estimates.json 1e9)"
printf '%-42s %8s s\n' "full solve, forced, 2 threads" "$(median $dir/solve_forced/2_threads/new/estimates.json 1e9)"
printf '%-42s %7s us\n' "advice query in-process (2 rolls left)" "$(median $dir/advise_forced/rolls_left_2/new/estimates.json 1e3)"
printf '%-42s %7s us\n' "advice query in-process (0 rolls left)" "$(median $dir/advise_forced/rolls_left_0/new/estimates.json 1e3)"
printf '%-42s %8s s\n' "exact distribution, empty card, 2 threads" "$(median $dir/stats_forced/exact_distribution_2_threads/new/estimates.json 1e9)"
sim=$(median $dir/stats_forced/simulate_100000_games_2_threads/new/estimates.json 1e9)
printf '%-42s %8s games/min\n' "simulation, 2 threads" "$(python3 -c "print(round(100000 / $sim * 60))")"

# Whole process, with the table already in place.
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
bin=target/release/yahtzee
"$bin" solve --quiet --out "$data/forced.table" >/dev/null
# Every rule set with 2 threads, and its time per reachable state against the default's.
"$bin" rules --json >"$data/rules.json" 2>/dev/null || true
python3 - "$dir" "$data/rules.json" <<'PY'
import json, sys
crit, rules = sys.argv[1], {r["name"]: r for r in json.load(open(sys.argv[2]))}
def med(name):
    return json.load(open(f"{crit}/solve_2_threads/{name}/new/estimates.json"))["median"]["point_estimate"] / 1e9
base = med("forced") / rules["forced"]["reachable_states"]
for name in ["forced", "free", "no-bonus", "original-1956", "yatzy", "forced+mulligan",
             "forced+chance-chance", "forced+mulligan+chance-chance", "forced+fool-house",
             "forced+mega-yahtzee"]:
    t = med(name)
    per = t / rules[name]["reachable_states"]
    print(f"{'solve ' + name + ', 2 threads':<42} {t:8.3f} s  {per*1e9:6.1f} ns/state ({per/base:4.2f}x default)")
PY
python3 - "$bin" "$data/forced.table" <<'PY'
import subprocess, sys, time
bin, table = sys.argv[1], sys.argv[2]
cmd = [bin, "advise", "--table", table, "--scorecard", "ones=3 fours=12 yahtzee=50",
       "--dice", "22456", "--rolls-left", "2"]
times = []
for _ in range(50):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - t)
times.sort()
print(f"{'yahtzee advise, whole process (50 runs)':<42} {times[len(times)//2]*1e3:7.2f} ms")
PY

# Whole processes with 2 threads: wall time and peak resident memory (GNU time).
peak() { # runs a command, prints "wall s, peak MiB"
  /usr/bin/time -f '%e %M' -o "$data/time" "$@" >/dev/null 2>&1
  read -r wall kib <"$data/time"
  echo "$wall s, peak $((kib / 1024)) MiB"
}
export RAYON_NUM_THREADS=2
printf '%-42s %s\n' "yahtzee stats (exact, whole process)" "$(peak "$bin" stats --quiet --table "$data/forced.table")"
printf '%-42s %s\n' "yahtzee simulate --games 1000000" "$(peak "$bin" simulate --quiet --games 1000000 --table "$data/forced.table")"
