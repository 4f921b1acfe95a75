// RUN: uop-run %s --entry sum_empty_axis --target cpu --check --repeat 1 | FileCheck %s --check-prefix=SUM
// RUN: uop-run %s --entry empty_result --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EMPTY
// XFAIL: *
//
// Tensors with a zero extent verify at tensor level but the pipeline turns
// them into invalid IR: uop-rangeify makes a RANGE of extent 0, uop-simplify
// folds it away (as it does for extent 1), and the REDUCE / END that closed
// it then fail the verifier inside the pass pipeline:
//
//   error: 'uop.reduce' op range operand #0 must be the result of a uop.range
//   error: 'uop.end' op range operand #0 must be the result of a uop.range
//
// (uop.Tensor of a (0, 5) array hits the same error from t.sum(0).numpy() or
// (t + 1).numpy(); the Python package now short-cuts these cases itself.)
// Expected: a reduction over an empty axis is its identity (0 for add, -inf
// for max) and an empty result needs no kernel; at the least, a diagnostic
// from uop-rangeify that names the zero extent instead of a verifier failure
// of the pass output.

// SUM: checked=5 mismatches=0 check=pass
func.func @sum_empty_axis(%a: tensor<0x5xf32>) -> tensor<5xf32> {
  %s = uop.reduce_axis add %a [0] : tensor<0x5xf32> -> tensor<5xf32>
  return %s : tensor<5xf32>
}

// EMPTY: checked=0 mismatches=0 check=pass
func.func @empty_result(%a: tensor<7x13xf32>) -> tensor<0x13xf32> {
  %s = uop.shrink %a [3, 0] to [3, 13] : tensor<7x13xf32> -> tensor<0x13xf32>
  return %s : tensor<0x13xf32>
}
