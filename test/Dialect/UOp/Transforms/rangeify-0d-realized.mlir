// RUN: uop-opt %s --uop-rangeify | FileCheck %s
// RUN: uop-run %s --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
//
// Regression test for a fixed bug, as it was reported:
// A 0-d reduction read through a movement op (RESHAPE + EXPAND) is realized
// (its own BUFFERIZE and kernel), but its consumer does not read that buffer:
// emit() is memoised on (value, index vector, gate), and a 0-d value has the
// empty index vector in both places, so the consumer gets the REDUCE's scalar
// expression itself. The reduction is then computed twice (once in the
// realizing kernel, once inside the consumer's kernel), and when the
// consumer folds the value away (`s - s` on i32 is 0) its reduce RANGE is
// left without an END:
//
//   error: range is never closed by an END
//
// (found by python/tests/test_fuzz_wide.py, seed 340). Expected: the consumer
// loads the realized 0-d buffer (uop.index + uop.load of the BUFFERIZE
// result), as it does for realized tensors of rank >= 1. (The reported form
// was `s - s` broadcast; a value read twice by one op no longer needs a
// buffer, so the test broadcasts first and subtracts after.)

// CHECK-LABEL: func.func @zero_d_realized
// CHECK: %[[RED:.*]] = uop.reduce add
// CHECK: %[[BUF:.*]] = uop.bufferize %[[RED]] opts
// CHECK: %[[I:.*]] = uop.index %[[BUF]]
// CHECK: %[[V:.*]] = uop.load %[[BUF]], %[[I]]
// CHECK: arith.subi %[[V]], %[[V]]
// EXEC: checked=12 mismatches=0 check=pass
func.func @zero_d_realized(%a: tensor<4xi32>) -> tensor<4x3xi32> {
  %s = uop.reduce_axis add %a [0] : tensor<4xi32> -> tensor<i32>
  %r = uop.reshape %s : tensor<i32> -> tensor<1x1xi32>
  %e = uop.expand %r : tensor<1x1xi32> -> tensor<4x3xi32>
  %d = arith.subi %e, %e : tensor<4x3xi32>
  return %d : tensor<4x3xi32>
}
