#!/bin/sh
# The README's picture of the full screen, where VHS (demo.tape) cannot run: a short game
# played in tmux at 120×40, the pane captured with its colours, turned into HTML and
# photographed by headless Chromium.
#
#   sh docs/screenshot.sh [OUT.png]      (default docs/screen.png)
#
# Needs tmux, Python's ansi2html (pip install ansi2html) and Chromium (Debian: chromium,
# fonts-dejavu-core). The game is Scholar's mate, 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#.
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-docs/screen.png}
cargo build --release -q --bin escaque
WORK=$(mktemp -d)
trap 'tmux -L escaque-shot kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
export ESCAQUE_DATA_DIR="$WORK/data" ESCAQUE_CONFIG="$WORK/config.toml"
tmux -L escaque-shot -f /dev/null new-session -d -x 120 -y 40 \
    "LANG=en_US.UTF-8 TERM=xterm-256color ESCAQUE_DATA_DIR=$WORK/data ESCAQUE_CONFIG=$WORK/config.toml ./target/release/escaque --tc 3+2; sleep 60"
sleep 1
for move in e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7; do
    tmux -L escaque-shot send-keys -l "$move"
    tmux -L escaque-shot send-keys Enter
    sleep 0.7
done
sleep 1
tmux -L escaque-shot capture-pane -p -e > "$WORK/screen.ans"
python3 - "$WORK/screen.ans" "$WORK/screen.html" <<'PY'
import sys
from ansi2html import Ansi2HTMLConverter
text = open(sys.argv[1], encoding="utf-8").read()
conv = Ansi2HTMLConverter(dark_bg=True, scheme="xterm", line_wrap=False)
html = conv.convert(text, full=True)
style = ("<style>body,pre,.body_foreground{font-family:'DejaVu Sans Mono',monospace;"
         "font-size:16px;line-height:1;margin:0;padding:8px;}</style></head>")
open(sys.argv[2], "w", encoding="utf-8").write(html.replace("</head>", style, 1))
PY
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$WORK/chrome" --hide-scrollbars --window-size=1180,700 \
    --screenshot="$PWD/$OUT" "file://$WORK/screen.html" 2>/dev/null
echo "wrote $OUT"
