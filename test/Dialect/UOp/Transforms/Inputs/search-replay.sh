#!/bin/sh
# search-replay.sh UOP-OPT UOP-TRANSLATE PYTHON PROGRAM SEARCH: the kernels
# of PROGRAM before uop-optimize, searched with uop-optimize{SEARCH}; prints
# the search's remarks, and fails unless the recorded schedules, pinned and
# replayed by uop-optimize without a search, give the same kernels and the
# same C (optimize-search.test). In a script, not in RUN lines, so that
# scripts/codegen-diff.sh does not record C that timing chooses.
set -eu
dir=$(dirname "$0")
opt=$1 translate=$2 py=$3 program=$4 search=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$opt" "$program" --uop-rangeify --uop-split-kernels --uop-simplify -o "$tmp/before.mlir"
"$opt" "$tmp/before.mlir" --uop-optimize="$search" -o "$tmp/searched.mlir" 2> "$tmp/remarks.txt"
cat "$tmp/remarks.txt"
"$py" "$dir/replay-opts.py" "$tmp/before.mlir" "$tmp/searched.mlir" > "$tmp/pinned.mlir"
"$opt" "$tmp/pinned.mlir" --uop-optimize -o "$tmp/replayed.mlir"
if ! diff -u "$tmp/searched.mlir" "$tmp/replayed.mlir"; then
  echo "search-replay.sh: $program: the replayed kernel differs" >&2
  exit 1
fi
# The searched kernels through the passes after uop-optimize (those of
# uop-to-program for the cpu), against uop-to-program of the pinned ones.
post='builtin.module(uop.function(uop-expand{vectorize=true},uop-devectorize{keep-vectors=true},cse),uop-linearize{target=cpu})'
"$opt" "$tmp/searched.mlir" --pass-pipeline="$post" | "$translate" --uop-to-c > "$tmp/searched.c"
"$opt" "$tmp/pinned.mlir" --uop-to-program=target=cpu | "$translate" --uop-to-c > "$tmp/replayed.c"
if ! diff -u "$tmp/searched.c" "$tmp/replayed.c"; then
  echo "search-replay.sh: $program: the replayed C differs" >&2
  exit 1
fi
echo "replayed: the same kernels and C, $(grep -c '^static void uopk_' "$tmp/searched.c") kernel functions"
