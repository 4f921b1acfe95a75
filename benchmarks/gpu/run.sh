#!/usr/bin/env bash
# GPU throughput of the tirx example kernels and of tensor-level uop programs
# (an f16 matmul on tensor cores, a row softmax and a layernorm), against
# cuBLASLt (GEMM) and the device-to-device cudaMemcpy rate (copies, softmax,
# layernorm). See benchmarks/gpu/README.md.
#
#   benchmarks/gpu/run.sh                    run on GPU 0, print one table
#   benchmarks/gpu/run.sh --derive-only DIR  only write the resized kernels
#                                            to DIR (needs no GPU)
#
# Environment:
#   UOP_BUILD_DIR         build directory holding bin/uop-run (default <repo>/build)
#   UOP_BENCH_KERNELS     kernels to run (default: all the GPU can run):
#                         gemm_mma_sync gemm_mma_sync_pipelined gemm_wgmma
#                         gemm_wgmma_ws gemm_wgmma_ws_bf16 gemm_tcgen05 gemm_tcgen05_2cta copy
#                         copy_tma uop_matmul_f16 uop_softmax uop_layernorm
#   UOP_BENCH_GEMM_SIZES  GEMM sizes M=N=K (default "4096 8192"; multiples of 128;
#                         gemm_tcgen05_2cta needs multiples of 512, gemm_wgmma_ws of 256)
#   UOP_BENCH_TCGEN05_CLUSTERS  persistent clusters of 4 CTAs of gemm_tcgen05_2cta
#                         (default 37: 148 CTAs, one per SM of a B200; lower it
#                         when fewer 4-CTA clusters fit at once)
#   UOP_BENCH_COPY_MIB    copy buffer sizes in MiB (default "1024 2048")
#   UOP_BENCH_ROWS_COLS   uop softmax / layernorm shape ROWSxCOLS (default 8192x8192)
#   UOP_BENCH_REPEAT      timed runs per measurement (default 20)
#   UOP_BENCH_TIMEOUT     seconds allowed per uop-run / reference run (default 300)
#   UOP_BENCH_KEEP=1      keep the temporary directory (kernels, logs)
#   NVCC                  nvcc for the cuBLAS reference (default: PATH, then
#                         $CUDA_HOME/bin, then /usr/local/cuda/bin)
#
# Exit status: 0 when every kernel ran and passed its check; 1 when one
# failed, errored or timed out (the table is still printed); 3 without a
# CUDA GPU (the status uop-run uses for the same case); 2 on bad usage.
set -euo pipefail

me="run.sh"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
examples="$root/examples/tirx"
bin="${UOP_BUILD_DIR:-$root/build}/bin"
gemm_sizes="${UOP_BENCH_GEMM_SIZES:-4096 8192}"
copy_mib="${UOP_BENCH_COPY_MIB:-1024 2048}"
repeat="${UOP_BENCH_REPEAT:-20}"
run_timeout="${UOP_BENCH_TIMEOUT:-300}"
rows_cols="${UOP_BENCH_ROWS_COLS:-8192x8192}"
tcgen05_clusters="${UOP_BENCH_TCGEN05_CLUSTERS:-37}"
# The tensor-level programs (matmul_f16, softmax, layernorm).
source "$root/benchmarks/programs.sh"

die() { echo "$me: $*" >&2; exit 1; }
usage() {
  echo "usage: $me [--derive-only DIR]" >&2
  exit 2
}

derive_dir=""
case "$#:${1:-}" in
  0:) ;;
  2:--derive-only) derive_dir="$2" ;;
  *) usage ;;
esac

for n in $gemm_sizes; do
  if ! [[ "$n" =~ ^[0-9]+$ ]] || (( n == 0 || n % 128 != 0 )); then
    die "GEMM size '$n' is not a positive multiple of 128"
  fi
done
for m in $copy_mib; do
  if ! [[ "$m" =~ ^[0-9]+$ ]] || (( m == 0 )); then
    die "copy size '$m' MiB is not a positive integer"
  fi
