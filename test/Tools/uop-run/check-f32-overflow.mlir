// RUN: uop-run %s --target cpu --check --repeat 1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// uop-run --check compares an f32 output with the interpreter's double
// result without rounding that to f32 first. exp(200 x) for x near 1 is
// about 1e78: the program's f32 result is +inf (correctly: it overflows
// f32), the reference is the finite double 1e78, and |inf - 1e78| fails:
//
//   max_abs_err=inf max_rel_err=inf checked=4 mismatches=1 check=fail
//
// Expected: the reference is rounded to the output element type (or the
// interpreter rounds f32 results as the program does), so an f32 overflow to
// +inf matches, and the check passes.

// CHECK: checked=4 mismatches=0 check=pass
func.func @exp_overflow(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<200.0> : tensor<4xf32>
  %x = arith.mulf %a, %c : tensor<4xf32>
  %s = math.exp %x : tensor<4xf32>
  return %s : tensor<4xf32>
}
