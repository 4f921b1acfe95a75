// RUN: rm -rf %t && split-file %s %t
// The reference interpreter evaluates a float reduction of a product of
// movement ops (a matmul's shape) without materializing the product or the
// broadcasts. Each program is checked against the compiled C. With a 1 MiB
// limit the 64^3 products (2 MiB) cannot exist, so passing there shows the
// fused evaluation ran; the programs it does not match get a generous limit.
//
// Reshapes that merge contiguous dimensions, a permuted B, f32:
// RUN: env UOP_INTERPRETER_MAX_MIB=1 uop-run %t/merge.mlir --target cpu --check | FileCheck %s
// f64, and a max reduction:
// RUN: env UOP_INTERPRETER_MAX_MIB=1 uop-run %t/f64.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_INTERPRETER_MAX_MIB=1 uop-run %t/max.mlir --target cpu --check | FileCheck %s
// Not matched: a reshape of a permuted tensor (no strided view), and a
// product with two uses. Evaluated op by op, they need the memory:
// RUN: env UOP_INTERPRETER_MAX_MIB=64 uop-run %t/strided.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_INTERPRETER_MAX_MIB=1 not uop-run %t/strided.mlir --target cpu --check 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: env UOP_INTERPRETER_MAX_MIB=64 uop-run %t/twouses.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_INTERPRETER_MAX_MIB=1 not uop-run %t/twouses.mlir --target cpu --check 2>&1 | FileCheck %s --check-prefix=LIMIT
//
// CHECK: mismatches=0 check=pass
// LIMIT: over its limit of 1 MiB

//--- merge.mlir
func.func @merge(%a: tensor<4x16x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a2 = uop.reshape %a : tensor<4x16x64xf32> -> tensor<64x64xf32>
  %ar = uop.reshape %a2 : tensor<64x64xf32> -> tensor<64x1x64xf32>
  %ae = uop.expand %ar : tensor<64x1x64xf32> -> tensor<64x64x64xf32>
  %bt = uop.permute %b [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  %br = uop.reshape %bt : tensor<64x64xf32> -> tensor<1x64x64xf32>
  %be = uop.expand %br : tensor<1x64x64xf32> -> tensor<64x64x64xf32>
  %p = arith.mulf %ae, %be : tensor<64x64x64xf32>
  %c = uop.reduce_axis add %p [2] : tensor<64x64x64xf32> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

//--- f64.mlir
func.func @f64(%a: tensor<64x64xf64>, %b: tensor<64x64xf64>) -> tensor<64x64xf64> {
  %ar = uop.reshape %a : tensor<64x64xf64> -> tensor<64x1x64xf64>
  %ae = uop.expand %ar : tensor<64x1x64xf64> -> tensor<64x64x64xf64>
  %bt = uop.permute %b [1, 0] : tensor<64x64xf64> -> tensor<64x64xf64>
  %br = uop.reshape %bt : tensor<64x64xf64> -> tensor<1x64x64xf64>
  %be = uop.expand %br : tensor<1x64x64xf64> -> tensor<64x64x64xf64>
  %p = arith.mulf %ae, %be : tensor<64x64x64xf64>
  %c = uop.reduce_axis add %p [2] : tensor<64x64x64xf64> -> tensor<64x64xf64>
  return %c : tensor<64x64xf64>
}

//--- max.mlir
// The reduced axis in the middle: out[i, k] = max_j a[i, j] * b[j, k].
func.func @max(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %ar = uop.reshape %a : tensor<64x64xf32> -> tensor<64x64x1xf32>
  %ae = uop.expand %ar : tensor<64x64x1xf32> -> tensor<64x64x64xf32>
  %br = uop.reshape %b : tensor<64x64xf32> -> tensor<1x64x64xf32>
  %be = uop.expand %br : tensor<1x64x64xf32> -> tensor<64x64x64xf32>
  %p = arith.mulf %ae, %be : tensor<64x64x64xf32>
  %c = uop.reduce_axis max %p [1] : tensor<64x64x64xf32> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

//--- strided.mlir
func.func @strided(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %ar = uop.reshape %a : tensor<64x64xf32> -> tensor<64x1x64xf32>
  %ae = uop.expand %ar : tensor<64x1x64xf32> -> tensor<64x64x64xf32>
  %bt = uop.permute %b [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  %bf = uop.reshape %bt : tensor<64x64xf32> -> tensor<4096xf32>
  %br = uop.reshape %bf : tensor<4096xf32> -> tensor<1x64x64xf32>
  %be = uop.expand %br : tensor<1x64x64xf32> -> tensor<64x64x64xf32>
  %p = arith.mulf %ae, %be : tensor<64x64x64xf32>
  %c = uop.reduce_axis add %p [2] : tensor<64x64x64xf32> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

//--- twouses.mlir
func.func @twouses(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %ar = uop.reshape %a : tensor<64x64xf32> -> tensor<64x1x64xf32>
  %ae = uop.expand %ar : tensor<64x1x64xf32> -> tensor<64x64x64xf32>
  %br = uop.reshape %b : tensor<64x64xf32> -> tensor<1x64x64xf32>
  %be = uop.expand %br : tensor<1x64x64xf32> -> tensor<64x64x64xf32>
  %p = arith.mulf %ae, %be : tensor<64x64x64xf32>
  %c = uop.reduce_axis add %p [2] : tensor<64x64x64xf32> -> tensor<64x64xf32>
  %d = uop.reduce_axis max %p [2] : tensor<64x64x64xf32> -> tensor<64x64xf32>
  return %c, %d : tensor<64x64xf32>, tensor<64x64xf32>
}