done
[[ "$rows_cols" =~ ^([0-9]+)x([0-9]+)$ ]] && (( BASH_REMATCH[1] > 0 && BASH_REMATCH[2] > 0 )) \
  || die "UOP_BENCH_ROWS_COLS='$rows_cols' is not ROWSxCOLS"
nrows="${rows_cols%x*}"
ncols="${rows_cols#*x}"
if ! [[ "$repeat" =~ ^[0-9]+$ ]] || (( repeat == 0 )); then
  die "UOP_BENCH_REPEAT='$repeat' is not a positive integer"
fi
if ! [[ "$tcgen05_clusters" =~ ^[0-9]+$ ]] || (( tcgen05_clusters == 0 )); then
  die "UOP_BENCH_TCGEN05_CLUSTERS='$tcgen05_clusters' is not a positive integer"
fi
[[ "$run_timeout" =~ ^[0-9]+$ ]] || die "UOP_BENCH_TIMEOUT='$run_timeout' is not a number of seconds"

# ---------------------------------------------------------------------------
# Resized kernels. The examples are written for one size; the size appears in
# the global buffer types, in the K loop bound (GEMMs) and in the CTA grid
# extents of `scope_id_def kernel -> cta [...]`. Each rewrite is checked, so
# an example whose text changed fails here instead of being measured wrong.

# derive_gemm NAME N OUT: NAME's 4096^3 problem as N^3. gemm_wgmma_ws_bf16
# is gemm_wgmma_ws with a bf16 C: the epilogue casts each accumulator block
# into 64-byte-swizzled bf16 staging buffers that the TMA stores read.
derive_gemm() {
  local name="$1" n="$2" out="$3" from to src="$1"
  case "$name" in
    gemm_mma_sync | gemm_mma_sync_pipelined) from="[32, 32]"; to="[$((n / 128)), $((n / 128))]" ;;  # 128x128 C tiles
    gemm_wgmma | gemm_tcgen05) from="[32, 128]"; to="[$((n / 128)), $((n / 32))]" ;;  # 128x32 C tiles
    # Persistent: a free grid launched with one CTA per SM whatever the
    # size (the tile schedule covers the (n/128) x (n/256) tiles); n must be
    # a multiple of 256.
    gemm_wgmma_ws) from="[?] preferred [132]"; to="$from" ;;
    gemm_wgmma_ws_bf16) from="[?] preferred [132]"; to="$from"; src=gemm_wgmma_ws ;;
    # Persistent clusters of 2 x 2 CTAs over 256x512 cluster tiles: n must be
    # a multiple of 512; the cluster count is UOP_BENCH_TCGEN05_CLUSTERS.
    gemm_tcgen05_2cta)
      (( n % 512 == 0 )) || die "gemm_tcgen05_2cta needs a GEMM size that is a multiple of 512, got $n"
      derive_tcgen05_2cta "$n" "$tcgen05_clusters" "$out"
      return ;;
    *) die "derive_gemm: unknown kernel $name" ;;
  esac
  grep -qF "kernel -> cta $from" "$examples/$src.mlir" \
    || die "$examples/$src.mlir no longer has 'kernel -> cta $from': update derive_gemm in $0"
  # 4096 occurs only as the problem size (buffer types, the %c4096 loop bound,
  # comments).
  local grid=()
  [ "$from" = "$to" ] || grid=(-e "s/kernel -> cta \\[${from:1:-1}\\]/kernel -> cta $to/")
  sed -e "s/4096/$n/g" "${grid[@]}" "$examples/$src.mlir" > "$out"
  if ! grep -qF "kernel -> cta $to" "$out" || ! grep -qF "${n}x${n}x" "$out" \
      || ! grep -qF "arith.constant $n : index" "$out"; then
    die "could not resize $name to $n (see $out)"
  fi
  if [ "$name" = gemm_wgmma_ws_bf16 ]; then
    local cs='!Cs_t = !tirx.buffer<4x64x32xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(4,64,32):(2048,32,1)]>>>'
    sed -i -e "s/^!C_t = !tirx.buffer<${n}x${n}xf32, global>\$/!C_t = !tirx.buffer<${n}x${n}xbf16, global>/" \
      -e "s/^!Cs_t = .*/$cs/" \
      -e 's/tirx.tile.copy <warpgroup> %stage, %blk/tirx.tile.cast <warpgroup> %stage, %blk/' "$out"
    if ! grep -qF "!C_t = !tirx.buffer<${n}x${n}xbf16, global>" "$out" || ! grep -qF "$cs" "$out" \
        || ! grep -qF 'tirx.tile.cast <warpgroup> %stage, %blk' "$out"; then
      die "could not make the bf16-output form of gemm_wgmma_ws (see $out)"
    fi
  fi
}

