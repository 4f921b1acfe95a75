// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of VECTORIZE, GEP, VCONST, CAT and PTRCAT.

func.func @vectorize_2d(%a: f32) {
  // expected-error @+1 {{expected a 1-D vector type}}
  %v = uop.vectorize %a, %a, %a, %a : vector<2x2xf32>
  return
}

// -----

func.func @vectorize_scalar_type(%a: f32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %v = uop.vectorize %a : f32
  return
}

// -----

func.func @vectorize_count(%a: f32) {
  // expected-error @+1 {{'uop.vectorize' op has 3 elements but the vector width is 4}}
  %v = uop.vectorize %a, %a, %a : vector<4xf32>
  return
}

// -----

// The seed: all elements share one base dtype.
func.func @vectorize_element_type(%a: f32, %b: f16) {
  // expected-error @+1 {{'uop.vectorize' op element #1 has type 'f16', expected 'f32'}}
  %v = "uop.vectorize"(%a, %b) : (f32, f16) -> vector<2xf32>
  return
}

// -----

// The custom form types every element with the vector's element type.
// expected-note @+1 {{prior use here}}
func.func @vectorize_custom_element_type(%a: f32, %b: f16) {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'f32' vs 'f16'}}
  %v = uop.vectorize %a, %b : vector<2xf32>
  return
}

// -----

func.func @vectorize_generic_2d(%a: f32) {
  // expected-error @+1 {{'uop.vectorize' op result must be a 1-D vector}}
  %v = "uop.vectorize"(%a, %a, %a, %a) : (f32, f32, f32, f32) -> vector<2x2xf32>
  return
}

// -----

func.func @vectorize_not_vector(%a: f32) {
  // expected-error @+1 {{'uop.vectorize' op result #0 must be vector of any type values, but got 'f32'}}
  %v = "uop.vectorize"(%a) : (f32) -> f32
  return
}

// -----

func.func @gep_2d(%v: vector<2x2xf32>) {
  // expected-error @+1 {{'uop.gep' op source must be a 1-D vector}}
  %x = uop.gep %v [0] : vector<2x2xf32> -> f32
  return
}

// -----

func.func @gep_no_index(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.gep' op needs at least one index}}
  %x = uop.gep %v [] : vector<4xf32> -> f32
  return
}

// -----

func.func @gep_out_of_range(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.gep' op index 4 is out of range for a vector of 4 elements}}
  %x = uop.gep %v [4] : vector<4xf32> -> f32
  return
}

// -----

func.func @gep_negative(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.gep' op index -1 is out of range for a vector of 4 elements}}
  %x = uop.gep %v [0, -1] : vector<4xf32> -> vector<2xf32>
  return
}

// -----

// The seed: several indices give a shorter vector.
func.func @gep_result_width(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.gep' op result type must be 'vector<2xf32>' for 2 indices, got 'vector<3xf32>'}}
  %x = uop.gep %v [0, 2] : vector<4xf32> -> vector<3xf32>
  return
}

// -----

// The seed: one index gives a scalar.
func.func @gep_single_index_vector(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.gep' op result type must be 'f32' for 1 indices, got 'vector<1xf32>'}}
  %x = uop.gep %v [1] : vector<4xf32> -> vector<1xf32>
  return
}

// -----

func.func @gep_element_type(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.gep' op result type must be 'f32' for 1 indices, got 'i32'}}
  %x = uop.gep %v [1] : vector<4xf32> -> i32
  return
}

// -----

func.func @gep_of_scalar(%s: f32) {
  // expected-error @+1 {{'uop.gep' op operand #0 must be vector of any type values, but got 'f32'}}
  %x = "uop.gep"(%s) <{indices = array<i64: 0>}> : (f32) -> f32
  return
}

// -----

// AllTypesMatch<["value", "result"]>.
func.func @vconst_type_mismatch() {
  // expected-error @+1 {{'uop.vconst' op failed to verify that all of {value, result} have same type}}
  %k = "uop.vconst"() <{value = dense<[1, 2]> : vector<2xi32>}> : () -> vector<2xi64>
  return
}

// -----

func.func @vconst_tensor() {
  // expected-error @+1 {{'uop.vconst' op result #0 must be vector of any type values, but got 'tensor<2xf32>'}}
  %k = uop.vconst dense<[1.0, 2.0]> : tensor<2xf32>
  return
}

// -----

func.func @vconst_not_elements() {
  // expected-error @+1 {{invalid properties {value = 1 : i32} for op uop.vconst: Invalid attribute `value` in property conversion: 1 : i32}}
  %k = "uop.vconst"() <{value = 1 : i32}> : () -> vector<1xi32>
  return
}

// -----

func.func @cat_empty() {
  // expected-error @+1 {{'uop.cat' op needs at least one source}}
  %c = "uop.cat"() : () -> vector<4xf32>
  return
}

// -----

func.func @cat_element_type(%a: vector<4xf32>, %b: vector<4xf16>) {
  // expected-error @+1 {{'uop.cat' op source #1 of type 'vector<4xf16>' is not a scalar or 1-D vector of 'f32'}}
  %c = uop.cat %a, %b : vector<4xf32>, vector<4xf16> -> vector<8xf32>
  return
}

// -----

func.func @cat_2d_source(%a: vector<2x2xf32>) {
  // expected-error @+1 {{'uop.cat' op source #0 of type 'vector<2x2xf32>' is not a scalar or 1-D vector of 'f32'}}
  %c = uop.cat %a : vector<2x2xf32> -> vector<4xf32>
  return
}

// -----

// The seed: the output vcount is the sum of the input vcounts.
func.func @cat_width(%a: vector<4xf32>, %b: vector<4xf32>) {
  // expected-error @+1 {{'uop.cat' op result width must be the sum of the source widths (8), got 'vector<6xf32>'}}
  %c = uop.cat %a, %b : vector<4xf32>, vector<4xf32> -> vector<6xf32>
  return
}

// -----

func.func @cat_result_element(%a: vector<4xf32>, %b: f32) {
  // expected-error @+1 {{'uop.cat' op result width must be the sum of the source widths (5), got 'vector<5xf16>'}}
  %c = uop.cat %a, %b : vector<4xf32>, f32 -> vector<5xf16>
  return
}

// -----

func.func @ptrcat_empty() {
  // expected-error @+1 {{'uop.ptrcat' op needs at least one source}}
  %c = "uop.ptrcat"() : () -> vector<4xf32>
  return
}

// -----

func.func @ptrcat_not_index(%p: !uop.ptr<f32, global>, %i: index, %x: f32) {
  %a = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  // expected-error @+1 {{'uop.ptrcat' op source #1 must be a uop.index}}
  %c = uop.ptrcat %a, %x : f32, f32 -> vector<2xf32>
  return
}

// -----

func.func @ptrcat_element_type(%p: !uop.ptr<f32, global>, %q: !uop.ptr<f16, global>, %i: index) {
  %a = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  %b = uop.index %q[%i] : !uop.ptr<f16, global> -> f16
  // expected-error @+1 {{'uop.ptrcat' op sources must share the element type 'f32'}}
  %c = uop.ptrcat %a, %b : f32, f16 -> vector<2xf32>
  return
}

// -----

func.func @ptrcat_width(%p: !uop.ptr<f32, global>, %i: index) {
  %a = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  %b = uop.index %p[%i] : !uop.ptr<f32, global> -> vector<2xf32>
  // expected-error @+1 {{'uop.ptrcat' op result width must be the sum of the source widths (3), got 'vector<4xf32>'}}
  %c = uop.ptrcat %a, %b : f32, vector<2xf32> -> vector<4xf32>
  return
}
