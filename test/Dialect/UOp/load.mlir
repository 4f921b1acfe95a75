// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The seed's LOAD example, and a gated load whose `alt` is the value when the
// INDEX's gate is false (the memory is not touched):
//
//   LOAD : Float32
//   ├── PARAM(1)
//   └── INDEX
//       ├── PARAM(1)
//       ├── RANGE(R0)
//       └── RANGE(R2)

// CHECK-LABEL: uop.function @load
uop.function @load(%out: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f32
  // CHECK: %[[P1:.*]] = uop.param 1 size 64 : !uop.ptr<f32, global, 64>
  %p1 = uop.param 1 size 64 : !uop.ptr<f32, global, 64>
  // CHECK: %[[R0:.*]] = uop.range %{{.*}}, R0, global
  %r0 = uop.range %c8, R0, global
  // CHECK: %[[R2:.*]] = uop.range %{{.*}}, R2, reduce
  %r2 = uop.range %c8, R2, reduce
  // CHECK: %[[I:.*]] = uop.index %[[P1]][%[[R0]], %[[R2]]] : !uop.ptr<f32, global, 64> -> f32
  %i = uop.index %p1[%r0, %r2] : !uop.ptr<f32, global, 64> -> f32
  // CHECK: %[[V:.*]] = uop.load %[[P1]], %[[I]] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %p1, %i : !uop.ptr<f32, global, 64> -> f32

  // Gated: only r2 < 7 touches memory, the rest reads 0.0.
  // CHECK: %[[G:.*]] = arith.cmpi ult, %[[R2]], %{{.*}} : index
  %g = arith.cmpi ult, %r2, %c7 : index
  // CHECK: %[[IG:.*]] = uop.index %[[P1]][%[[R0]], %[[R2]]] gate %[[G]] : !uop.ptr<f32, global, 64> -> f32
  %ig = uop.index %p1[%r0, %r2] gate %g : !uop.ptr<f32, global, 64> -> f32
  // CHECK: %[[VG:.*]] = uop.load %[[P1]], %[[IG]] alt %{{.*}} : !uop.ptr<f32, global, 64> -> f32
  %vg = uop.load %p1, %ig alt %zero : !uop.ptr<f32, global, 64> -> f32
  // A gated INDEX without alt is fine too.
  // CHECK: uop.load %[[P1]], %[[IG]] : !uop.ptr<f32, global, 64> -> f32
  %vn = uop.load %p1, %ig : !uop.ptr<f32, global, 64> -> f32

  %sum = arith.addf %v, %vg : f32
  %acc = uop.reduce add %sum [%r2] : f32
  %o = uop.index %out[%r0] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %acc [%r0] : f32
  uop.sink %s : !uop.void
}

// GENERIC: "uop.load"(%{{.*}}, %{{.*}}) : (!uop.ptr<f32, global, 64>, f32) -> f32
// GENERIC: "uop.load"(%{{.*}}, %{{.*}}, %{{.*}}) : (!uop.ptr<f32, global, 64>, f32, f32) -> f32

// A vector load through a grouped INDEX, with a vector alt.
// CHECK-LABEL: func.func @vector_load
func.func @vector_load(%p: !uop.ptr<f16, local, 256>, %i: index, %g: i1) -> vector<4xf16> {
  %z = arith.constant dense<0.0> : vector<4xf16>
  // CHECK: %[[I:.*]] = uop.index %{{.*}}[%{{.*}}] gate %{{.*}} : !uop.ptr<f16, local, 256> -> vector<4xf16>
  %x = uop.index %p[%i] gate %g : !uop.ptr<f16, local, 256> -> vector<4xf16>
  // CHECK: uop.load %{{.*}}, %[[I]] alt %{{.*}} : !uop.ptr<f16, local, 256> -> vector<4xf16>
  %v = uop.load %p, %x alt %z : !uop.ptr<f16, local, 256> -> vector<4xf16>
  return %v : vector<4xf16>
}

// Loads from a tensor-level buffer.
// CHECK-LABEL: func.func @tensor_load
func.func @tensor_load(%t: tensor<4x4xf32>, %i: index, %j: index) -> f32 {
  %x = uop.index %t[%i, %j] : tensor<4x4xf32> -> f32
  // CHECK: uop.load %{{.*}}, %{{.*}} : tensor<4x4xf32> -> f32
  %v = uop.load %t, %x : tensor<4x4xf32> -> f32
  return %v : f32
}
