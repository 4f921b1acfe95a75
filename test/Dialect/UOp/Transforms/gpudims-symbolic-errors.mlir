// RUN: uop-opt %s --uop-gpudims -verify-diagnostics
//
// A thread (local) RANGE launches its extent: it must be a constant or a
// shape variable's (launched at its upper bound and gated).
uop.function @loaded_extent(%out: !uop.ptr<index, global, 8>) {
  %c0 = arith.constant 0 : index
  %i = uop.index %out[%c0] : !uop.ptr<index, global, 8> -> index
  %n = uop.load %out, %i : !uop.ptr<index, global, 8> -> index
  // expected-error @+1 {{uop-gpudims: a global or local RANGE needs a constant extent or a shape variable's}}
  %r = uop.range %n, R0, local
  %o = uop.index %out[%r] : !uop.ptr<index, global, 8> -> index
  %st = uop.store %o, %r : index
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "loaded_extent">
}
