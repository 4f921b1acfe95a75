# Tensor-level uop programs of a given size, shared by the CPU and GPU
# benchmarks (benchmarks/cpu/run.sh, benchmarks/gpu/run.sh). Each function
# prints one func.func; source this file from bash.

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
matmul_f16() { # N -> an N^3 matmul of f16 summed in f32 (as examples/uop/matmul_f16.mlir)
  local n="$1" h="tensor<$1x$1xf16>" f="tensor<$1x$1xf32>"
  cat <<MLIR
func.func @matmul_f16(%a: $h, %b: $h) -> $f {
  %a32 = arith.extf %a : $h to $f
  %b32 = arith.extf %b : $h to $f
  %ar = uop.reshape %a32 : $f -> tensor<${n}x1x${n}xf32>
  %ae = uop.expand %ar : tensor<${n}x1x${n}xf32> -> tensor<${n}x${n}x${n}xf32>
  %bt = uop.permute %b32 [1, 0] : $f -> $f
  %br = uop.reshape %bt : $f -> tensor<1x${n}x${n}xf32>
  %be = uop.expand %br : tensor<1x${n}x${n}xf32> -> tensor<${n}x${n}x${n}xf32>
  %p = arith.mulf %ae, %be : tensor<${n}x${n}x${n}xf32>
  %c = uop.reduce_axis add %p [2] : tensor<${n}x${n}x${n}xf32> -> $f
  return %c : $f
}
MLIR
}
