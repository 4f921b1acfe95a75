// RUN: uop-run %s --entry one_zero --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry zero_one --target cpu --check --repeat 1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// `select(a > b, 1, 0)` on i32 (a comparison turned into a 0/1 integer, a
// common pattern) fails to translate to C: arith's canonicalization rewrites
// the select into `arith.extui %cond : i1 to i32` (and select(c, 0, 1) into
// extui of `xori %c, true`), and --uop-to-c has no C form for extui:
//
//   error: uop-to-c: no C form for this op
//   note: see current operation: %21 = "arith.extui"(%20) : (i1) -> i32
//
// The CUDA path (uop-to-nvvm, ptxas) accepts the same program. Expected: the
// C backend prints extui (an unsigned widening; `(int32_t)(c != 0)` for i1)
// and the check passes.

// CHECK: mismatches=0 check=pass
func.func @one_zero(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {
  %m = arith.cmpi sgt, %a, %b : tensor<8xi32>
  %one = arith.constant dense<1> : tensor<8xi32>
  %zero = arith.constant dense<0> : tensor<8xi32>
  %s = arith.select %m, %one, %zero : tensor<8xi1>, tensor<8xi32>
  return %s : tensor<8xi32>
}

func.func @zero_one(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {
  %m = arith.cmpi sgt, %a, %b : tensor<8xi32>
  %zero = arith.constant dense<0> : tensor<8xi32>
  %one = arith.constant dense<1> : tensor<8xi32>
  %s = arith.select %m, %zero, %one : tensor<8xi1>, tensor<8xi32>
  return %s : tensor<8xi32>
}
