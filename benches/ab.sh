#!/bin/sh
# Processor time of two escaque builds on one corpus, interleaved, for speed work whose
# effect is smaller than the noise of one run:
#
#   benches/ab.sh BEFORE AFTER FILE [ROUNDS]     (ROUNDS: 21 by default)
#
# Each round runs `adjudicate --format json --jobs 1 FILE` with BEFORE, then with AFTER, and
# reads the processor time of each run from `perf stat -e task-clock` (to the microsecond;
# bash's `time` reads milliseconds, which on the real games of ../shared/data is 1.2 %).
# Without `perf`, from bash's `time` (user + system). Prints, for each build, the least,
# the median and the mean of the lower half of its rounds, in ms. The lower half is what
# the machine's load leaves alone best: two runs of one build differ by some 0.05 ms in it,
# the medians by 0.3 ms (real games, 82 ms a run, on the machine of docs/arbiter.md).
set -eu
usage="usage: benches/ab.sh BEFORE AFTER FILE [ROUNDS]   (two escaque binaries, a PGN file)"
if [ $# -lt 3 ] || [ $# -gt 4 ]; then
    echo "$usage" >&2
    exit 2
fi
BEFORE=$1
AFTER=$2
FILE=$3
ROUNDS=${4:-21}
case $ROUNDS in
'' | *[!0-9]*)
    echo "benches/ab.sh: ROUNDS must be a number of rounds, not \"$ROUNDS\"" >&2
    exit 2
    ;;
esac
# A build that cannot adjudicate the file would be timed failing: each is tried once first.
# (Exit code 1 is a run that went through: some game's result disagrees with the Laws.)
for bin in "$BEFORE" "$AFTER"; do
    rc=0
    "$bin" adjudicate --format json --jobs 1 "$FILE" >/dev/null 2>&1 || rc=$?
    if [ "$rc" -gt 1 ]; then
        echo "benches/ab.sh: \"$bin adjudicate --format json --jobs 1 $FILE\" failed (exit code $rc);" \
            "give two escaque binaries and a readable PGN file" >&2
        exit 2
    fi
done
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
one() {
    if command -v perf >/dev/null 2>&1; then
        perf stat -x, -e task-clock "$1" adjudicate --format json --jobs 1 "$FILE" 2>&1 >/dev/null |
            awk -F, '/task-clock/ { print $1 }'
    else
        bash -c 'TIMEFORMAT="%3U %3S"; { time "$1" adjudicate --format json --jobs 1 "$2" >/dev/null 2>&1; } 2>&1' \
            _ "$1" "$FILE" | awk '{ printf "%.3f\n", ($1 + $2) * 1000 }'
    fi
}
i=0
while [ "$i" -lt "$ROUNDS" ]; do
    # A run that could not be timed is left out (not counted as taking no time).
    t=$(one "$BEFORE")
    if [ -n "$t" ]; then echo "before $t" >>"$OUT"; fi
    t=$(one "$AFTER")
    if [ -n "$t" ]; then echo "after $t" >>"$OUT"; fi
    i=$((i + 1))
done
for build in before after; do
    grep "^$build " "$OUT" | awk '{ print $2 }' | sort -n | awk -v b="$build" '
        { t[NR] = $1 }
        END {
            h = int(NR / 2); s = 0
            for (i = 1; i <= h; i++) s += t[i]
            printf "%-6s least %.2f ms  median %.2f ms  lower-half mean %.2f ms\n", b, t[1], t[int((NR + 1) / 2)], s / (h ? h : 1)
        }'
done
