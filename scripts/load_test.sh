#!/usr/bin/env bash
# Load test of `yahtzee serve` on loopback (bounded: RATE x SECONDS advice requests).
#   scripts/load_test.sh [RATE=500] [SECONDS=10] [CONNECTIONS=8]
# Starts the server on a free port with the tables in data/ (built first if missing),
# waits until it answers, runs crates/yahtzee-server/examples/load.rs, stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
rate=${1:-500}; seconds=${2:-10}; conns=${3:-8}
cargo build --release -q --bin yahtzee --example load -p yahtzee-server -p yahtzee
[ -f data/forced.table ] || target/release/yahtzee solve --quiet >/dev/null
[ -f data/yatzy.table ] || target/release/yahtzee solve --rules yatzy --quiet >/dev/null
log=$(mktemp)
target/release/yahtzee serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q listening "$log" && break; sleep 0.1; done
addr=$(sed -n 's#listening on http://##p' "$log")
echo "server at $addr ($(nproc) cores)"
target/release/examples/load "$addr" "$rate" "$seconds" "$conns"
