// RUN: uop-opt %s -split-input-file -uop-rangeify | FileCheck %s
// RUN: uop-run %s --target cpu --entry=scores --check | FileCheck %s --check-prefix=EXEC
// RUN: uop-run %s --target cpu --entry=keys_transposed_twice --check | FileCheck %s --check-prefix=EXEC
// RUN: uop-run %s --target cpu --entry=fused_matmul_read_transposed --check | FileCheck %s --check-prefix=EXEC
//
// Buffers stored in the order their reader walks them: an elementwise value
// whose one reader is a PERMUTE that moves its innermost axis is stored in
// the permuted order, and a matrix transposed twice (q @ k^T) is copied in
// the order of the first transpose; the matmul that reads K^T then reads
// its B operand along its output axis.

// CHECK-LABEL: func.func @scores
// CHECK-NOT: -> tensor<32x16xf32>
// CHECK: uop.bufferize {{.*}} -> tensor<16x32xf32>
// CHECK: uop.bufferize {{.*}} -> tensor<32x32xf32>
// CHECK: return
func.func @scores(%q: tensor<32x16xf32>, %k: tensor<32x16xf32>) -> tensor<32x32xf32> {
  %two = arith.constant dense<2.000000e+00> : tensor<32x16xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<32x16xf32>
  %k2 = arith.mulf %k, %two : tensor<32x16xf32>
  %kr = arith.addf %k2, %one : tensor<32x16xf32>
  %kt = uop.permute %kr [1, 0] : tensor<32x16xf32> -> tensor<16x32xf32>
  %qr = uop.reshape %q : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %qe = uop.expand %qr : tensor<32x16x1xf32> -> tensor<32x16x32xf32>
  %kr3 = uop.reshape %kt : tensor<16x32xf32> -> tensor<1x16x32xf32>
  %ke = uop.expand %kr3 : tensor<1x16x32xf32> -> tensor<32x16x32xf32>
  %m = arith.mulf %qe, %ke : tensor<32x16x32xf32>
  %o = uop.reduce_axis add %m [1] : tensor<32x16x32xf32> -> tensor<32x32xf32>
  return %o : tensor<32x32xf32>
}
// EXEC: mismatches=0 check=pass

// -----

// A PERMUTE that keeps the innermost axis (heads split off the rows) does
// not move the buffer.
// CHECK-LABEL: func.func @heads
// CHECK-NOT: -> tensor<8x4x16xf32>
// CHECK: uop.bufferize {{.*}} -> tensor<4x8x16xf32>
// CHECK: return
func.func @heads(%x: tensor<4x8x16xf32>, %w: tensor<16x32xf32>) -> tensor<8x4x32xf32> {
  %two = arith.constant dense<2.000000e+00> : tensor<4x8x16xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<4x8x16xf32>
  %x2 = arith.mulf %x, %two : tensor<4x8x16xf32>
  %xr = arith.addf %x2, %one : tensor<4x8x16xf32>
  %xp = uop.permute %xr [1, 0, 2] : tensor<4x8x16xf32> -> tensor<8x4x16xf32>
  %a = uop.reshape %xp : tensor<8x4x16xf32> -> tensor<8x4x16x1xf32>
  %ae = uop.expand %a : tensor<8x4x16x1xf32> -> tensor<8x4x16x32xf32>
  %b = uop.reshape %w : tensor<16x32xf32> -> tensor<1x1x16x32xf32>
  %be = uop.expand %b : tensor<1x1x16x32xf32> -> tensor<8x4x16x32xf32>
  %m = arith.mulf %ae, %be : tensor<8x4x16x32xf32>
  %o = uop.reduce_axis add %m [2] : tensor<8x4x16x32xf32> -> tensor<8x4x32xf32>
  return %o : tensor<8x4x32xf32>
}

// -----

