// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
//
// The seed's callable IR: a FUNCTION is a reusable Void body parameterised by
// formal arguments; a CALL invokes it with concrete ones; several outputs
// cross the Void boundary in a TUPLE and come back out with GET_TUPLE.

// CHECK-LABEL: uop.function @axpy
// CHECK-SAME: (%[[Y:.*]]: !uop.ptr<f32, global, 32>, %[[X:.*]]: !uop.ptr<f32, global, 32>, %[[A:.*]]: f32)
// CHECK-SAME: attributes {info = #uop.call_info<name = "axpy", metadata = ["elementwise"], precompile = true>}
uop.function @axpy(%y: !uop.ptr<f32, global, 32>, %x: !uop.ptr<f32, global, 32>, %a: f32) attributes {info = #uop.call_info<name = "axpy", metadata = ["elementwise"], precompile = true>} {
  %c32 = arith.constant 32 : index
  %r = uop.range %c32, R0, global
  %ix = uop.index %x[%r] : !uop.ptr<f32, global, 32> -> f32
  %iy = uop.index %y[%r] : !uop.ptr<f32, global, 32> -> f32
  %vx = uop.load %x, %ix : !uop.ptr<f32, global, 32> -> f32
  %vy = uop.load %y, %iy : !uop.ptr<f32, global, 32> -> f32
  %ax = arith.mulf %a, %vx : f32
  %s = arith.addf %ax, %vy : f32
  %st = uop.store %iy, %s [%r] : f32
  uop.sink %st : !uop.void info <name = "axpy">
}

// CHECK-LABEL: uop.function @two_outputs
// CHECK: %[[T:.*]] = uop.tuple(%{{.*}}, %{{.*}}) : f32, index
// CHECK: uop.sink %[[T]] : !uop.void
uop.function @two_outputs(%a: f32, %n: index) {
  %t = uop.tuple(%a, %n) : f32, index
  uop.sink %t : !uop.void
}

// CHECK-LABEL: func.func @schedule
// CHECK-SAME: (%[[BY:.*]]: !uop.ptr<f32, global, 32>, %[[BX:.*]]: !uop.ptr<f32, global, 32>, %[[S:.*]]: f32, %[[N:.*]]: index)
func.func @schedule(%by: !uop.ptr<f32, global, 32>, %bx: !uop.ptr<f32, global, 32>, %s: f32, %n: index) -> (!uop.void, f32, index, f32) {
  // CHECK: %[[K:.*]] = uop.call @axpy(%[[BY]], %[[BX]], %[[S]]) info <name = "axpy", grad_tag = "axpy_bwd"> : (!uop.ptr<f32, global, 32>, !uop.ptr<f32, global, 32>, f32)
  %k = uop.call @axpy(%by, %bx, %s) info <name = "axpy", grad_tag = "axpy_bwd"> : (!uop.ptr<f32, global, 32>, !uop.ptr<f32, global, 32>, f32)
  // GET_TUPLE of a CALL of a function whose SINK holds a TUPLE.
  // CHECK: %[[C:.*]] = uop.call @two_outputs(%[[S]], %[[N]]) : (f32, index)
  %c = uop.call @two_outputs(%s, %n) : (f32, index)
  // CHECK: %[[G0:.*]] = uop.get_tuple %[[C]][0] : f32
  %g0 = uop.get_tuple %c[0] : f32
  // CHECK: %[[G1:.*]] = uop.get_tuple %[[C]][1] : index
  %g1 = uop.get_tuple %c[1] : index
  // GET_TUPLE of a local TUPLE.
  // CHECK: %[[T:.*]] = uop.tuple(%[[S]], %[[N]]) : f32, index
  %t = uop.tuple(%s, %n) : f32, index
  // CHECK: %[[G2:.*]] = uop.get_tuple %[[T]][0] : f32
  %g2 = uop.get_tuple %t[0] : f32
  // CHECK: return %[[K]], %[[G0]], %[[G1]], %[[G2]]
  return %k, %g0, %g1, %g2 : !uop.void, f32, index, f32
}

// The GET_TUPLE of the local TUPLE folds; those of the CALL do not.
// CANON-LABEL: func.func @schedule
// CANON-SAME: (%{{.*}}: !uop.ptr<f32, global, 32>, %{{.*}}: !uop.ptr<f32, global, 32>, %[[S:.*]]: f32, %{{.*}}: index)
// CANON: %[[C:.*]] = uop.call @two_outputs
// CANON: %[[G0:.*]] = uop.get_tuple %[[C]][0] : f32
// CANON: %[[G1:.*]] = uop.get_tuple %[[C]][1] : index
// CANON-NOT: uop.tuple
// CANON: return %{{.*}}, %[[G0]], %[[G1]], %[[S]]

// A CALL may close ranges passed among its arguments (seed start index 1).
// CHECK-LABEL: func.func @call_in_loop
// CHECK: %[[R:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: uop.call @two_outputs(%{{.*}}, %[[R]]) : (f32, index)
func.func @call_in_loop(%s: f32) -> !uop.void {
  %c8 = arith.constant 8 : index
  %r = uop.range %c8, R0, loop
  %c = uop.call @two_outputs(%s, %r) : (f32, index)
  return %c : !uop.void
}
