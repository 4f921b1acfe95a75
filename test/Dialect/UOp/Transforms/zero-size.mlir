// RUN: uop-opt %s --uop-rangeify -split-input-file -verify-diagnostics
//
// Regression test for a fixed bug, as it was reported:
// Tensors with a zero extent verify at tensor level, but the pipeline has no
// kernels for them (a RANGE of extent 0 would fold away under the ops that
// close it): uop-rangeify says so at the function instead of producing
// invalid IR. (The Python package short-cuts empty tensors itself.)

// expected-error @+1 {{uop-rangeify: tensors with a zero extent are not supported ('tensor<0x5xf32>')}}
func.func @sum_empty_axis(%a: tensor<0x5xf32>) -> tensor<5xf32> {
  %s = uop.reduce_axis add %a [0] : tensor<0x5xf32> -> tensor<5xf32>
  return %s : tensor<5xf32>
}

// -----

// expected-error @+1 {{uop-rangeify: tensors with a zero extent are not supported ('tensor<0x13xf32>')}}
func.func @empty_result(%a: tensor<7x13xf32>) -> tensor<0x13xf32> {
  %s = uop.shrink %a [3, 0] to [3, 13] : tensor<7x13xf32> -> tensor<0x13xf32>
  return %s : tensor<0x13xf32>
}
