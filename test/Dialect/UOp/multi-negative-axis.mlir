// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// MULTI's shard axis must lie in [0, rank): a negative axis (the attribute is
// an I64Attr) is rejected as out of range, not accepted through an unsigned
// comparison.

func.func @multi_negative_axis(%t: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'uop.multi' op shard axis -1 is out of range}}
  %m = uop.multi %t, %t axis -1 : tensor<4xf32>, tensor<4xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}
