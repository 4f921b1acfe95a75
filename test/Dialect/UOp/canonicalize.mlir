// RUN: uop-opt %s -canonicalize -split-input-file | FileCheck %s
//
// One case per folder / canonicalization pattern of the uop dialect, each
// followed by the look-alikes that must not fold.

// gep(vectorize(a, b, c, d), [i]) -> the i-th element.
// CHECK-LABEL: func.func @gep_of_vectorize
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32)
// CHECK-NOT: uop.gep
// CHECK: return %[[C]], %[[A]] : f32, f32
func.func @gep_of_vectorize(%a: f32, %b: f32, %c: f32) -> (f32, f32) {
  %v = uop.vectorize %a, %b, %c, %a : vector<4xf32>
  %x = uop.gep %v [2] : vector<4xf32> -> f32
  %y = uop.gep %v [3] : vector<4xf32> -> f32
  return %x, %y : f32, f32
}

// -----

// Several indices of a vectorize are not a single element: the gep stays.
// CHECK-LABEL: func.func @gep_of_vectorize_two_indices
// CHECK: %[[V:.*]] = uop.vectorize
// CHECK: %[[G:.*]] = uop.gep %[[V]] [0, 2] : vector<4xf32> -> vector<2xf32>
// CHECK: return %[[G]]
func.func @gep_of_vectorize_two_indices(%a: f32, %b: f32, %c: f32, %d: f32) -> vector<2xf32> {
  %v = uop.vectorize %a, %b, %c, %d : vector<4xf32>
  %x = uop.gep %v [0, 2] : vector<4xf32> -> vector<2xf32>
  return %x : vector<2xf32>
}

// -----

// gep(v, [0, 1, ..., n-1]) of a width-n vector -> v.
// CHECK-LABEL: func.func @gep_identity
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>)
// CHECK-NOT: uop.gep
// CHECK: return %[[V]] : vector<4xf32>
func.func @gep_identity(%v: vector<4xf32>) -> vector<4xf32> {
  %x = uop.gep %v [0, 1, 2, 3] : vector<4xf32> -> vector<4xf32>
  return %x : vector<4xf32>
}

// -----

// A permutation or a prefix is not the identity.
// CHECK-LABEL: func.func @gep_not_identity
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>)
// CHECK-DAG: %[[P:.*]] = uop.gep %[[V]] [1, 0, 2, 3] : vector<4xf32> -> vector<4xf32>
// CHECK-DAG: %[[H:.*]] = uop.gep %[[V]] [0, 1] : vector<4xf32> -> vector<2xf32>
// CHECK-DAG: %[[S:.*]] = uop.gep %[[V]] [0] : vector<4xf32> -> f32
// CHECK: return %[[P]], %[[H]], %[[S]]
func.func @gep_not_identity(%v: vector<4xf32>) -> (vector<4xf32>, vector<2xf32>, f32) {
  %p = uop.gep %v [1, 0, 2, 3] : vector<4xf32> -> vector<4xf32>
  %h = uop.gep %v [0, 1] : vector<4xf32> -> vector<2xf32>
  %s = uop.gep %v [0] : vector<4xf32> -> f32
  return %p, %h, %s : vector<4xf32>, vector<2xf32>, f32
}

// -----

// gep of a constant vector -> a constant (scalar: arith.constant; vector: vconst).
// CHECK-LABEL: func.func @gep_of_constant
// CHECK-DAG: %[[S:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[V:.*]] = uop.vconst dense<[4.000000e+00, 1.000000e+00]> : vector<2xf32>
// CHECK-DAG: %[[I:.*]] = arith.constant 20 : i32
// CHECK-NOT: uop.gep
// CHECK: return %[[S]], %[[V]], %[[I]] : f32, vector<2xf32>, i32
func.func @gep_of_constant() -> (f32, vector<2xf32>, i32) {
  %k = uop.vconst dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %e = uop.gep %k [2] : vector<4xf32> -> f32
  %e2 = uop.gep %k [3, 0] : vector<4xf32> -> vector<2xf32>
  %c = arith.constant dense<[10, 20, 30]> : vector<3xi32>
  %i = uop.gep %c [1] : vector<3xi32> -> i32
  return %e, %e2, %i : f32, vector<2xf32>, i32
}

