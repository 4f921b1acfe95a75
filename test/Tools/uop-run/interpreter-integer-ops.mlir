// RUN: uop-run %s --entry int_ops_i32 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry int_ops_i64 --target cpu --check --repeat 1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported: the reference
// interpreter (lib/Runtime/Interpreter.cpp) could not evaluate arith andi,
// ori, xori, shli, shrsi, shrui, divui, remui, floordivsi, ceildivsi, minui
// and maxui ("interpreter: cannot evaluate this op"), so no program using
// them (floor division included) could be checked; --uop-to-c had no form
// for shrsi, shrui, floordivsi and ceildivsi either. Inputs are random in
// [-8, 8], so negative operands exercise the signed / unsigned difference;
// divisors are made odd (never 0) and shift amounts masked to [0, 7].
//
// Expected: every op computed on the CPU matches the interpreter exactly.

// CHECK: checked=768 mismatches=0 check=pass
func.func @int_ops_i32(%a: tensor<64xi32>, %b: tensor<64xi32>)
    -> (tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>,
        tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>,
        tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>) {
  %c1 = arith.constant dense<1> : tensor<64xi32>
  %c7 = arith.constant dense<7> : tensor<64xi32>
  %shift = arith.andi %b, %c7 : tensor<64xi32>
  %odd = arith.ori %b, %c1 : tensor<64xi32>
  %and = arith.andi %a, %b : tensor<64xi32>
  %or = arith.ori %a, %b : tensor<64xi32>
  %xor = arith.xori %a, %b : tensor<64xi32>
  %shl = arith.shli %a, %shift : tensor<64xi32>
  %shrs = arith.shrsi %a, %shift : tensor<64xi32>
  %shru = arith.shrui %a, %shift : tensor<64xi32>
  %divu = arith.divui %a, %odd : tensor<64xi32>
  %remu = arith.remui %a, %odd : tensor<64xi32>
  %floor = arith.floordivsi %a, %odd : tensor<64xi32>
  %ceil = arith.ceildivsi %a, %odd : tensor<64xi32>
  %minu = arith.minui %a, %b : tensor<64xi32>
  %maxu = arith.maxui %a, %b : tensor<64xi32>
  return %and, %or, %xor, %shl, %shrs, %shru, %divu, %remu, %floor, %ceil,
         %minu, %maxu : tensor<64xi32>, tensor<64xi32>, tensor<64xi32>,
         tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>,
         tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>,
         tensor<64xi32>
}

func.func @int_ops_i64(%a: tensor<64xi64>, %b: tensor<64xi64>)
    -> (tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>,
        tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>,
        tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>) {
  %c1 = arith.constant dense<1> : tensor<64xi64>
  %c7 = arith.constant dense<7> : tensor<64xi64>
  %shift = arith.andi %b, %c7 : tensor<64xi64>
  %odd = arith.ori %b, %c1 : tensor<64xi64>
  %and = arith.andi %a, %b : tensor<64xi64>
  %or = arith.ori %a, %b : tensor<64xi64>
  %xor = arith.xori %a, %b : tensor<64xi64>
  %shl = arith.shli %a, %shift : tensor<64xi64>
  %shrs = arith.shrsi %a, %shift : tensor<64xi64>
  %shru = arith.shrui %a, %shift : tensor<64xi64>
  %divu = arith.divui %a, %odd : tensor<64xi64>
  %remu = arith.remui %a, %odd : tensor<64xi64>
  %floor = arith.floordivsi %a, %odd : tensor<64xi64>
  %ceil = arith.ceildivsi %a, %odd : tensor<64xi64>
  %minu = arith.minui %a, %b : tensor<64xi64>
  %maxu = arith.maxui %a, %b : tensor<64xi64>
  return %and, %or, %xor, %shl, %shrs, %shru, %divu, %remu, %floor, %ceil,
         %minu, %maxu : tensor<64xi64>, tensor<64xi64>, tensor<64xi64>,
         tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>,
         tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>,
         tensor<64xi64>
}
