// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
//
// The seed's VECTORIZE example: four scalars into <4 x Float32>.
//
//   VECTORIZE : <4 x Float32>
//   ├── CONST(1.0)
//   ├── CONST(2.0)
//   ├── CONST(3.0)
//   └── CONST(4.0)
//
// Of constants it canonicalizes to a VCONST (cheaper than VECTORIZE of CONSTs).

// CHECK-LABEL: func.func @vectorize_consts
// CHECK-DAG: %[[C1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[C3:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[C4:.*]] = arith.constant 4.000000e+00 : f32
// CHECK: %[[V:.*]] = uop.vectorize %[[C1]], %[[C2]], %[[C3]], %[[C4]] : vector<4xf32>
// CHECK: return %[[V]] : vector<4xf32>
// CANON-LABEL: func.func @vectorize_consts
// CANON-NEXT: %[[K:.*]] = uop.vconst dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// CANON-NEXT: return %[[K]] : vector<4xf32>
func.func @vectorize_consts() -> vector<4xf32> {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %c3 = arith.constant 3.0 : f32
  %c4 = arith.constant 4.0 : f32
  %v = uop.vectorize %c1, %c2, %c3, %c4 : vector<4xf32>
  return %v : vector<4xf32>
}

// Of runtime scalars it stays.
// CHECK-LABEL: func.func @vectorize_values
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: uop.vectorize %[[A]], %[[B]], %[[B]], %[[A]], %[[A]], %[[A]], %[[A]], %[[B]] : vector<8xi32>
// CANON-LABEL: func.func @vectorize_values
// CANON: uop.vectorize
func.func @vectorize_values(%a: i32, %b: i32) -> vector<8xi32> {
  %v = uop.vectorize %a, %b, %b, %a, %a, %a, %a, %b : vector<8xi32>
  return %v : vector<8xi32>
}

// A width-1 vector, index and i1 elements, and an attribute dictionary.
// CHECK-LABEL: func.func @vectorize_forms
// CHECK: uop.vectorize %{{.*}} : vector<1xf16>
// CHECK: uop.vectorize %{{.*}}, %{{.*}} : vector<2xindex>
// CHECK: uop.vectorize %{{.*}}, %{{.*}} {tag} : vector<2xi1>
func.func @vectorize_forms(%h: f16, %i: index, %b: i1) -> (vector<1xf16>, vector<2xindex>, vector<2xi1>) {
  %a = uop.vectorize %h : vector<1xf16>
  %c = uop.vectorize %i, %i : vector<2xindex>
  %d = uop.vectorize %b, %b {tag} : vector<2xi1>
  return %a, %c, %d : vector<1xf16>, vector<2xindex>, vector<2xi1>
}

// VCONST: a vector of compile-time constants, splat or not.
// CHECK-LABEL: func.func @vconst
// CHECK: uop.vconst dense<[1, -2, 3, -4]> : vector<4xi8>
// CHECK: uop.vconst dense<5.000000e-01> : vector<8xf16>
// CHECK: uop.vconst dense<[true, false]> : vector<2xi1>
func.func @vconst() -> (vector<4xi8>, vector<8xf16>, vector<2xi1>) {
  %a = uop.vconst dense<[1, -2, 3, -4]> : vector<4xi8>
  %b = uop.vconst dense<0.5> : vector<8xf16>
  %c = uop.vconst dense<[true, false]> : vector<2xi1>
  return %a, %b, %c : vector<4xi8>, vector<8xf16>, vector<2xi1>
}
