// RUN: uop-opt %s -split-input-file --uop-gpudims | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-optimize="target=cuda" | FileCheck %s --check-prefix=OPT
//
// A global RANGE over a shape variable launches the variable's upper bound
// (997 blocks: a prime, so uop-optimize finds no thread split) and every
// access to a kernel argument is gated on `blockIdx.x < n`; a gate the
// access had is kept (and-ed). Accesses to registers are not gated.

// CHECK-LABEL: uop.function @copy
// CHECK: %[[N:.*]] = uop.define_var "n"[1, 997]
// CHECK: %[[C997:.*]] = arith.constant 997 : index
// CHECK: %[[ID:.*]] = uop.special %[[C997]], blockIdx.x
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[ID]], %[[N]] : index
// CHECK: %[[G:.*]] = arith.andi %{{.*}}, %[[OK]] : i1
// CHECK: uop.index %arg1[%[[ID]]] gate %[[G]]
// CHECK: uop.index %arg0[%[[ID]]] gate %[[OK]]
uop.function @copy(%out: !uop.ptr<f32, global> {uop.capacity = 997 : i64},
                   %in: !uop.ptr<f32, global> {uop.capacity = 997 : i64}) {
  %zero = arith.constant 0.0 : f32
  %c3 = arith.constant 3 : index
  %n = uop.define_var "n" [1, 997]
  %r = uop.range %n, R0, global
  %odd = arith.cmpi uge, %r, %c3 : index
  %i = uop.index %in[%r] gate %odd : !uop.ptr<f32, global> -> f32
  %v = uop.load %in, %i alt %zero : !uop.ptr<f32, global> -> f32
  %o = uop.index %out[%r] : !uop.ptr<f32, global> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "copy">
}

// -----

// uop-optimize{target=cuda}: the innermost output range over n <= 1024 is
// split into 4 x 256 at the bound and the accesses gated on the sum.
// OPT-LABEL: uop.function @scale
// OPT: %[[N:.*]] = uop.define_var "n"[1, 1024]
// OPT: %[[B:.*]] = uop.range %c4, R1, global
// OPT: %[[T:.*]] = uop.range %c256, R2, local
// OPT: %[[M:.*]] = arith.muli %[[B]], %c256
// OPT: %[[I:.*]] = arith.addi %[[M]], %[[T]] : index
// OPT: %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
// OPT: uop.index %arg1[%[[I]]] gate %[[OK]]
// OPT: uop.index %arg0[%[[I]]] gate %[[OK]]
// OPT: applied_opts = [<LOCAL, 0, 256>]
uop.function @scale(%out: !uop.ptr<f32, global> {uop.capacity = 1024 : i64},
                    %in: !uop.ptr<f32, global> {uop.capacity = 1024 : i64}) {
  %two = arith.constant 2.0 : f32
  %n = uop.define_var "n" [1, 1024]
  %r = uop.range %n, R0, loop
  %i = uop.index %in[%r] : !uop.ptr<f32, global> -> f32
  %v = uop.load %in, %i : !uop.ptr<f32, global> -> f32
  %w = arith.mulf %v, %two : f32
  %o = uop.index %out[%r] : !uop.ptr<f32, global> -> f32
  %st = uop.store %o, %w : f32
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "scale">
}
