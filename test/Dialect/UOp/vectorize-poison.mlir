// RUN: uop-opt %s -canonicalize | FileCheck %s
//
// The VECTORIZE-of-constants canonicalization folds only integer and float
// constants into a VCONST. A ub.poison element (a ub::PoisonAttr) has no
// dense form, so the VECTORIZE must be left alone instead of becoming a
// VCONST holding garbage.

// CHECK-LABEL: func.func @vectorize_of_poison
// CHECK-NOT: uop.vconst
// CHECK: %[[V:.*]] = uop.vectorize
// CHECK: return %[[V]]
func.func @vectorize_of_poison() -> vector<2xf32> {
  %a = ub.poison : f32
  %b = arith.constant 1.0 : f32
  %v = uop.vectorize %a, %b : vector<2xf32>
  return %v : vector<2xf32>
}