// q @ k^T transposes its B operand k^T again: the matmul read k's rows,
// contiguous along the reduced axis, at a stride along its output axis.
// k^T (the first PERMUTE) is copied in its own order, 16 x 32.
// CHECK-LABEL: func.func @keys_transposed_twice
// CHECK: uop.bufferize {{.*}} -> tensor<16x32xf32>
// CHECK: uop.bufferize {{.*}} -> tensor<32x32xf32>
// CHECK-NOT: uop.bufferize
// CHECK: return
func.func @keys_transposed_twice(%q: tensor<32x16xf32>, %k: tensor<32x16xf32>) -> tensor<32x32xf32> {
  %kt = uop.permute %k [1, 0] : tensor<32x16xf32> -> tensor<16x32xf32>
  %b = uop.permute %kt [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
  %qr = uop.reshape %q : tensor<32x16xf32> -> tensor<32x1x16xf32>
  %qe = uop.expand %qr : tensor<32x1x16xf32> -> tensor<32x32x16xf32>
  %br = uop.reshape %b : tensor<32x16xf32> -> tensor<1x32x16xf32>
  %be = uop.expand %br : tensor<1x32x16xf32> -> tensor<32x32x16xf32>
  %m = arith.mulf %qe, %be : tensor<32x32x16xf32>
  %o = uop.reduce_axis add %m [2] : tensor<32x32x16xf32> -> tensor<32x32xf32>
  return %o : tensor<32x32xf32>
}

// -----

// x @ w reads its weight through one transpose: no copy.
// CHECK-LABEL: func.func @weight_transposed_once
// CHECK: uop.bufferize {{.*}} -> tensor<32x32xf32>
// CHECK-NOT: uop.bufferize
// CHECK: return
func.func @weight_transposed_once(%x: tensor<32x16xf32>, %w: tensor<16x32xf32>) -> tensor<32x32xf32> {
  %b = uop.permute %w [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
  %xr = uop.reshape %x : tensor<32x16xf32> -> tensor<32x1x16xf32>
  %xe = uop.expand %xr : tensor<32x1x16xf32> -> tensor<32x32x16xf32>
  %br = uop.reshape %b : tensor<32x16xf32> -> tensor<1x32x16xf32>
  %be = uop.expand %br : tensor<1x32x16xf32> -> tensor<32x32x16xf32>
  %m = arith.mulf %xe, %be : tensor<32x32x16xf32>
  %o = uop.reduce_axis add %m [2] : tensor<32x32x16xf32> -> tensor<32x32xf32>
  return %o : tensor<32x32xf32>
}

// -----

// An epilogue whose expression holds an unrealized reduction (a matmul
// plus itself, read transposed by the next matmul) keeps its order: its
// kernel is the matmul's, and a transposed store would move that matmul's
// output layout (a tensor-core kernel on the GPU pipeline stores C by rows).
// CHECK-LABEL: func.func @fused_matmul_read_transposed
// CHECK-NOT: -> tensor<16x32xf32>
// CHECK: uop.bufferize {{.*}} -> tensor<32x16xf32>
// CHECK: return
func.func @fused_matmul_read_transposed(%x: tensor<32x16xf32>, %w: tensor<16x16xf32>, %z: tensor<32x8xf32>) -> tensor<16x8xf32> {
  %xr = uop.reshape %x : tensor<32x16xf32> -> tensor<32x1x16xf32>
  %xe = uop.expand %xr : tensor<32x1x16xf32> -> tensor<32x16x16xf32>
  %wt = uop.permute %w [1, 0] : tensor<16x16xf32> -> tensor<16x16xf32>
  %wr = uop.reshape %wt : tensor<16x16xf32> -> tensor<1x16x16xf32>
  %we = uop.expand %wr : tensor<1x16x16xf32> -> tensor<32x16x16xf32>
  %p = arith.mulf %xe, %we : tensor<32x16x16xf32>
  %q = uop.reduce_axis add %p [2] : tensor<32x16x16xf32> -> tensor<32x16xf32>
  %qq = arith.addf %q, %q : tensor<32x16xf32>
  %qt = uop.permute %qq [1, 0] : tensor<32x16xf32> -> tensor<16x32xf32>
  %a = uop.reshape %qt : tensor<16x32xf32> -> tensor<16x1x32xf32>
  %ae = uop.expand %a : tensor<16x1x32xf32> -> tensor<16x8x32xf32>
  %zt = uop.permute %z [1, 0] : tensor<32x8xf32> -> tensor<8x32xf32>
  %zr = uop.reshape %zt : tensor<8x32xf32> -> tensor<1x8x32xf32>
  %ze = uop.expand %zr : tensor<1x8x32xf32> -> tensor<16x8x32xf32>
  %m = arith.mulf %ae, %ze : tensor<16x8x32xf32>
  %r = uop.reduce_axis add %m [2] : tensor<16x8x32xf32> -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}
