#!/usr/bin/env bash
# The attack benchmark of issue 35 ("a server no request can knock over"), on loopback:
#   scripts/attack.sh [SECONDS=60] [--json] [more arguments of the attack example]
# Builds the release CLI and crates/yahtzee-hardening/examples/attack.rs, starts
#   yahtzee serve --port 0 --data-dir FRESH_TEMP_DIR --memory-limit 6 --data-budget 4
# (the port read from its first line, "listening on http://ADDR"), attacks it for SECONDS
# (plain advice at 100/s beside floods of builds, heavy questions, malformed and slow
# requests; memory and data folder sampled), stops it and prints the report (markdown; with
# --json, JSON on standard output and the markdown on standard error). Exits 1 when a mark
# is missed: memory above the limit, a crash, data above the budget, advice p99 > 50 ms or
# a failed answer, an answer that is not a clear status. The temporary folder (up to the
# 4 GiB budget of tables) is removed at the end; ATTACK_LOG=FILE keeps the server's log,
# SERVE_ARGS adds flags to the server (e.g. SERVE_ARGS="--allow-build none", the policy of
# a public server; on loopback the default is every build allowed).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
memory=6
budget=4
nice cargo build --release -q --bin yahtzee -p yahtzee
nice cargo build --release -q --example attack -p yahtzee-hardening
dir=$(mktemp -d "${TMPDIR:-/tmp}/yahtzee-attack.XXXXXX")
out="$dir.out"
log="$dir.log"
server=
cleanup() {
    if [ -n "$server" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    [ -n "${ATTACK_LOG:-}" ] && cp "$log" "$ATTACK_LOG"
    rm -rf "$dir" "$out" "$log"
}
trap cleanup EXIT
target/release/yahtzee serve --port 0 --data-dir "$dir" \
    --memory-limit "$memory" --data-budget "$budget" ${SERVE_ARGS:-} >"$out" 2>"$log" &
server=$!
addr=
for _ in $(seq 100); do
    addr=$(sed -n '1s#^listening on http://##p' "$out")
    [ -n "$addr" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$addr" ] || { echo "error: the server did not say where it listens" >&2; cat "$log" >&2; exit 1; }
echo "server $server at $addr ($(nproc) cores), data in $dir, --memory-limit $memory --data-budget $budget; attacking for $seconds s" >&2
status=0
target/release/examples/attack "$addr" --seconds "$seconds" --pid "$server" --data-dir "$dir" \
    --memory-limit "$memory" --data-budget "$budget" "$@" || status=$?
# What the server did meanwhile, in counts (its log: builds started and finished, refusals).
{
    echo
    echo "server log: $(grep -c '^build started' "$log" || true) builds started, $(grep -c '^build finished' "$log" || true) finished, $(grep -c '^build failed' "$log" || true) failed, $(grep -c '^refused' "$log" || true) refusals logged"
    grep -v '^refused\|^build \|^open ' "$log" | head -n 20 || true
} >&2
exit $status
