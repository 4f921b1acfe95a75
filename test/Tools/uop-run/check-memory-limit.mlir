// RUN: rm -rf %t && split-file %s %t
// The reference interpreter holds every live tensor in doubles; over its
// memory limit it stops with a located error and uop-run exits 1 instead of
// being killed for memory.
// RUN: env UOP_INTERPRETER_MAX_MIB=1 not uop-run %t/bcast.mlir --target cpu --check 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: sh -c 'UOP_INTERPRETER_MAX_MIB=1 uop-run %t/bcast.mlir --target cpu --check >/dev/null 2>&1; test $? -eq 1'
// The same program within the limit.
// RUN: env UOP_INTERPRETER_MAX_MIB=8 uop-run %t/bcast.mlir --target cpu --check | FileCheck %s --check-prefix=PASS
// A matmul's reduction of a product of broadcasts is evaluated without
// them: its 64^3 product (2 MiB) never exists, so 1 MiB is enough (before,
// a 1024^3 matmul's --check was killed for memory).
// RUN: env UOP_INTERPRETER_MAX_MIB=1 uop-run %t/mm.mlir --target cpu --check | FileCheck %s --check-prefix=PASS
// A value is freed after its last use: ten 256 KiB f32 tensors (2 MiB each
// in doubles, 20 MiB in all) in a chain fit in 16 MiB, with uop-run's own
// copies of the argument and the result (doubles and f32: 6 MiB).
// RUN: env UOP_INTERPRETER_MAX_MIB=16 uop-run %t/chain.mlir --target cpu --check | FileCheck %s --check-prefix=PASS
// A malformed limit.
// RUN: env UOP_INTERPRETER_MAX_MIB=lots not uop-run %t/mm.mlir --target cpu --check 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env UOP_INTERPRETER_MAX_MIB=0 not uop-run %t/mm.mlir --target cpu --check 2>&1 | FileCheck %s --check-prefix=BAD

// The sum of two broadcasts to 64x64x64: 262144 elements (2 MiB) each.
// LIMIT: bcast.mlir:3:9: error: interpreter: this value's 262144 elements would bring the reference's live tensors and its caller's copies to 2 MiB, over its limit of 1 MiB (UOP_INTERPRETER_MAX_MIB; the reference materializes every intermediate tensor)
// LIMIT: uop-run: the reference interpreter failed
// PASS: check=pass
// BAD: error: interpreter: UOP_INTERPRETER_MAX_MIB must be a positive number of MiB, got '{{lots|0}}'

//--- bcast.mlir
func.func @bcast(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %ar = uop.reshape %a : tensor<64x64xf32> -> tensor<64x1x64xf32>
  %ae = uop.expand %ar : tensor<64x1x64xf32> -> tensor<64x64x64xf32>
  %br = uop.reshape %b : tensor<64x64xf32> -> tensor<1x64x64xf32>
  %be = uop.expand %br : tensor<1x64x64xf32> -> tensor<64x64x64xf32>
  %p = arith.addf %ae, %be : tensor<64x64x64xf32>
  %c = uop.reduce_axis max %p [2] : tensor<64x64x64xf32> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

//--- mm.mlir
func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %ar = uop.reshape %a : tensor<64x64xf32> -> tensor<64x1x64xf32>
  %ae = uop.expand %ar : tensor<64x1x64xf32> -> tensor<64x64x64xf32>
  %bt = uop.permute %b [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  %br = uop.reshape %bt : tensor<64x64xf32> -> tensor<1x64x64xf32>
  %be = uop.expand %br : tensor<1x64x64xf32> -> tensor<64x64x64xf32>
  %p = arith.mulf %ae, %be : tensor<64x64x64xf32>
  %c = uop.reduce_axis add %p [2] : tensor<64x64x64xf32> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

//--- chain.mlir
func.func @chain(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = arith.addf %x, %x : tensor<512x512xf32>
  %1 = arith.mulf %0, %x : tensor<512x512xf32>
  %2 = arith.subf %1, %0 : tensor<512x512xf32>
  %3 = arith.addf %2, %2 : tensor<512x512xf32>
  %4 = arith.mulf %3, %3 : tensor<512x512xf32>
  %5 = arith.addf %4, %x : tensor<512x512xf32>
  %6 = arith.subf %5, %x : tensor<512x512xf32>
  %7 = arith.mulf %6, %x : tensor<512x512xf32>
  %8 = arith.addf %7, %7 : tensor<512x512xf32>
  %9 = arith.mulf %8, %x : tensor<512x512xf32>
  return %9 : tensor<512x512xf32>
}
