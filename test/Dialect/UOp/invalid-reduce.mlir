// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of REDUCE_AXIS, REDUCE and ALLREDUCE.

func.func @reduce_axis_out_of_range(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.reduce_axis' op axis 2 is out of range for rank 2}}
  %s = uop.reduce_axis add %t [2] : tensor<10x20xf32> -> tensor<10xf32>
  return
}

// -----

func.func @reduce_axis_negative(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.reduce_axis' op axis -1 is out of range for rank 2}}
  %s = uop.reduce_axis add %t [-1] : tensor<10x20xf32> -> tensor<10xf32>
  return
}

// -----

func.func @reduce_axis_twice(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.reduce_axis' op axis 1 appears twice}}
  %s = uop.reduce_axis add %t [1, 1] : tensor<10x20xf32> -> tensor<10xf32>
  return
}

// -----

func.func @reduce_axis_no_axis(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.reduce_axis' op needs at least one axis}}
  %s = uop.reduce_axis add %t [] : tensor<10x20xf32> -> tensor<10x20xf32>
  return
}

// -----

func.func @reduce_axis_element_type(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.reduce_axis' op result element type 'f16' differs from source 'f32'}}
  %s = uop.reduce_axis add %t [1] : tensor<10x20xf32> -> tensor<10xf16>
  return
}

// -----

// The seed: [10, 20] reduced over axis 1 is [10] (the axis is dropped, not kept as 1).
func.func @reduce_axis_keeps_dim(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.reduce_axis' op result shape must drop the reduced axes: expected 'tensor<10xf32>'}}
  %s = uop.reduce_axis add %t [1] : tensor<10x20xf32> -> tensor<10x1xf32>
  return
}

// -----

func.func @reduce_axis_wrong_shape(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.reduce_axis' op result shape must drop the reduced axes: expected 'tensor<20xf32>'}}
  %s = uop.reduce_axis max %t [0] : tensor<10x20xf32> -> tensor<10xf32>
  return
}

// -----

func.func @reduce_axis_not_tensor(%t: vector<10x20xf32>) {
  // expected-error @+1 {{'uop.reduce_axis' op operand #0 must be ranked tensor of any type values, but got 'vector<10x20xf32>'}}
  %s = "uop.reduce_axis"(%t) <{axes = array<i64: 1>, reduce_op = #uop<reduce_op add>}> : (vector<10x20xf32>) -> tensor<10xf32>
  return
}

// -----

func.func @reduce_without_range(%x: f32) {
  // expected-error @+1 {{'uop.reduce' op must reduce over at least one range}}
  %s = uop.reduce add %x : f32
  return
}

// -----

func.func @reduce_over_non_range(%x: f32, %i: index) {
  // expected-error @+1 {{'uop.reduce' op range operand #0 must be the result of a uop.range}}
  %s = uop.reduce add %x [%i] : f32
  return
}

// -----

func.func @reduce_second_operand_not_range(%x: f32, %i: index) {
  %c = arith.constant 8 : index
  %r = uop.range %c, R0, reduce
  // expected-error @+1 {{'uop.reduce' op range operand #1 must be the result of a uop.range}}
  %s = uop.reduce mul %x [%r, %i] : f32
  return
}

// -----

// AllTypesMatch<["src", "result"]>.
func.func @reduce_type_mismatch(%x: f32) {
  %c = arith.constant 8 : index
  %r = uop.range %c, R0, reduce
  // expected-error @+1 {{'uop.reduce' op failed to verify that all of {src, result} have same type}}
  %s = "uop.reduce"(%x, %r) <{reduce_op = #uop<reduce_op add>}> : (f32, index) -> f16
  return
}

// -----

func.func @allreduce_device_not_device(%x: f32, %d: !uop.void) {
  // expected-error @+1 {{'uop.allreduce' op device must be a uop.device}}
  %s = uop.allreduce add %x, %d : f32
  return
}

// -----

func.func @allreduce_device_not_void(%x: f32, %d: index) {
  // expected-error @+1 {{'uop.allreduce' op operand #1 must be !uop.void, but got 'index'}}
  %s = "uop.allreduce"(%x, %d) <{reduce_op = #uop<reduce_op add>}> : (f32, index) -> f32
  return
}

// -----

// AllTypesMatch<["src", "result"]>.
func.func @allreduce_type_mismatch(%x: f32) {
  %d = uop.device "CUDA:0"
  // expected-error @+1 {{'uop.allreduce' op failed to verify that all of {src, result} have same type}}
  %s = "uop.allreduce"(%x, %d) <{reduce_op = #uop<reduce_op max>}> : (f32, !uop.void) -> f64
  return
}

// -----

func.func @umax_float(%a: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{reduction umax compares integers unsigned; it needs an integer element type, got 'f32'}}
  %m = uop.reduce_axis umax %a [0] : tensor<4xf32> -> tensor<f32>
  return %m : tensor<f32>
}

// -----

func.func @umin_float_kernel(%x: f32, %r: index) -> f32 {
  // expected-error @+1 {{reduction umin compares integers unsigned; it needs an integer element type, got 'f32'}}
  %m = uop.reduce umin %x[%r] : f32
  return %m : f32
}
