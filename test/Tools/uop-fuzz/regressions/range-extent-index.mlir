// RUN: uop-opt %s --convert-uop-to-tirx -verify-diagnostics
//
// Found by uop-fuzz (seed 4242, from gpudims-symbolic-errors.mlir): a RANGE
// whose extent is an INDEX (an address) made convert-uop-to-tirx build an
// scf.for with a null upper bound (a segfault).
uop.function @loaded_extent(%out: !uop.ptr<index, global, 8>) {
  %c0 = arith.constant 0 : index
  %i = uop.index %out[%c0] : !uop.ptr<index, global, 8> -> index
  // expected-error @+1 {{convert-uop-to-tirx: the RANGE's extent has no thread-level form (is it an INDEX?)}}
  %r = uop.range %i, R0, loop
  %o = uop.index %out[%r] : !uop.ptr<index, global, 8> -> index
  %st = uop.store %o, %r : index
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "loaded_extent">
}
