// uop-gradient on input the verifier did not see: the pass runs the
// dialect's check of its request itself, so a malformed request is the
// verifier's error, not a crash.
// RUN: uop-opt --uop-gradient %s --mlir-very-unsafe-disable-verifier-on-parsing -split-input-file -verify-diagnostics

// expected-error @below {{'func.func' op 'uop.grad_wrt' must be an array<i64: ...> of argument indices}}
func.func @bad(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = [0]} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' names argument 3, which is not a float tensor argument}}
func.func @out_of_range(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 3>} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @below {{'func.func' op 'uop.grad_wrt' needs a single float tensor result}}
func.func @two_results(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {uop.grad_wrt = array<i64: 0>} {
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}
