// Tensor-level graphs beyond the bundled examples, each run on the CPU and
// checked against the reference interpreter: every movement op, PAD under a
// reduction and around computed values, 0-d and unit-extent outputs, several
// outputs and a reduction over two axes.
// RUN: uop-run %s --entry movement --check --repeat 1 | FileCheck %s --check-prefix=MOVE
// RUN: uop-run %s --entry pad_reduce --check --repeat 1 | FileCheck %s --check-prefix=PADRED
// RUN: uop-run %s --entry conv1d --check --repeat 1 | FileCheck %s --check-prefix=CONV
// RUN: uop-run %s --entry sum_all --check --repeat 1 | FileCheck %s --check-prefix=SCALAR
// RUN: uop-run %s --entry keepdim --check --repeat 1 | FileCheck %s --check-prefix=KEEP
// RUN: uop-run %s --entry two_outputs --check --repeat 1 | FileCheck %s --check-prefix=TWO
// RUN: uop-run %s --entry batched_matmul --check --repeat 1 | FileCheck %s --check-prefix=BMM
// RUN: uop-run %s --entry int_max --check --repeat 1 | FileCheck %s --check-prefix=INT

// MOVE: entry=movement target=cpu kernels=1
// MOVE: checked=18 mismatches=0 check=pass
func.func @movement(%a: tensor<5x7xf32>) -> tensor<6x3xf32> {
  %f = uop.flip %a [true, true] : tensor<5x7xf32>
  %t = uop.permute %f [1, 0] : tensor<5x7xf32> -> tensor<7x5xf32>
  %u = uop.permute %t [1, 0] : tensor<7x5xf32> -> tensor<5x7xf32>
  %s = uop.shrink %u [1, 2] to [5, 5] : tensor<5x7xf32> -> tensor<4x3xf32>
  %r = uop.reshape %s : tensor<4x3xf32> -> tensor<12xf32>
  %q = uop.reshape %r : tensor<12xf32> -> tensor<4x3xf32>
  %p = uop.pad %q low [2, 0] high [0, 0] : tensor<4x3xf32> -> tensor<6x3xf32>
  return %p : tensor<6x3xf32>
}

// The pad value (0) takes part in the max, and exp of the padded value is
// masked back to 0 before the sum.
// PADRED: entry=pad_reduce target=cpu kernels=1
// PADRED: checked=32 mismatches=0 check=pass
func.func @pad_reduce(%a: tensor<32x60xf32>) -> tensor<32xf32> {
  %p = uop.pad %a low [0, 2] high [0, 2] : tensor<32x60xf32> -> tensor<32x64xf32>
  %m = uop.reduce_axis max %p [1] : tensor<32x64xf32> -> tensor<32xf32>
  %e = math.exp %a : tensor<32x60xf32>
  %q = uop.pad %e low [0, 2] high [0, 2] : tensor<32x60xf32> -> tensor<32x64xf32>
  %s = uop.reduce_axis add %q [1] : tensor<32x64xf32> -> tensor<32xf32>
  %o = arith.addf %m, %s : tensor<32xf32>
  return %o : tensor<32xf32>
}

// CONV: entry=conv1d target=cpu kernels=1
// CONV: checked=2048 mismatches=0 check=pass
func.func @conv1d(%a: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %p = uop.pad %a low [0, 1] high [0, 1] : tensor<32x64xf32> -> tensor<32x66xf32>
  %s0 = uop.shrink %p [0, 0] to [32, 64] : tensor<32x66xf32> -> tensor<32x64xf32>
  %s1 = uop.shrink %p [0, 1] to [32, 65] : tensor<32x66xf32> -> tensor<32x64xf32>
  %s2 = uop.shrink %p [0, 2] to [32, 66] : tensor<32x66xf32> -> tensor<32x64xf32>
  %s = arith.addf %s0, %s1 : tensor<32x64xf32>
  %t = arith.addf %s, %s2 : tensor<32x64xf32>
  return %t : tensor<32x64xf32>
}

// A 0-d result through a reduction of a reduction.
// SCALAR: entry=sum_all target=cpu kernels=2
// SCALAR: checked=1 mismatches=0 check=pass
func.func @sum_all(%a: tensor<8x16xf32>) -> tensor<f32> {
  %m = uop.reduce_axis max %a [1] : tensor<8x16xf32> -> tensor<8xf32>
  %s = uop.reduce_axis add %m [0] : tensor<8xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// Unit-extent axes: a reduction over an axis of 1 and a keepdim result (a
// RESHAPE that only adds a unit dimension reads the same index space, so the
// reduction fuses into the one output kernel).
// KEEP: entry=keepdim target=cpu kernels=1
// KEEP: checked=16 mismatches=0 check=pass
func.func @keepdim(%a: tensor<16x1xf32>) -> tensor<16x1xf32> {
  %r = uop.reduce_axis add %a [1] : tensor<16x1xf32> -> tensor<16xf32>
  %e = math.exp %r : tensor<16xf32>
  %k = uop.reshape %e : tensor<16xf32> -> tensor<16x1xf32>
  return %k : tensor<16x1xf32>
}

// TWO: entry=two_outputs target=cpu kernels=2
// TWO: checked=144 mismatches=0 check=pass
func.func @two_outputs(%a: tensor<16x8xf32>, %b: tensor<8xf32>) -> (tensor<16x8xf32>, tensor<16xf32>) {
  %br = uop.reshape %b : tensor<8xf32> -> tensor<1x8xf32>
  %be = uop.expand %br : tensor<1x8xf32> -> tensor<16x8xf32>
  %p = arith.mulf %a, %be : tensor<16x8xf32>
  %s = uop.reduce_axis add %p [1] : tensor<16x8xf32> -> tensor<16xf32>
  return %p, %s : tensor<16x8xf32>, tensor<16xf32>
}

// BMM: entry=batched_matmul target=cpu kernels=1
// BMM: checked=3456 mismatches=0 check=pass
func.func @batched_matmul(%a: tensor<4x24x40xf32>, %b: tensor<4x40x36xf32>) -> tensor<4x24x36xf32> {
  %ar = uop.reshape %a : tensor<4x24x40xf32> -> tensor<4x24x1x40xf32>
  %ae = uop.expand %ar : tensor<4x24x1x40xf32> -> tensor<4x24x36x40xf32>
  %bt = uop.permute %b [0, 2, 1] : tensor<4x40x36xf32> -> tensor<4x36x40xf32>
  %br = uop.reshape %bt : tensor<4x36x40xf32> -> tensor<4x1x36x40xf32>
  %be = uop.expand %br : tensor<4x1x36x40xf32> -> tensor<4x24x36x40xf32>
  %p = arith.mulf %ae, %be : tensor<4x24x36x40xf32>
  %c = uop.reduce_axis add %p [3] : tensor<4x24x36x40xf32> -> tensor<4x24x36xf32>
  return %c : tensor<4x24x36xf32>
}

// INT: entry=int_max target=cpu kernels=1
// INT: checked=8 mismatches=0 check=pass
func.func @int_max(%a: tensor<8x16xi32>) -> tensor<8xi32> {
  %r = uop.reduce_axis max %a [1] : tensor<8x16xi32> -> tensor<8xi32>
  return %r : tensor<8xi32>
}
