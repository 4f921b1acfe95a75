// RUN: uop-opt %s --uop-rangeify --uop-split-kernels | FileCheck %s
//
// Regression test for a fixed bug, as it was reported: a function that returns the same tensor twice is a valid
// tensor-level program (and the interpreter runs it), but rangeify realizes
// the value once and uop-split-kernels then rejects the function: "the same
// value is returned twice; return a copy".
//
// Expected: both outputs are written (a copy, or one kernel storing both).

// CHECK: uop.function @same(%{{.*}}: !uop.ptr<f32, global, 4>, %{{.*}}: !uop.ptr<f32, global, 4>, %{{.*}}: !uop.ptr<f32, global, 4>)
func.func @same(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = uop.contiguous %a : tensor<4xf32>
  return %e, %e : tensor<4xf32>, tensor<4xf32>
}
