// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The seed's INDEX example: the result has the element dtype, not a pointer.
//
//   INDEX : Float32
//   ├── PARAM(0)
//   ├── RANGE(R0, Global)        — index for dim 0
//   ├── RANGE(R1, Loop)          — index for dim 1
//   └── MUL(...)                 — index for dim 2

// CHECK-LABEL: uop.function @index
uop.function @index() {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // CHECK: %[[P:.*]] = uop.param 0 size 256 : !uop.ptr<f32, global, 256>
  %p = uop.param 0 size 256 : !uop.ptr<f32, global, 256>
  // CHECK: %[[R0:.*]] = uop.range %{{.*}}, R0, global
  %r0 = uop.range %c4, R0, global
  // CHECK: %[[R1:.*]] = uop.range %{{.*}}, R1, loop
  %r1 = uop.range %c8, R1, loop
  // CHECK: %[[MUL:.*]] = arith.muli %[[R1]], %{{.*}} : index
  %mul = arith.muli %r1, %c4 : index
  // CHECK: %[[I:.*]] = uop.index %[[P]][%[[R0]], %[[R1]], %[[MUL]]] : !uop.ptr<f32, global, 256> -> f32
  %i = uop.index %p[%r0, %r1, %mul] : !uop.ptr<f32, global, 256> -> f32
  %v = arith.constant 1.0 : f32
  %s = uop.store %i, %v : f32
  %e = uop.end %s [%r0, %r1] : !uop.void
  uop.sink %e : !uop.void
}

// GENERIC: "uop.index"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (!uop.ptr<f32, global, 256>, index, index, index) -> f32
// GENERIC: "uop.index"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<4x8xf32>, index, i1) -> f32

// Gated, vector (grouped) and tensor-level indexing.
// CHECK-LABEL: func.func @index_forms
// CHECK-SAME: (%[[T:.*]]: tensor<4x8xf32>, %[[Q:.*]]: !uop.ptr<i8, local, 64>, %[[I:.*]]: index, %[[J:.*]]: index, %[[G:.*]]: i1)
func.func @index_forms(%t: tensor<4x8xf32>, %q: !uop.ptr<i8, local, 64>, %i: index, %j: index, %g: i1) -> (f32, f32, vector<4xi8>) {
  // One index per dimension of a tensor.
  // CHECK: uop.index %[[T]][%[[I]], %[[J]]] : tensor<4x8xf32> -> f32
  %a = uop.index %t[%i, %j] : tensor<4x8xf32> -> f32
  // Or a single linear index, here gated.
  // CHECK: uop.index %[[T]][%[[I]]] gate %[[G]] : tensor<4x8xf32> -> f32
  %b = uop.index %t[%i] gate %g : tensor<4x8xf32> -> f32
  // A grouped access gives a vector of the element type.
  // CHECK: uop.index %[[Q]][%[[I]]] : !uop.ptr<i8, local, 64> -> vector<4xi8>
  %c = uop.index %q[%i] : !uop.ptr<i8, local, 64> -> vector<4xi8>
  return %a, %b, %c : f32, f32, vector<4xi8>
}

// POINTER_INDEX: pointer arithmetic after linearisation.
// CHECK-LABEL: func.func @pointer_index
// CHECK-SAME: (%[[P:.*]]: !uop.ptr<f32, global>, %[[O:.*]]: index)
func.func @pointer_index(%p: !uop.ptr<f32, global>, %o: index) -> !uop.ptr<f32, global> {
  // CHECK: %[[Q:.*]] = uop.pointer_index %[[P]], %[[O]] : !uop.ptr<f32, global>
  %q = uop.pointer_index %p, %o : !uop.ptr<f32, global>
  // CHECK: uop.pointer_index %[[Q]], %[[O]] : !uop.ptr<f32, global>
  %r = uop.pointer_index %q, %o : !uop.ptr<f32, global>
  return %r : !uop.ptr<f32, global>
}
