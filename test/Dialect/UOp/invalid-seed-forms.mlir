// RUN: uop-opt %s --split-input-file --verify-diagnostics
//
// Verifier rules of the seed forms issue 41 items 13 and 16 gave a meaning:
// STORE closing ranges (it is END(STORE)), PRECAST, CUSTOM_FUNCTION.

// A STORE closing range R0 is the END of R0: the SINK may not collect a
// value of the loop after it.
uop.function @store_then_use(%out: !uop.ptr<f32, global, 8>, %x: f32) {
  %c8 = arith.constant 8 : index
  %i = uop.range %c8, R0, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  // expected-note @+1 {{range closed here}}
  %st = uop.store %o, %x [%i] : f32
  // expected-error @+1 {{uses a value that reads range R0 outside the loop of the 'uop.store' that closes it}}
  %o2 = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %s2 = uop.store %o2, %x : f32
  uop.sink %st, %s2 : !uop.void, !uop.void info <name = "store_then_use">
}

// -----

// A STORE closes only RANGEs.
uop.function @store_closes_value(%out: !uop.ptr<f32, global, 8>, %x: f32) {
  %c0 = arith.constant 0 : index
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 8> -> f32
  // expected-error @+1 {{}}
  %st = uop.store %o, %x [%c0] : f32
  uop.sink %st : !uop.void info <name = "store_closes_value">
}

// -----

func.func @precast_pointer(%a: !uop.ptr<f32, global>) -> !uop.ptr<i32, global> {
  // expected-error @+1 {{casts values: the element types must be integers, index or floats, got '!uop.ptr<f32, global>' to '!uop.ptr<i32, global>'}}
  %b = uop.precast %a : !uop.ptr<f32, global> -> !uop.ptr<i32, global>
  return %b : !uop.ptr<i32, global>
}

// -----

uop.function @hook_in_kernel(%out: !uop.ptr<i8, global, 4>) {
  // expected-error @+1 {{is a runtime hook: it belongs in a schedule, not in kernel @hook_in_kernel}}
  %h = uop.custom_function enc_dec(%out) : (!uop.ptr<i8, global, 4>)
  uop.sink %h : !uop.void info <name = "hook_in_kernel">
}
