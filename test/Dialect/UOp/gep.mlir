// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
//
// The seed's GEP example: one index gives a scalar, several a shorter vector.
//
//   GEP([0, 2]) : <2 x Float32>
//   └── VECTORIZE : <4 x Float32>

// CHECK-LABEL: func.func @gep
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %[[D:.*]]: f32)
// CHECK: %[[V:.*]] = uop.vectorize %[[A]], %[[B]], %[[C]], %[[D]] : vector<4xf32>
// CHECK: %[[G:.*]] = uop.gep %[[V]] [0, 2] : vector<4xf32> -> vector<2xf32>
// CHECK: %[[S:.*]] = uop.gep %[[V]] [3] : vector<4xf32> -> f32
// CHECK: return %[[G]], %[[S]]
// The single-index GEP of a VECTORIZE folds to the element; the two-index one
// stays a GEP.
// CANON-LABEL: func.func @gep
// CANON-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %[[D:.*]]: f32)
// CANON: %[[V:.*]] = uop.vectorize %[[A]], %[[B]], %[[C]], %[[D]] : vector<4xf32>
// CANON: %[[G:.*]] = uop.gep %[[V]] [0, 2] : vector<4xf32> -> vector<2xf32>
// CANON: return %[[G]], %[[D]]
func.func @gep(%a: f32, %b: f32, %c: f32, %d: f32) -> (vector<2xf32>, f32) {
  %v = uop.vectorize %a, %b, %c, %d : vector<4xf32>
  %g = uop.gep %v [0, 2] : vector<4xf32> -> vector<2xf32>
  %s = uop.gep %v [3] : vector<4xf32> -> f32
  return %g, %s : vector<2xf32>, f32
}

// Repeated and reversed indices are allowed (a shuffle).
// CHECK-LABEL: func.func @shuffle
// CHECK: uop.gep %{{.*}} [3, 2, 1, 0] : vector<4xi32> -> vector<4xi32>
// CHECK: uop.gep %{{.*}} [1, 1, 1] : vector<4xi32> -> vector<3xi32>
func.func @shuffle(%v: vector<4xi32>) -> (vector<4xi32>, vector<3xi32>) {
  %r = uop.gep %v [3, 2, 1, 0] : vector<4xi32> -> vector<4xi32>
  %b = uop.gep %v [1, 1, 1] : vector<4xi32> -> vector<3xi32>
  return %r, %b : vector<4xi32>, vector<3xi32>
}
