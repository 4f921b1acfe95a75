// RUN: uop-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(uop-rangeify),uop-split-kernels{target=cpu},uop.function(uop-simplify,uop-optimize{target=cpu}))' | FileCheck %s
//
// Extents with no power-of-two factor (1023, 1021) on the CPU. An output
// range is upcast anyway: its last tile is shifted back to end at the
// extent, `min(outer * f, n - f) + lane`, and overlaps the tile before it
// (those outputs are computed and stored twice, with the same value). That
// needs a kernel that reads none of the buffers it stores, and at most an
// eighth more work. A row reduction's lanes cover the largest multiple of
// the lanes; a second REDUCE adds the steps past it (peeled).

// 1023 = 63 x 16 + 15: 64 tiles of 16, the last starting at 1007.
// CHECK-LABEL: uop.function @ew_k0(
// CHECK: %[[O:.*]] = uop.range %c64, R{{[0-9]+}}, loop
// CHECK: %[[L:.*]] = uop.range %c16, R{{[0-9]+}}, upcast
// CHECK: %[[S:.*]] = arith.muli %[[O]], %c16
// CHECK: %[[M:.*]] = arith.minsi %[[S]], %c1007 : index
// CHECK: arith.addi %[[M]], %[[L]] : index
// CHECK: applied_opts = [<UPCAST, 1, 16>]
func.func @ew(%a: tensor<100x1023xf32>, %b: tensor<100x1023xf32>) -> tensor<100x1023xf32> {
  %s = arith.addf %a, %b : tensor<100x1023xf32>
  return %s : tensor<100x1023xf32>
}

// -----

// A register tile of 8 x 16 over 100 x 1021 (an exact factor of 100 is 4,
// of 1021 none): both ranges overlap. (K = 64 is too short for K blocks;
// test/Integration/odd-shapes.mlir runs overlapping tiles that are
// K-blocked.)
// CHECK-LABEL: uop.function @mm_k0(
// CHECK: uop.range %c13, R{{[0-9]+}}, loop
// CHECK: arith.minsi %{{.*}}, %c92 : index
// CHECK: uop.range %c64{{.*}}, R{{[0-9]+}}, loop
// CHECK: arith.minsi %{{.*}}, %c1005 : index
// CHECK: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>]>
// CHECK-NOT: BLOCK
func.func @mm(%a: tensor<100x64xf32>, %b: tensor<64x1021xf32>) -> tensor<100x1021xf32> {
  %ar = uop.reshape %a : tensor<100x64xf32> -> tensor<100x1x64xf32>
  %ae = uop.expand %ar : tensor<100x1x64xf32> -> tensor<100x1021x64xf32>
  %bt = uop.permute %b [1, 0] : tensor<64x1021xf32> -> tensor<1021x64xf32>
  %br = uop.reshape %bt : tensor<1021x64xf32> -> tensor<1x1021x64xf32>
  %be = uop.expand %br : tensor<1x1021x64xf32> -> tensor<100x1021x64xf32>
  %p = arith.mulf %ae, %be : tensor<100x1021x64xf32>
  %c = uop.reduce_axis add %p [2] : tensor<100x1021x64xf32> -> tensor<100x1021xf32>
  return %c : tensor<100x1021xf32>
}

// -----

// A row max over 1023: 31 steps of 32 lanes over the first 992, and the 31
// steps past them as a second REDUCE, combined after the lanes.
// CHECK-LABEL: uop.function @rowmax_k0(
// CHECK: %[[R:.*]] = uop.range %c31, R{{[0-9]+}}, reduce
// CHECK: %[[L:.*]] = uop.range %c32, R{{[0-9]+}}, upcast
// CHECK: %[[T:.*]] = uop.range %c31{{.*}}, R{{[0-9]+}}, reduce
// CHECK: %[[AT:.*]] = arith.addi %c992{{.*}}, %[[T]] : index
// CHECK: %[[I:.*]] = uop.index %arg1[%{{.*}}, %[[AT]]]
// CHECK: %[[X:.*]] = uop.load %arg1, %[[I]]
// CHECK: %[[TAIL:.*]] = uop.reduce max %[[X]][%[[T]]] : f32
// CHECK: %[[PART:.*]] = uop.reduce max %{{.*}}[%[[R]]] : f32
// CHECK: %[[ALL:.*]] = uop.reduce max %[[PART]][%[[L]]] : f32
// CHECK: %[[MAX:.*]] = arith.maximumf %[[ALL]], %[[TAIL]] : f32
// CHECK: uop.store %{{.*}}, %[[MAX]] : f32
// CHECK: applied_opts = [<UPCAST, 1, 32>]
func.func @rowmax(%x: tensor<128x1023xf32>) -> tensor<128xf32> {
  %s = uop.reduce_axis max %x [1] : tensor<128x1023xf32> -> tensor<128xf32>
  return %s : tensor<128xf32>
}

// -----

// 1040 = 65 x 16: the exact factor is the width wanted (16, no
// reduction); no overlap.
// CHECK-LABEL: uop.function @exact_k0(
// CHECK-NOT: arith.minsi
// CHECK: applied_opts = [<UPCAST, 1, 16>]
func.func @exact(%a: tensor<100x1040xf32>) -> tensor<100x1040xf32> {
  %s = arith.addf %a, %a : tensor<100x1040xf32>
  return %s : tensor<100x1040xf32>
}

// -----

// 20 columns: tiles of 16 would compute 32 for 20 (over an eighth more), so
// the exact factor 4 is taken.
// CHECK-LABEL: uop.function @short_k0(
// CHECK-NOT: arith.minsi
// CHECK: applied_opts = [<UPCAST, 1, 4>]
func.func @short(%a: tensor<4096x20xf32>) -> tensor<4096x20xf32> {
  %s = arith.addf %a, %a : tensor<4096x20xf32>
  return %s : tensor<4096x20xf32>
}
