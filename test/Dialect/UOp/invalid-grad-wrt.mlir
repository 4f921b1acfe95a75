// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// The dialect's verifier of `uop.grad_wrt`, uop-gradient's request
// (UOpDialect.cpp): one case per rule. The pass's own errors are in
// Transforms/gradient-invalid.mlir.

func.func @not_a_function(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'arith.negf' op 'uop.grad_wrt' belongs on a function}}
  %n = arith.negf %x {uop.grad_wrt = array<i64: 0>} : tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' must be an array<i64: ...> of argument indices}}
func.func @integer(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = 1 : i64} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' must be an array<i64: ...> of argument indices}}
func.func @array_attr(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = [0]} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' needs a function body of one block}}
func.func private @declaration(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' needs a function body of one block}}
func.func @two_blocks(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>} {
  cf.br ^next
^next:
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' needs a single float tensor result}}
func.func @two_results(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {uop.grad_wrt = array<i64: 0>} {
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' needs a single float tensor result}}
func.func @no_result(%x: tensor<4xf32>) attributes {uop.grad_wrt = array<i64: 0>} {
  return
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' needs a single float tensor result}}
func.func @int_result(%x: tensor<4xf32>) -> tensor<4xi32> attributes {uop.grad_wrt = array<i64: 0>} {
  %i = arith.fptosi %x : tensor<4xf32> to tensor<4xi32>
  return %i : tensor<4xi32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' needs a single float tensor result}}
func.func @scalar_result(%x: f32) -> f32 attributes {uop.grad_wrt = array<i64: 0>} {
  return %x : f32
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' names argument 1, which is not a float tensor argument}}
func.func @int_arg(%x: tensor<4xf32>, %i: tensor<4xi32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 1>} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' names argument 2, which is not a float tensor argument}}
func.func @out_of_range(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0, 2>} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' names argument -1, which is not a float tensor argument}}
func.func @negative(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: -1>} {
  return %x : tensor<4xf32>
}
