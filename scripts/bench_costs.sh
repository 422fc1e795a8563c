#!/usr/bin/env bash
# Each kind of build's estimate (yahtzee_engine::cost) beside what it took, one process per
# build under /usr/bin/time: peak resident memory against the peak estimate, CPU seconds
# against the CPU estimate, bytes written against the file estimate. The figures of
# docs/SERVER.md, "What a build costs".
#
#   scripts/bench_costs.sh            # the default list (about 3 minutes on 2 cores)
#   scripts/bench_costs.sh KIND NAME  # one build (kinds: crates/yahtzee-engine/examples/costs.rs)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p yahtzee-engine --example costs
bin=target/release/examples/costs
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time needed (apt-get install time)" >&2; exit 1; }

if [ $# -eq 2 ]; then
    list=("$1 $2")
else
    list=(
        "values forced"
        "values yatzy"
        "values forced+mega-yahtzee"
        "target forced"
        "triple 1978"
        "yahtzix 1000"
        "yahtzix 2000"
        "yahtzix3 200"
        "painted painted"
        "painted painted:c3:ones,twos,threes,fours,fives,sixes,colours,chance"
    )
fi

printf '| build | peak memory: estimate / measured RSS | CPU s: estimate / measured | file: estimate / written |\n|---|---|---|---|\n'
for item in "${list[@]}"; do
    read -r kind name <<<"$item"
    dir=$(mktemp -d)
    log=$(mktemp)
    line=$(/usr/bin/time -f '%M %U %S' -o "$log" "$bin" "$kind" "$name" "$dir" 2>/dev/null)
    read -r rss_kb user sys <"$log"
    python3 - "$line" "$rss_kb" "$user" "$sys" <<'PY'
import json, sys
c = json.loads(sys.argv[1])
rss = int(sys.argv[2]) * 1024
cpu = float(sys.argv[3]) + float(sys.argv[4])
mb = lambda b: f"{b / 2**20:,.0f} MiB"
s = lambda x: "<1" if x < 1 else f"{x:,.0f}"
print(f"| {c['build']} | {mb(c['memory'])} / {mb(rss)} | {s(c['cpu_seconds'])} / {s(cpu)} | {mb(c['disk'])} / {mb(c['written'])} |")
PY
    rm -rf "$dir" "$log"
done