# derive_tcgen05_2cta N CLUSTERS OUT: gemm_tcgen05_2cta.mlir as N^3
# launched on CLUSTERS persistent clusters (the grid is free, kernel ->
# cluster [?] preferred [37]; the tile schedule reads its size at run time).
derive_tcgen05_2cta() {
  local n="$1" clusters="$2" out="$3" src="$examples/gemm_tcgen05_2cta.mlir"
  grep -qF "kernel -> cluster [?] preferred [37]" "$src" \
    || die "$src no longer has 'kernel -> cluster [?] preferred [37]': update derive_tcgen05_2cta in $0"
  # Only the problem size: the epilogue buffers' layout has a 4096 stride.
  sed -e "s/4096x4096/${n}x${n}/g" -e "s/arith.constant 4096 : index/arith.constant $n : index/" \
    -e "s/kernel -> cluster \\[?\\] preferred \\[37\\]/kernel -> cluster [?] preferred [$clusters]/" \
    "$src" > "$out"
  if ! grep -qF "kernel -> cluster [?] preferred [$clusters]" "$out" || ! grep -qF "${n}x${n}x" "$out" \
      || ! grep -qF "arith.constant $n : index" "$out"; then
    die "could not resize gemm_tcgen05_2cta to $n on $clusters clusters (see $out)"
  fi
}

# derive_copy NAME ROWS OUT: NAME's 8192x128 f32 copy as ROWSx128.
derive_copy() {
  local name="$1" rows="$2" out="$3" from to
  case "$name" in
    copy) from="[128]"; to="[$((rows / 64))]" ;;               # 64 rows per CTA
    copy_tma) from="[64, 4]"; to="[$((rows / 128)), 4]" ;;     # 128x32 boxes
    *) die "derive_copy: unknown kernel $name" ;;
  esac
  grep -qF "kernel -> cta $from" "$examples/$name.mlir" \
    || die "$examples/$name.mlir no longer has 'kernel -> cta $from': update derive_copy in $0"
  sed -e "s/8192x128xf32/${rows}x128xf32/g" \
    -e "s/kernel -> cta \\[${from:1:-1}\\]/kernel -> cta $to/" \
    "$examples/$name.mlir" > "$out"
  if ! grep -qF "kernel -> cta $to" "$out" || ! grep -qF "${rows}x128xf32" "$out"; then
    die "could not resize $name to ${rows}x128 (see $out)"
  fi
}

# 512 bytes per row of 128 f32.
rows_of_mib() { echo $(( $1 * 1024 * 1024 / 512 )); }

if [ -n "$derive_dir" ]; then
  mkdir -p "$derive_dir"
  for n in $gemm_sizes; do
    for name in gemm_mma_sync gemm_mma_sync_pipelined gemm_wgmma gemm_wgmma_ws gemm_wgmma_ws_bf16 gemm_tcgen05 gemm_tcgen05_2cta; do
      (( n % 512 == 0 )) || [ "$name" != gemm_tcgen05_2cta ] || continue
      derive_gemm "$name" "$n" "$derive_dir/${name}_$n.mlir"
      echo "$derive_dir/${name}_$n.mlir"
    done
  done
  for m in $copy_mib; do
    for name in copy copy_tma; do
      derive_copy "$name" "$(rows_of_mib "$m")" "$derive_dir/${name}_${m}MiB.mlir"
      echo "$derive_dir/${name}_${m}MiB.mlir"
    done
  done
  for n in $gemm_sizes; do
    matmul_f16 "$n" > "$derive_dir/uop_matmul_f16_$n.mlir"
    echo "$derive_dir/uop_matmul_f16_$n.mlir"
  done
  softmax "$nrows" "$ncols" > "$derive_dir/uop_softmax_$rows_cols.mlir"
  layernorm "$nrows" "$ncols" > "$derive_dir/uop_layernorm_$rows_cols.mlir"
  echo "$derive_dir/uop_softmax_$rows_cols.mlir"
  echo "$derive_dir/uop_layernorm_$rows_cols.mlir"
  exit 0
