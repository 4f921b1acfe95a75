// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: uop-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
//
// The seed's UNROLL/CONTRACT example: expand 4 iterations, then pack the
// results into a 4-element vector (a vectorised load).
//
//   CONTRACT(upcast_ranges=[(0, 4)]) : <4 x Float32>
//   └── UNROLL(unroll_axes=[(0, 4)])
//       └── LOAD(...)

// CHECK-LABEL: func.func @vectorised_load
// CHECK: %[[L:.*]] = uop.load %{{.*}}, %{{.*}} : !uop.ptr<f32, global> -> vector<4xf32>
// CHECK: %[[U:.*]] = uop.unroll %[[L]] [(0, 4)] : vector<4xf32> -> f32
// CHECK: %[[C:.*]] = uop.contract %[[U]] [(0, 4)] : f32 -> vector<4xf32>
// CHECK: return %[[C]] : vector<4xf32>
// CANON-LABEL: func.func @vectorised_load
// CANON: %[[L:.*]] = uop.load
// CANON-NOT: uop.unroll
// CANON-NOT: uop.contract
// CANON: return %[[L]] : vector<4xf32>
func.func @vectorised_load(%p: !uop.ptr<f32, global>, %i: index) -> vector<4xf32> {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> vector<4xf32>
  %l = uop.load %p, %x : !uop.ptr<f32, global> -> vector<4xf32>
  %u = uop.unroll %l [(0, 4)] : vector<4xf32> -> f32
  %c = uop.contract %u [(0, 4)] : f32 -> vector<4xf32>
  return %c : vector<4xf32>
}

// Pairs are stored flat.
// GENERIC: "uop.unroll"(%{{.*}}) <{unroll_axes = array<i64: 0, 4>}> : (vector<4xf32>) -> f32
// GENERIC: "uop.contract"(%{{.*}}) <{upcast_ranges = array<i64: 0, 4>}> : (f32) -> vector<4xf32>

// Several axes multiply: 2 * 4 values of width 2 in a vector<16>.
// CHECK-LABEL: func.func @two_axes
// CHECK: %[[U:.*]] = uop.unroll %{{.*}} [(1, 2), (3, 4)] : vector<16xf16> -> vector<2xf16>
// CHECK: uop.contract %[[U]] [(3, 4)] : vector<2xf16> -> vector<8xf16>
func.func @two_axes(%v: vector<16xf16>) -> vector<8xf16> {
  %u = uop.unroll %v [(1, 2), (3, 4)] : vector<16xf16> -> vector<2xf16>
  %c = uop.contract %u [(3, 4)] : vector<2xf16> -> vector<8xf16>
  return %c : vector<8xf16>
}
