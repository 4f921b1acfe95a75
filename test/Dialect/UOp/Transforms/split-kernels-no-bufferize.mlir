// RUN: uop-opt %s --uop-split-kernels -verify-diagnostics
//
// Regression test for a fixed bug, as it was reported: SplitKernels.cpp has the error "uop-split-kernels found
// no BUFFERIZE; run uop-rangeify first", but the pass only visits functions
// that already contain a BUFFERIZE, so a tensor-level function that was not
// rangeified passes through silently (and uop-linearize / --uop-to-c later
// complain about something else).
//
// Expected: the diagnostic below.

// expected-error @+1 {{uop-split-kernels found no BUFFERIZE; run uop-rangeify first}}
func.func @not_rangeified(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %s : tensor<4xf32>
}
