// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// The additional ops: COPY, BUFFER_VIEW's neighbours MSTACK, MSELECT, MULTI,
// DETACH, CONTIGUOUS, CONTIGUOUS_BACKWARD, PRECAST, CUSTOM, CUSTOMI,
// CUSTOM_FUNCTION, and the pass-through ops AFTER and BARRIER.

func.func @mstack_empty() {
  // expected-error @+1 {{'uop.mstack' op expected 1 or more operands, but found 0}}
  %m = uop.mstack : tensor<4xf32>
  return
}

// -----

// SameOperandsAndResultType.
func.func @mstack_mixed(%a: tensor<4xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'uop.mstack' op requires the same type for all operands and results}}
  %m = "uop.mstack"(%a, %b) : (tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

// AllTypesMatch<["src", "result"]>.
func.func @mselect_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{'uop.mselect' op failed to verify that all of {src, result} have same type}}
  %m = "uop.mselect"(%a) <{device_index = 0 : i64}> : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @mselect_negative(%a: tensor<4xf32>) {
  // expected-error @+1 {{'uop.mselect' op attribute 'device_index' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %m = uop.mselect %a [-1] : tensor<4xf32>
  return
}

// -----

func.func @multi_empty() {
  // expected-error @+1 {{'uop.multi' op needs at least one shard}}
  %m = "uop.multi"() : () -> tensor<8xf32>
  return
}

// -----

func.func @multi_mixed(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error @+1 {{'uop.multi' op shards must share one type}}
  %m = uop.multi %a, %b : tensor<4xf32>, tensor<4xf16> -> tensor<8xf32>
  return
}

// -----

func.func @multi_axis_out_of_range(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'uop.multi' op shard axis 2 is out of range}}
  %m = uop.multi %a, %a axis 2 : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @multi_axis_of_scalar(%a: f32) {
  // expected-error @+1 {{'uop.multi' op shard axis 0 is out of range}}
  %m = uop.multi %a, %a axis 0 : f32, f32 -> vector<2xf32>
  return
}

// -----

func.func @precast_shape(%t: tensor<4xf32>) {
  // expected-error @+1 {{'uop.precast' op must keep the shape: 'tensor<4xf32>' to 'tensor<2x2xf16>'}}
  %p = uop.precast %t : tensor<4xf32> -> tensor<2x2xf16>
  return
}

// -----

func.func @precast_scalar_to_vector(%x: f32) {
  // expected-error @+1 {{'uop.precast' op must keep the shape: 'f32' to 'vector<1xf16>'}}
  %p = uop.precast %x : f32 -> vector<1xf16>
  return
}

// -----

func.func @custom_empty(%x: f32) {
  // expected-error @+1 {{'uop.custom' op needs a non-empty code template}}
  %c = uop.custom "" (%x) : (f32) -> !uop.void
  return
}

// -----

func.func @custom_unterminated(%x: f32) {
  // expected-error @+1 {{'uop.custom' op unterminated '{' in the code template}}
  %c = uop.custom "foo({0);" (%x) : (f32) -> !uop.void
  return
}

// -----

func.func @custom_placeholder(%x: f32, %y: f32) {
  // expected-error @+1 {{'uop.custom' op placeholder {2} but only 2 operands}}
  %c = uop.custom "foo({0}, {1}, {2});" (%x, %y) : (f32, f32) -> !uop.void
  return
}

// -----

func.func @customi_empty() {
  // expected-error @+1 {{'uop.customi' op needs a non-empty code template}}
  %c = uop.customi "" () : () -> f32
  return
}

// -----

func.func @customi_placeholder_no_operands() {
  // expected-error @+1 {{'uop.customi' op placeholder {0} but only 0 operands}}
  %c = uop.customi "sqrtf({0})" () : () -> f32
  return
}

// -----

func.func @customi_unterminated(%x: f32) {
  // expected-error @+1 {{'uop.customi' op unterminated '{' in the code template}}
  %c = uop.customi "({0} + {1" (%x) : (f32) -> f32
  return
}

// -----

// AllTypesMatch<["src", "result"]>.
func.func @copy_type(%x: tensor<4xf32>) {
  %d = uop.device "CPU"
  // expected-error @+1 {{'uop.copy' op failed to verify that all of {src, result} have same type}}
  %c = "uop.copy"(%x, %d) : (tensor<4xf32>, !uop.void) -> tensor<4xf16>
  return
}

// -----

func.func @copy_device_not_void(%x: tensor<4xf32>, %d: index) {
  // expected-error @+1 {{'uop.copy' op operand #1 must be !uop.void, but got 'index'}}
  %c = "uop.copy"(%x, %d) : (tensor<4xf32>, index) -> tensor<4xf32>
  return
}

