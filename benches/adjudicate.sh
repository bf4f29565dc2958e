#!/bin/sh
# Benchmark of `escaque adjudicate` against `pgn-extract -r` (and, when given, a replay peer)
# on three corpora, in one interleaved run:
#
#   benches/adjudicate.sh [SEED] [GAMES]     (defaults: 1 5000)
#   RUNS=3 ESCAQUE=/tmp/escaque-before benches/adjudicate.sh   (time another binary)
#
# - bench:   seeded random long games of examples/gen_games.rs (quiet moves preferred,
#            120-340 plies, about 12.9 MB for 5,000 games);
# - real:    every file of shared/data/pgn/real (5,858 published games, 8.3 MB);
# - uniform: seeded games of uniformly random legal moves played to the Laws' automatic end,
#            no length cap (examples/gen_uniform.rs, about 12.1 MB for 5,000 games).
#
# Each round runs, on each corpus in turn, escaque adjudicate single-threaded and with
# --jobs 2 (JSON output, every check on), pgn-extract -r (which only replays the moves and
# reports errors), the replay peer (PEER, by default examples/peer_replay.rs: shakmaty +
# pgn-reader replaying the files and tracking repetitions and the 50/75-move counts; PEER
# names another program that takes PGN files as arguments, PEER=none leaves it out) and
# BASE when set (another escaque binary, e.g. the one before a change), so that a slower
# spell of the shared machine falls on all of them: RUNS rounds (default 7), the median of
# each kept. Prints seconds, games/s, MB/s and the ratios; then, with perf or bash at hand,
# the processor time of each single-threaded run (user + system; to the microsecond with
# perf), the least of the rounds, and its ratios: on a shared machine the steadier figure
# (see `timed`). pgn-extract is the Debian
# package; it is installed when missing. The generated games are kept in target/.
set -eu
cd "$(dirname "$0")/.."
SEED=${1:-1}
GAMES=${2:-5000}
PEER=${PEER:-target/release/examples/peer_replay}
[ "$PEER" = none ] && PEER=
BASE=${BASE:-}
# The escaque binary timed (default: the one built here).
ESCAQUE=${ESCAQUE:-target/release/escaque}

PGN_EXTRACT=$(command -v pgn-extract || true)
[ -z "$PGN_EXTRACT" ] && [ -x /usr/games/pgn-extract ] && PGN_EXTRACT=/usr/games/pgn-extract
if [ -z "$PGN_EXTRACT" ]; then
    echo "installing pgn-extract (apt-get)" >&2
    (apt-get install -y pgn-extract || (apt-get update && apt-get install -y pgn-extract)) >&2
    PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)
fi

# Built only when needed: escaque when it is the one timed, the generators when a corpus is
# missing, the peer when it is (it does not change with escaque's sources).
[ "$ESCAQUE" = target/release/escaque ] && cargo build --release --quiet --bin escaque
if [ "$PEER" = target/release/examples/peer_replay ] && [ ! -x "$PEER" ]; then
    cargo build --release --quiet --example peer_replay
fi
BENCH=target/bench-games-$SEED-$GAMES.pgn
if [ ! -s "$BENCH" ]; then
    cargo build --release --quiet --example gen_games
    target/release/examples/gen_games "$SEED" "$GAMES" > "$BENCH.tmp"
    mv "$BENCH.tmp" "$BENCH"
fi
UNIFORM=target/bench-uniform-$SEED-$GAMES.pgn
if [ ! -s "$UNIFORM" ]; then
    cargo build --release --quiet --example gen_uniform
    target/release/examples/gen_uniform "$SEED" "$GAMES" > "$UNIFORM.tmp"
    mv "$UNIFORM.tmp" "$UNIFORM"
