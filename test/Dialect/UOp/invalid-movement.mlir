// RUN: uop-opt %s -split-input-file -verify-diagnostics
// RUN: not uop-opt %s -split-input-file 2>&1 | not grep 922337203685477
//
// Verifier rules of the movement ops RESHAPE, PERMUTE, EXPAND, PAD, SHRINK
// and FLIP.

func.func @reshape_element_type(%t: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'uop.reshape' op cannot change the element type ('f32' to 'f16')}}
  %r = uop.reshape %t : tensor<2x3x4xf32> -> tensor<6x4xf16>
  return
}

// -----

func.func @reshape_dynamic(%t: tensor<?x4xf32>) {
  // expected-error @+1 {{'uop.reshape' op needs static shapes}}
  %r = uop.reshape %t : tensor<?x4xf32> -> tensor<24xf32>
  return
}

// -----

func.func @reshape_count(%t: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'uop.reshape' op cannot reshape 24 elements into 25}}
  %r = uop.reshape %t : tensor<2x3x4xf32> -> tensor<5x5xf32>
  return
}

// -----

func.func @reshape_of_vector(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.reshape' op operand #0 must be ranked tensor of any type values, but got 'vector<4xf32>'}}
  %r = "uop.reshape"(%v) : (vector<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reshape_unranked(%t: tensor<*xf32>) {
  // expected-error @+1 {{'uop.reshape' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %r = "uop.reshape"(%t) : (tensor<*xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @permute_element_type(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.permute' op cannot change the element type ('f32' to 'i32')}}
  %p = uop.permute %t [1, 0] : tensor<10x20xf32> -> tensor<20x10xi32>
  return
}

// -----

func.func @permute_axis_count(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.permute' op needs one axis per dimension: 1 axes for rank 2}}
  %p = uop.permute %t [0] : tensor<10x20xf32> -> tensor<10x20xf32>
  return
}

// -----

func.func @permute_repeated_axis(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.permute' op axes must be a permutation of 0..1}}
  %p = uop.permute %t [0, 0] : tensor<10x20xf32> -> tensor<10x10xf32>
  return
}

// -----

func.func @permute_axis_out_of_range(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.permute' op axes must be a permutation of 0..1}}
  %p = uop.permute %t [2, 0] : tensor<10x20xf32> -> tensor<20x10xf32>
  return
}

// -----

func.func @permute_negative_axis(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.permute' op axes must be a permutation of 0..1}}
  %p = uop.permute %t [-1, 0] : tensor<10x20xf32> -> tensor<20x10xf32>
  return
}

// -----

func.func @permute_result_shape(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.permute' op result dimension 0 must be source dimension 1 (20), got 10}}
  %p = uop.permute %t [1, 0] : tensor<10x20xf32> -> tensor<10x20xf32>
  return
}

// -----

func.func @expand_rank(%t: tensor<1x4xf32>) {
  // expected-error @+1 {{'uop.expand' op cannot change the rank (2 to 3)}}
  %e = uop.expand %t : tensor<1x4xf32> -> tensor<2x1x4xf32>
  return
}

// -----

func.func @expand_non_unit(%t: tensor<2x4xf32>) {
  // expected-error @+1 {{'uop.expand' op can only broadcast size-1 dimensions; dimension 0 is 2, result has 4}}
  %e = uop.expand %t : tensor<2x4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @expand_element_type(%t: tensor<1x4xf32>) {
  // expected-error @+1 {{'uop.expand' op cannot change the element type ('f32' to 'f64')}}
  %e = uop.expand %t : tensor<1x4xf32> -> tensor<3x4xf64>
  return
}

// -----

func.func @pad_count(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.pad' op needs one begin and one end pad per dimension}}
  %p = uop.pad %t low [1, 1] high [1] : tensor<4x5xf32> -> tensor<6x7xf32>
  return
}

// -----

func.func @pad_negative(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.pad' op pads must be non-negative; dimension 0 has (-1, 0)}}
  %p = uop.pad %t low [-1, 0] high [0, 0] : tensor<4x5xf32> -> tensor<3x5xf32>
  return
}

// -----

func.func @pad_result_shape(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.pad' op result dimension 1 must be 7, got 6}}
  %p = uop.pad %t low [0, 1] high [0, 1] : tensor<4x5xf32> -> tensor<4x6xf32>
  return
}

// -----

func.func @pad_element_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{'uop.pad' op cannot change the element type ('f32' to 'bf16')}}
  %p = uop.pad %t low [1] high [1] : tensor<4xf32> -> tensor<6xbf16>
  return
}

// -----

func.func @shrink_count(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.shrink' op needs one begin and one end per dimension}}
  %s = uop.shrink %t [0] to [2, 2] : tensor<4x5xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @shrink_reversed(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.shrink' op bounds [2, 1) of dimension 0 must satisfy 0 <= begin <= end <= 4}}
  %s = uop.shrink %t [2, 0] to [1, 5] : tensor<4x5xf32> -> tensor<1x5xf32>
  return
}

// -----

func.func @shrink_past_end(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.shrink' op bounds [0, 6) of dimension 1 must satisfy 0 <= begin <= end <= 5}}
  %s = uop.shrink %t [0, 0] to [4, 6] : tensor<4x5xf32> -> tensor<4x6xf32>
  return
}

// -----

func.func @shrink_negative(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.shrink' op bounds [-1, 2) of dimension 0 must satisfy 0 <= begin <= end <= 4}}
  %s = uop.shrink %t [-1, 0] to [2, 5] : tensor<4x5xf32> -> tensor<3x5xf32>
  return
}

// -----

func.func @shrink_result_shape(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.shrink' op result dimension 0 must be 2, got 3}}
  %s = uop.shrink %t [1, 0] to [3, 5] : tensor<4x5xf32> -> tensor<3x5xf32>
  return
}

// -----

func.func @shrink_element_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{'uop.shrink' op cannot change the element type ('f32' to 'i8')}}
  %s = uop.shrink %t [0] to [2] : tensor<4xf32> -> tensor<2xi8>
  return
}

