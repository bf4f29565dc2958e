#!/bin/sh
# Benchmark of `escaque adjudicate` against `pgn-extract -r` on seeded random long games.
#
#   benches/adjudicate.sh [SEED] [GAMES]     (defaults: 1 5000, about 12 MB)
#
# Generates the games with examples/gen_games.rs (once per seed and size, kept in target/),
# then times, in the same run, each of: escaque adjudicate single-threaded and with
# --jobs 2 (JSON output, every check on), and pgn-extract -r (which only replays the moves
# and reports errors): RUNS rounds (default 7) of the three in turn, the median of each
# kept. Prints games/s, MB/s and the ratios. pgn-extract is the Debian package; it is
# installed when missing.
set -eu
cd "$(dirname "$0")/.."
SEED=${1:-1}
GAMES=${2:-5000}

PGN_EXTRACT=$(command -v pgn-extract || true)
[ -z "$PGN_EXTRACT" ] && [ -x /usr/games/pgn-extract ] && PGN_EXTRACT=/usr/games/pgn-extract
if [ -z "$PGN_EXTRACT" ]; then
    echo "installing pgn-extract (apt-get)" >&2
    (apt-get install -y pgn-extract || (apt-get update && apt-get install -y pgn-extract)) >&2
    PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)
fi

cargo build --release --quiet --example gen_games --bin escaque
FILE=target/bench-games-$SEED-$GAMES.pgn
if [ ! -s "$FILE" ]; then
    target/release/examples/gen_games "$SEED" "$GAMES" > "$FILE.tmp"
    mv "$FILE.tmp" "$FILE"
fi
BYTES=$(wc -c < "$FILE")
COUNT=$(grep -c '^\[Event ' "$FILE")

# Each round runs the three commands one after the other, so that a slower spell of the
# machine falls on all of them; the median of each over RUNS rounds (default 7) is kept.
RUNS=${RUNS:-7}
TIMES=$(mktemp -d)
trap 'rm -rf "$TIMES"' EXIT
# timed NAME COMMAND...: appends the wall time of one run, in seconds, to $TIMES/NAME.
timed() {
    name=$1
    shift
    t0=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }' >> "$TIMES/$name"
}
median() {
    sort -g "$TIMES/$1" | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'
}
for _ in $(seq "$RUNS"); do
    timed one target/release/escaque adjudicate --format json "$FILE"
    timed two target/release/escaque adjudicate --format json --jobs 2 "$FILE"
    timed pe "$PGN_EXTRACT" -r -s "$FILE"
done
ONE=$(median one)
TWO=$(median two)
PE=$(median pe)

line() {
    awk -v name="$1" -v t="$2" -v g="$COUNT" -v b="$BYTES" \
        'BEGIN { printf "%-28s %8.3f s %10.0f games/s %8.2f MB/s\n", name, t, g / t, b / t / 1e6 }'
}
echo "file: $FILE ($COUNT games, $(awk -v b="$BYTES" 'BEGIN { printf "%.1f", b / 1e6 }') MB)"
line "escaque adjudicate" "$ONE"
line "escaque adjudicate --jobs 2" "$TWO"
line "pgn-extract -r" "$PE"
awk -v a="$ONE" -v b="$TWO" -v p="$PE" 'BEGIN {
    printf "speed vs pgn-extract: single-threaded %.2fx, --jobs 2 %.2fx (target: 5x single-threaded)\n", p / a, p / b
    printf "--jobs 2 speed-up: %.2fx\n", a / b
}'