// -----

// gep of a splat constant.
// CHECK-LABEL: func.func @gep_of_splat
// CHECK: %[[S:.*]] = arith.constant 7 : index
// CHECK-NOT: uop.gep
// CHECK: return %[[S]] : index
func.func @gep_of_splat() -> index {
  %k = uop.vconst dense<7> : vector<8xindex>
  %e = uop.gep %k [5] : vector<8xindex> -> index
  return %e : index
}

// -----

// vectorize(constants...) -> vconst.
// CHECK-LABEL: func.func @vectorize_of_constants
// CHECK-DAG: %[[F:.*]] = uop.vconst dense<[1.000000e+00, 2.000000e+00, 1.000000e+00]> : vector<3xf32>
// CHECK-DAG: %[[I:.*]] = uop.vconst dense<[0, 1, 1, 0]> : vector<4xindex>
// CHECK-NOT: uop.vectorize
// CHECK: return %[[F]], %[[I]]
func.func @vectorize_of_constants() -> (vector<3xf32>, vector<4xindex>) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %f = uop.vectorize %a, %b, %a : vector<3xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i = uop.vectorize %c0, %c1, %c1, %c0 : vector<4xindex>
  return %f, %i : vector<3xf32>, vector<4xindex>
}

// -----

// One non-constant element keeps the vectorize.
// CHECK-LABEL: func.func @vectorize_not_all_constants
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[C:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[V:.*]] = uop.vectorize %[[C]], %[[X]] : vector<2xf32>
// CHECK-NOT: uop.vconst
// CHECK: return %[[V]]
func.func @vectorize_not_all_constants(%x: f32) -> vector<2xf32> {
  %a = arith.constant 1.0 : f32
  %v = uop.vectorize %a, %x : vector<2xf32>
  return %v : vector<2xf32>
}

// -----

// vectorize(gep(v, 0), ..., gep(v, n-1)) -> v.
// CHECK-LABEL: func.func @vectorize_of_geps
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>)
// CHECK-NOT: uop.vectorize
// CHECK-NOT: uop.gep
// CHECK: return %[[V]] : vector<4xf32>
func.func @vectorize_of_geps(%v: vector<4xf32>) -> vector<4xf32> {
  %0 = uop.gep %v [0] : vector<4xf32> -> f32
  %1 = uop.gep %v [1] : vector<4xf32> -> f32
  %2 = uop.gep %v [2] : vector<4xf32> -> f32
  %3 = uop.gep %v [3] : vector<4xf32> -> f32
  %x = uop.vectorize %0, %1, %2, %3 : vector<4xf32>
  return %x : vector<4xf32>
}

// -----

// Out of order: a shuffle, not the source.
// CHECK-LABEL: func.func @vectorize_of_geps_shuffled
// CHECK: %[[X:.*]] = uop.vectorize
// CHECK: return %[[X]]
func.func @vectorize_of_geps_shuffled(%v: vector<4xf32>) -> vector<4xf32> {
  %0 = uop.gep %v [0] : vector<4xf32> -> f32
  %1 = uop.gep %v [1] : vector<4xf32> -> f32
  %2 = uop.gep %v [2] : vector<4xf32> -> f32
  %3 = uop.gep %v [3] : vector<4xf32> -> f32
  %x = uop.vectorize %0, %2, %1, %3 : vector<4xf32>
  return %x : vector<4xf32>
}

// -----

// The first half of a wider vector is not the vector.
// CHECK-LABEL: func.func @vectorize_of_geps_prefix
// CHECK: %[[X:.*]] = uop.vectorize
// CHECK: return %[[X]] : vector<4xf32>
func.func @vectorize_of_geps_prefix(%w: vector<8xf32>) -> vector<4xf32> {
  %0 = uop.gep %w [0] : vector<8xf32> -> f32
  %1 = uop.gep %w [1] : vector<8xf32> -> f32
  %2 = uop.gep %w [2] : vector<8xf32> -> f32
  %3 = uop.gep %w [3] : vector<8xf32> -> f32
  %x = uop.vectorize %0, %1, %2, %3 : vector<4xf32>
  return %x : vector<4xf32>
}

