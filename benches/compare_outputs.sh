#!/bin/sh
# Output identity of two escaque binaries, for speed work whose output must not change:
#
#   benches/compare_outputs.sh BEFORE AFTER      (e.g. /tmp/escaque-main target/release/escaque)
#
# Runs both on every .pgn of ../shared/data/pgn and tests/data and on the generated corpora
# of benches/adjudicate.sh (target/bench-*.pgn, when present): `adjudicate` (text, with its
# exit code), `adjudicate --format json` and `pgn check --json` (with its exit code), single-
# threaded, and compares the outputs byte for byte. Prints the inputs that differ and exits 1
# if any does.
set -eu
cd "$(dirname "$0")/.."
BEFORE=$1
AFTER=$2
SHARED=../shared/data/pgn
[ -d "$SHARED" ] || SHARED=/work/shared/data/pgn
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
run() {
    bin=$1 dir=$2 i=$3 f=$4
    mkdir -p "$OUT/$dir"
    { "$bin" adjudicate --jobs 1 "$f" 2>&1; echo "rc=$?"; } > "$OUT/$dir/$i.txt" || true
    "$bin" adjudicate --jobs 1 --format json "$f" > "$OUT/$dir/$i.json" 2>&1 || true
    { "$bin" pgn check --json "$f" 2>&1; echo "rc=$?"; } > "$OUT/$dir/$i.check" || true
}
i=0
differ=0
for f in $(find "$SHARED" tests/data -name '*.pgn' | sort) $(ls target/bench-*.pgn 2>/dev/null); do
    i=$((i + 1))
    run "$BEFORE" before $i "$f"
    run "$AFTER" after $i "$f"
    for ext in txt json check; do
        if ! cmp -s "$OUT/before/$i.$ext" "$OUT/after/$i.$ext"; then
            echo "differs: $f ($ext)"
            differ=1
        fi
    done
done
echo "$i inputs compared"
exit $differ
