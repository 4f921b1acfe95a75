// Every diagnostic of uop-gradient, and the dialect's checks of its request.
// RUN: uop-opt --uop-gradient %s -split-input-file -verify-diagnostics

func.func @atan(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>} {
  // expected-error @below {{uop-gradient: no gradient rule for 'math.atan'}}
  %r = math.atan %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @below {{uop-gradient: argument 1 is not a float tensor argument}}
func.func @int_arg(%x: tensor<4xf32>, %i: tensor<4xi32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 1>} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{uop-gradient: argument 2 is not a float tensor argument}}
func.func @out_of_range(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0, 2>} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{uop-gradient: argument -1 is not a float tensor argument}}
func.func @negative(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: -1>} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{uop-gradient: needs a function with one block}}
func.func private @declaration(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>}

// -----

// expected-error @below {{uop-gradient: needs a single float tensor result}}
func.func @two_results(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {uop.grad_wrt = array<i64: 0>} {
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}

// -----

// expected-error @below {{uop-gradient: needs a single float tensor result}}
func.func @int_result(%x: tensor<4xf32>) -> tensor<4xi32> attributes {uop.grad_wrt = array<i64: 0>} {
  %i = arith.fptosi %x : tensor<4xf32> to tensor<4xi32>
  return %i : tensor<4xi32>
}

// -----

// expected-error @below {{uop-gradient: a symbol @taken_vjp already exists}}
func.func @taken(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>} {
  return %x : tensor<4xf32>
}
func.func @taken_vjp(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' must be an array<i64: ...>}}
func.func @bad(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = 1 : i64} {
  return %x : tensor<4xf32>
}

// -----

func.func @not_a_function(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'arith.negf' op 'uop.grad_wrt' belongs on a function}}
  %n = arith.negf %x {uop.grad_wrt = array<i64: 0>} : tensor<4xf32>
  return %n : tensor<4xf32>
}
