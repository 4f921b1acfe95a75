// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
//
// The seed's RESHAPE example: BUFFER[2, 3, 4] reshaped to [6, 4]. The new
// shape is the result type.
//
//   RESHAPE(new_shape=[6, 4]) : Shape[6, 4]
//   ├── BUFFER[2, 3, 4] : Float32
//   └── CONST([6, 4]) : Shape

// CHECK-LABEL: func.func @reshape
// CHECK: %[[B:.*]] = uop.buffer %{{.*}}, %{{.*}} size 24 : tensor<2x3x4xf32>
// CHECK: %[[R:.*]] = uop.reshape %[[B]] : tensor<2x3x4xf32> -> tensor<6x4xf32>
// CHECK: return %[[R]] : tensor<6x4xf32>
// CANON-LABEL: func.func @reshape
// CANON: uop.reshape %{{.*}} : tensor<2x3x4xf32> -> tensor<6x4xf32>
func.func @reshape() -> tensor<6x4xf32> {
  %u = uop.unique 0
  %d = uop.device "CPU"
  %b = uop.buffer %u, %d size 24 : tensor<2x3x4xf32>
  %r = uop.reshape %b : tensor<2x3x4xf32> -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// The other movement ops of the seed's table on the same buffer.
// CHECK-LABEL: func.func @movement
// CHECK-SAME: (%[[T:.*]]: tensor<2x3x4xf32>)
func.func @movement(%t: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<4x5x4xf32>, tensor<1x2x4xf32>, tensor<2x3x4xf32>) {
  // CHECK: uop.permute %[[T]] [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %p = uop.permute %t [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  // CHECK: %[[S:.*]] = uop.shrink %[[T]] [0, 0, 0] to [2, 1, 4] : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  %s = uop.shrink %t [0, 0, 0] to [2, 1, 4] : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  // CHECK: uop.expand %[[S]] : tensor<2x1x4xf32> -> tensor<2x3x4xf32>
  %e = uop.expand %s : tensor<2x1x4xf32> -> tensor<2x3x4xf32>
  // CHECK: uop.pad %[[T]] low [1, 1, 0] high [1, 1, 0] : tensor<2x3x4xf32> -> tensor<4x5x4xf32>
  %d = uop.pad %t low [1, 1, 0] high [1, 1, 0] : tensor<2x3x4xf32> -> tensor<4x5x4xf32>
  // CHECK: uop.shrink %[[T]] [1, 1, 0] to [2, 3, 4] : tensor<2x3x4xf32> -> tensor<1x2x4xf32>
  %k = uop.shrink %t [1, 1, 0] to [2, 3, 4] : tensor<2x3x4xf32> -> tensor<1x2x4xf32>
  // CHECK: uop.flip %[[T]] [false, true, false] : tensor<2x3x4xf32>
  %f = uop.flip %t [false, true, false] : tensor<2x3x4xf32>
  return %p, %e, %d, %k, %f : tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<4x5x4xf32>, tensor<1x2x4xf32>, tensor<2x3x4xf32>
}

// A chain of reshapes collapses into one.
// CHECK-LABEL: func.func @reshape_chain
// CANON-LABEL: func.func @reshape_chain
// CANON: %[[R:.*]] = uop.reshape %{{.*}} : tensor<2x3x4xf32> -> tensor<4x6xf32>
// CANON-NOT: uop.reshape
// CANON: return %[[R]]
func.func @reshape_chain(%t: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %a = uop.reshape %t : tensor<2x3x4xf32> -> tensor<6x4xf32>
  %b = uop.reshape %a : tensor<6x4xf32> -> tensor<24xf32>
  %c = uop.reshape %b : tensor<24xf32> -> tensor<4x6xf32>
  return %c : tensor<4x6xf32>
}
