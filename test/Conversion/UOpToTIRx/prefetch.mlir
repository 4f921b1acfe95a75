// RUN: uop-opt %s --convert-uop-to-tirx | FileCheck %s
//
// PREFETCH is a CPU cache hint: a GPU thread runs without it, and what
// waited for it (an AFTER) reads the same buffer.

// CHECK-LABEL: tirx.prim_func @copy
// CHECK-NOT: prefetch
// CHECK: %[[T:.*]] = tirx.scope_id_def cta -> thread [64]
// CHECK: %[[V:.*]] = tirx.buffer_load %arg1[%[[T]]] : !tirx.buffer<64xf32, global>
// CHECK: tirx.buffer_store %[[V]], %arg0[%[[T]]] : !tirx.buffer<64xf32, global>
uop.function @copy(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %t = uop.special %c64, threadIdx.x
  %o = uop.index %out[%t] : !uop.ptr<f32, global, 64> -> f32
  %p = uop.prefetch %o write locality 3 : f32
  %a = uop.after %in (%p : !uop.void) : !uop.ptr<f32, global, 64>
  %x = uop.index %a[%t] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %a, %x : !uop.ptr<f32, global, 64> -> f32
  %so = uop.store %o, %v : f32
  uop.sink %so : !uop.void info <name = "copy">
}
