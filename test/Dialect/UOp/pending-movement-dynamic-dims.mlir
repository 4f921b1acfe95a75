// XFAIL: *
// RUN: not uop-opt %s -split-input-file 2>&1 | FileCheck %s --implicit-check-not=922337203685477
//
// BUG: EXPAND, PAD and SHRINK accept any ranked tensor, but their verifiers
// do arithmetic on getDimSize() of dynamic dims, so ShapedType::kDynamic
// (INT64_MIN) leaks into the diagnostics:
//   'uop.expand' op can only broadcast size-1 dimensions; dimension 0 is
//       -9223372036854775808, result has 3
//   'uop.pad' op result dimension 0 must be -9223372036854775807, got ...
//   'uop.shrink' op bounds [0, 1) of dimension 0 must satisfy
//       0 <= begin <= end <= -9223372036854775808
// Each case below is wrong in a static dimension too, so whatever the policy
// for dynamic dims (reject them like RESHAPE's "needs static shapes", or
// skip them), an error is due, and it must not print the sentinel.

// CHECK: error: 'uop.expand' op
func.func @expand(%t: tensor<?x4xf32>) -> tensor<3x5xf32> {
  %e = uop.expand %t : tensor<?x4xf32> -> tensor<3x5xf32>
  return %e : tensor<3x5xf32>
}

// -----

// CHECK: error: 'uop.pad' op
func.func @pad(%t: tensor<?x4xf32>) -> tensor<?x5xf32> {
  %p = uop.pad %t low [1, 0] high [0, 0] : tensor<?x4xf32> -> tensor<?x5xf32>
  return %p : tensor<?x5xf32>
}

// -----

// CHECK: error: 'uop.shrink' op
func.func @shrink(%t: tensor<?x4xf32>) -> tensor<1x5xf32> {
  %s = uop.shrink %t [0, 0] to [1, 5] : tensor<?x4xf32> -> tensor<1x5xf32>
  return %s : tensor<1x5xf32>
}
