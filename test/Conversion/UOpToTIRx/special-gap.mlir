// RUN: uop-opt %s --convert-uop-to-tirx -verify-diagnostics
//
// BUG (crash): a kernel with blockIdx.y but no blockIdx.x crashes
// convert-uop-to-tirx (a null value reaches tirx.buffer_store). defineIds()
// collects the block extents from x upwards and stops at the missing x, so
// it returns before its "must start at x without gaps" check, and the
// blockIdx.y SPECIAL is never mapped. threadIdx.y without threadIdx.x is the
// same.
//
// Expected: the diagnostic below.

uop.function @y_without_x(%out: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{convert-uop-to-tirx: SPECIAL dimensions must start at x without gaps}}
  %y = uop.special %c8, blockIdx.y
  %o = uop.index %out[%y] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "y_without_x">
}
