// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of FUNCTION, CALL, SINK, TUPLE and GET_TUPLE.

// A FUNCTION is Void: several outputs go through a TUPLE in the SINK.
// expected-error @+1 {{'uop.function' op a FUNCTION is Void and has no results; return several values through a uop.tuple in the sink}}
uop.function @with_result(%x: index) -> index {
  uop.sink %x : index
}

// -----

// expected-error @+1 {{'uop.function' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
uop.function @no_body(%x: index)

// -----

// expected-error @+1 {{'uop.function' op entry block must have 1 arguments to match function signature}}
"uop.function"() <{function_type = (index) -> (), sym_name = "arity"}> ({
  "uop.sink"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'uop.function' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('index')}}
"uop.function"() <{function_type = (index) -> (), sym_name = "arg_type"}> ({
^bb0(%a: f32):
  "uop.sink"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'uop.function' op requires attribute 'function_type'}}
"uop.function"() <{sym_name = "no_type"}> ({
  "uop.sink"() : () -> ()
}) : () -> ()

// -----

func.func @sink_outside_function() {
  // expected-error @+1 {{'uop.sink' op expects parent op 'uop.function'}}
  uop.sink
}

// -----

// A func.return cannot end a FUNCTION: the body must end in a SINK. The
// FUNCTION's own verifier runs before the nested func.return's parent check.
// expected-error @+1 {{'uop.function' op body must end in a uop.sink}}
uop.function @func_return_in_function() {
  func.return
}

// -----

// LINEAR is IsolatedFromAbove: its ops see only its block arguments.
uop.function @isolated(%x: index) {
  // expected-note @+1 {{required by region isolation constraints}}
  %l = uop.linear {
    // expected-error @+1 {{'uop.range' op using value defined outside the region}}
    %r = uop.range %x, R0, loop
  }
  uop.sink
}

// -----

func.func @call_unknown() {
  // expected-error @+1 {{'uop.call' op 'nope' does not name a uop.function}}
  %c = "uop.call"() <{callee = @nope}> : () -> !uop.void
  return
}

// -----

func.func @plain_func() {
  return
}

func.func @call_of_func_func(%x: f32) {
  // expected-error @+1 {{'uop.call' op 'plain_func' does not name a uop.function}}
  %c = uop.call @plain_func(%x) : (f32)
  return
}

// -----

uop.function @two_args(%a: index, %b: f32) {
  uop.sink
}

func.func @call_arity(%a: index) {
  // expected-error @+1 {{'uop.call' op passes 1 arguments to 'two_args', which takes 2}}
  %c = uop.call @two_args(%a) : (index)
  return
}

// -----

uop.function @two_args(%a: index, %b: f32) {
  uop.sink
}

func.func @call_arg_type(%a: index, %b: f16) {
  // expected-error @+1 {{'uop.call' op argument #1 has type 'f16', 'two_args' expects 'f32'}}
  %c = uop.call @two_args(%a, %b) : (index, f16)
  return
}

// -----

uop.function @one_arg(%a: index) {
  uop.sink
}

func.func @call_result_not_void(%a: index) {
  // expected-error @+1 {{'uop.call' op result #0 must be !uop.void, but got 'index'}}
  %c = "uop.call"(%a) <{callee = @one_arg}> : (index) -> index
  return
}

// -----

func.func @tuple_not_void(%a: index) {
  // expected-error @+1 {{'uop.tuple' op result #0 must be !uop.void, but got 'tuple<index>'}}
  %t = "uop.tuple"(%a) : (index) -> tuple<index>
  return
}

// -----

func.func @get_tuple_of_non_tuple(%v: !uop.void) {
  // expected-error @+1 {{'uop.get_tuple' op source must be a uop.tuple or a uop.call of a function returning one}}
  %x = uop.get_tuple %v[0] : f32
  return
}

// -----

func.func @get_tuple_of_device() {
  %d = uop.device "CPU"
  // expected-error @+1 {{'uop.get_tuple' op source must be a uop.tuple or a uop.call of a function returning one}}
  %x = uop.get_tuple %d[0] : f32
  return
}

// -----

func.func @get_tuple_out_of_range(%a: f32, %b: index) {
  %t = uop.tuple(%a, %b) : f32, index
  // expected-error @+1 {{'uop.get_tuple' op index 2 is out of range for a tuple of 2 elements}}
  %x = uop.get_tuple %t[2] : f32
  return
}

// -----

func.func @get_tuple_wrong_type(%a: f32, %b: index) {
  %t = uop.tuple(%a, %b) : f32, index
  // expected-error @+1 {{'uop.get_tuple' op result type 'f32' differs from the element type 'index'}}
  %x = uop.get_tuple %t[1] : f32
  return
}

// -----

func.func @get_tuple_negative_index(%a: f32) {
  %t = uop.tuple(%a) : f32
  // expected-error @+1 {{'uop.get_tuple' op attribute 'index' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %x = uop.get_tuple %t[-1] : f32
  return
}

// -----

func.func @get_tuple_of_empty_tuple() {
  %t = "uop.tuple"() : () -> !uop.void
  // expected-error @+1 {{'uop.get_tuple' op index 0 is out of range for a tuple of 0 elements}}
  %x = uop.get_tuple %t[0] : f32
  return
}

// -----

// A FUNCTION with an empty body region.
// expected-error @+1 {{'uop.function' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
uop.function @empty_body()

// -----

// A FUNCTION body must end in a terminator, its SINK. The FUNCTION verifier
// reports a body without one on the function itself.
// expected-error @+1 {{'uop.function' op body must end in a uop.sink}}
uop.function @no_terminator() {
  %d = uop.device "CUDA"
}

// -----

// A FUNCTION's body must end in a SINK (the op description, the docs and
// PROGRAM's checks rely on it, and FunctionOp::getSink() returns it). A body
// ending in any other terminator without a parent constraint (here
// llvm.unreachable) is rejected by FunctionOp::verify.
// expected-error @+1 {{'uop.function' op body must end in a uop.sink}}
uop.function @no_sink(%p: !uop.ptr<f32, global>) {
  llvm.unreachable
}

// -----

// GET_TUPLE of a CALL reads the tuple the called function's SINK returns.
uop.function @returns_pair(%a: f32) {
  %t = uop.tuple(%a, %a) : f32, f32
  uop.sink %t : !uop.void
}

func.func @get_tuple_of_call_out_of_range(%a: f32) {
  %c = uop.call @returns_pair(%a) : (f32)
  // expected-error @+1 {{'uop.get_tuple' op index 2 is out of range for a tuple of 2 elements}}
  %g = uop.get_tuple %c[2] : f32
  return
}

// -----

uop.function @returns_pair(%a: f32) {
  %t = uop.tuple(%a, %a) : f32, f32
  uop.sink %t : !uop.void
}

func.func @get_tuple_of_call_type(%a: f32) {
  %c = uop.call @returns_pair(%a) : (f32)
  // expected-error @+1 {{'uop.get_tuple' op result type 'i32' differs from the element type 'f32'}}
  %g = uop.get_tuple %c[0] : i32
  return
}

// -----

uop.function @returns_nothing(%a: f32) {
  uop.sink
}

func.func @get_tuple_of_call_no_tuple(%a: f32) {
  %c = uop.call @returns_nothing(%a) : (f32)
  // expected-error @+1 {{'uop.get_tuple' op the called function @returns_nothing does not return a uop.tuple (its uop.sink must have one uop.tuple source)}}
  %g = uop.get_tuple %c[0] : f32
  return
}
