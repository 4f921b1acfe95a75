#!/usr/bin/env bash
# CPU throughput of generated code (uop-run --target cpu, on 1 thread and on
# all cores) against baselines: matmul GFLOP/s vs OpenBLAS sgemm with one
# thread and its best kernel for this CPU (the detected one and the ISA's
# kernels forced through OPENBLAS_CORETYPE, each printed), elementwise /
# reduce GB/s vs memcpy of the same number of bytes, and the run time of a
# row softmax and a layernorm of 1024x1024 (target: <= 2 ms on one thread).
# Installs libopenblas-dev when missing (apt-get, as root).
#   benchmarks/cpu/run.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${UOP_BUILD_DIR:-$root/build}/bin"
[ -x "$bin/uop-run" ] || { echo "run.sh: build uop-run first" >&2; exit 1; }
if ! dpkg -s libopenblas-dev >/dev/null 2>&1; then
  echo "run.sh: installing libopenblas-dev" >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y libopenblas-dev >/dev/null
  else sudo apt-get install -y libopenblas-dev >/dev/null; fi
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cc -std=c11 -O2 -o "$tmp/reference" "$root/benchmarks/cpu/reference.c" -lopenblas
export OPENBLAS_NUM_THREADS=1
tok() { grep -o "$1=[0-9.]*" "$2" | head -1 | cut -d= -f2; }

matmul() { # N -> a tensor-level N^3 matmul (as examples/uop/matmul.mlir)
  local n="$1"
  cat <<MLIR
func.func @matmul(%a: tensor<${n}x${n}xf32>, %b: tensor<${n}x${n}xf32>) -> tensor<${n}x${n}xf32> {
  %ar = uop.reshape %a : tensor<${n}x${n}xf32> -> tensor<${n}x1x${n}xf32>
  %ae = uop.expand %ar : tensor<${n}x1x${n}xf32> -> tensor<${n}x${n}x${n}xf32>
  %bt = uop.permute %b [1, 0] : tensor<${n}x${n}xf32> -> tensor<${n}x${n}xf32>
  %br = uop.reshape %bt : tensor<${n}x${n}xf32> -> tensor<1x${n}x${n}xf32>
  %be = uop.expand %br : tensor<1x${n}x${n}xf32> -> tensor<${n}x${n}x${n}xf32>
  %p = arith.mulf %ae, %be : tensor<${n}x${n}x${n}xf32>
  %c = uop.reduce_axis add %p [2] : tensor<${n}x${n}x${n}xf32> -> tensor<${n}x${n}xf32>
  return %c : tensor<${n}x${n}xf32>
}
MLIR
}
elementwise() { # R C -> out = a * b + c (three arrays in, one out)
  local t="tensor<$1x$2xf32>"
  cat <<MLIR
func.func @elementwise(%a: $t, %b: $t, %c: $t) -> $t {
  %m = arith.mulf %a, %b : $t
  %s = arith.addf %m, %c : $t
  return %s : $t
}
MLIR
}
softmax() { # R C -> row softmax (as examples/uop/softmax.mlir)
  local t="tensor<$1x$2xf32>" r="tensor<$1xf32>" r1="tensor<$1x1xf32>"
  cat <<MLIR
func.func @softmax(%x: $t) -> $t {
  %m = uop.reduce_axis max %x [1] : $t -> $r
  %mr = uop.reshape %m : $r -> $r1
  %me = uop.expand %mr : $r1 -> $t
  %d = arith.subf %x, %me : $t
  %e = math.exp %d : $t
  %s = uop.reduce_axis add %e [1] : $t -> $r
  %sr = uop.reshape %s : $r -> $r1
  %se = uop.expand %sr : $r1 -> $t
  %o = arith.divf %e, %se : $t
  return %o : $t
}
MLIR
}
layernorm() { # R C -> (x - mean) / sqrt(var + 1e-5) per row
  local t="tensor<$1x$2xf32>" r="tensor<$1xf32>" r1="tensor<$1x1xf32>"
  local inv; inv="$(awk -v c="$2" 'BEGIN {printf "%.9e", 1 / c}')"
  cat <<MLIR
func.func @layernorm(%x: $t) -> $t {
  %inv = arith.constant dense<$inv> : $r
  %eps = arith.constant dense<1.0e-05> : $r
  %s = uop.reduce_axis add %x [1] : $t -> $r
  %mean = arith.mulf %s, %inv : $r
  %mr = uop.reshape %mean : $r -> $r1
  %me = uop.expand %mr : $r1 -> $t
  %d = arith.subf %x, %me : $t
  %sq = arith.mulf %d, %d : $t
  %v = uop.reduce_axis add %sq [1] : $t -> $r
  %var = arith.mulf %v, %inv : $r
  %ve = arith.addf %var, %eps : $r
  %rs = math.rsqrt %ve : $r
  %rr = uop.reshape %rs : $r -> $r1
  %re = uop.expand %rr : $r1 -> $t
  %o = arith.mulf %d, %re : $t
  return %o : $t
}
MLIR
}
reduce() { # R C -> row sums
  cat <<MLIR
func.func @reduce(%a: tensor<$1x$2xf32>) -> tensor<$1xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<$1x$2xf32> -> tensor<$1xf32>
  return %s : tensor<$1xf32>
}
MLIR
}

