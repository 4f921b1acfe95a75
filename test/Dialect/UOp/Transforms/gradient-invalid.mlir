// uop-gradient's own diagnostics. The request's rules are the dialect
// verifier's (test/Dialect/UOp/invalid-grad-wrt.mlir).
// RUN: uop-opt --uop-gradient %s -split-input-file -verify-diagnostics

func.func @atan(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>} {
  // expected-error @below {{uop-gradient: no gradient rule for 'math.atan'}}
  %r = math.atan %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @below {{uop-gradient: a symbol @taken_vjp already exists}}
func.func @taken(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>} {
  return %x : tensor<4xf32>
}
func.func @taken_vjp(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
