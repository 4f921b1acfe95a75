// XFAIL: *
// RUN: not uop-opt %s -split-input-file 2>&1 | FileCheck %s
//
// BUG: PermuteOp, PadOp and ShrinkOp verifiers never compare the result rank
// with the source rank. They index the result shape with source dimensions:
//  - a result of higher rank is accepted silently (the extra dims are never
//    checked), e.g. pad tensor<4xf32> -> tensor<4x5xf32>;
//  - a result of lower rank is read out of bounds (ArrayRef::operator[] past
//    the end), giving garbage like "result dimension 1 must be source
//    dimension 0 (10), got 94306474324672" (an assertion in debug builds).
// Each must be rejected with a rank diagnostic (as EXPAND does: "cannot
// change the rank (2 to 3)").

// CHECK: pending-movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.permute' op {{.*}}rank
func.func @permute_rank_up(%t: tensor<10x20xf32>) -> tensor<20x10x3xf32> {
  %p = uop.permute %t [1, 0] : tensor<10x20xf32> -> tensor<20x10x3xf32>
  return %p : tensor<20x10x3xf32>
}

// -----

// CHECK: pending-movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.permute' op {{.*}}rank
func.func @permute_rank_down(%t: tensor<10x20xf32>) -> tensor<20xf32> {
  %p = uop.permute %t [1, 0] : tensor<10x20xf32> -> tensor<20xf32>
  return %p : tensor<20xf32>
}

// -----

// CHECK: pending-movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.pad' op {{.*}}rank
func.func @pad_rank_up(%t: tensor<4xf32>) -> tensor<4x5xf32> {
  %p = uop.pad %t low [0] high [0] : tensor<4xf32> -> tensor<4x5xf32>
  return %p : tensor<4x5xf32>
}

// -----

// CHECK: pending-movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.pad' op {{.*}}rank
func.func @pad_rank_down(%t: tensor<4x5xf32>) -> tensor<4xf32> {
  %p = uop.pad %t low [0, 0] high [0, 0] : tensor<4x5xf32> -> tensor<4xf32>
  return %p : tensor<4xf32>
}

// -----

// CHECK: pending-movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.shrink' op {{.*}}rank
func.func @shrink_rank_up(%t: tensor<4xf32>) -> tensor<2x7xf32> {
  %s = uop.shrink %t [0] to [2] : tensor<4xf32> -> tensor<2x7xf32>
  return %s : tensor<2x7xf32>
}

// -----

// CHECK: pending-movement-result-rank.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'uop.shrink' op {{.*}}rank
func.func @shrink_rank_down(%t: tensor<4x5xf32>) -> tensor<2xf32> {
  %s = uop.shrink %t [0, 0] to [2, 5] : tensor<4x5xf32> -> tensor<2xf32>
  return %s : tensor<2xf32>
}
