// RUN: uop-opt %s --uop-to-nvvm=chip=sm_80 -split-input-file -verify-diagnostics -o /dev/null
//
// Found by uop-fuzz (crash in passes, seed test/Dialect/UOp/program.mlir): a
// STORE whose value is an INDEX (an address in convert-uop-to-tirx, which
// has no value for it) made the pass build a tirx store of a null value and
// segfault. It is now a located error.
uop.function @k(%p: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, R0, global
  %i = uop.index %p[%r] : !uop.ptr<f32, global, 4> -> f32
  // expected-error @+1 {{the stored value has no thread-level form}}
  %s = uop.store %i, %i [%r] : f32
  uop.sink %s : !uop.void info <name = "k">
}
uop.function @sched(%p: !uop.ptr<f32, global, 4>) {
  %c = uop.call @k(%p) : (!uop.ptr<f32, global, 4>)
  uop.sink %c : !uop.void
}

// -----

// Found by uop-fuzz (crash in passes, seed test/Target/C/nan.mlir): an INDEX
// used as an ALU operand was cloned into the tirx kernel still pointing at the
// erased uop op (the verifier then read freed memory).
uop.function @k(%p: !uop.ptr<f32, global, 4>, %q: !uop.ptr<i1, global, 4>) {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, R0, global
  %i = uop.index %p[%r] : !uop.ptr<f32, global, 4> -> f32
  %v = uop.load %p, %i : !uop.ptr<f32, global, 4> -> f32
  // expected-error @+1 {{an operand has no thread-level form}}
  %c = arith.cmpf olt, %v, %i : f32
  %o = uop.index %q[%r] : !uop.ptr<i1, global, 4> -> i1
  %s = uop.store %o, %c : i1
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}
uop.function @sched(%p: !uop.ptr<f32, global, 4>, %q: !uop.ptr<i1, global, 4>) {
  %c = uop.call @k(%p, %q) : (!uop.ptr<f32, global, 4>, !uop.ptr<i1, global, 4>)
  uop.sink %c : !uop.void
}
