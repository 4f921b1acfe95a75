// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// The seed's CAT example: the output vcount is the sum of the inputs'.
//
//   CAT : <8 x Float32>
//   ├── VECTORIZE : <4 x Float32>
//   └── VECTORIZE : <4 x Float32>

// CHECK-LABEL: func.func @cat
// CHECK: %[[V0:.*]] = uop.vectorize %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: %[[V1:.*]] = uop.vectorize %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: %[[C:.*]] = uop.cat %[[V0]], %[[V1]] : vector<4xf32>, vector<4xf32> -> vector<8xf32>
// CHECK: return %[[C]] : vector<8xf32>
func.func @cat(%a: f32, %b: f32) -> vector<8xf32> {
  %v0 = uop.vectorize %a, %a, %a, %a : vector<4xf32>
  %v1 = uop.vectorize %b, %b, %b, %b : vector<4xf32>
  %c = uop.cat %v0, %v1 : vector<4xf32>, vector<4xf32> -> vector<8xf32>
  return %c : vector<8xf32>
}

// Scalars count as width 1; widths need not match.
// CHECK-LABEL: func.func @cat_mixed
// CHECK: uop.cat %{{.*}}, %{{.*}}, %{{.*}} : f16, vector<2xf16>, vector<3xf16> -> vector<6xf16>
func.func @cat_mixed(%s: f16, %v: vector<2xf16>, %w: vector<3xf16>) -> vector<6xf16> {
  %c = uop.cat %s, %v, %w : f16, vector<2xf16>, vector<3xf16> -> vector<6xf16>
  return %c : vector<6xf16>
}

// PTRCAT groups INDEX accesses for a vector load.
// CHECK-LABEL: func.func @ptrcat
// CHECK: %[[I0:.*]] = uop.index %{{.*}}[%{{.*}}] : !uop.ptr<f32, global> -> vector<2xf32>
// CHECK: %[[I1:.*]] = uop.index %{{.*}}[%{{.*}}] : !uop.ptr<f32, global> -> vector<2xf32>
// CHECK: uop.ptrcat %[[I0]], %[[I1]] : vector<2xf32>, vector<2xf32> -> vector<4xf32>
func.func @ptrcat(%p: !uop.ptr<f32, global>, %i: index, %j: index) -> vector<4xf32> {
  %i0 = uop.index %p[%i] : !uop.ptr<f32, global> -> vector<2xf32>
  %i1 = uop.index %p[%j] : !uop.ptr<f32, global> -> vector<2xf32>
  %c = uop.ptrcat %i0, %i1 : vector<2xf32>, vector<2xf32> -> vector<4xf32>
  return %c : vector<4xf32>
}
