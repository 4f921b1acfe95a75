// uop-gradient's own check of its request, which the dialect's verifier
// (gradient-invalid.mlir) makes unreachable after a verified parse.
// RUN: uop-opt --uop-gradient %s --mlir-very-unsafe-disable-verifier-on-parsing -verify-diagnostics

// expected-error @below {{uop-gradient: 'uop.grad_wrt' must be an array<i64: ...> of argument indices}}
func.func @bad(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = [0]} {
  return %x : tensor<4xf32>
}
