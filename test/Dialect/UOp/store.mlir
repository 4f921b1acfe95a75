// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The seed's STORE example: the buffer is reached through the INDEX
// (sources: index=0, value=1, ranges=2+) and the output dims are closed.
//
//   STORE
//   ├── INDEX[R0, R1]            — write address (buffer via index.src[0])
//   ├── REDUCE(Add, ...)         — value
//   ├── RANGE(R0, Global)        — output dim 0 (closed)
//   └── RANGE(R1, Global)        — output dim 1 (closed)

// CHECK-LABEL: uop.function @store
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 256>, %[[X:.*]]: f32)
uop.function @store(%out: !uop.ptr<f32, global, 256>, %x: f32) {
  %c16 = arith.constant 16 : index
  %c4 = arith.constant 4 : index
  // CHECK: %[[R0:.*]] = uop.range %{{.*}}, R0, global
  %r0 = uop.range %c16, R0, global
  // CHECK: %[[R1:.*]] = uop.range %{{.*}}, R1, global
  %r1 = uop.range %c16, R1, global
  // CHECK: %[[R2:.*]] = uop.range %{{.*}}, R2, reduce
  %r2 = uop.range %c4, R2, reduce
  // CHECK: %[[ACC:.*]] = uop.reduce add %[[X]][%[[R2]]] : f32
  %acc = uop.reduce add %x [%r2] : f32
  // CHECK: %[[I:.*]] = uop.index %[[OUT]][%[[R0]], %[[R1]]] : !uop.ptr<f32, global, 256> -> f32
  %i = uop.index %out[%r0, %r1] : !uop.ptr<f32, global, 256> -> f32
  // CHECK: %[[S:.*]] = uop.store %[[I]], %[[ACC]][%[[R0]], %[[R1]]] : f32
  %s = uop.store %i, %acc [%r0, %r1] : f32
  // CHECK: uop.sink %[[S]] : !uop.void
  uop.sink %s : !uop.void
}

// The generic form shows the seed's source order: index, value, ranges.
// GENERIC: "uop.store"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, index, index) -> !uop.void

// A conditional store through a gated INDEX, and a vector store.
// CHECK-LABEL: func.func @store_forms
func.func @store_forms(%p: !uop.ptr<f32, global>, %i: index, %g: i1, %v: f32, %w: vector<4xf32>) -> (!uop.void, !uop.void) {
  // CHECK: %[[IG:.*]] = uop.index %{{.*}}[%{{.*}}] gate %{{.*}} : !uop.ptr<f32, global> -> f32
  %ig = uop.index %p[%i] gate %g : !uop.ptr<f32, global> -> f32
  // CHECK: uop.store %[[IG]], %{{.*}} : f32
  %s0 = uop.store %ig, %v : f32
  // CHECK: %[[IV:.*]] = uop.index %{{.*}}[%{{.*}}] : !uop.ptr<f32, global> -> vector<4xf32>
  %iv = uop.index %p[%i] : !uop.ptr<f32, global> -> vector<4xf32>
  // CHECK: uop.store %[[IV]], %{{.*}} : vector<4xf32>
  %s1 = uop.store %iv, %w : vector<4xf32>
  return %s0, %s1 : !uop.void, !uop.void
}

// A STORE has effects: the canonicalizer keeps an unused one.
// RUN: uop-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// CANON-LABEL: func.func @unused_store
// CANON: uop.store
func.func @unused_store(%p: !uop.ptr<f32, global>, %i: index, %v: f32) {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  %s = uop.store %x, %v : f32
  return
}
