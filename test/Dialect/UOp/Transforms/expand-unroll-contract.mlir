// RUN: uop-opt %s --uop-expand -split-input-file -verify-diagnostics | FileCheck %s
//
// Explicit UNROLL / CONTRACT, as the seed writes them: the UNROLL of a
// 4-lane vector gives 4 scalar lanes, the ALU between is replicated per
// lane, and the CONTRACT of the same axis packs the lanes again.
//
//   CONTRACT(upcast_ranges=[(0, 4)])
//   └── MUL
//       ├── UNROLL(unroll_axes=[(0, 4)]) ── LOAD <4 x f32>
//       └── CONST 2.0

// CHECK-LABEL: uop.function @scale_lanes
// CHECK-NOT: uop.unroll
// CHECK: %[[V:.*]] = uop.load {{.*}} -> vector<4xf32>
// CHECK: %[[E0:.*]] = vector.extract %[[V]][0] : f32 from vector<4xf32>
// CHECK: %[[M0:.*]] = arith.mulf %[[E0]], %{{.*}} : f32
// CHECK: %[[E1:.*]] = vector.extract %[[V]][1]
// CHECK: %[[M1:.*]] = arith.mulf %[[E1]]
// CHECK: %[[E2:.*]] = vector.extract %[[V]][2]
// CHECK: %[[M2:.*]] = arith.mulf %[[E2]]
// CHECK: %[[E3:.*]] = vector.extract %[[V]][3]
// CHECK: %[[M3:.*]] = arith.mulf %[[E3]]
// CHECK: %[[P:.*]] = vector.from_elements %[[M0]], %[[M1]], %[[M2]], %[[M3]] : vector<4xf32>
// CHECK-NOT: uop.contract
// CHECK: uop.store %{{.*}}, %[[P]] : vector<4xf32>
uop.function @scale_lanes(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %i = uop.index %in[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %u = uop.unroll %v [(0, 4)] : vector<4xf32> -> f32
  %m = arith.mulf %u, %two : f32
  %c = uop.contract %m [(0, 4)] : f32 -> vector<4xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %s = uop.store %o, %c : vector<4xf32>
  uop.sink %s : !uop.void info <name = "scale_lanes">
}

// -----

// A lane that reaches memory before its CONTRACT is not expandable here.
uop.function @escapes(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %i = uop.index %in[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %u = uop.unroll %v [(0, 4)] : vector<4xf32> -> f32
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> f32
  // expected-error @+1 {{uop-expand: a lane of UNROLL axis 0 reaches an op other than arith/math before its CONTRACT}}
  %s = uop.store %o, %u : f32
  uop.sink %s : !uop.void info <name = "escapes">
}

// -----

// A CONTRACT of a different axis than the UNROLL.
uop.function @other_axis(%in: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %i = uop.index %in[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %u = uop.unroll %v [(0, 4)] : vector<4xf32> -> f32
  // expected-error @+1 {{uop-expand: a CONTRACT of UNROLL axis 0 must contract exactly that axis}}
  %c = uop.contract %u [(1, 4)] : f32 -> vector<4xf32>
  uop.sink %c : vector<4xf32> info <name = "other_axis">
}
