// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of INDEX, POINTER_INDEX, LOAD and STORE.

func.func @index_no_index(%p: !uop.ptr<f32, global>) {
  // expected-error @+1 {{'uop.index' op needs at least one index}}
  %i = uop.index %p[] : !uop.ptr<f32, global> -> f32
  return
}

// -----

func.func @index_tensor_rank(%t: tensor<4x8xf32>, %i: index) {
  // expected-error @+1 {{'uop.index' op expected 2 indices (one per dimension) or 1, got 3}}
  %x = uop.index %t[%i, %i, %i] : tensor<4x8xf32> -> f32
  return
}

// -----

func.func @index_wrong_element(%p: !uop.ptr<f32, global>, %i: index) {
  // expected-error @+1 {{'uop.index' op result must be the buffer's element type 'f32' or a vector of it, got 'f16'}}
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f16
  return
}

// -----

func.func @index_wrong_vector(%p: !uop.ptr<f32, global>, %i: index) {
  // expected-error @+1 {{'uop.index' op result must be the buffer's element type 'f32' or a vector of it, got 'vector<4xi32>'}}
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> vector<4xi32>
  return
}

// -----

func.func @index_result_is_pointer(%p: !uop.ptr<f32, global>, %i: index) {
  // expected-error @+1 {{'uop.index' op result must be the buffer's element type 'f32' or a vector of it, got '!uop.ptr<f32, global>'}}
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> !uop.ptr<f32, global>
  return
}

// -----

func.func @index_gate_not_i1(%p: !uop.ptr<f32, global>, %i: index, %g: i32) {
  // expected-error @+1 {{'uop.index' op operand #2 must be i1 condition, but got 'i32'}}
  %x = "uop.index"(%p, %i, %g) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!uop.ptr<f32, global>, index, i32) -> f32
  return
}

// -----

func.func @index_of_non_buffer(%v: vector<4xf32>, %i: index) {
  // expected-error @+1 {{'uop.index' op operand #0 must be !uop.ptr or ranked tensor of any type values, but got 'vector<4xf32>'}}
  %x = "uop.index"(%v, %i) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (vector<4xf32>, index) -> f32
  return
}

// -----

func.func @index_float_index(%p: !uop.ptr<f32, global>, %i: f32) {
  // expected-error @+1 {{'uop.index' op operand #1 must be variadic of index, but got 'f32'}}
  %x = "uop.index"(%p, %i) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global>, f32) -> f32
  return
}

// -----

// AllTypesMatch<["ptr", "result"]>.
func.func @pointer_index_type_mismatch(%p: !uop.ptr<f32, global>, %o: index) {
  // expected-error @+1 {{'uop.pointer_index' op failed to verify that all of {ptr, result} have same type}}
  %q = "uop.pointer_index"(%p, %o) : (!uop.ptr<f32, global>, index) -> !uop.ptr<f32, local>
  return
}

// -----

func.func @pointer_index_of_tensor(%t: tensor<4xf32>, %o: index) {
  // expected-error @+1 {{'uop.pointer_index' op operand #0 must be !uop.ptr, but got 'tensor<4xf32>'}}
  %q = "uop.pointer_index"(%t, %o) : (tensor<4xf32>, index) -> tensor<4xf32>
  return
}

// -----

func.func @load_index_not_index(%p: !uop.ptr<f32, global>, %x: f32) {
  // expected-error @+1 {{'uop.load' op index must be the result of a uop.index}}
  %v = uop.load %p, %x : !uop.ptr<f32, global> -> f32
  return
}

// -----

func.func @load_other_buffer(%p: !uop.ptr<f32, global>, %q: !uop.ptr<f32, global>, %i: index) {
  %x = uop.index %q[%i] : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.load' op loads from a different buffer than its index}}
  %v = uop.load %p, %x : !uop.ptr<f32, global> -> f32
  return
}

// -----

func.func @load_alt_without_gate(%p: !uop.ptr<f32, global>, %i: index) {
  %zero = arith.constant 0.0 : f32
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.load' op alt value needs a gated uop.index}}
  %v = uop.load %p, %x alt %zero : !uop.ptr<f32, global> -> f32
  return
}

// -----

// AllTypesMatch<["index", "result"]>.
func.func @load_result_type(%p: !uop.ptr<f32, global>, %i: index) {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.load' op failed to verify that all of {index, result} have same type}}
  %v = "uop.load"(%p, %x) : (!uop.ptr<f32, global>, f32) -> vector<2xf32>
  return
}

// -----

// OptionalTypesMatchWith<"alt has the loaded type", "result", "alt", "$_self">.
func.func @load_alt_type(%p: !uop.ptr<f32, global>, %i: index, %g: i1) {
  %zero = arith.constant 0 : i32
  %x = uop.index %p[%i] gate %g : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.load' op failed to verify that alt has the loaded type}}
  %v = "uop.load"(%p, %x, %zero) : (!uop.ptr<f32, global>, f32, i32) -> f32
  return
}

// -----

func.func @load_alt_type_custom(%p: !uop.ptr<f32, global>, %i: index, %g: i1) {
  %zero = arith.constant 0 : i32
  %x = uop.index %p[%i] gate %g : !uop.ptr<f32, global> -> f32
  // The custom form types alt with the loaded type.
  // expected-error @+2 {{use of value '%zero' expects different type than prior uses: 'f32' vs 'i32'}}
  // expected-note @-4 {{prior use here}}
  %v = uop.load %p, %x alt %zero : !uop.ptr<f32, global> -> f32
  return
}

// -----

func.func @store_index_not_index(%x: f32, %y: f32) {
  // expected-error @+1 {{'uop.store' op index must be the result of a uop.index}}
  %s = uop.store %x, %y : f32
  return
}

// -----

func.func @store_non_range(%p: !uop.ptr<f32, global>, %i: index, %y: f32) {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.store' op range operand #0 must be the result of a uop.range}}
  %s = uop.store %x, %y [%i] : f32
  return
}

// -----

// AllTypesMatch<["index", "value"]>.
func.func @store_value_type(%p: !uop.ptr<f32, global>, %i: index, %y: f16) {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.store' op failed to verify that all of {index, value} have same type}}
  %s = "uop.store"(%x, %y) : (f32, f16) -> !uop.void
  return
}

// -----

func.func @store_result_not_void(%p: !uop.ptr<f32, global>, %i: index, %y: f32) {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.store' op result #0 must be !uop.void, but got 'f32'}}
  %s = "uop.store"(%x, %y) : (f32, f32) -> f32
  return
}

// -----

// A LOAD through a PTRCAT reads the buffer of its first INDEX.
uop.function @ptrcat_load_other_buffer(%a: !uop.ptr<f32, global, 4>, %b: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %ia = uop.index %a[%c0] : !uop.ptr<f32, global, 4> -> vector<2xf32>
  %ib = uop.index %b[%c0] : !uop.ptr<f32, global, 4> -> vector<2xf32>
  %p = uop.ptrcat %ia, %ib : vector<2xf32>, vector<2xf32> -> vector<4xf32>
  // expected-error @+1 {{'uop.load' op loads from a different buffer than its PTRCAT's first index}}
  %v = uop.load %b, %p : !uop.ptr<f32, global, 4> -> vector<4xf32>
  uop.sink
}
