// Every rule family against central finite differences in f64.
// REQUIRES: numpy
// RUN: %python %S/Inputs/gradient_fd.py uop-opt uop-run %s %t | FileCheck %s
// CHECK: all ok
// The same VJPs against torch autograd (skipped, saying so, without torch).
// RUN: %python %S/Inputs/gradient_torch.py uop-opt uop-run %s %t.torch | FileCheck %s --check-prefix=TORCH
// TORCH: {{all match torch|skipped: no torch}}

func.func @elementwise(%a: tensor<2x3xf64>, %b: tensor<2x3xf64>) -> tensor<2x3xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %e = math.exp %a : tensor<2x3xf64>
  %l = math.log %b : tensor<2x3xf64>
  %d = arith.divf %e, %b : tensor<2x3xf64>
  %s = math.sqrt %a : tensor<2x3xf64>
  %m = arith.maximumf %l, %s : tensor<2x3xf64>
  %q = arith.subf %d, %m : tensor<2x3xf64>
  %t = math.tanh %q : tensor<2x3xf64>
  %n = math.sin %t : tensor<2x3xf64>
  %c = arith.cmpf ogt, %a, %b : tensor<2x3xf64>
  %w = arith.select %c, %n, %a : tensor<2x3xi1>, tensor<2x3xf64>
  return %w : tensor<2x3xf64>
}

func.func @movement(%a: tensor<3x4xf64>) -> tensor<5x3xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %f = uop.flip %a [true, false] : tensor<3x4xf64>
  %p = uop.permute %f [1, 0] : tensor<3x4xf64> -> tensor<4x3xf64>
  %s = uop.shrink %p [1, 0] to [4, 3] : tensor<4x3xf64> -> tensor<3x3xf64>
  %q = uop.pad %s low [1, 0] high [1, 0] : tensor<3x3xf64> -> tensor<5x3xf64>
  %sq = arith.mulf %q, %q : tensor<5x3xf64>
  return %sq : tensor<5x3xf64>
}

func.func @reduce(%a: tensor<4x3xf64>) -> tensor<4x1xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %m = uop.reduce_axis max %a [1] : tensor<4x3xf64> -> tensor<4xf64>
  %r = uop.reshape %m : tensor<4xf64> -> tensor<4x1xf64>
  %e = uop.expand %r : tensor<4x1xf64> -> tensor<4x3xf64>
  %x = arith.subf %a, %e : tensor<4x3xf64>
  %ex = math.exp %x : tensor<4x3xf64>
  %s = uop.reduce_axis add %ex [1] : tensor<4x3xf64> -> tensor<4xf64>
  %sr = uop.reshape %s : tensor<4xf64> -> tensor<4x1xf64>
  return %sr : tensor<4x1xf64>
}
