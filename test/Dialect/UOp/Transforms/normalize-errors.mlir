// RUN: uop-opt %s --split-input-file --uop-normalize --verify-diagnostics
//
// uop-normalize's located errors.

uop.function @decode(%frame: !uop.ptr<i8, global, 64>) {
  // expected-error @+1 {{uop-normalize: CUSTOM_FUNCTION enc_dec is a runtime hook of a hardware video encoder/decoder (tinygrad's NV video decode); neither the CPU nor the CUDA target has one}}
  %h = uop.custom_function enc_dec(%frame) : (!uop.ptr<i8, global, 64>)
  uop.sink %h : !uop.void
}

// -----

// A variable read before the value a BIND gives it is computed.
uop.function @late(%out: !uop.ptr<index, global, 8>, %in: !uop.ptr<index, global, 8>) {
  %c0 = arith.constant 0 : index
  %n = uop.define_var "n" [1, 8]
  // expected-error @+1 {{uop-normalize: reads variable 'n' before the value its BIND gives it is computed}}
  %r = uop.range %n, R0, loop
  %i = uop.index %in[%c0] : !uop.ptr<index, global, 8> -> index
  %v = uop.load %in, %i : !uop.ptr<index, global, 8> -> index
  // expected-note @+1 {{bound here}}
  %b = uop.bind %n, %v
  %o = uop.index %out[%r] : !uop.ptr<index, global, 8> -> index
  %st = uop.store %o, %b [%r] : index
  uop.sink %st : !uop.void info <name = "late">
}

// -----

// A run gives a variable one value.
func.func @bind_twice() -> (index, index) {
  %n = uop.define_var "n" [1, 8]
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  // expected-note @+1 {{the first BIND}}
  %a = uop.bind %n, %c2
  // expected-error @+1 {{uop-normalize: binds 'n' to a second value; a variable has one value per run}}
  %b = uop.bind %n, %c3
  return %a, %b : index, index
}

// -----

// The same value twice is one binding.
func.func @bind_same() -> (index, index) {
  %n = uop.define_var "n" [1, 8]
  %c2 = arith.constant 2 : index
  %d2 = arith.constant 2 : index
  %a = uop.bind %n, %c2
  %b = uop.bind %n, %d2
  return %a, %b : index, index
}

// -----

uop.function @graph_of_values(%a: f32) {
  // expected-error @+1 {{uop-normalize: CUSTOM_FUNCTION graph operand #0 is not a uop.call; a graph batches kernel launches}}
  %g = uop.custom_function graph(%a) : (f32)
  uop.sink %g : !uop.void
}