fi
REAL_DIR=../shared/data/pgn/real
[ -d "$REAL_DIR" ] || REAL_DIR=/work/shared/data/pgn/real
REAL=$(ls "$REAL_DIR"/*.pgn 2>/dev/null | tr '\n' ' ' || true)
CORPORA="bench uniform"
[ -n "$REAL" ] && CORPORA="bench real uniform"
files() {
    case $1 in
    bench) echo "$BENCH" ;;
    uniform) echo "$UNIFORM" ;;
    real) echo "$REAL" ;;
    esac
}

RUNS=${RUNS:-7}
TABLE=
CPU_TABLE=
TIMES=$(mktemp -d)
trap 'rm -rf "$TIMES"' EXIT
# timed NAME COMMAND...: appends the wall time of one run, in seconds, to $TIMES/NAME, and
# the processor time it took (user + system) to $TIMES/NAME.cpu. Both are taken by
# `perf stat -e task-clock` around the command alone, to the microsecond, when `perf` is
# there and allowed to count; else by bash's `time`, to the millisecond (1.2 % of the
# real games' run: the ratios then move by that much from run to run). Either way bash's own
# start, some 4 ms, is not counted in any program's wall time (a tenth of the shortest
# runs). The machine may be shared: a run that waited for a core or shared its caches with
# another tenant's program shows in the wall time and less in the processor time, whose
# minimum over the rounds is the steadiest figure of what the program itself costs.
# Without either, the wall time alone, by `date` around the command.
timed() {
    name=$1
    shift
    if [ -n "$PERF_CMD" ]; then
        rm -f "$TIMES/perf.out"
        "$PERF_CMD" stat -o "$TIMES/perf.out" -e task-clock -- "$@" > /dev/null 2>&1 || true
        # A run perf could not count is left out (not counted as taking no time).
        [ -s "$TIMES/perf.out" ] || return 0
        awk -v wall="$TIMES/$name" -v cpu="$TIMES/$name.cpu" '
            / task-clock/ { ms = $1; gsub(",", "", ms) }
            / seconds time elapsed/ { s = $1 }
            END { if (s != "" && ms != "") { print s >> wall; printf "%.6f\n", ms / 1000 >> cpu } }' "$TIMES/perf.out"
    elif [ -n "$BASH_CMD" ]; then
        # shellcheck disable=SC2016
        "$BASH_CMD" -c 'TIMEFORMAT="%3R %3U %3S"; { time "$@" > /dev/null 2>&1; } 2>&1' _ "$@" |
            tail -n 1 |
            awk -v wall="$TIMES/$name" -v cpu="$TIMES/$name.cpu" \
                '{ print $1 >> wall; print $2 + $3 >> cpu }'
    else
        t0=$(date +%s.%N)
        "$@" > /dev/null 2>&1 || true
        t1=$(date +%s.%N)
        awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }' >> "$TIMES/$name"
    fi
}
BASH_CMD=$(command -v bash || true)
PERF_CMD=$(command -v perf || true)
if [ -n "$PERF_CMD" ] && ! "$PERF_CMD" stat -o /dev/null -e task-clock -- true > /dev/null 2>&1; then
    PERF_CMD=
fi
median() {
    sort -g "$TIMES/$1" | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'
}
# The least processor time of the rounds (0 without bash).
least() {
    if [ -s "$TIMES/$1.cpu" ]; then sort -g "$TIMES/$1.cpu" | head -n 1; else echo 0; fi
}
for _ in $(seq "$RUNS"); do
    for c in $CORPORA; do
        # shellcheck disable=SC2046
        timed "$c.one" "$ESCAQUE" adjudicate --format json --jobs 1 $(files "$c")
        # shellcheck disable=SC2046
        timed "$c.two" "$ESCAQUE" adjudicate --format json --jobs 2 $(files "$c")
        # shellcheck disable=SC2046
        timed "$c.pe" "$PGN_EXTRACT" -r -s $(files "$c")
        # shellcheck disable=SC2046
        [ -n "$PEER" ] && timed "$c.peer" "$PEER" $(files "$c")
        # shellcheck disable=SC2046
        [ -n "$BASE" ] && timed "$c.base" "$BASE" adjudicate --format json --jobs 1 $(files "$c")
    done
done

echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); $RUNS rounds, medians"
line() {
    awk -v name="$1" -v t="$2" -v g="$3" -v b="$4" \
        'BEGIN { printf "  %-30s %8.3f s %10.0f games/s %8.2f MB/s\n", name, t, g / t, b / t / 1e6 }'
}
for c in $CORPORA; do
    # shellcheck disable=SC2046
    BYTES=$(cat $(files "$c") | wc -c)
    # shellcheck disable=SC2046
    COUNT=$(cat $(files "$c") | grep -c '^\[Event ')
    ONE=$(median "$c.one")
    TWO=$(median "$c.two")
    PE=$(median "$c.pe")
    echo "$c: $COUNT games, $(awk -v b="$BYTES" 'BEGIN { printf "%.1f", b / 1e6 }') MB"
    line "escaque adjudicate" "$ONE" "$COUNT" "$BYTES"
    line "escaque adjudicate --jobs 2" "$TWO" "$COUNT" "$BYTES"
    line "pgn-extract -r" "$PE" "$COUNT" "$BYTES"
    RATIOS=$(awk -v a="$ONE" -v b="$TWO" -v p="$PE" 'BEGIN { printf "vs pgn-extract: single-threaded %.2fx, --jobs 2 %.2fx", p / a, p / b }')
    if [ -n "$PEER" ]; then
        PT=$(median "$c.peer")
        line "peer ($(basename "$PEER"))" "$PT" "$COUNT" "$BYTES"
        RATIOS="$RATIOS; vs peer: single-threaded $(awk -v a="$ONE" -v b="$TWO" -v p="$PT" 'BEGIN { printf "%.2fx, --jobs 2 %.2fx", p / a, p / b }')"
    fi
    if [ -n "$BASE" ]; then
        BT=$(median "$c.base")
        line "base ($BASE)" "$BT" "$COUNT" "$BYTES"
        RATIOS="$RATIOS; vs base: $(awk -v a="$ONE" -v p="$BT" 'BEGIN { printf "%.2fx", p / a }')"
    fi
    echo "  $RATIOS"
    CPU_ONE=$(least "$c.one")
    CPU_PE=$(least "$c.pe")
    CPU_PEER=0
    [ -n "$PEER" ] && CPU_PEER=$(least "$c.peer")
    CPU_BASE=0
    [ -n "$BASE" ] && CPU_BASE=$(least "$c.base")
    CPU_TABLE="$CPU_TABLE$(awk -v c="$c" -v a="$CPU_ONE" -v p="$CPU_PE" -v q="$CPU_PEER" -v r="$CPU_BASE" 'BEGIN {
        if (a <= 0) exit
        printf "| %s | %.4f s | %.4f s | ", c, a, p
        if (q > 0) printf "%.4f s | ", q; else printf "- | "
        printf "%.2fx | ", p / a
        if (q > 0) printf "%.2fx |", q / a; else printf "- |"
        if (r > 0) printf " %.4f s | %.2fx |", r, r / a
        printf "\n"
    }')
"
    TABLE="$TABLE$(awk -v c="$c" -v a="$ONE" -v b="$TWO" -v p="$PE" -v q="${PT:-0}" 'BEGIN {
        printf "| %s | %.3f s | %.3f s | %.3f s | ", c, a, b, p
        if (q > 0) printf "%.3f s | %.2fx | %.2fx | %.2fx | %.2fx |\n", q, p / a, p / b, q / a, q / b
        else printf "- | %.2fx | %.2fx | - | - |\n", p / a, p / b
    }')
"
done
echo
echo "| corpus | escaque | --jobs 2 | pgn-extract -r | peer | vs pgn-extract | --jobs 2 vs pgn-extract | vs peer | --jobs 2 vs peer |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s' "$TABLE"
echo "(targets: 5x pgn-extract single-threaded, at least as fast as the peer)"
if [ -n "$CPU_TABLE" ]; then
    echo
    echo "Processor time (user + system), the least of the $RUNS rounds, single-threaded:"
    echo
    if [ -n "$BASE" ]; then
        echo "| corpus | escaque | pgn-extract -r | peer | vs pgn-extract | vs peer | base | vs base |"
        echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    else
        echo "| corpus | escaque | pgn-extract -r | peer | vs pgn-extract | vs peer |"
        echo "|---|---:|---:|---:|---:|---:|"
    fi
    printf '%s' "$CPU_TABLE"
fi