fi

# ---------------------------------------------------------------------------
# Is there a GPU? Same test as the lit feature cuda-gpu: `nvidia-smi -L`
# succeeds and lists a GPU.
no_gpu() {
  echo "$me: no CUDA GPU found ($1); the GPU benchmark needs one" >&2
  exit 3
}
command -v nvidia-smi > /dev/null 2>&1 || no_gpu "nvidia-smi not found"
gpu_list="$(timeout 60 nvidia-smi -L 2> /dev/null)" || no_gpu "nvidia-smi -L failed"
grep -q '^GPU ' <<< "$gpu_list" || no_gpu "nvidia-smi -L lists none"
query() { timeout 60 nvidia-smi -i 0 --query-gpu="$1" --format=csv,noheader | head -n 1 | tr -d ' '; }
cc="$(query compute_cap)" || no_gpu "nvidia-smi cannot query GPU 0"
gpu_name="$(timeout 60 nvidia-smi -i 0 --query-gpu=name --format=csv,noheader | head -n 1)" || gpu_name="?"
driver="$(query driver_version)" || driver="?"
[[ "$cc" =~ ^[0-9]+\.[0-9]+$ ]] || die "unexpected compute capability '$cc' from nvidia-smi"
major="${cc%.*}"
minor="${cc#*.}"
native="sm_${major}${minor}"

[ -x "$bin/uop-run" ] || die "$bin/uop-run not found: build the project (or set UOP_BUILD_DIR)"

# Which kernels this GPU runs, and for which chip. Cubins run only on their
# own major architecture, so the sm_80+ kernels are compiled for the GPU's own
# chip; the arch-specific ones need the "a" variant.
declare -A chip_of=()
if (( major >= 8 )); then
  chip_of[gemm_mma_sync]="$native"
  chip_of[gemm_mma_sync_pipelined]="$native"
  chip_of[copy]="$native"
  chip_of[uop_matmul_f16]="$native"
  chip_of[uop_softmax]="$native"
  chip_of[uop_layernorm]="$native"
