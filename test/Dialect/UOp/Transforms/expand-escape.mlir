// RUN: uop-opt %s --uop-expand -verify-diagnostics
//
// Regression test for a fixed bug, as it was reported: uop-expand's "escapes the op that closes the range"
// check can never fire. The slice it checks is every transitive user of the
// upcast range that does not close it, so no op of the slice has a user
// outside the slice except the closers. A value that escapes the upcast
// range therefore pulls everything down to the SINK into the slice; the pass
// clones the closer's lanes and then erases the slice, SINK included, and
// the only error is the verifier's "'uop.function' op body must end in a
// uop.sink" on the function.
//
// Expected: the pass's own diagnostic, on the op the escaping value reaches
// outside the range (here the END that closes only R0).

uop.function @escapes(%out: !uop.ptr<f32, global, 16>, %last: !uop.ptr<index, global, 4>) {
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c4, R0, loop
  %j = uop.range %c4, R1, upcast
  %m = arith.muli %i, %c4 : index
  %x = arith.addi %m, %j : index
  %o = uop.index %out[%x] : !uop.ptr<f32, global, 16> -> f32
  %s = uop.store %o, %one : f32
  %e = uop.end %s[%i, %j] : !uop.void
  // The lanes of %x meet nowhere: this STORE is not inside the upcast range.
  %l = uop.index %last[%i] : !uop.ptr<index, global, 4> -> index
  %t = uop.store %l, %x : index
  // expected-error @+1 {{escapes the op that closes the range}}
  %f = uop.end %t[%i] : !uop.void
  uop.sink %e, %f : !uop.void, !uop.void info <name = "k">
}

