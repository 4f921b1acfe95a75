// RUN: uop-opt %s -split-input-file -verify-diagnostics | FileCheck %s
//
// `uop.unsigned` marks a function's integer tensor argument or result as
// unsigned (MLIR integers are signless; runners read it).

// CHECK-LABEL: func.func @u32
// CHECK-SAME: (%{{.*}}: tensor<4xi32> {uop.unsigned}) -> (tensor<4xi8> {uop.unsigned})
func.func @u32(%a: tensor<4xi32> {uop.unsigned}) -> (tensor<4xi8> {uop.unsigned}) {
  %t = arith.trunci %a : tensor<4xi32> to tensor<4xi8>
  return %t : tensor<4xi8>
}

// -----

// expected-error @+1 {{'func.func' op 'uop.unsigned' on argument 0 of type 'tensor<4xf32>': needs an integer element type wider than 1 bit}}
func.func @float_arg(%a: tensor<4xf32> {uop.unsigned}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op 'uop.unsigned' on result 0 of type 'tensor<4xi1>': needs an integer element type wider than 1 bit}}
func.func @bool_result(%a: tensor<4xi1>) -> (tensor<4xi1> {uop.unsigned}) {
  return %a : tensor<4xi1>
}

// -----

// expected-error @+1 {{'func.func' op 'uop.unsigned' is a unit attribute}}
func.func @not_unit(%a: tensor<4xi32> {uop.unsigned = 1 : i32}) -> tensor<4xi32> {
  return %a : tensor<4xi32>
}
