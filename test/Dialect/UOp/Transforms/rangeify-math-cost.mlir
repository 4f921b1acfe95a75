// RUN: uop-opt %s -split-input-file -uop-rangeify | FileCheck %s --check-prefix=ONE
// RUN: uop-opt %s -split-input-file -uop-rangeify="math-cost=16" | FileCheck %s --check-prefix=POLY
//
// math-cost: what a transcendental counts as in the 16-op recompute limit of
// a value with several uses. With 1 (the default, and what a GPU wants: exp
// is an instruction there) softmax's exp(x - max) is computed in both the
// sum's and the division's kernel; with 16 (the cpu pipeline: the C's exp is
// a polynomial) it is realized once.

// ONE-LABEL: func.func @softmax
// ONE-COUNT-3: uop.bufferize
// ONE-NOT: uop.bufferize
// POLY-LABEL: func.func @softmax
// POLY-COUNT-4: uop.bufferize
// POLY-NOT: uop.bufferize
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %m = uop.reduce_axis max %x [1] : tensor<4x8xf32> -> tensor<4xf32>
  %mr = uop.reshape %m : tensor<4xf32> -> tensor<4x1xf32>
  %me = uop.expand %mr : tensor<4x1xf32> -> tensor<4x8xf32>
  %d = arith.subf %x, %me : tensor<4x8xf32>
  %e = math.exp %d : tensor<4x8xf32>
  %s = uop.reduce_axis add %e [1] : tensor<4x8xf32> -> tensor<4xf32>
  %sr = uop.reshape %s : tensor<4xf32> -> tensor<4x1xf32>
  %se = uop.expand %sr : tensor<4x1xf32> -> tensor<4x8xf32>
  %o = arith.divf %e, %se : tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

// -----

// exp of an input used twice is 16 ops, not over the limit: recomputed from
// the input in each use (one kernel), with either cost.
// ONE-LABEL: func.func @two_uses
// ONE-COUNT-1: uop.bufferize
// ONE-NOT: uop.bufferize
// POLY-LABEL: func.func @two_uses
// POLY-COUNT-1: uop.bufferize
// POLY-NOT: uop.bufferize
func.func @two_uses(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = math.exp %x : tensor<4x8xf32>
  %o = arith.mulf %e, %e : tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

// -----

// A cheap math op (sqrt, one instruction everywhere) counts 1 with either
// cost: the squared difference stays fused into both uses.
// ONE-LABEL: func.func @sqrt_chain
// POLY-LABEL: func.func @sqrt_chain
// POLY-COUNT-1: uop.bufferize
// POLY-NOT: uop.bufferize
func.func @sqrt_chain(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %d = arith.subf %x, %y : tensor<4x8xf32>
  %q = math.sqrt %d : tensor<4x8xf32>
  %a = arith.addf %q, %x : tensor<4x8xf32>
  %b = arith.mulf %q, %y : tensor<4x8xf32>
  %o = arith.divf %a, %b : tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}
