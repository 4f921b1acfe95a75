// RUN: uop-opt %s -cse | FileCheck %s
//
// UOp graphs are hash-consed: pure ops with equal operands and attributes are
// one node. CSE merges them; identity markers (UNIQUE, LUNIQUE), allocations
// (DEFINE_LOCAL, DEFINE_REG, BUFFER) and effects (STORE, END) stay distinct.

// CHECK-LABEL: func.func @pure_nodes_merge
// CHECK-SAME: (%[[N:.*]]: index, %[[P:.*]]: !uop.ptr<f32, global>)
// CHECK: %[[R:.*]] = uop.range %[[N]], R0, global
// CHECK-NOT: uop.range %[[N]], R0, global
// CHECK: %[[R1:.*]] = uop.range %[[N]], R1, global
// CHECK: %[[RL:.*]] = uop.range %[[N]], R0, loop
// CHECK: %[[I:.*]] = uop.index %[[P]][%[[R]]]
// CHECK-NOT: uop.index
// CHECK: %[[S:.*]] = uop.special %[[N]], threadIdx.x
// CHECK-NOT: uop.special %[[N]], threadIdx.x
// CHECK: %[[S2:.*]] = uop.special %[[N]], threadIdx.y
// CHECK: %[[V:.*]] = uop.define_var "n"[1, 8]
// CHECK-NOT: uop.define_var
// CHECK: return %[[R]], %[[R]], %[[R1]], %[[RL]], %[[I]], %[[I]], %[[S]], %[[S]], %[[S2]], %[[V]], %[[V]]
func.func @pure_nodes_merge(%n: index, %p: !uop.ptr<f32, global>) -> (index, index, index, index, f32, f32, index, index, index, index, index) {
  %r0 = uop.range %n, R0, global
  %r0b = uop.range %n, R0, global
  %r1 = uop.range %n, R1, global
  %rl = uop.range %n, R0, loop
  %i0 = uop.index %p[%r0] : !uop.ptr<f32, global> -> f32
  %i1 = uop.index %p[%r0b] : !uop.ptr<f32, global> -> f32
  %s0 = uop.special %n, threadIdx.x
  %s1 = uop.special %n, threadIdx.x
  %s2 = uop.special %n, threadIdx.y
  %v0 = uop.define_var "n" [1, 8]
  %v1 = uop.define_var "n" [1, 8]
  return %r0, %r0b, %r1, %rl, %i0, %i1, %s0, %s1, %s2, %v0, %v1 : index, index, index, index, f32, f32, index, index, index, index, index
}

// CHECK-LABEL: func.func @identities_stay_distinct
// CHECK: %[[U0:.*]] = uop.unique 0
// CHECK: %[[U1:.*]] = uop.unique 0
// CHECK: %[[L0:.*]] = uop.lunique 0
// CHECK: %[[L1:.*]] = uop.lunique 0
// CHECK: %[[D0:.*]] = uop.define_local 0
// CHECK: %[[D1:.*]] = uop.define_local 0
// CHECK: %[[G0:.*]] = uop.define_reg size 1 id 0
// CHECK: %[[G1:.*]] = uop.define_reg size 1 id 0
// CHECK: return %[[U0]], %[[U1]], %[[L0]], %[[L1]], %[[D0]], %[[D1]], %[[G0]], %[[G1]]
func.func @identities_stay_distinct() -> (!uop.void, !uop.void, !uop.void, !uop.void, !uop.ptr<f32, local, 4>, !uop.ptr<f32, local, 4>, !uop.ptr<f32, reg, 1>, !uop.ptr<f32, reg, 1>) {
  %u0 = uop.unique 0
  %u1 = uop.unique 0
  %l0 = uop.lunique 0
  %l1 = uop.lunique 0
  %d0 = uop.define_local 0 : !uop.ptr<f32, local, 4>
  %d1 = uop.define_local 0 : !uop.ptr<f32, local, 4>
  %g0 = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  %g1 = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  return %u0, %u1, %l0, %l1, %d0, %d1, %g0, %g1 : !uop.void, !uop.void, !uop.void, !uop.void, !uop.ptr<f32, local, 4>, !uop.ptr<f32, local, 4>, !uop.ptr<f32, reg, 1>, !uop.ptr<f32, reg, 1>
}

// Two equal STOREs are two writes.
// CHECK-LABEL: func.func @effects_stay_distinct
// CHECK: %[[A:.*]] = uop.store
// CHECK: %[[B:.*]] = uop.store
// CHECK: return %[[A]], %[[B]]
func.func @effects_stay_distinct(%p: !uop.ptr<f32, global>, %i: index, %v: f32) -> (!uop.void, !uop.void) {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  %a = uop.store %x, %v : f32
  %b = uop.store %x, %v : f32
  return %a, %b : !uop.void, !uop.void
}
