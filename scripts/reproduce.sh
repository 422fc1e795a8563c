#!/usr/bin/env bash
# Rerun every number the README and docs/ publish (docs/figures.json) and compare:
#   scripts/reproduce.sh --quick   the values, exact statistics and a sample (≤ 15 min, 2 cores)
#   scripts/reproduce.sh --full    everything (hours: docs/REPRODUCING.md says how long)
# Other options (--threads N, --out DIR, --only PREFIX, --tier ci): scripts/reproduce.py --help.
# Builds the CLI and the examples the recipes run (release), then runs scripts/reproduce.py.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "error: python3 needed" >&2; exit 1; }
if [ -z "${YAHTZEE_BIN:-}" ]; then
    cargo build --release --quiet
    export YAHTZEE_BIN=$PWD/target/release/yahtzee
fi
exec python3 scripts/reproduce.py "$@"
