#!/bin/sh
# Fills fuzz/corpus/pgn_reader/ with seed inputs: the PGN fixtures of this repository and
# the malformed and odd files of the shared corpus (../shared/data/pgn/edge_cases), copied
# at run time because some are GPL and are not committed here.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
shared=${ESCAQUE_SHARED_DATA:-$here/../../shared/data}
out=$here/corpus/pgn_reader
mkdir -p "$out"
for f in "$here"/../tests/data/pgn/*.pgn; do
    cp "$f" "$out/fixture-$(basename "$f")"
done
if [ -d "$shared/pgn/edge_cases" ]; then
    find "$shared/pgn/edge_cases" -name '*.pgn' | while read -r f; do
        name=$(echo "${f#"$shared"/pgn/edge_cases/}" | tr '/' '-')
        cp "$f" "$out/edge-$name"
    done
else
    echo "note: $shared/pgn/edge_cases is not here; seeding with the fixtures only" >&2
fi
chmod u+w "$out"/*
echo "$(ls "$out" | wc -l) seed files in $out"
