// RUN: uop-opt --uop-gradient %s -split-input-file -verify-diagnostics

func.func @rem(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>} {
  // expected-error @below {{uop-gradient: no gradient rule for 'arith.remf'}}
  %r = arith.remf %x, %y : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @below {{uop-gradient: argument 1 is not a float tensor argument}}
func.func @int_arg(%x: tensor<4xf32>, %i: tensor<4xi32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 1>} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' must be an array<i64: ...>}}
func.func @bad(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = 1 : i64} {
  return %x : tensor<4xf32>
}
