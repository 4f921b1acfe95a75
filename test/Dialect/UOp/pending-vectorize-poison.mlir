// XFAIL: *
// RUN: uop-opt %s -canonicalize | FileCheck %s
//
// BUG: VectorizeOfConstants (UOpOps.cpp) turns any m_Constant element into a
// DenseElementsAttr element without checking that it is an IntegerAttr or
// FloatAttr. A ub.poison element (a ub::PoisonAttr) is reinterpreted as a
// float and the VECTORIZE becomes a VCONST holding garbage, e.g.
//   uop.vconst dense<[1.597480e-43, 1.000000e+00]> : vector<2xf32>
// (a miscompile; with assertions enabled DenseElementsAttr::get would assert).
// The pattern must bail out on non-scalar constant attributes.

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
