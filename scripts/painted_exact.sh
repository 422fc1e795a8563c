#!/usr/bin/env bash
# The full Painted Yahtzee game's exact results, as docs/PAINTED.md publishes them, in one
# JSON object on standard output:
#   value      the optimal expected final total from the empty card (the exact table's)
#   table      the table file's path, size in bytes and SHA-256
#   exact      `painted simulate --strategy exact`: seeded games of exact play (its 95%
#              interval should contain `value`)
#   split      `painted simulate --strategy split`: the same seeded games played by the split
#              strategy (what the game plays without the table)
#   gap        value - split mean, with the split mean's 95% half-width, and in per cent
#
#   scripts/painted_exact.sh [--dir CHECKPOINTS] [--games N] [--seed S]
#
# The table is solved first if it is missing: resumably, from the checkpoint folder (by
# default the one `scripts/painted_solve.sh` fills), about 3.7 core-hours from nothing. The
# binary is $YAHTZEE_BIN, else target/release/yahtzee (built if missing); the data folder is
# the CLI's ($YAHTZEE_DATA_DIR, else data/ or the cache folder).
set -euo pipefail
cd "$(dirname "$0")/.."
games=50000
seed=1
dir=()
while [ $# -gt 0 ]; do
    case "$1" in
    --dir) dir=(--dir "$2"); shift 2 ;;
    --games) games=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) echo "error: unknown argument '$1' (--dir, --games, --seed)" >&2; exit 2 ;;
    esac
done
bin=${YAHTZEE_BIN:-}
if [ -z "$bin" ]; then
    cargo build --release --quiet
    bin=$PWD/target/release/yahtzee
fi
# "painted: 123.456789012 expected on the empty card; table /path/painted.table (12 s)"
line=$("$bin" painted solve --quiet "${dir[@]}")
value=$(sed -n 's/^[^:]*: \([0-9.]*\) expected on the empty card.*/\1/p' <<<"$line")
table=$(sed -n 's/.*; table \(.*\) ([0-9.]* s)$/\1/p' <<<"$line")
[ -n "$value" ] && [ -f "$table" ] || { echo "error: unexpected solve output: $line" >&2; exit 1; }
size=$(stat -c %s "$table")
sha=$(sha256sum "$table" | cut -d' ' -f1)
exact=$("$bin" painted simulate --strategy exact --games "$games" --seed "$seed" --json)
split=$("$bin" painted simulate --strategy split --games "$games" --seed "$seed" --json)
python3 - "$value" "$table" "$size" "$sha" "$exact" "$split" <<'EOF'
import json, sys
value, table, size, sha, exact, split = sys.argv[1:]
exact, split = json.loads(exact), json.loads(split)
v = float(value)
if not abs(exact["mean"] - v) <= exact["ci95"]:
    print(f"warning: exact play's mean {exact['mean']:.3f} ± {exact['ci95']:.3f} misses {v:.3f}",
          file=sys.stderr)
gap = v - split["mean"]
print(json.dumps({
    "value": v,
    "table": {"path": table, "bytes": int(size), "sha256": sha},
    "exact": exact,
    "split": split,
    "gap": {"points": gap, "ci95": split["ci95"], "percent": 100 * gap / v},
}, indent=2))
EOF
