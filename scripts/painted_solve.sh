#!/usr/bin/env bash
# The full Painted Yahtzee exact solve in the background, at low priority, resumable
# (docs/PAINTED.md, "Solving the full game"): hours on a small machine, across sessions.
#
#   scripts/painted_solve.sh start [--threads N]   build, then solve under nice 19 (resumes)
#   scripts/painted_solve.sh status                where it stands (the last progress line)
#   scripts/painted_solve.sh stop                  stop it (what is checkpointed stays)
#
# The checkpoints live outside the work tree, in PAINTED_DIR (default: the cache folder's
# painted-solve/painted, e.g. ~/.cache/yahtzee/painted-solve/painted), with the log
# (solve.log) and the running solve's pid (solve.pid). The binary is copied there first, so
# rebuilding the checkout while it runs does not touch it. The finished table is written to
# the data folder (YAHTZEE_DATA_DIR, else the checkout's data/) as painted.table.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${PAINTED_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/yahtzee/painted-solve/painted}
PID_FILE=$DIR/solve.pid
LOG=$DIR/solve.log

running() { [[ -f $PID_FILE ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; }

case "${1:-}" in
start)
    shift
    if running; then
        echo "already running (pid $(cat "$PID_FILE")); see: $0 status"
        exit 0
    fi
    cargo build --release --quiet --bin yahtzee
    mkdir -p "$DIR" data
    cp target/release/yahtzee "$DIR/yahtzee.bin.tmp" && mv "$DIR/yahtzee.bin.tmp" "$DIR/yahtzee.bin"
    # No terminal: the progress bar is drawn into the log as it changes.
    nohup nice -n 19 "$DIR/yahtzee.bin" painted solve --game painted --dir "$DIR" "$@" \
        >>"$LOG" 2>&1 </dev/null &
    echo $! >"$PID_FILE"
    echo "started (pid $!), checkpoints and log in $DIR"
    ;;
status)
    if running; then echo "running (pid $(cat "$PID_FILE"))"; else echo "not running"; fi
    ls "$DIR"/layer-*.json 2>/dev/null | wc -l | xargs echo "layers finished (of 24):"
    [[ -f $LOG ]] && tr '\r' '\n' <"$LOG" | grep -v '^\s*$' | tail -n 2
    # The CPU time of every chunk computed (log.jsonl): the measured core-hours so far.
    [[ -f $DIR/log.jsonl ]] && python3 - "$DIR/log.jsonl" <<'PY'
import json, sys
chunks = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
cpu = sum(c.get("cpu_seconds", 0) for c in chunks)
print(f"logged: {len(chunks)} chunks, {cpu / 3600:.3f} core-hours of CPU")
PY
    ;;
stop)
    if running; then
        kill "$(cat "$PID_FILE")"
        for _ in $(seq 50); do running || break; sleep 0.2; done
        echo "stopped"
    else
        echo "not running"
    fi
    rm -f "$PID_FILE"
    ;;
*)
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
