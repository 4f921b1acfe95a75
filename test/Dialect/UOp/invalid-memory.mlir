// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of BUFFER, BUFFERIZE and BUFFER_VIEW.

func.func @buffer_unique_not_unique(%u: !uop.void) {
  %d = uop.device "CPU"
  // expected-error @+1 {{'uop.buffer' op unique must be a uop.unique or uop.lunique}}
  %b = uop.buffer %u, %d size 200 : tensor<10x20xf32>
  return
}

// -----

func.func @buffer_device_not_device(%d: !uop.void) {
  %u = uop.unique 0
  // expected-error @+1 {{'uop.buffer' op device must be a uop.device}}
  %b = uop.buffer %u, %d size 200 : tensor<10x20xf32>
  return
}

// -----

func.func @buffer_dynamic_shape() {
  %u = uop.unique 0
  %d = uop.device "CPU"
  // expected-error @+1 {{'uop.buffer' op buffer shape must be static}}
  %b = uop.buffer %u, %d size 200 : tensor<?x20xf32>
  return
}

// -----

func.func @buffer_size_mismatch_tensor() {
  %u = uop.unique 0
  %d = uop.device "CPU"
  // expected-error @+1 {{'uop.buffer' op size 100 does not match the 200 elements of 'tensor<10x20xf32>'}}
  %b = uop.buffer %u, %d size 100 : tensor<10x20xf32>
  return
}

// -----

func.func @buffer_size_mismatch_ptr() {
  %u = uop.lunique 3
  %d = uop.device "CPU"
  // expected-error @+1 {{'uop.buffer' op size 10 does not match the 64 elements of '!uop.ptr<f32, global, 64>'}}
  %b = uop.buffer %u, %d size 10 : !uop.ptr<f32, global, 64>
  return
}

// -----

func.func @buffer_negative_size() {
  %u = uop.unique 0
  %d = uop.device "CPU"
  // expected-error @+1 {{'uop.buffer' op attribute 'size' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %b = uop.buffer %u, %d size -1 : !uop.ptr<f32, global>
  return
}

// -----

func.func @buffer_not_a_buffer_type() {
  %u = uop.unique 0
  %d = uop.device "CPU"
  // expected-error @+1 {{'uop.buffer' op result #0 must be !uop.ptr or ranked tensor of any type values, but got 'vector<4xf32>'}}
  %b = "uop.buffer"(%u, %d) <{size = 4 : i64}> : (!uop.void, !uop.void) -> vector<4xf32>
  return
}

// -----

func.func @bufferize_non_range(%x: f32, %i: index) {
  // expected-error @+1 {{'uop.bufferize' op range operand #0 must be the result of a uop.range}}
  %b = uop.bufferize %x [%i] : f32 -> tensor<4xf32>
  return
}

// -----

func.func @bufferize_rank_mismatch(%x: f32) {
  %c = arith.constant 4 : index
  %r = uop.range %c, R0, global
  // expected-error @+1 {{'uop.bufferize' op a tensor result needs one dimension per range: 1 ranges, rank 2}}
  %b = uop.bufferize %x [%r] : f32 -> tensor<4x4xf32>
  return
}

// -----

func.func @bufferize_tensor_element_type(%x: f32) {
  %c = arith.constant 4 : index
  %r = uop.range %c, R0, global
  // expected-error @+1 {{'uop.bufferize' op result element type 'f16' differs from the computed type 'f32'}}
  %b = uop.bufferize %x [%r] : f32 -> tensor<4xf16>
  return
}

// -----

func.func @bufferize_ptr_element_type(%x: vector<4xf32>) {
  %c = arith.constant 4 : index
  %r = uop.range %c, R0, global
  // expected-error @+1 {{'uop.bufferize' op result element type 'i32' differs from the computed type 'vector<4xf32>'}}
  %b = uop.bufferize %x [%r] : vector<4xf32> -> !uop.ptr<i32, global>
  return
}

// -----

func.func @bufferize_scalar_result(%x: f32) {
  %c = arith.constant 4 : index
  %r = uop.range %c, R0, global
  // expected-error @+1 {{'uop.bufferize' op result must be a ranked tensor or !uop.ptr, got 'f32'}}
  %b = uop.bufferize %x [%r] : f32 -> f32
  return
}

// -----

func.func @bufferize_bad_opts(%x: f32) {
  %c = arith.constant 4 : index
  %r = uop.range %c, R0, global
  // expected-error @+1 {{invalid properties {opts = 3 : i64} for op uop.bufferize: Invalid attribute `opts` in property conversion: 3 : i64}}
  %b = "uop.bufferize"(%x, %r) <{opts = 3 : i64}> : (f32, index) -> tensor<4xf32>
  return
}

// -----

func.func @buffer_view_element_type(%p: !uop.ptr<f32, global, 200>) {
  // expected-error @+1 {{'uop.buffer_view' op view must keep the element type}}
  %v = uop.buffer_view %p size 20 offset 0 : !uop.ptr<f32, global, 200> -> !uop.ptr<f16, global, 20>
  return
}

// -----

func.func @buffer_view_out_of_bounds(%t: tensor<10x20xf32>) {
  // expected-error @+1 {{'uop.buffer_view' op view [190, 210) exceeds the buffer's 200 elements}}
  %v = uop.buffer_view %t size 20 offset 190 : tensor<10x20xf32> -> tensor<20xf32>
  return
}

// -----

func.func @buffer_view_size_mismatch(%p: !uop.ptr<f32, global>) {
  // expected-error @+1 {{'uop.buffer_view' op result type holds 10 elements, view size is 20}}
  %v = uop.buffer_view %p size 20 offset 0 : !uop.ptr<f32, global> -> !uop.ptr<f32, global, 10>
  return
}

// -----

func.func @buffer_view_negative_offset(%p: !uop.ptr<f32, global>) {
  // expected-error @+1 {{'uop.buffer_view' op attribute 'offset' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %v = uop.buffer_view %p size 20 offset -4 : !uop.ptr<f32, global> -> !uop.ptr<f32, global>
  return
}
