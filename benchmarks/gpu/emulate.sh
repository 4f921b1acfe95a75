#!/usr/bin/env bash
# The GPU check without a GPU: every example kernel executed by the PTX
# emulator (docs/gpu-emulator.md) with --check, at the reduced sizes of
# test/Emulator and at larger ones, and the emulator's cost per emulated
# thread-instruction, measured on one core. `validate.sh --emulate` runs it.
#
#   benchmarks/gpu/emulate.sh [OUTDIR]
#
# Prints one markdown table (item, size, result, the whole run's seconds
# (compilation and the reference included), the seconds inside the
# emulator, thread-instructions, emulator ns per thread-instruction); with OUTDIR also writes it to
# OUTDIR/emulated.md and each run's log to OUTDIR/logs/. Needs a built tree
# (UOP_BUILD_DIR, default build/): uop-run and lib/libuop-emu-cuda.so.
# Exit status: 0 every item passed, 1 one failed, 2 bad usage.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${UOP_BUILD_DIR:-$root/build}"
run="$build/bin/uop-run"
emu="$build/lib/libuop-emu-cuda.so"
[ "$#" -le 1 ] || { echo "usage: emulate.sh [OUTDIR]" >&2; exit 2; }
[ -x "$run" ] && [ -f "$emu" ] || { echo "emulate.sh: build uop-run and uop-emu-cuda first ($build)" >&2; exit 2; }
out="${1:-}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if [ -n "$out" ]; then mkdir -p "$out/logs" || exit 1; fi
pin=""
command -v taskset > /dev/null && pin="taskset -c 0"

status=0
table="| item | size | chip | result | run seconds (1 core) | emulator seconds | thread-instructions | ns / thread-instruction |
|---|---|---|---|---|---|---|---|"
# item SIZE CHIP FILE [uop-run args...]
item() {
  local name=$1 size=$2 chip=$3 file=$4
  shift 4
  local log="$tmp/$name-$size.log" start end secs instr ns result
  start=$(date +%s.%N)
  env UOP_CUDA_DRIVER="$emu" UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_QUIET=1 \
    $pin "$run" "$file" --target cuda --chip "$chip" --check --repeat 1 "$@" > "$log" 2>&1
  local rc=$?
  end=$(date +%s.%N)
  secs=$(echo "$end - $start" | bc)
  instr=$(sed -n 's/.*thread_instructions=\([0-9]*\).*/\1/p' "$log" | tail -1)
  instr=${instr:-0}
  local emu_s
  emu_s=$(sed -n 's/.*emulated_seconds=\([0-9.]*\).*/\1/p' "$log" | tail -1)
  emu_s=${emu_s:-0}
  ns=$( [ "$instr" -gt 0 ] && echo "scale=1; $emu_s * 1000000000 / $instr" | bc || echo "-")
  if [ $rc -eq 0 ] && grep -q "check=pass" "$log"; then result=pass; else result=FAIL; status=1; fi
  table+="
| $name | $size | $chip | $result | $(printf %.2f "$secs") | $emu_s | $instr | $ns |"
  [ -n "$out" ] && cp "$log" "$out/logs/"
}

derive() { # derive NAME SIZE: the example resized, as test/Emulator does
  local name=$1 n=$2 f="$tmp/$1-$2.mlir"
  case $name in
    gemm_mma_sync|gemm_mma_sync_pipelined)
      sed -e "s/4096/$n/g" -e "s/\[32, 32\]/[$((n / 128)), $((n / 128))]/" "$root/examples/tirx/$name.mlir" > "$f" ;;
    gemm_wgmma|gemm_tcgen05)
      sed -e "s/4096/$n/g" -e "s/cta \[32, 128\]/cta [$((n / 128)), $((n / 32))]/" "$root/examples/tirx/$name.mlir" > "$f" ;;
    gemm_wgmma_ws)
      sed -e "s/4096/$n/g" -e 's/preferred \[132\]/preferred [3]/' "$root/examples/tirx/$name.mlir" > "$f" ;;
    copy_tma)
      sed -e "s/8192/$n/g" -e "s/cta \[64, 4\]/cta [$((n / 128)), 4]/" "$root/examples/tirx/$name.mlir" > "$f" ;;
  esac
  echo "$f"
}

for n in 256 512; do
  item gemm_mma_sync "${n}^3" sm_80 "$(derive gemm_mma_sync $n)"
  item gemm_mma_sync_pipelined "${n}^3" sm_80 "$(derive gemm_mma_sync_pipelined $n)"
  item gemm_wgmma "${n}^3" sm_90a "$(derive gemm_wgmma $n)"
  item gemm_tcgen05 "${n}^3" sm_100a "$(derive gemm_tcgen05 $n)"
done
item gemm_wgmma_ws "512^3" sm_90a "$(derive gemm_wgmma_ws 512)"
item copy_tma "512x128" sm_90a "$(derive copy_tma 512)"
for e in softmax layernorm reduce matmul_f16; do
  item "uop $e" "as written" sm_80 "$root/examples/uop/$e.mlir"
done
item "uop matmul_bias_relu_f16" "as written" sm_90a "$root/examples/uop/matmul_bias_relu_f16.mlir"

echo "$table"
[ -n "$out" ] && echo "$table" > "$out/emulated.md"
exit $status
