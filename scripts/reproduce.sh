#!/usr/bin/env bash
# Rerun every number the README and docs/ publish (docs/figures.json) and compare:
#   scripts/reproduce.sh --quick   the values, exact statistics and a sample (≤ 15 min, 2 cores)
#   scripts/reproduce.sh --full    everything (hours: docs/REPRODUCING.md says how long)
# Other options (--threads N, --out DIR, --only PREFIX, --max-minutes N, --tier ci|full-only):
# scripts/reproduce.py --help. Builds the CLI (release) and, for the full tiers, the Python
# package into target/pyenv (some benchmarks run through it; Ray for the cluster's), then
# runs scripts/reproduce.py. Examples the recipes run are built by their `cargo run`.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "error: python3 needed" >&2; exit 1; }
if [ -z "${YAHTZEE_BIN:-}" ]; then
    cargo build --release --quiet
    export YAHTZEE_BIN=$PWD/target/release/yahtzee
fi
case " $* " in
*" --full "* | *" full"*)
    venv=$PWD/target/pyenv
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -c "import maturin, numpy, ray" 2>/dev/null ||
        "$venv/bin/pip" install -q --disable-pip-version-check "maturin>=1.5,<2" numpy "ray==2.40.0"
    (cd crates/yahtzee-py && VIRTUAL_ENV=$venv "$venv/bin/maturin" develop --release -q)
    ;;
esac
exec python3 scripts/reproduce.py "$@"