// -----

// Elements from two different vectors.
// CHECK-LABEL: func.func @vectorize_of_geps_two_sources
// CHECK: %[[X:.*]] = uop.vectorize
// CHECK: return %[[X]] : vector<2xf32>
func.func @vectorize_of_geps_two_sources(%v: vector<2xf32>, %w: vector<2xf32>) -> vector<2xf32> {
  %0 = uop.gep %v [0] : vector<2xf32> -> f32
  %1 = uop.gep %w [1] : vector<2xf32> -> f32
  %x = uop.vectorize %0, %1 : vector<2xf32>
  return %x : vector<2xf32>
}

// -----

// cat(x) -> x.
// CHECK-LABEL: func.func @cat_single
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>)
// CHECK-NOT: uop.cat
// CHECK: return %[[V]] : vector<4xf32>
func.func @cat_single(%v: vector<4xf32>) -> vector<4xf32> {
  %c = uop.cat %v : vector<4xf32> -> vector<4xf32>
  return %c : vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @cat_two
// CHECK: %[[C:.*]] = uop.cat
// CHECK: return %[[C]] : vector<8xf32>
func.func @cat_two(%v: vector<4xf32>) -> vector<8xf32> {
  %c = uop.cat %v, %v : vector<4xf32>, vector<4xf32> -> vector<8xf32>
  return %c : vector<8xf32>
}

// -----

// after(x) with no deps -> x.
// CHECK-LABEL: func.func @after_without_deps
// CHECK-SAME: (%[[P:.*]]: !uop.ptr<f32, global>)
// CHECK-NOT: uop.after
// CHECK: return %[[P]]
func.func @after_without_deps(%p: !uop.ptr<f32, global>) -> !uop.ptr<f32, global> {
  %a = uop.after %p : !uop.ptr<f32, global>
  return %a : !uop.ptr<f32, global>
}

// -----

// With a dependency the AFTER orders execution and stays.
// CHECK-LABEL: func.func @after_with_deps
// CHECK-SAME: (%[[P:.*]]: !uop.ptr<f32, global>, %[[S:.*]]: !uop.void)
// CHECK: %[[A:.*]] = uop.after %[[P]](%[[S]] : !uop.void) : !uop.ptr<f32, global>
// CHECK: return %[[A]]
func.func @after_with_deps(%p: !uop.ptr<f32, global>, %s: !uop.void) -> !uop.ptr<f32, global> {
  %a = uop.after %p (%s : !uop.void) : !uop.ptr<f32, global>
  return %a : !uop.ptr<f32, global>
}

// -----

// get_tuple(tuple(a, b), i) -> the i-th element.
// CHECK-LABEL: func.func @get_tuple_of_tuple
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: index)
// CHECK-NOT: uop.get_tuple
// CHECK: return %[[B]], %[[A]] : index, f32
func.func @get_tuple_of_tuple(%a: f32, %b: index) -> (index, f32) {
  %t = uop.tuple(%a, %b) : f32, index
  %x = uop.get_tuple %t[1] : index
  %y = uop.get_tuple %t[0] : f32
  return %x, %y : index, f32
}

// -----

uop.function @returns_tuple(%a: f32) {
  %t = uop.tuple(%a, %a) : f32, f32
  uop.sink %t : !uop.void
}

// The element of a CALL's tuple is not known here.
// CHECK-LABEL: func.func @get_tuple_of_call
// CHECK: %[[C:.*]] = uop.call @returns_tuple
// CHECK: %[[G:.*]] = uop.get_tuple %[[C]][1] : f32
// CHECK: return %[[G]]
func.func @get_tuple_of_call(%a: f32) -> f32 {
  %c = uop.call @returns_tuple(%a) : (f32)
  %g = uop.get_tuple %c[1] : f32
  return %g : f32
}

// -----

