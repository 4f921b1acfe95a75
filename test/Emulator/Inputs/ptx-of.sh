#!/usr/bin/env bash
# ptx-of.sh BINDIR OUTDIR CHIP FILE...: the PTX of each example for CHIP,
# as OUTDIR/<name>.ptx (uop programs through uop-to-nvvm, tirx through
# tirx-to-nvvm), with BINDIR's uop-opt and uop-translate. A compile failure
# is an error.
set -euo pipefail
bin=$1 out=$2 chip=$3
shift 3
mkdir -p "$out"
for f in "$@"; do
  if grep -q "tirx.prim_func" "$f"; then pipe="--tirx-to-nvvm=chip=$chip"; else pipe="--uop-to-nvvm=chip=$chip"; fi
  "$bin/uop-opt" "$pipe" "$f" | "$bin/uop-translate" --mlir-to-ptx --chip="$chip" > "$out/$(basename "$f" .mlir).ptx"
done
