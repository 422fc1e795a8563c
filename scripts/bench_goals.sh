#!/usr/bin/env bash
# Measures the "play to win" targets and prints them:
#   - target table, official rules: solve wall time and peak memory (2 threads), file size
#   - `yahtzee advise --target` as a whole process, table present (50 runs, median and max)
#   - `yahtzee advise --opponent` as a whole process: 6 open boxes per player, a mid-game
#     position, and a first-turn position (exact best response)
#   - with BENCH_MEGA=1: the same for the house rule mega-yahtzee (target table ~4 GB)
# Usage: scripts/bench_goals.sh [DATA_DIR]   (default: a fresh temporary folder; the target
# table is about 1.1 GB; pass data/ to reuse the cached one and skip the solve timing)
set -euo pipefail
cd "$(dirname "$0")/.."

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
cargo build --release --quiet
bin=$PWD/target/release/yahtzee
export RAYON_NUM_THREADS=2
if [[ -n "${1:-}" ]]; then
  data=$1
else
  data=$(mktemp -d)
  trap 'rm -rf "$data"' EXIT
fi
export YAHTZEE_DATA_DIR=$data
"$bin" solve --quiet >/dev/null
if [[ ! -f "$data/forced.target.table" ]]; then
  /usr/bin/time -f '%e %M' -o "$data/time" "$bin" solve --objective target --quiet >/dev/null
  read -r wall kib <"$data/time"
  printf '%-52s %s\n' "target table solve, forced, 2 threads" "$wall s wall, peak $((kib / 1024)) MiB"
fi
printf '%-52s %s MiB\n' "target table on disk" "$(( $(stat -c %s "$data/forced.target.table") / 1048576 ))"

python3 - "$bin" <<'PY'
import subprocess, sys, time
bin = sys.argv[1]
def run(args, n):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run([bin, "advise", "--quiet"] + args, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t)
    times.sort()
    return times[len(times) // 2], times[-1]
card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 yahtzee=50"
med, worst = run(["--scorecard", card, "--dice", "13346", "--rolls-left", "2", "--target", "300"], 50)
print(f"{'advise --target, whole process (50 runs)':<52} {med*1e3:7.2f} ms median, {worst*1e3:.2f} ms max")
six_me = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 yahtzee=50"
six_them = "ones=2 twos=6 threes=9 fours=16 fives=15 sixes=24 three_of_a_kind=20"
med, worst = run(["--scorecard", six_me, "--dice", "13346", "--rolls-left", "2", "--opponent", six_them], 5)
print(f"{'advise --opponent, 6 open boxes each (5 runs)':<52} {med:7.3f} s median, {worst:.3f} s max")
mid_me = "ones=3 twos=6 threes=9 fours=12"
mid_them = "ones=2 twos=6 threes=9 chance=22"
med, worst = run(["--scorecard", mid_me, "--dice", "13346", "--rolls-left", "2", "--opponent", mid_them], 1)
print(f"{'advise --opponent, 9 open boxes each (1 run)':<52} {med:7.3f} s")
med, worst = run(["--dice", "13346", "--rolls-left", "2", "--opponent", ""], 1)
print(f"{'advise --opponent, first turn of a 2-player game':<52} {med:7.3f} s")
PY

# Exact statistics under the target strategy from the empty card (T = 300).
/usr/bin/time -f '%e %M' -o "$data/time" "$bin" stats --target 300 --quiet >/dev/null
read -r wall kib <"$data/time"
printf '%-52s %s\n' "stats --target 300 from the empty card" "$wall s wall, peak $((kib / 1024)) MiB"

# The fast win bot: whole 2-player games (one bot for expected score), per game per thread.
"$bin" duel --bot A:win --bot B --deals 500 --json --quiet | python3 -c '
import json, sys
r = json.load(sys.stdin)
print(f"{\"fast win bot vs expected-score bot, per game\":<52} {r[\"seconds\"] * 2 / r[\"games\"] * 1e3:7.2f} ms (2 threads, {r[\"games\"]} games)")'

# House rule "mega-yahtzee" (BENCH_MEGA=1): its target table (twice the states, and each
# state with the sixth die in hand holds 1000 more points needed), and advice from it.
if [[ "${BENCH_MEGA:-0}" == 1 ]]; then
  mega=(--house mega-yahtzee)
  "$bin" solve --quiet "${mega[@]}" >/dev/null
  if [[ ! -f "$data/forced+mega-yahtzee.target.table" ]]; then
    /usr/bin/time -f '%e %U %M' -o "$data/time" "$bin" solve --objective target --quiet "${mega[@]}" >/dev/null
    read -r wall user kib <"$data/time"
    printf '%-52s %s\n' "target table solve, forced+mega-yahtzee, 2 threads" "$wall s wall ($user s CPU), peak $((kib / 1024)) MiB"
  fi
  printf '%-52s %s MiB\n' "mega target table on disk" "$(( $(stat -c %s "$data/forced+mega-yahtzee.target.table") / 1048576 ))"
  python3 - "$bin" <<'PY'
import subprocess, sys, time
bin = sys.argv[1]
def run(args, n):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run([bin, "advise", "--quiet", "--house", "mega-yahtzee"] + args,
                       stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t)
    times.sort()
    return times[len(times) // 2], times[-1]
card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 yahtzee=50"
for what, args in [
    ("sixth-die question --target 300", ["--scorecard", card, "--target", "300"]),
    ("six dice, 2 rolls left, --target 300", ["--scorecard", card, "--dice", "133466", "--rolls-left", "2", "--target", "300"]),
    ("five dice, 2 rolls left, --target 300", ["--scorecard", card + " mega=used", "--dice", "13346", "--rolls-left", "2", "--target", "300"]),
]:
    med, worst = run(args, 20)
    print(f"{'mega advise, ' + what + ' (20 runs)':<52} {med*1e3:7.2f} ms median, {worst*1e3:.2f} ms max")
PY
fi
