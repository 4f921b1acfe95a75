// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// A value that reads a RANGE exists only inside a loop over it: what the SINK
// collects may not read a range that an END closes, i.e. use a value of the
// loop outside it. The error names the first use after the END (the op
// itself when it comes before). These were accepted: the C target then
// failed on a loop variable out of scope, and the CUDA path (where a global
// range is a thread id) compiled the store into every thread writing out[0],
// a race.

// The loaded value of iteration i stored to out[0] after the loop.
uop.function @value_after_end(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %i = uop.range %c16, R0, global
  %ii = uop.index %in[%i] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 16> -> f32
  %oi = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %oi, %v : f32
  // expected-note @+1 {{range closed here}}
  %e = uop.end %st [%i] : !uop.void
  %o0 = uop.index %out[%c0] : !uop.ptr<f32, global, 16> -> f32
  // expected-error @+1 {{'uop.store' op uses a value that reads range R0 outside the loop of the 'uop.end' that closes it (what the SINK collects reads it)}}
  %st2 = uop.store %o0, %v : f32
  uop.sink %e, %st2 : !uop.void, !uop.void info <name = "k">
}

// -----

// An index computed in the loop, stored through after it.
uop.function @index_after_end(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c16, R0, loop
  %ii = uop.index %in[%i] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 16> -> f32
  %oi = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %oi, %v : f32
  // expected-note @+1 {{range closed here}}
  %e = uop.end %st [%i] : !uop.void
  // expected-error @+1 {{'uop.store' op uses a value that reads range R0 outside the loop of the 'uop.end' that closes it (what the SINK collects reads it)}}
  %st2 = uop.store %oi, %one : f32
  uop.sink %e, %st2 : !uop.void, !uop.void info <name = "k">
}

// -----

// The range itself after its END, in arithmetic.
uop.function @range_after_end(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %i = uop.range %c8, R0, loop
  %ii = uop.index %in[%i] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 16> -> f32
  %oi = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %oi, %v : f32
  // expected-note @+1 {{range closed here}}
  %e = uop.end %st [%i] : !uop.void
  // expected-error @+1 {{'arith.muli' op uses a value that reads range R0 outside the loop of the 'uop.end' that closes it (what the SINK collects reads it)}}
  %j = arith.muli %i, %c2 : index
  %oj = uop.index %out[%j] : !uop.ptr<f32, global, 16> -> f32
  %st2 = uop.store %oj, %v : f32
  uop.sink %e, %st2 : !uop.void, !uop.void info <name = "k">
}

// -----

// One END closing two ranges: the inner one is closed too.
uop.function @inner_range_after_end(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c4 = arith.constant 4 : index
  %i = uop.range %c4, R0, global
  %j = uop.range %c4, R1, loop
  %i4 = arith.muli %i, %c4 : index
  %ij = arith.addi %i4, %j : index
  %ii = uop.index %in[%ij] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 16> -> f32
  %jj = uop.index %in[%j] : !uop.ptr<f32, global, 16> -> f32
  %vj = uop.load %in, %jj : !uop.ptr<f32, global, 16> -> f32
  %s = arith.addf %v, %vj : f32
  %oi = uop.index %out[%ij] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %oi, %s : f32
  // expected-note @+1 {{range closed here}}
  %e = uop.end %st [%i, %j] : !uop.void
  %w = uop.range %c4, R2, loop
  %ow = uop.index %out[%w] : !uop.ptr<f32, global, 16> -> f32
  // expected-error @+1 {{'uop.store' op uses a value that reads range R1 outside the loop of the 'uop.end' that closes it (what the SINK collects reads it)}}
  %st2 = uop.store %ow, %vj : f32
  %e2 = uop.end %st2 [%w] : !uop.void
  uop.sink %e, %e2 : !uop.void, !uop.void info <name = "k">
}

// -----

// What stays valid after an END: the buffer through AFTER, values that do
// not read the range, and a new loop.
uop.function @valid_after_end(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %i = uop.range %c16, R0, loop
  %ii = uop.index %in[%i] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 16> -> f32
  %oi = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %oi, %v : f32
  %e = uop.end %st [%i] : !uop.void
  %done = uop.after %out (%e : !uop.void) : !uop.ptr<f32, global, 16>
  %k = uop.range %c16, R1, loop
  %dk = uop.index %done[%k] : !uop.ptr<f32, global, 16> -> f32
  %x = uop.load %done, %dk : !uop.ptr<f32, global, 16> -> f32
  %y = arith.addf %x, %x : f32
  %st2 = uop.store %dk, %y : f32
  %e2 = uop.end %st2 [%k] : !uop.void
  uop.sink %e2 : !uop.void info <name = "k">
}

// -----

// The same store before the END in the body's order: it is still outside
// the loop the END closes (the END does not wait for it).
uop.function @value_outside_end(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %i = uop.range %c16, R0, global
  %ii = uop.index %in[%i] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 16> -> f32
  %oi = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  %o0 = uop.index %out[%c0] : !uop.ptr<f32, global, 16> -> f32
  // expected-error @+1 {{'uop.store' op uses a value that reads range R0 outside the loop of the 'uop.end' that closes it (what the SINK collects reads it)}}
  %st2 = uop.store %o0, %v : f32
  %st = uop.store %oi, %v : f32
  // expected-note @+1 {{range closed here}}
  %e = uop.end %st [%i] : !uop.void
  uop.sink %e, %st2 : !uop.void, !uop.void info <name = "k">
}

// -----

// A range closed by two ENDs (two loops over it, as uop-devectorize makes of
// two reductions over one range): a value of the first loop used after its
// END in the second is inside a loop over the range again.
uop.function @second_loop_over_range(%out: !uop.ptr<f32, global, 16>, %out2: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c16, R0, loop
  %ii = uop.index %in[%i] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 16> -> f32
  %oi = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %oi, %v : f32
  %e = uop.end %st [%i] : !uop.void
  %o2 = uop.index %out2[%i] : !uop.ptr<f32, global, 16> -> f32
  %w = arith.addf %v, %one : f32
  %st2 = uop.store %o2, %w : f32
  %e2 = uop.end %st2 [%i] : !uop.void
  uop.sink %e, %e2 : !uop.void, !uop.void info <name = "k">
}
