// The ALU ops of the bestiary the interpreter gained (floor, ceil, round half
// away from zero, roundeven, trunc, fma, remf, erf, powf, absi, bitcast) on
// the CPU against the interpreter. Random inputs in [-1, 1) scaled by 7.5 put
// values on both sides of every rounding boundary, halves included.
// RUN: uop-run %s --entry rounding --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry fma --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry powf --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry absi --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry bitcast --target cpu --check --repeat 1 | FileCheck %s

// CHECK: mismatches=0 check=pass

func.func @rounding(%a: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %k = arith.constant dense<7.5> : tensor<64xf32>
  %x = arith.mulf %a, %k : tensor<64xf32>
  %f = math.floor %x : tensor<64xf32>
  %c = math.ceil %x : tensor<64xf32>
  %r = math.round %x : tensor<64xf32>
  %e = math.roundeven %x : tensor<64xf32>
  %t = math.trunc %x : tensor<64xf32>
  return %f, %c, %r, %e, %t : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}
func.func @fma(%a: tensor<64xf32>, %b: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %f = math.fma %a, %b, %a : tensor<64xf32>
  %r = arith.remf %a, %b : tensor<64xf32>
  %e = math.erf %a : tensor<64xf32>
  return %f, %r, %e : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}
func.func @powf(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %x = math.absf %a : tensor<64xf32>
  %p = math.powf %x, %b : tensor<64xf32>
  return %p : tensor<64xf32>
}
func.func @absi(%a: tensor<64xi32>) -> tensor<64xi32> {
  %r = math.absi %a : tensor<64xi32>
  return %r : tensor<64xi32>
}
func.func @bitcast(%a: tensor<64xf32>) -> (tensor<64xi32>, tensor<64xf32>) {
  %b = arith.bitcast %a : tensor<64xf32> to tensor<64xi32>
  %one = arith.constant dense<1> : tensor<64xi32>
  %c = arith.addi %b, %one : tensor<64xi32>
  %d = arith.bitcast %c : tensor<64xi32> to tensor<64xf32>
  return %b, %d : tensor<64xi32>, tensor<64xf32>
}
