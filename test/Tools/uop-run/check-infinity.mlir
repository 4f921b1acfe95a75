// RUN: uop-run %s --entry div_by_zero --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry max_of_neg_inf --target cpu --check --repeat 1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// uop-run --check counts an output element as a mismatch when the program and
// the reference interpreter agree on an infinity: |inf - inf| is NaN, and
// compare() (tools/uop-run) only forgives NaN when both sides are NaN. Both
// programs below compute exactly what the interpreter does (x / 0 = +-inf;
// the max of -inf is -inf), yet the check fails with
//
//   max_abs_err=inf max_rel_err=inf checked=4 mismatches=4 check=fail
//
// Expected: equal infinities (same sign) match, and the check passes.

// CHECK: mismatches=0 check=pass
func.func @div_by_zero(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<0.0> : tensor<4xf32>
  %x = arith.divf %a, %c : tensor<4xf32>
  return %x : tensor<4xf32>
}

func.func @max_of_neg_inf(%a: tensor<5x6xf32>) -> tensor<5xf32> {
  %c = arith.constant dense<0xFF800000> : tensor<5x6xf32>
  %s = uop.reduce_axis max %c [1] : tensor<5x6xf32> -> tensor<5xf32>
  return %s : tensor<5xf32>
}
