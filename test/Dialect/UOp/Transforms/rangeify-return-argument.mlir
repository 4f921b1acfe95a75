// RUN: uop-opt %s --uop-rangeify | FileCheck %s
//
// Regression test for a fixed bug, as it was reported: a function that returns one of its arguments crashes uop-rangeify
// (and `uop-run` on it). Rangeify.cpp means to realize a copy ("An argument
// returned as is still needs its own output buffer"), but realize() first
// erases the argument from `realized`, so emit() finds no buffer and calls
// emitOp() on the argument's (null) defining op.
//
// Expected: the returned argument gets its own BUFFERIZE, a copy that reads
// the argument at the output ranges.

// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[CB:.*]] = uop.bufferize
// CHECK: %[[R:.*]] = uop.range
// CHECK: %[[I:.*]] = uop.index %[[A]][%[[R]]]
// CHECK: %[[V:.*]] = uop.load %[[A]], %[[I]]
// CHECK: %[[CA:.*]] = uop.bufferize %[[V]][%[[R]]]
// CHECK: return %[[CA]], %[[CB]]
func.func @identity(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = uop.contiguous %b : tensor<4xf32>
  return %a, %c : tensor<4xf32>, tensor<4xf32>
}