// -----

func.func @flip_flag_count(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.flip' op needs one flag per axis: 1 flags for rank 2}}
  %f = uop.flip %t [true] : tensor<4x5xf32>
  return
}

// -----

// AllTypesMatch<["src", "result"]>.
func.func @flip_type(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'uop.flip' op failed to verify that all of {src, result} have same type}}
  %f = "uop.flip"(%t) <{axes = array<i1: true, false>}> : (tensor<4x5xf32>) -> tensor<5x4xf32>
  return
}

// -----

// PERMUTE, PAD and SHRINK must keep the source rank (as EXPAND does): a result
// of higher rank would leave extra dimensions unchecked, and one of lower
// rank would make the verifiers index the result shape out of bounds. Each
// direction is rejected with "cannot change the rank (A to B)".
func.func @permute_rank_up(%t: tensor<10x20xf32>) -> tensor<20x10x3xf32> {
  // expected-error @+1 {{'uop.permute' op cannot change the rank (2 to 3)}}
  %p = uop.permute %t [1, 0] : tensor<10x20xf32> -> tensor<20x10x3xf32>
  return %p : tensor<20x10x3xf32>
}

// -----

func.func @permute_rank_down(%t: tensor<10x20xf32>) -> tensor<20xf32> {
  // expected-error @+1 {{'uop.permute' op cannot change the rank (2 to 1)}}
  %p = uop.permute %t [1, 0] : tensor<10x20xf32> -> tensor<20xf32>
  return %p : tensor<20xf32>
}

// -----

func.func @pad_rank_up(%t: tensor<4xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'uop.pad' op cannot change the rank (1 to 2)}}
  %p = uop.pad %t low [0] high [0] : tensor<4xf32> -> tensor<4x5xf32>
  return %p : tensor<4x5xf32>
}

// -----

func.func @pad_rank_down(%t: tensor<4x5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'uop.pad' op cannot change the rank (2 to 1)}}
  %p = uop.pad %t low [0, 0] high [0, 0] : tensor<4x5xf32> -> tensor<4xf32>
  return %p : tensor<4xf32>
}

// -----

func.func @shrink_rank_up(%t: tensor<4xf32>) -> tensor<2x7xf32> {
  // expected-error @+1 {{'uop.shrink' op cannot change the rank (1 to 2)}}
  %s = uop.shrink %t [0] to [2] : tensor<4xf32> -> tensor<2x7xf32>
  return %s : tensor<2x7xf32>
}

// -----

func.func @shrink_rank_down(%t: tensor<4x5xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'uop.shrink' op cannot change the rank (2 to 1)}}
  %s = uop.shrink %t [0, 0] to [2, 5] : tensor<4x5xf32> -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

// PERMUTE, EXPAND, PAD and SHRINK (like RESHAPE) need static shapes: a
// dynamic dimension is rejected with "needs static shapes" before the
// verifiers do any arithmetic on getDimSize(), so ShapedType::kDynamic
// (INT64_MIN) must never leak into a diagnostic (the second RUN line). Each
// case is also wrong in a static dimension, so an error is due whatever the
// dynamic-dims policy.
func.func @expand(%t: tensor<?x4xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'uop.expand' op needs static shapes}}
  %e = uop.expand %t : tensor<?x4xf32> -> tensor<3x5xf32>
  return %e : tensor<3x5xf32>
}

// -----

func.func @pad(%t: tensor<?x4xf32>) -> tensor<?x5xf32> {
  // expected-error @+1 {{'uop.pad' op needs static shapes}}
  %p = uop.pad %t low [1, 0] high [0, 0] : tensor<?x4xf32> -> tensor<?x5xf32>
  return %p : tensor<?x5xf32>
}

// -----

func.func @shrink(%t: tensor<?x4xf32>) -> tensor<1x5xf32> {
  // expected-error @+1 {{'uop.shrink' op needs static shapes}}
  %s = uop.shrink %t [0, 0] to [1, 5] : tensor<?x4xf32> -> tensor<1x5xf32>
  return %s : tensor<1x5xf32>
}

// -----

func.func @permute(%t: tensor<?x4xf32>) -> tensor<4x?xf32> {
  // expected-error @+1 {{'uop.permute' op needs static shapes or dynamic dimensions named by #uop.sym, got 'tensor<?x4xf32>' -> 'tensor<4x?xf32>'}}
  %p = uop.permute %t [1, 0] : tensor<?x4xf32> -> tensor<4x?xf32>
  return %p : tensor<4x?xf32>
}
