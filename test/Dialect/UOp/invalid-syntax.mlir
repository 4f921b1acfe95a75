// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Text the uop parsers reject: lexer and generic-parser errors, unknown
// keywords, malformed attributes and types, input cut off inside a region
// or an op. Each case gives its located error (a note where the parser adds
// one) and no crash.

//===----------------------------------------------------------------------===//
// Lexer and generic parser errors.
//===----------------------------------------------------------------------===//

// Line noise where an op should be.
func.func @f() {
  // expected-error @+1 {{@ identifier expected to start with letter or '_'}}
  @@@ ### $$$ uop.range ,,, ]]] >>>
}

// -----

// A RANGE whose commas went missing.
func.func @f(%x: index) {
  // expected-error @+1 {{expected ','}}
  %r = uop.range %x R0 global
  return
}

// -----

// A string attribute without its closing quote.
func.func @f() {
  // expected-error @+1 {{expected '"' in string literal}}
  %d = uop.device "CUDA
  return
}

// -----

// A use of a value that is never defined.
func.func @f() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %r = uop.range %nope, R0, loop
  return
}

// -----

// Two RANGEs bound to one SSA name.
func.func @f(%x: index) {
  // expected-note @+1 {{previously defined here}}
  %r = uop.range %x, R0, loop
  // expected-error @+1 {{redefinition of SSA value '%r'}}
  %r = uop.range %x, R1, loop
  return
}

// -----

// A RANGE bound must be an index; the custom form says so at the use.
// expected-note @+1 {{prior use here}}
func.func @f(%x: f32) {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'index' vs 'f32'}}
  %r = uop.range %x, R0, loop
  return
}

// -----

// An op the dialect does not have.
func.func @f(%x: index) {
  // expected-error @+1 {{custom op 'uop.frobnicate' is unknown}}
  %0 = uop.frobnicate %x : index
  return
}

// -----

// An unknown op of a registered dialect in generic form.
func.func @f(%x: index) {
  // expected-error @+1 {{unregistered operation 'uop.frobnicate' found in dialect ('uop') that does not allow unknown operations}}
  %0 = "uop.frobnicate"(%x) : (index) -> index
  return
}

// -----

// A generic RANGE whose axis_id property is an integer.
func.func @f(%x: index) {
  // expected-error @+1 {{invalid properties {axis_id = 3 : i64, axis_type = #uop<axis_type loop>} for op uop.range: Invalid attribute `axis_id` in property conversion: 3 : i64}}
  %r = "uop.range"(%x) <{axis_id = 3 : i64, axis_type = #uop<axis_type loop>}> : (index) -> index
  return
}

// -----

// A VECTORIZE typed with a scalar where a vector type is required.
func.func @f(%a: f32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %v = uop.vectorize %a, %a : f32
  return
}

// -----

//===----------------------------------------------------------------------===//
// Keywords, attributes and types of the dialect.
//===----------------------------------------------------------------------===//

// Address spaces are global, local and reg.
// expected-error @+1 {{unknown address space 'shared'; expected global, local or reg}}
func.func @f(%p: !uop.ptr<f32, shared>) {
  return
}

// -----

// A pointer to a Void.
// expected-error @+1 {{pointer element type must be a scalar or vector, got '!uop.void'}}
func.func @f(%p: !uop.ptr<!uop.void, global>) {
  return
}

// -----

// Axis ids are R<n> (renumbered) or U<n> (unrenumbered).
func.func @f(%x: index) {
  // expected-error @+1 {{expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'X3'}}
  %r = uop.range %x, X3, loop
  return
}

// -----

// The standalone #uop.axis_id attribute rejects a bare letter.
// expected-error @+1 {{expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'U'}}
func.func private @f() attributes {a = #uop.axis_id<U>}

// -----

// An axis type keyword that does not exist.
func.func @f(%x: index) {
  // expected-error @+1 {{custom op 'uop.range' unknown axis type 'grid'}}
  %r = uop.range %x, R0, grid
  return
}

// -----

// CUSTOM_FUNCTION kinds are enc_dec and graph.
func.func @f(%x: f32) {
  // expected-error @+1 {{custom op 'uop.custom_function' unknown custom function kind 'encdec'}}
  %c = uop.custom_function encdec(%x) : (f32)
  return
}

// -----

// A reduce operator keyword that does not exist (add, mul, max, min only).
func.func @f(%x: f32, %n: index) {
  %r = uop.range %n, R0, reduce
  // expected-error @+1 {{custom op 'uop.reduce' unknown reduce op 'avg'}}
  %s = uop.reduce avg %x [%r] : f32
  return
}

// -----

// REDUCE_AXIS with an upper-case operator keyword.
func.func @f(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{custom op 'uop.reduce_axis' unknown reduce op 'Add'}}
  %s = uop.reduce_axis Add %t [1] : tensor<4x4xf32> -> tensor<4xf32>
  return
}

// -----

// An (axis, factor) pair without its comma.
func.func @f(%x: f32) {
  // expected-error @+1 {{expected ','}}
  %c = uop.contract %x [(0 4)] : f32 -> vector<4xf32>
  return
}

// -----

// A BUFFERIZE options struct with a parameter it does not have.
func.func @f(%x: f32, %n: index) {
  %r = uop.range %n, R0, global
  // expected-error @+1 {{duplicate or unknown struct parameter name: size}}
  %b = uop.bufferize %x [%r] opts <size = 4> : f32 -> tensor<4xf32>
  return
}

// -----

// WMMA metadata with two dims instead of (N, M, K).
func.func @f(%a: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{wmma dims must be (N, M, K), got 2 values}}
  %d = uop.wmma %a, %a, %c <name = "w", dims = [16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Input that ends inside a region or an op.
//===----------------------------------------------------------------------===//

// A LINEAR region that is never closed inside a closed function.
// The LINEAR swallows the function's `return`, which is no op of its own.
func.func @f() {
  %l = uop.linear {
    %d = uop.device "CUDA"
  // expected-error @+2 {{custom op 'return'}}
  // expected-note @+1 {{Available dialects}}
  return
}

// -----

// A FUNCTION body that is never closed.
uop.function @f() {
  %d = uop.device "CUDA"
  %t = uop.tuple(%d) : !uop.void
  // expected-error @+1 {{expected operation name in quotes}}
  uop.sink %t : !uop.void

// -----

// The input ends in the middle of an op (this case must stay last: the error
// is at the end of the input, the line after the op).
func.func @f() {
  %c = arith.constant 4 : index
  // expected-error @+2 {{custom op 'uop.range' expected valid keyword}}
  %r = uop.range %c, R0,
