// RUN: uop-run %s --entry add_wrap --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry mul_wrap --target cpu --check --repeat 1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// The reference interpreter (lib/Runtime/Interpreter.cpp) evaluates
// arith.addi / subi / muli in double precision and never wraps the result to
// the element width, while the program (two's complement, as arith defines
// them) does. uop-run --check then reports mismatches on a correct program:
//
//   max_abs_err=4.295e+09 ... mismatches=4 check=fail
//
// Expected: integer results are wrapped to their width (i32: the low 32 bits,
// sign-extended), and the check passes.

// CHECK: mismatches=0 check=pass
func.func @add_wrap(%a: tensor<8xi32>) -> tensor<8xi32> {
  %c = arith.constant dense<2147483647> : tensor<8xi32>
  %x = arith.addi %a, %c : tensor<8xi32>
  return %x : tensor<8xi32>
}

func.func @mul_wrap(%a: tensor<8xi32>) -> tensor<8xi32> {
  %c = arith.constant dense<1000000007> : tensor<8xi32>
  %x = arith.muli %a, %c : tensor<8xi32>
  return %x : tensor<8xi32>
}
