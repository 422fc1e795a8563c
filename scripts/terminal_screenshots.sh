#!/usr/bin/env bash
# Screens of the full-screen games for the docs, as a person sees them: each game runs in
# tmux at 80×24, a few keys are typed, and the screen is captured as text
# (docs/play-terminal.txt, docs/triple-terminal.txt, docs/yahtzix-terminal.txt,
# docs/painted-terminal.txt) and, with its colours, as HTML rendered to PNG by headless
# Chromium (docs/play-terminal.png, docs/painted-terminal.png).
#   scripts/terminal_screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q --bin yahtzee
bin=$PWD/target/release/yahtzee
work=$(mktemp -d)
sock=yahtzee-shots-$$
trap 'tmux -L $sock kill-server 2>/dev/null; rm -rf "$work"' EXIT

# shot NAME "COMMAND" WAIT_FOR KEYS... : runs COMMAND, waits for WAIT_FOR, types KEYS.
shot() {
    local name=$1 command=$2 wait=$3
    shift 3
    tmux -L "$sock" new-session -d -s "$name" -x 80 -y 24 "cd $work && $command; sleep 60"
    for _ in $(seq 600); do
        tmux -L "$sock" capture-pane -p -t "$name" | grep -q "$wait" && break
        sleep 0.1
    done
    for k in "$@"; do
        tmux -L "$sock" send-keys -t "$name" "$k"
        sleep 0.4
    done
    sleep 1
    tmux -L "$sock" capture-pane -p -t "$name" >"docs/$name-terminal.txt"
    tmux -L "$sock" capture-pane -p -e -t "$name" >"$work/$name.ansi"
    tmux -L "$sock" send-keys -t "$name" q
}

export YAHTZEE_DATA_DIR=$work
shot play "$bin play --bot Robo --seed 7 --record g.txt" "Round 1/13" 3 4 5
shot triple "$bin triple play --seed 3 --record t.txt" "turn 1/39" 3 4 h
shot yahtzix "$bin yahtzix play --target 300 --seed 5 --record y.txt" "Yahtzix to" 1 2 3
# Seed 7 rolls 5r 5r 6r 6r 3y: the two red fives held, then the hint.
shot painted "$bin painted play --seed 7 --record p.txt" "turn 1/23" 1 2 h

# png NAME: the captured screen with its colours, as docs/NAME-terminal.png.
png() {
python3 - "$work/$1.ansi" "$work/$1.html" <<'PY'
import html, re, sys
# The 16 colours tmux writes (SGR 30-37, 90-97), as a dark terminal shows them.
colours = ["#000", "#c33", "#3a3", "#cc3", "#36c", "#c3c", "#3cc", "#ccc",
           "#666", "#f66", "#6f6", "#ff6", "#69f", "#f6f", "#6ff", "#fff"]
out, fg, bold, rev = [], None, False, False
for part in re.split(r"(\x1b\[[0-9;]*m)", open(sys.argv[1], encoding="utf-8").read()):
    m = re.fullmatch(r"\x1b\[([0-9;]*)m", part)
    if m:
        codes = [int(c) if c else 0 for c in m.group(1).split(";")]
        # 38;5;N: colour N of 256 (tmux writes the 16 basic ones so).
        while 38 in codes and codes.index(38) + 2 < len(codes):
            i = codes.index(38)
            n = codes[i + 2]
            codes[i:i + 3] = [30 + n if n < 8 else 82 + n]
        for code in codes:
            if code == 0: fg, bold, rev = None, False, False
            elif code == 1: bold = True
            elif code == 7: rev = True
            elif 30 <= code <= 37: fg = colours[code - 30]
            elif 90 <= code <= 97: fg = colours[code - 82]
            elif code == 39: fg = None
        continue
    if not part: continue
    style = f"color:{fg or '#ddd'};" + ("font-weight:bold;" if bold else "")
    if rev: style = f"color:#111;background:{fg or '#ddd'};"
    out.append(f'<span style="{style}">{html.escape(part)}</span>')
open(sys.argv[2], "w").write(
    '<html><body style="margin:0;background:#111"><pre style="margin:8px;'
    'font:15px/1.2 DejaVu Sans Mono,monospace">' + "".join(out) + "</pre></body></html>")
PY
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=760,520 \
    --screenshot="$PWD/docs/$1-terminal.png" "file://$work/$1.html" 2>/dev/null
}
png play
png painted
echo "wrote docs/{play,triple,yahtzix,painted}-terminal.txt and docs/{play,painted}-terminal.png"