fi
if (( major >= 9 )); then chip_of[copy_tma]="${native}a"; fi
if [ "$cc" = "9.0" ]; then chip_of[gemm_wgmma]="sm_90a"; chip_of[gemm_wgmma_ws]="sm_90a"; chip_of[gemm_wgmma_ws_bf16]="sm_90a"; fi
# tcgen05 is sm_100a's here (docs/tirx-lowering.md, the chip table): other
# 10.x chips skip both.
if [ "$cc" = "10.0" ]; then chip_of[gemm_tcgen05]="sm_100a"; chip_of[gemm_tcgen05_2cta]="sm_100a"; fi
if (( ${#chip_of[@]} == 0 )); then
  echo "$me: GPU 0 ($gpu_name) has compute capability $cc; the kernels need sm_80 or newer" >&2
  exit 3
fi

all_kernels="gemm_mma_sync gemm_mma_sync_pipelined gemm_wgmma gemm_wgmma_ws gemm_wgmma_ws_bf16 gemm_tcgen05 gemm_tcgen05_2cta copy copy_tma uop_matmul_f16 uop_softmax uop_layernorm"

# What each kernel is, for the table's header.
declare -A design_of=(
  [gemm_mma_sync]="mma.sync m16n8k16 f16, 128x128x32 CTA tile, 8 warps of 64x32, 2-stage cp.async ring (32 KiB static smem), 2 barriers per K step"
  [gemm_mma_sync_pipelined]="mma.sync m16n8k16 f16, 128x128x32 CTA tile, 4 warps of 64x64, 4-stage cp.async ring (64 KiB dynamic smem, swizzled), wait_group 2 + 1 barrier per K step, register accumulators"
  [gemm_wgmma]="wgmma m64n32k16 bf16, 128x32x64 CTA tile, 2 warpgroups, 2-stage TMA ring on mbarriers"
  [gemm_wgmma_ws]="wgmma m64n256k16 bf16, 128x256x64 CTA tile, persistent (132 CTAs, grouped raster), producer warpgroup (setmaxnreg 40) + 2 consumer warpgroups (setmaxnreg 232), 4-stage TMA ring on full/empty mbarriers (224 KiB dynamic smem), TMA-store epilogue"
  [gemm_wgmma_ws_bf16]="gemm_wgmma_ws with bf16 C: the epilogue casts the f32 accumulator to bf16 (64-byte-swizzled staging, TMA store); vs cuBLAS bf16 -> f32"
  [gemm_tcgen05]="tcgen05 bf16 (cta_group 1), 128x32x64 CTA tile, 2-stage TMA ring, tensor-memory accumulator"
  [gemm_tcgen05_2cta]="tcgen05 bf16 cta_group::2 m256n256k16 on CTA pairs, clusters of 2x2 CTAs ($tcgen05_clusters persistent clusters, grouped raster), A multicast across the cluster's two pairs, 6-stage TMA ring on full/empty mbarriers (224 KiB dynamic smem), producer / MMA-issuer warps + epilogue warpgroup, double-buffered tensor-memory accumulators (epilogue overlaps the next tile), TMA-store epilogue"
  [copy]="64x128 f32 tiles through 128-byte-swizzled shared memory, 16-byte vector copies"
  [copy_tma]="128x32 f32 TMA boxes into swizzled shared memory, 16-byte stores"
  [uop_matmul_f16]="tensor-level f16 matmul (benchmarks/programs.sh), uop-optimize TC: the gemm_mma_sync_pipelined design (128x128x32 CTA tile, 4 warps of 64x64, 4-stage cp.async ring), tirx.tile.gemm -> mma.sync"
  [uop_softmax]="tensor-level row softmax, 3 kernels: GROUP row max and sum (one block per row, shfl.sync + shared memory), elementwise divide; vs copying the matrix"
  [uop_layernorm]="tensor-level layernorm, 3 kernels: GROUP mean and variance, elementwise normalise; vs copying the matrix"
)
kernels=()
for name in ${UOP_BENCH_KERNELS:-$all_kernels}; do
  case " $all_kernels " in *" $name "*) ;; *) die "unknown kernel '$name' in UOP_BENCH_KERNELS" ;; esac
  if [ -n "${chip_of[$name]:-}" ]; then
    kernels+=("$name")
  else
    echo "$me: skipping $name: not runnable on compute capability $cc" >&2
  fi
done
(( ${#kernels[@]} > 0 )) || die "no kernel to run on compute capability $cc"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/uop-gpu-bench.XXXXXX")"
if [ "${UOP_BENCH_KEEP:-0}" = 1 ]; then
  echo "$me: keeping $tmp" >&2
else
  trap 'rm -rf "$tmp"' EXIT
fi

# ---------------------------------------------------------------------------
# The reference program: compiled here, at run time, with the CUDA toolkit.
nvcc="${NVCC:-}"
if [ -z "$nvcc" ]; then
  nvcc="$(command -v nvcc || true)"
  for c in "${CUDA_HOME:-}/bin/nvcc" /usr/local/cuda/bin/nvcc; do
    if [ -z "$nvcc" ] && [ -x "$c" ]; then nvcc="$c"; fi
  done
fi
ref_bin=""
if [ -n "$nvcc" ] && [ -x "$nvcc" ]; then
  cuda_root="$(cd "$(dirname "$nvcc")/.." && pwd)"
  echo "$me: compiling the cuBLAS reference with $nvcc" >&2
  if "$nvcc" -O2 -std=c++17 -arch="$native" -o "$tmp/cublas_ref" "$here/cublas_ref.cu" \
      -lcublasLt -Xlinker -rpath -Xlinker "$cuda_root/lib64" > "$tmp/nvcc.log" 2>&1; then
    ref_bin="$tmp/cublas_ref"
  else
    echo "$me: warning: nvcc failed (reference column will be n/a):" >&2
    tail -n 20 "$tmp/nvcc.log" >&2
  fi
else
  echo "$me: warning: nvcc not found; the reference column will be n/a" >&2
fi

# tok KEY FILE: the value of the last KEY=value token in FILE (empty if none).
tok() {
  awk -v k="$1=" '{ for (i = 1; i <= NF; i++) if (index($i, k) == 1) v = substr($i, length(k) + 1) }
                  END { print v }' "$2"
}

# reference KEY ARGS...: runs cublas_ref once per KEY and sets ref to its
# throughput (tflops or gbps) or "n/a". Not for $(...): the cache must persist.
declare -A ref_cache=()
ref=""
reference() {
  local key="$1"; shift
  if [ -z "${ref_cache[$key]:-}" ]; then
    local value="n/a" log="$tmp/ref_$key.log" rc=0
    if [ -n "$ref_bin" ]; then
      echo "$me: reference: cublas_ref $*" >&2
      timeout "$run_timeout" "$ref_bin" "$@" "$repeat" > "$log" 2>&1 || rc=$?
      if (( rc == 0 )); then
        value="$(tok tflops "$log")"
        [ -n "$value" ] || value="$(tok gbps "$log")"
        [ -n "$value" ] || value="n/a"
      else
        echo "$me: warning: cublas_ref $* exited with $rc:" >&2
        tail -n 5 "$log" >&2
      fi
    fi
    ref_cache[$key]="$value"
  fi
  ref="${ref_cache[$key]}"
}

rows=()
failed=0
# measure NAME FILE SIZE_LABEL KIND(gemm|copy) TARGET_PCT REF_KEY REF_ARGS...
measure() {
  local name="$1" file="$2" label="$3" kind="$4" target="$5" ref_key="$6"
  shift 6
  local chip="${chip_of[$name]}" entry log rc=0 unit key ours check ratio
  case "$name" in gemm_*) entry="gemm" ;; uop_*) entry="${name#uop_}" ;; *) entry="$name" ;; esac
  if [ "$kind" = gemm ]; then unit="TFLOP/s"; key="tflops"; else unit="GB/s"; key="gbps"; fi
  log="$tmp/$(basename "$file" .mlir).log"
  echo "$me: running $name ($label) on $chip" >&2
  # The interpreter is the reference of a uop program: too slow for an N^3
  # matmul at these sizes, so that one runs unchecked here (validate.sh and
  # test/Integration/cuda-tensor-cores.test check examples/uop/matmul_f16.mlir).
  local check_flag="--check"
  [ "$name" = uop_matmul_f16 ] && check_flag=""
  timeout "$run_timeout" "$bin/uop-run" "$file" --target cuda --chip "$chip" \
    --entry "$entry" --repeat "$repeat" --seed 0 $check_flag \
    > "$log" 2>&1 || rc=$?
  if (( rc == 3 )); then
    cat "$log" >&2
    echo "$me: uop-run found no usable CUDA GPU (exit status 3)" >&2
    exit 3
  fi
  ours="$(tok "$key" "$log")"
  check="$(tok check "$log")"
  if [ -z "$check_flag" ] && (( rc == 0 )) && [ -n "$ours" ]; then check="unchecked"; fi
  if (( rc == 124 )); then
    check="timeout (${run_timeout} s)"
  elif [ -z "$check" ] || [ -z "$ours" ] || { (( rc != 0 )) && [ "$check" = pass ]; }; then
    check="error (exit $rc)"
  fi
  if [ "$check" != pass ] && [ "$check" != unchecked ]; then
    failed=1
    echo "$me: $name ($label): $check; last lines of uop-run:" >&2
    tail -n 10 "$log" >&2
  fi
  reference "$ref_key" "$@"
  ratio="n/a"
  if [ -n "$ours" ] && [ "$ref" != "n/a" ]; then
    ratio="$(awk -v a="$ours" -v b="$ref" 'BEGIN { printf "%.1f%%", 100 * a / b }')"
    if [ -n "$target" ]; then
      ratio="$ratio ($(awk -v a="$ours" -v b="$ref" -v t="$target" \
        'BEGIN { print (100 * a / b >= t) ? "target >= " t "%: met" : "target >= " t "%: missed" }'))"
    fi
  elif [ -n "$target" ]; then
    ratio="n/a (target >= $target%)"
  fi
  if [ -n "$ours" ]; then ours="$ours $unit"; else ours="n/a"; fi
  local ref_cell="n/a"
  if [ "$ref" != "n/a" ]; then ref_cell="$ref $unit"; fi
  rows+=("| $name | $chip | $label | $ours | $ref_cell | $ratio | $check |")
}

mkdir -p "$tmp/kernels"
for name in "${kernels[@]}"; do
  case "$name" in
    gemm_*)
      for n in $gemm_sizes; do
        if [ "$name" = gemm_tcgen05_2cta ] && (( n % 512 != 0 )); then
          echo "$me: skipping $name at $n: the size must be a multiple of 512" >&2
          continue
        fi
        file="$tmp/kernels/${name}_$n.mlir"
        derive_gemm "$name" "$n" "$file"
        target=""
        [ "$name" = gemm_wgmma ] && [ "$n" = 8192 ] && target=90
        [ "$name" = gemm_wgmma_ws ] && [ "$n" = 8192 ] && target=90
        [ "$name" = gemm_wgmma_ws_bf16 ] && [ "$n" = 8192 ] && target=90
        [ "$name" = gemm_tcgen05_2cta ] && [ "$n" = 8192 ] && target=90
        [ "$name" = gemm_mma_sync_pipelined ] && target=80
        if [ "$name" = gemm_mma_sync ] || [ "$name" = gemm_mma_sync_pipelined ]; then
          # The sm_80 example is f16 (A * B, B stored K x N); so is its reference.
          measure "$name" "$file" "${n}^3 f16->f32" gemm "$target" "gemm_f16_nn_$n" \
            gemm "$n" "$n" "$n" f16 nn
        else
          # wgmma / tcgen05: bf16, A * B^T (B stored N x K).
          measure "$name" "$file" "${n}^3 bf16->f32" gemm "$target" "gemm_bf16_nt_$n" \
            gemm "$n" "$n" "$n" bf16 nt
        fi
      done
      ;;
    uop_matmul_f16)
      for n in $gemm_sizes; do
        file="$tmp/kernels/${name}_$n.mlir"
        matmul_f16 "$n" > "$file"
        measure "$name" "$file" "${n}^3 f16->f32" gemm "" "gemm_f16_nn_$n" \
          gemm "$n" "$n" "$n" f16 nn
      done
      ;;
    uop_softmax | uop_layernorm)
      file="$tmp/kernels/${name}_$rows_cols.mlir"
      "${name#uop_}" "$nrows" "$ncols" > "$file"
      bytes=$((nrows * ncols * 4))
      measure "$name" "$file" "$rows_cols f32" copy "" "copy_b$bytes" copy "$bytes"
      ;;
    copy | copy_tma)
      for m in $copy_mib; do
        file="$tmp/kernels/${name}_${m}MiB.mlir"
        derive_copy "$name" "$(rows_of_mib "$m")" "$file"
        measure "$name" "$file" "$m MiB f32" copy 90 "copy_$m" copy "$((m * 1024 * 1024))"
      done
      ;;
  esac
done

echo "GPU 0: $gpu_name (compute capability $cc, driver $driver); median of $repeat runs;"
echo "reference: cuBLASLt (GEMM, f32 accumulate) and cudaMemcpy device-to-device (copies);"
echo "GB/s counts bytes read plus bytes written, 1 GB = 1e9 B; 1 MiB = 2^20 B per buffer."
echo "configured: GEMM sizes $gemm_sizes; copies $copy_mib MiB; uop softmax/layernorm $rows_cols; every run with --check --seed 0"
for name in "${kernels[@]}"; do echo "- $name: ${design_of[$name]}"; done
echo
echo "| kernel | chip | size | ours | reference | ratio | check |"
echo "|---|---|---|---|---|---|---|"
printf "%s\n" "${rows[@]}"
exit "$failed"
