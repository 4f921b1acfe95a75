// RUN: uop-opt %s --uop-optimize=target=cpu | FileCheck %s
//
// A kernel that reads the buffer it stores (here in place, x = 2 x) may not
// compute an output twice: the second time would read the first one's
// result. Its 1023 columns keep the exact factor, which is 1: no upcast and
// no overlapping tile.
// CHECK-LABEL: uop.function @inplace
// CHECK-NOT: arith.minsi
// CHECK-NOT: upcast
// CHECK: uop.sink
uop.function @inplace(%x: !uop.ptr<f32, global, 102300>) {
  %c100 = arith.constant 100 : index
  %c1023 = arith.constant 1023 : index
  %two = arith.constant 2.0 : f32
  %i = uop.range %c100, R0, loop
  %j = uop.range %c1023, R1, loop
  %at = uop.index %x[%i, %j] : !uop.ptr<f32, global, 102300> -> f32
  %v = uop.load %x, %at : !uop.ptr<f32, global, 102300> -> f32
  %w = arith.mulf %v, %two : f32
  %s = uop.store %at, %w : f32
  %e = uop.end %s[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "inplace">
}
