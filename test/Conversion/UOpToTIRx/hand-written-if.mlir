// RUN: uop-opt %s --convert-uop-to-tirx | FileCheck %s
// RUN: uop-opt %s --uop-to-nvvm=chip=sm_80 | FileCheck %s --check-prefix=NVVM
//
// Regression test for a fixed bug, as it was reported: a hand-written IF of
// a kernel (`uop.if %cond (%store)` and its `uop.endif`) had no tirx form
// (convert-uop-to-tirx: "no tirx form for this op"), and --uop-to-c stored
// unconditionally. The IF becomes gates: its STORE and the LOAD only that
// store needs run under scf.if on its condition (out[t] = in[t] for t < 50).

// CHECK-LABEL: tirx.prim_func @guarded
// CHECK-SAME: (%[[OUT:.*]]: !tirx.buffer<100xf32, global>, %[[IN:.*]]: !tirx.buffer<100xf32, global>)
// CHECK: %[[T:.*]] = tirx.scope_id_def kernel -> cta [100]
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[T]], %{{.*}} : index
// CHECK: %[[V:.*]] = scf.if %[[LT]] -> (f32) {
// CHECK-NEXT: %[[L:.*]] = tirx.buffer_load %[[IN]][%[[T]]]
// CHECK-NEXT: scf.yield %[[L]] : f32
// CHECK: scf.if %[[LT]] {
// CHECK-NEXT: tirx.buffer_store %[[V]], %[[OUT]][%[[T]]]
// CHECK-NEXT: }
// CHECK-NOT: buffer_store

// NVVM: gpu.module
// NVVM: llvm.func @guarded

uop.function @guarded(%out: !uop.ptr<f32, global, 100>, %in: !uop.ptr<f32, global, 100>) {
  %c100 = arith.constant 100 : index
  %c50 = arith.constant 50 : index
  %t = uop.special %c100, blockIdx.x
  %lt = arith.cmpi slt, %t, %c50 : index
  %ii = uop.index %in[%t] : !uop.ptr<f32, global, 100> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 100> -> f32
  %oi = uop.index %out[%t] : !uop.ptr<f32, global, 100> -> f32
  %st = uop.store %oi, %v : f32
  %if = uop.if %lt (%st : !uop.void) : i1
  %endif = uop.endif %if
  uop.sink %endif : !uop.void info <name = "guarded">
}
uop.function @main(%x: !uop.ptr<f32, global, 100>, %y: !uop.ptr<f32, global, 100>) {
  %c = uop.call @guarded(%y, %x) : (!uop.ptr<f32, global, 100>, !uop.ptr<f32, global, 100>)
  uop.sink %c : !uop.void
}