// contract(unroll(x, axes), axes) -> x.
// CHECK-LABEL: func.func @contract_of_unroll
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>)
// CHECK-NOT: uop.contract
// CHECK: return %[[V]] : vector<4xf32>
func.func @contract_of_unroll(%v: vector<4xf32>) -> vector<4xf32> {
  %u = uop.unroll %v [(0, 4)] : vector<4xf32> -> f32
  %c = uop.contract %u [(0, 4)] : f32 -> vector<4xf32>
  return %c : vector<4xf32>
}

// -----

// Different axes: the contraction does not undo the unroll.
// CHECK-LABEL: func.func @contract_of_unroll_other_axes
// CHECK: %[[U:.*]] = uop.unroll %{{.*}} [(0, 4)] : vector<4xf32> -> f32
// CHECK: %[[C:.*]] = uop.contract %[[U]] [(1, 4)] : f32 -> vector<4xf32>
// CHECK: return %[[C]]
func.func @contract_of_unroll_other_axes(%v: vector<4xf32>) -> vector<4xf32> {
  %u = uop.unroll %v [(0, 4)] : vector<4xf32> -> f32
  %c = uop.contract %u [(1, 4)] : f32 -> vector<4xf32>
  return %c : vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @contract_of_scalar
// CHECK: %[[C:.*]] = uop.contract %{{.*}} [(0, 4)] : f32 -> vector<4xf32>
// CHECK: return %[[C]]
func.func @contract_of_scalar(%x: f32) -> vector<4xf32> {
  %c = uop.contract %x [(0, 4)] : f32 -> vector<4xf32>
  return %c : vector<4xf32>
}

// -----

// reshape(reshape(x)) -> reshape(x).
// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK-SAME: (%[[T:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[R:.*]] = uop.reshape %[[T]] : tensor<2x3x4xf32> -> tensor<24xf32>
// CHECK-NOT: uop.reshape
// CHECK: return %[[R]]
func.func @reshape_of_reshape(%t: tensor<2x3x4xf32>) -> tensor<24xf32> {
  %0 = uop.reshape %t : tensor<2x3x4xf32> -> tensor<6x4xf32>
  %1 = uop.reshape %0 : tensor<6x4xf32> -> tensor<24xf32>
  return %1 : tensor<24xf32>
}

// -----

// A reshape back to the original shape disappears entirely.
// CHECK-LABEL: func.func @reshape_round_trip
// CHECK-SAME: (%[[T:.*]]: tensor<2x3x4xf32>)
// CHECK-NOT: uop.reshape
// CHECK: return %[[T]]
func.func @reshape_round_trip(%t: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = uop.reshape %t : tensor<2x3x4xf32> -> tensor<6x4xf32>
  %1 = uop.reshape %0 : tensor<6x4xf32> -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Identity movement ops fold to their source.
// CHECK-LABEL: func.func @identity_movement
// CHECK-SAME: (%[[T:.*]]: tensor<2x3xf32>)
// CHECK-NOT: uop.
// CHECK: return %[[T]], %[[T]], %[[T]], %[[T]], %[[T]], %[[T]]
func.func @identity_movement(%t: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %r = uop.reshape %t : tensor<2x3xf32> -> tensor<2x3xf32>
  %p = uop.permute %t [0, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  %e = uop.expand %t : tensor<2x3xf32> -> tensor<2x3xf32>
  %d = uop.pad %t low [0, 0] high [0, 0] : tensor<2x3xf32> -> tensor<2x3xf32>
  %s = uop.shrink %t [0, 0] to [2, 3] : tensor<2x3xf32> -> tensor<2x3xf32>
  %f = uop.flip %t [false, false] : tensor<2x3xf32>
  return %r, %p, %e, %d, %s, %f : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// The same ops doing real work stay.
// CHECK-LABEL: func.func @real_movement
// CHECK: uop.reshape
// CHECK: uop.permute
// CHECK: uop.expand
// CHECK: uop.pad
// CHECK: uop.shrink
// CHECK: uop.flip
func.func @real_movement(%t: tensor<1x3xf32>) -> (tensor<3xf32>, tensor<3x1xf32>, tensor<4x3xf32>, tensor<1x4xf32>, tensor<1x2xf32>, tensor<1x3xf32>) {
  %r = uop.reshape %t : tensor<1x3xf32> -> tensor<3xf32>
  %p = uop.permute %t [1, 0] : tensor<1x3xf32> -> tensor<3x1xf32>
  %e = uop.expand %t : tensor<1x3xf32> -> tensor<4x3xf32>
  %d = uop.pad %t low [0, 1] high [0, 0] : tensor<1x3xf32> -> tensor<1x4xf32>
  %s = uop.shrink %t [0, 1] to [1, 3] : tensor<1x3xf32> -> tensor<1x2xf32>
  %f = uop.flip %t [false, true] : tensor<1x3xf32>
  return %r, %p, %e, %d, %s, %f : tensor<3xf32>, tensor<3x1xf32>, tensor<4x3xf32>, tensor<1x4xf32>, tensor<1x2xf32>, tensor<1x3xf32>
}

// -----

// A pad of zero on one side and one on the other is not the identity, even
// though the rank is the same.
// CHECK-LABEL: func.func @pad_and_shrink_same_rank
// CHECK: %[[P:.*]] = uop.pad
// CHECK: %[[S:.*]] = uop.shrink %[[P]]
// CHECK: return %[[S]]
func.func @pad_and_shrink_same_rank(%t: tensor<4xf32>) -> tensor<4xf32> {
  %p = uop.pad %t low [1] high [0] : tensor<4xf32> -> tensor<5xf32>
  %s = uop.shrink %p [0] to [4] : tensor<5xf32> -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// permute(permute(x, p), q) -> permute(x, p o q).
// CHECK-LABEL: func.func @permute_of_permute
// CHECK-SAME: (%[[T:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[P:.*]] = uop.permute %[[T]] [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NOT: uop.permute
// CHECK: return %[[P]]
func.func @permute_of_permute(%t: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = uop.permute %t [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = uop.permute %0 [1, 2, 0] : tensor<3x4x2xf32> -> tensor<4x2x3xf32>
  return %1 : tensor<4x2x3xf32>
}

// -----

// A permutation followed by its inverse is the identity.
// CHECK-LABEL: func.func @permute_inverse
// CHECK-SAME: (%[[T:.*]]: tensor<2x3x4xf32>)
// CHECK-NOT: uop.permute
// CHECK: return %[[T]]
func.func @permute_inverse(%t: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = uop.permute %t [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = uop.permute %0 [2, 0, 1] : tensor<3x4x2xf32> -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// flip(flip(x, f), f) -> x.
// CHECK-LABEL: func.func @flip_of_flip
// CHECK-SAME: (%[[T:.*]]: tensor<2x3x4xf32>)
// CHECK-NOT: uop.flip
// CHECK: return %[[T]]
func.func @flip_of_flip(%t: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = uop.flip %t [true, false, true] : tensor<2x3x4xf32>
  %1 = uop.flip %0 [true, false, true] : tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Different flags do not cancel.
// CHECK-LABEL: func.func @flip_of_flip_other_axes
// CHECK-SAME: (%[[T:.*]]: tensor<2x3xf32>)
// CHECK: %[[A:.*]] = uop.flip %[[T]] [true, false] : tensor<2x3xf32>
// CHECK: %[[B:.*]] = uop.flip %[[A]] [false, true] : tensor<2x3xf32>
// CHECK: return %[[B]]
func.func @flip_of_flip_other_axes(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = uop.flip %t [true, false] : tensor<2x3xf32>
  %1 = uop.flip %0 [false, true] : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// A vconst is a constant: two equal ones are CSE'd by the canonicalizer.
// CHECK-LABEL: func.func @vconst_dedup
// CHECK: %[[K:.*]] = uop.vconst dense<[1, 2]> : vector<2xi32>
// CHECK-NOT: uop.vconst
// CHECK: return %[[K]], %[[K]]
func.func @vconst_dedup() -> (vector<2xi32>, vector<2xi32>) {
  %a = uop.vconst dense<[1, 2]> : vector<2xi32>
  %b = uop.vconst dense<[1, 2]> : vector<2xi32>
  return %a, %b : vector<2xi32>, vector<2xi32>
}