// -----

func.func @detach_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'uop.detach' op requires the same type for all operands and results}}
  %c = "uop.detach"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @contiguous_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'uop.contiguous' op requires the same type for all operands and results}}
  %c = "uop.contiguous"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @contiguous_backward_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'uop.contiguous_backward' op requires the same type for all operands and results}}
  %c = "uop.contiguous_backward"(%x) : (tensor<4xf32>) -> f32
  return
}

// -----

// AllTypesMatch<["passthrough", "result"]>.
func.func @after_type(%p: !uop.ptr<f32, global>, %s: !uop.void) {
  // expected-error @+1 {{'uop.after' op failed to verify that all of {passthrough, result} have same type}}
  %a = "uop.after"(%p, %s) : (!uop.ptr<f32, global>, !uop.void) -> !uop.ptr<f16, global>
  return
}

// -----

// AllTypesMatch<["src", "result"]>.
func.func @barrier_type(%p: !uop.ptr<f32, local, 16>, %s: !uop.void) {
  // expected-error @+1 {{'uop.barrier' op failed to verify that all of {src, result} have same type}}
  %a = "uop.barrier"(%p, %s) : (!uop.ptr<f32, local, 16>, !uop.void) -> !uop.ptr<f32, local, 32>
  return
}

// -----

func.func @custom_function_not_void(%x: f32) {
  // expected-error @+1 {{'uop.custom_function' op result #0 must be !uop.void, but got 'f32'}}
  %c = "uop.custom_function"(%x) <{kind = #uop<custom_function_kind graph>}> : (f32) -> f32
  return
}

// -----

func.func @group_not_void(%x: f32) {
  // expected-error @+1 {{'uop.group' op result #0 must be !uop.void, but got 'f32'}}
  %c = "uop.group"(%x) : (f32) -> f32
  return
}

// -----

// MULTI's shard axis must lie in [0, rank): a negative axis (the attribute is
// an I64Attr) is rejected as out of range, not accepted through an unsigned
// comparison.

func.func @multi_negative_axis(%t: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'uop.multi' op shard axis -1 is out of range}}
  %m = uop.multi %t, %t axis -1 : tensor<4xf32>, tensor<4xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

// MSELECT of an MSTACK picks one of its devices.
func.func @mselect_out_of_range(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  %s = uop.mstack %a, %b : tensor<4xf32>
  // expected-error @+1 {{'uop.mselect' op device index 2 is out of range for a value on 2 devices}}
  %m = uop.mselect %s [2] : tensor<4xf32>
  return
}

// -----

func.func @mselect_multi_out_of_range(%a: tensor<4xf32>) {
  %m = uop.multi %a, %a : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // expected-error @+1 {{'uop.mselect' op device index 5 is out of range for a value on 2 devices}}
  %s = uop.mselect %m [5] : tensor<4xf32>
  return
}

// -----

// MULTI along an axis: the full value is the shards end to end.
func.func @multi_shard_shape(%a: tensor<8x16xf32>) {
  // expected-error @+1 {{'uop.multi' op result type 'tensor<8x16xf32>' is not 2 shards of 'tensor<8x16xf32>' along axis 0: expected 'tensor<16x16xf32>'}}
  %m = uop.multi %a, %a axis 0 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  return
}

// -----

func.func @multi_shard_other_dim(%a: tensor<8x16xf32>) {
  // expected-error @+1 {{expected 'tensor<8x32xf32>'}}
  %m = uop.multi %a, %a axis 1 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @multi_shard_dtype(%a: tensor<8x16xf32>) {
  // expected-error @+1 {{expected 'tensor<16x16xf32>'}}
  %m = uop.multi %a, %a axis 0 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf16>
  return
}

// -----

// Without an axis each device holds the whole value.
func.func @multi_replicated_type(%a: tensor<8x16xf32>) {
  // expected-error @+1 {{'uop.multi' op a replicated value (no axis) has its shards' type 'tensor<8x16xf32>', got 'tensor<16x16xf32>'}}
  %m = uop.multi %a, %a : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  return
}

// -----

// COPY's second operand is the destination DEVICE.
func.func @copy_to_non_device(%a: tensor<4xf32>, %u: !uop.void) {
  // expected-error @+1 {{'uop.copy' op device must be a uop.device (the copy's destination), got a block argument}}
  %c = uop.copy %a, %u : tensor<4xf32>
  return
}

// -----

func.func @copy_to_unique(%a: tensor<4xf32>) {
  %u = uop.unique 0
  // expected-error @+1 {{'uop.copy' op device must be a uop.device (the copy's destination), got uop.unique}}
  %c = uop.copy %a, %u : tensor<4xf32>
  return
}