# OpenBLAS's best kernel for this CPU: the one it detects, and the kernels of
# the CPU's vector ISA forced with OPENBLAS_CORETYPE (only for the baseline's
# own runs); the fastest is the baseline, and every one tried is printed.
flags="$(grep -m1 '^flags' /proc/cpuinfo || true)"
cores="auto"
case "$flags" in *avx512f*) cores="$cores SkylakeX Cooperlake Haswell Zen" ;;
                 *avx2*) cores="$cores Haswell Zen" ;; esac
best_blas() { # N -> "gflops core" of the fastest kernel; the tries on stderr
  local n="$1" best="" bestcore="" c g core
  for c in $cores; do
    if [ "$c" = auto ]; then "$tmp/reference" sgemm "$n" > "$tmp/blas.log"
    else OPENBLAS_CORETYPE="$c" "$tmp/reference" sgemm "$n" > "$tmp/blas.log"; fi
    g="$(tok gflops "$tmp/blas.log")"
    core="$(grep -o 'core=[A-Za-z0-9_]*' "$tmp/blas.log" | cut -d= -f2)"
    echo "  OpenBLAS sgemm ${n}^3 with $c: core=$core $g GF/s" >&2
    if [ -z "$best" ] || awk -v a="$g" -v b="$best" 'BEGIN {exit !(a > b)}'; then
      best="$g"; bestcore="$core"
    fi
  done
  echo "$best $bestcore"
}

all="$(nproc)"
# The target column: on one thread the target; on all cores the speed-up
# over one thread (target >= 1.8x on 2 cores).
scaling() { # threads ours ours-on-1-thread target-text
  if [ "$1" = 1 ]; then echo "$4"
  else awk -v a="$2" -v b="$3" -v t="$1" 'BEGIN {printf "%.2fx of 1 thread (>= %.1fx on %d)", a / b, 0.9 * t, t}'; fi
}
printf "%-26s %14s %14s %8s %s\n" kernel ours baseline ratio target
for n in 512 1024 2048; do
  matmul "$n" > "$tmp/mm$n.mlir"
  check=""; [ "$n" = 512 ] && check="--check"
  read -r base core <<< "$(best_blas "$n" 2> "$tmp/tries$n.log")"
  for t in 1 "$all"; do
    "$bin/uop-run" "$tmp/mm$n.mlir" --target cpu --repeat 10 --num-threads "$t" $check > "$tmp/mm$n.$t.log"
    ms="$(tok time_ms_median "$tmp/mm$n.$t.log")"
    ours="$(awk -v n="$n" -v ms="$ms" 'BEGIN {printf "%.1f", 2 * n * n * n / ms / 1e6}')"
    [ "$t" = 1 ] && one="$ours"
    printf "%-26s %9s GF/s %9s GF/s %7.0f%% %s%s\n" \
      "matmul ${n}^3, $t thread(s)" "$ours" "$base" \
      "$(awk -v a="$ours" -v b="$base" 'BEGIN {print 100 * a / b}')" \
      "$(scaling "$t" "$ours" "$one" ">= 80% of OpenBLAS $core (1 thread)")" \
      "$(grep -q 'check=pass' "$tmp/mm$n.$t.log" && echo ', check=pass' || true)"
  done
  cat "$tmp/tries$n.log"
done
elementwise 4096 4096 > "$tmp/ew.mlir"
reduce 4096 4096 > "$tmp/red.mlir"
for k in ew:elementwise:4 red:reduce:1; do
  IFS=: read -r f name arrays <<< "$k"
  # memcpy of the same bytes: uop-run counts every buffer once; memcpy moves
  # half of that (read + write).
  bytes="$(awk -v a="$arrays" 'BEGIN {printf "%d", (a * 4096 * 4096 * 4 + (a == 1 ? 4096 * 4 : 0)) / 2}')"
  "$tmp/reference" memcpy "$bytes" > "$tmp/$f.memcpy.log"
  base="$(tok gbps "$tmp/$f.memcpy.log")"
  for t in 1 "$all"; do
    "$bin/uop-run" "$tmp/$f.mlir" --target cpu --repeat 10 --num-threads "$t" > "$tmp/$f.$t.log"
    ours="$(tok gbps "$tmp/$f.$t.log")"
    [ "$t" = 1 ] && one="$ours"
    printf "%-26s %9s GB/s %9s GB/s %7.0f%% %s\n" "$name 4096x4096, $t thr" \
      "$ours" "$base" "$(awk -v a="$ours" -v b="$base" 'BEGIN {print 100 * a / b}')" \
      "$(scaling "$t" "$ours" "$one" ">= 70% of memcpy (1 thread)")"
  done
done
softmax 1024 1024 > "$tmp/sm.mlir"
layernorm 1024 1024 > "$tmp/ln.mlir"
for k in sm:softmax ln:layernorm; do
  IFS=: read -r f name <<< "$k"
  for t in 1 "$all"; do
    "$bin/uop-run" "$tmp/$f.mlir" --target cpu --repeat 20 --num-threads "$t" --check > "$tmp/$f.$t.log"
    ms="$(tok time_ms_median "$tmp/$f.$t.log")"
    printf "%-26s %12s ms %14s %8s <= 2 ms (1 thread)%s\n" "$name 1024x1024, $t thr" "$ms" "" "" \
      "$(grep -q 'check=pass' "$tmp/$f.$t.log" && echo ', check=pass' || echo ', CHECK FAILED')"
  done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
cc="${CC:-}"
if [ -z "$cc" ]; then
  for c in clang-22 /usr/lib/llvm-22/bin/clang cc; do command -v "$c" >/dev/null && { cc="$c"; break; }; done
fi
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; generated C built by: $("$cc" --version | head -1)"
