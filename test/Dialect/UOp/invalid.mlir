// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// ODS-level constraints shared by the dialect: operand segments, required
// attributes, variadic index operands, confined integer attributes and
// symbols. The rules of each op family are in invalid-<family>.mlir.

func.func @index_segments(%p: !uop.ptr<f32, global>, %i: index) {
  // expected-error @+1 {{'uop.index' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'}}
  %x = "uop.index"(%p, %i) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (!uop.ptr<f32, global>, index) -> f32
  return
}

// -----

uop.function @k() {
  uop.sink
}

func.func @program_segments() {
  %d = uop.device "CUDA"
  // expected-error @+1 {{'uop.program' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  %p = "uop.program"(%d) <{kernel = @k, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!uop.void) -> !uop.void
  return
}

// -----

func.func @call_without_callee(%x: index) {
  // expected-error @+1 {{'uop.call' op requires attribute 'callee'}}
  %c = "uop.call"(%x) : (index) -> !uop.void
  return
}

// -----

func.func @reduce_without_op(%x: f32) {
  %c = arith.constant 4 : index
  %r = uop.range %c, R0, reduce
  // expected-error @+1 {{'uop.reduce' op requires attribute 'reduce_op'}}
  %s = "uop.reduce"(%x, %r) : (f32, index) -> f32
  return
}

// -----

func.func @wmma_without_metadata(%a: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op requires attribute 'metadata'}}
  %d = "uop.wmma"(%a, %a, %c) : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
  return
}

// -----

// Range operands are index values.
func.func @end_range_not_index(%v: !uop.void, %x: i32) {
  // expected-error @+1 {{'uop.end' op operand #1 must be variadic of index, but got 'i32'}}
  %e = "uop.end"(%v, %x) : (!uop.void, i32) -> !uop.void
  return
}

// -----

func.func @store_range_not_index(%p: !uop.ptr<f32, global>, %i: index, %v: f32) {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.store' op operand #2 must be variadic of index, but got 'f32'}}
  %s = "uop.store"(%x, %v, %v) : (f32, f32, f32) -> !uop.void
  return
}

// -----

func.func @bufferize_range_not_index(%v: f32, %x: i64) {
  // expected-error @+1 {{'uop.bufferize' op operand #1 must be variadic of index, but got 'i64'}}
  %b = "uop.bufferize"(%v, %x) : (f32, i64) -> tensor<4xf32>
  return
}

// -----

func.func @range_dep_not_index(%n: index, %x: i32) {
  // expected-error @+1 {{'uop.range' op operand #1 must be variadic of index, but got 'i32'}}
  %r = "uop.range"(%n, %x) <{axis_id = #uop.axis_id<R1>, axis_type = #uop<axis_type loop>}> : (index, i32) -> index
  return
}

// -----

func.func @define_var_not_index() {
  // expected-error @+1 {{'uop.define_var' op result #0 must be index, but got 'i32'}}
  %v = "uop.define_var"() <{name = "n", min_val = 0 : i64, max_val = 4 : i64}> : () -> i32
  return
}

// -----

// Confined integer attributes.
func.func @param_negative_size() {
  // expected-error @+1 {{'uop.param' op attribute 'size' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %p = uop.param 0 size -16 : !uop.ptr<f32, global>
  return
}

// -----

func.func @buffer_view_negative_size(%p: !uop.ptr<f32, global>) {
  // expected-error @+1 {{'uop.buffer_view' op attribute 'size' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %v = uop.buffer_view %p size -1 offset 0 : !uop.ptr<f32, global> -> !uop.ptr<f32, global>
  return
}

// -----

func.func @define_var_wrong_attr_type() {
  // expected-error @+1 {{invalid properties {max_val = "4", min_val = 0 : i64, name = "n"} for op uop.define_var: Invalid attribute `max_val` in property conversion: "4"}}
  %v = "uop.define_var"() <{name = "n", min_val = 0 : i64, max_val = "4"}> : () -> index
  return
}

// -----

// FUNCTIONs are symbols of the module.
// expected-note @+1 {{see existing symbol definition here}}
uop.function @twice() {
  uop.sink
}

// expected-error @+1 {{redefinition of symbol named 'twice'}}
uop.function @twice() {
  uop.sink
}

// -----

func.func @gep_indices_not_array(%v: vector<4xf32>) {
  // expected-error @+1 {{invalid properties {indices = [0, 1]} for op uop.gep: Invalid attribute `indices` in property conversion: [0, 1]}}
  %x = "uop.gep"(%v) <{indices = [0, 1]}> : (vector<4xf32>) -> vector<2xf32>
  return
}

// -----

func.func @flip_flags_not_bool(%t: tensor<2xf32>) {
  // expected-error @+1 {{invalid properties {axes = array<i64: 1, 0>} for op uop.flip: Invalid attribute `axes` in property conversion: array<i64: 1, 0>}}
  %f = "uop.flip"(%t) <{axes = array<i64: 1, 0>}> : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// A STORE whose result is not Void (generic form reaches the verifier).
func.func @f(%p: !uop.ptr<f32, global>, %i: index, %v: f32) {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.store' op result #0 must be !uop.void, but got 'f32'}}
  %s = "uop.store"(%x, %v) : (f32, f32) -> f32
  return
}
