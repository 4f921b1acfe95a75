// RUN: uop-run %s --target cpu --check --repeat 1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// An i1 result (a comparison returned as is) compiles and runs, but uop-run
// reads it back as a 1-bit signed integer (DType::load sign-extends from the
// type's width), so `true` comes back as -1 while the interpreter says 1:
//
//   max_abs_err=2.000e+00 max_rel_err=2.000e+00 checked=4 mismatches=2 check=fail
//
// (i1 arguments are rejected with "unsupported dtype 'i1'", exit 2; i1
// results are not checked at all.) Expected: either i1 results are read as 0
// / 1 and the check passes, or they are rejected like i1 arguments.

// CHECK: mismatches=0 check=pass
func.func @less(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %s = arith.cmpf olt, %a, %b : tensor<4xf32>
  return %s : tensor<4xi1>
}
