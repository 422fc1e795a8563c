#!/usr/bin/env bash
# Load test of `yahtzee serve` on loopback (bounded: RATE x SECONDS advice requests).
#   scripts/load_test.sh [RATE=500] [SECONDS=10] [CONNECTIONS=8] [GAME=yahtzee]
# GAME: yahtzee, triple or yahtzix (a mix of positions of that game).
# Starts the server on a free port with the tables in data/ (built first if missing),
# waits until it answers, asks a question of each table the mix needs until it is ready (the first
# Yahtzix question solves the game to 1000, named in every question, once: about 10 s), then runs
# crates/yahtzee-server/examples/load.rs and stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
rate=${1:-500}; seconds=${2:-10}; conns=${3:-8}; game=${4:-yahtzee}
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
# One question per table the mix needs, asked until it is answered (a table not in memory
# yet is built in the background and answered 503 meanwhile).
warm=('{"dice":"13346","rolls_left":2}')
case $game in
    triple) warm=('{"game":"triple","dice":"13346","rolls_left":2}'
                  '{"game":"triple","variant":"forum","dice":"13346","rolls_left":2}') ;;
    yahtzix) warm=('{"game":"yahtzix","target":1000,"me":0,"opp":0}') ;;
esac
for body in "${warm[@]}"; do
    for _ in $(seq 600); do
        code=$(curl -s -o /dev/null -w '%{http_code}' "http://$addr/api/advise" -d "$body")
        [ "$code" = 200 ] && break
        sleep 1
    done
done
target/release/examples/load "$addr" "$rate" "$seconds" "$conns" "$game"
