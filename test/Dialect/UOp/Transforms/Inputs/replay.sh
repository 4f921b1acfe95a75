#!/bin/sh
# replay.sh UOP-OPT PROGRAM OPTIONS: the kernels of PROGRAM before
# uop-optimize, the heuristics' result with OPTIONS, and the recorded
# schedules replayed with the same OPTIONS must agree (optimize-replay.test).
set -eu
dir=$(dirname "$0")
opt=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$opt" "$1" --uop-rangeify --uop-split-kernels --uop-simplify > "$tmp/before.mlir"
"$opt" "$tmp/before.mlir" --uop-optimize="$2" > "$tmp/heuristic.mlir"
python3 "$dir/replay-opts.py" "$tmp/before.mlir" "$tmp/heuristic.mlir" > "$tmp/pinned-in.mlir"
"$opt" "$tmp/pinned-in.mlir" --uop-optimize="$2" > "$tmp/pinned.mlir"
if ! diff -u "$tmp/heuristic.mlir" "$tmp/pinned.mlir"; then
  echo "replay.sh: $1 ($2): the replayed schedule differs" >&2
  exit 1
fi
