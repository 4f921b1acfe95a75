// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// REDUCE_AXIS with an upper-case operator keyword.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-reduce-axis-op.mlir:[[@LINE+3]]:24: error: custom op 'uop.reduce_axis' unknown reduce op 'Add'
// CHECK-NOT: Stack dump
func.func @f(%t: tensor<4x4xf32>) {
  %s = uop.reduce_axis Add %t [1] : tensor<4x4xf32> -> tensor<4xf32>
  return
}
