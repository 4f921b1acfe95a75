// XFAIL: *
// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// BUG: MultiOp::verify compares static_cast<int64_t>(*axis) >= rank, but a
// negative axis (the attribute is I64Attr, read back as uint64_t) passes:
// `uop.multi %t, %t axis -1` verifies and round-trips. The shard axis must lie
// in [0, rank).

func.func @multi_negative_axis(%t: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error-re @+1 {{'uop.multi' op shard axis {{.*}} is out of range}}
  %m = uop.multi %t, %t axis -1 : tensor<4xf32>, tensor<4xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}
