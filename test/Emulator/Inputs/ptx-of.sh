#!/usr/bin/env bash
# ptx-of.sh OUTDIR CHIP FILE...: the PTX of each example for CHIP, as
# OUTDIR/<name>.ptx (uop programs through uop-to-nvvm, tirx through
# tirx-to-nvvm). A compile failure is an error.
set -euo pipefail
out=$1 chip=$2
shift 2
mkdir -p "$out"
for f in "$@"; do
  if grep -q "tirx.prim_func" "$f"; then pipe="--tirx-to-nvvm=chip=$chip"; else pipe="--uop-to-nvvm=chip=$chip"; fi
  uop-opt "$pipe" "$f" | uop-translate --mlir-to-ptx --chip="$chip" > "$out/$(basename "$f" .mlir).ptx"
done
