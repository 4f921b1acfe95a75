// RUN: not uop-opt %s -split-input-file 2>&1 | FileCheck %s --implicit-check-not=922337203685477
//
// PERMUTE, EXPAND, PAD and SHRINK (like RESHAPE) need static shapes: a
// dynamic dimension is rejected with "needs static shapes" before the
// verifiers do any arithmetic on getDimSize(), so ShapedType::kDynamic
// (INT64_MIN) must never leak into a diagnostic (--implicit-check-not). Each
// case is also wrong in a static dimension, so an error is due whatever the
// dynamic-dims policy.

// CHECK: error: 'uop.expand' op needs static shapes
func.func @expand(%t: tensor<?x4xf32>) -> tensor<3x5xf32> {
  %e = uop.expand %t : tensor<?x4xf32> -> tensor<3x5xf32>
  return %e : tensor<3x5xf32>
}

// -----

// CHECK: error: 'uop.pad' op needs static shapes
func.func @pad(%t: tensor<?x4xf32>) -> tensor<?x5xf32> {
  %p = uop.pad %t low [1, 0] high [0, 0] : tensor<?x4xf32> -> tensor<?x5xf32>
  return %p : tensor<?x5xf32>
}

// -----

// CHECK: error: 'uop.shrink' op needs static shapes
func.func @shrink(%t: tensor<?x4xf32>) -> tensor<1x5xf32> {
  %s = uop.shrink %t [0, 0] to [1, 5] : tensor<?x4xf32> -> tensor<1x5xf32>
  return %s : tensor<1x5xf32>
}

// -----

// CHECK: error: 'uop.permute' op needs static shapes, got 'tensor<?x4xf32>' -> 'tensor<4x?xf32>'
func.func @permute(%t: tensor<?x4xf32>) -> tensor<4x?xf32> {
  %p = uop.permute %t [1, 0] : tensor<?x4xf32> -> tensor<4x?xf32>
  return %p : tensor<4x?xf32>
}
