// RUN: uop-opt %s -split-input-file --uop-linearize | FileCheck %s
//
// uop-linearize: each kernel's loop tree is written as the flat op list of a
// `uop.linear` region: an op goes in the innermost loop of the ranges it
// reads, a RANGE opens a loop and one END per loop closes it (inner first),
// and a gated STORE is wrapped in IF / ENDIF. The schedule gets the LINEAR
// and a PROGRAM that refers to it right before the kernel's first CALL. The
// kernel FUNCTIONs stay.

// A devectorized row sum: the constants and the DEFINE_REG go before every
// loop, the accumulator's init into R0 before R1 opens, the update inside
// R1, the final read and the store after R1's END.
// CHECK-LABEL: uop.function @rowsum
// CHECK: uop.sink %{{.*}} : !uop.void info <name = "rowsum">
// CHECK-LABEL: uop.function @main
// CHECK-SAME: (%[[A:.*]]: !uop.ptr<f32, global, 32>, %[[B:.*]]: !uop.ptr<f32, global, 4>)
// CHECK: %[[DEV:.*]] = uop.device "CPU"
// CHECK: %[[LIN:.*]] = uop.linear @rowsum {
// CHECK: ^bb0(%[[OUT:.*]]: !uop.ptr<f32, global, 4>, %[[IN:.*]]: !uop.ptr<f32, global, 32>):
// CHECK: %[[REG:.*]] = uop.define_reg size 1 id 0
// CHECK-NEXT: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK-DAG: %[[ROW:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK-DAG: %[[P0:.*]] = uop.after %[[REG]](%[[I]] : index)
// CHECK-DAG: %[[X0:.*]] = uop.index %[[P0]]
// CHECK-DAG: %[[INIT:.*]] = uop.store %[[X0]], %{{.*}} : f32
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R1, reduce
// CHECK-DAG: %[[FLAT:.*]] = arith.addi %[[ROW]], %[[K]] : index
// CHECK-DAG: %[[X:.*]] = uop.index %[[IN]][%[[FLAT]]]
// CHECK-DAG: %[[V:.*]] = uop.load %[[IN]], %[[X]]
// CHECK-DAG: %[[P1:.*]] = uop.after %[[REG]](%[[INIT]], %[[K]] : !uop.void, index)
// CHECK: %[[X1:.*]] = uop.index %[[P1]]
// CHECK-NEXT: %[[OLD:.*]] = uop.load %[[P1]], %[[X1]]
// CHECK-NEXT: %[[NEW:.*]] = arith.addf %[[OLD]], %[[V]] : f32
// CHECK-NEXT: %[[UPD:.*]] = uop.store %[[X1]], %[[NEW]] : f32
// CHECK-NEXT: %[[EK:.*]] = uop.end %[[UPD]][%[[K]]] : !uop.void
// CHECK-NEXT: %[[P2:.*]] = uop.after %[[REG]](%[[EK]] : !uop.void)
// CHECK-NEXT: %[[X2:.*]] = uop.index %[[P2]]
// CHECK-NEXT: %[[ACC:.*]] = uop.load %[[P2]], %[[X2]]
// CHECK-NEXT: %[[O:.*]] = uop.index %[[OUT]][%[[I]]]
// CHECK-NEXT: %[[ST:.*]] = uop.store %[[O]], %[[ACC]] : f32
// CHECK-NEXT: uop.end %[[ST]][%[[I]]] : !uop.void
// CHECK-NEXT: }
// CHECK-NEXT: uop.program @rowsum device %[[DEV]] linear %[[LIN]]
// CHECK-NEXT: %[[CALL:.*]] = uop.call @rowsum(%[[B]], %[[A]])
// CHECK-NEXT: uop.sink %[[CALL]] : !uop.void
uop.function @rowsum(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 32>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %i = uop.range %c4, R0, loop
  %k = uop.range %c8, R1, reduce
  %row = arith.muli %i, %c8 : index
  %flat = arith.addi %row, %k : index
  %x = uop.index %in[%flat] : !uop.ptr<f32, global, 32> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 32> -> f32
  %reg = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  %p0 = uop.after %reg(%i : index) : !uop.ptr<f32, reg, 1>
  %x0 = uop.index %p0[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %init = uop.store %x0, %zero : f32
  %p1 = uop.after %reg(%init, %k : !uop.void, index) : !uop.ptr<f32, reg, 1>
  %x1 = uop.index %p1[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %old = uop.load %p1, %x1 : !uop.ptr<f32, reg, 1> -> f32
  %new = arith.addf %old, %v : f32
  %upd = uop.store %x1, %new : f32
  %end = uop.end %upd[%k] : !uop.void
  %p2 = uop.after %reg(%end : !uop.void) : !uop.ptr<f32, reg, 1>
  %x2 = uop.index %p2[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %acc = uop.load %p2, %x2 : !uop.ptr<f32, reg, 1> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %acc : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowsum">
}
uop.function @main(%a: !uop.ptr<f32, global, 32>, %b: !uop.ptr<f32, global, 4>) {
  %c = uop.call @rowsum(%b, %a) : (!uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 32>)
  uop.sink %c : !uop.void
}

// -----

// A gated STORE becomes IF / STORE / ENDIF on the gate; END[R0, R1] becomes
// one END per loop, the inner first. A kernel called twice gets one LINEAR
// and PROGRAM, before its first CALL.
// CHECK-LABEL: uop.function @masked
// CHECK-LABEL: uop.function @main
// CHECK: %[[DEV:.*]] = uop.device "CPU"
// CHECK: %[[LIN:.*]] = uop.linear @masked {
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[J:.*]] = uop.range %{{.*}}, R1, loop
// CHECK: %[[V:.*]] = uop.load
// CHECK: %[[G:.*]] = arith.cmpi slt, %[[J]], %{{.*}} : index
// CHECK: %[[X:.*]] = uop.index %{{.*}}[%{{.*}}] gate %[[G]]
// CHECK-NEXT: %[[IF:.*]] = uop.if %[[G]] : i1
// CHECK-NEXT: %[[ST:.*]] = uop.store %[[X]], %[[V]] : f32
// CHECK-NEXT: uop.endif %[[IF]]
// CHECK-NEXT: %[[EJ:.*]] = uop.end %[[ST]][%[[J]]] : !uop.void
// CHECK-NEXT: uop.end %[[EJ]][%[[I]]] : !uop.void
// CHECK-NEXT: }
// CHECK-NEXT: uop.program @masked device %[[DEV]] linear %[[LIN]]
// CHECK-NEXT: uop.call @masked
// CHECK-NEXT: uop.call @masked
// CHECK-NOT: uop.linear
uop.function @masked(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %c5 = arith.constant 5 : index
  %i = uop.range %c8, R0, loop
  %j = uop.range %c8, R1, loop
  %m = arith.muli %i, %c8 : index
  %a = arith.addi %m, %j : index
  %ii = uop.index %in[%a] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 64> -> f32
  %g = arith.cmpi slt, %j, %c5 : index
  %oi = uop.index %out[%a] gate %g : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %oi, %v : f32
  %e = uop.end %s[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "masked">
}
uop.function @main(%x: !uop.ptr<f32, global, 64>, %y: !uop.ptr<f32, global, 64>, %z: !uop.ptr<f32, global, 64>) {
  %c0 = uop.call @masked(%y, %x) : (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>)
  %c1 = uop.call @masked(%z, %y) : (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>)
  uop.sink %c0, %c1 : !uop.void, !uop.void
}
