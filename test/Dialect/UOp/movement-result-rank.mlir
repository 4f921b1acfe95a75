// RUN: not uop-opt %s -split-input-file 2>&1 | FileCheck %s
//
// PERMUTE, PAD and SHRINK must keep the source rank (as EXPAND does): a result
// of higher rank would leave extra dimensions unchecked, and one of lower
// rank would make the verifiers index the result shape out of bounds. Each
// direction is rejected with "cannot change the rank (A to B)".

// CHECK: movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.permute' op cannot change the rank (2 to 3)
func.func @permute_rank_up(%t: tensor<10x20xf32>) -> tensor<20x10x3xf32> {
  %p = uop.permute %t [1, 0] : tensor<10x20xf32> -> tensor<20x10x3xf32>
  return %p : tensor<20x10x3xf32>
}

// -----

// CHECK: movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.permute' op cannot change the rank (2 to 1)
func.func @permute_rank_down(%t: tensor<10x20xf32>) -> tensor<20xf32> {
  %p = uop.permute %t [1, 0] : tensor<10x20xf32> -> tensor<20xf32>
  return %p : tensor<20xf32>
}

// -----

// CHECK: movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.pad' op cannot change the rank (1 to 2)
func.func @pad_rank_up(%t: tensor<4xf32>) -> tensor<4x5xf32> {
  %p = uop.pad %t low [0] high [0] : tensor<4xf32> -> tensor<4x5xf32>
  return %p : tensor<4x5xf32>
}

// -----

// CHECK: movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.pad' op cannot change the rank (2 to 1)
func.func @pad_rank_down(%t: tensor<4x5xf32>) -> tensor<4xf32> {
  %p = uop.pad %t low [0, 0] high [0, 0] : tensor<4x5xf32> -> tensor<4xf32>
  return %p : tensor<4xf32>
}

// -----

// CHECK: movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.shrink' op cannot change the rank (1 to 2)
func.func @shrink_rank_up(%t: tensor<4xf32>) -> tensor<2x7xf32> {
  %s = uop.shrink %t [0] to [2] : tensor<4xf32> -> tensor<2x7xf32>
  return %s : tensor<2x7xf32>
}

// -----

// CHECK: movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.shrink' op cannot change the rank (2 to 1)
func.func @shrink_rank_down(%t: tensor<4x5xf32>) -> tensor<2xf32> {
  %s = uop.shrink %t [0, 0] to [2, 5] : tensor<4x5xf32> -> tensor<2xf32>
  return %s : tensor<2xf32>
}
