#!/usr/bin/env bash
# Compile time of the bundled tirx kernels: tirx-to-nvvm + PTX emission, and
# ptxas when present. Prints the median of N runs per kernel in milliseconds.
#   benchmarks/compile/tirx_examples.sh [RUNS]     (default 5)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${UOP_BUILD_DIR:-$root/build}/bin"
runs="${1:-5}"
ptxas="$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)"
[ -x "$ptxas" ] || ptxas=""

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now_ms() { date +%s%N | awk '{printf "%.1f", $1/1e6}'; }

printf "%-22s %-8s %12s %12s %8s\n" kernel chip "mlir->ptx ms" "ptxas ms" "lines"
for entry in copy:sm_80 copy_tma:sm_90a gemm_mma_sync:sm_80 gemm_mma_sync_pipelined:sm_80 gemm_wgmma:sm_90a gemm_wgmma_ws:sm_90a \
    gemm_tcgen05:sm_100a gemm_tcgen05_2cta:sm_100a; do
  name="${entry%%:*}"; chip="${entry##*:}"
  src="$root/examples/tirx/$name.mlir"
  tmp="$(mktemp -d)"
  times=(); ptimes=()
  for _ in $(seq "$runs"); do
    t0=$(now_ms)
    "$bin/uop-opt" --tirx-to-nvvm="chip=$chip" "$src" \
      | "$bin/uop-translate" --mlir-to-ptx --chip="$chip" > "$tmp/k.ptx"
    t1=$(now_ms)
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", b - a}')")
    if [ -n "$ptxas" ]; then
      t0=$(now_ms); "$ptxas" -arch="$chip" "$tmp/k.ptx" -o "$tmp/k.cubin"; t1=$(now_ms)
      ptimes+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", b - a}')")
    fi
  done
  m=$(printf "%s\n" "${times[@]}" | median)
  p="-"; [ -n "$ptxas" ] && p=$(printf "%s\n" "${ptimes[@]}" | median)
  printf "%-22s %-8s %12s %12s %8s\n" "$name" "$chip" "$m" "$p" "$(wc -l < "$tmp/k.ptx")"
  rm -rf "$tmp"
done
