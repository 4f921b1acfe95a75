// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The seed's RANGE and END examples:
//
//   RANGE(end=128, axis_id=R0, type=Global)
//   └── CONST(128) : Index
//
//   END
//   ├── STORE(...)           — computation
//   ├── RANGE(R0, Global)    — first range closed
//   └── RANGE(R1, Local)     — second range closed

// CHECK-LABEL: uop.function @range_end
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 16384>, %[[V:.*]]: f32)
uop.function @range_end(%out: !uop.ptr<f32, global, 16384>, %v: f32) {
  // CHECK: %[[C128:.*]] = arith.constant 128 : index
  %c128 = arith.constant 128 : index
  // CHECK: %[[R0:.*]] = uop.range %[[C128]], R0, global
  %r0 = uop.range %c128, R0, global
  // CHECK: %[[R1:.*]] = uop.range %[[C128]], R1, local
  %r1 = uop.range %c128, R1, local
  // CHECK: %[[I:.*]] = uop.index %[[OUT]][%[[R0]], %[[R1]]]
  %i = uop.index %out[%r0, %r1] : !uop.ptr<f32, global, 16384> -> f32
  // CHECK: %[[S:.*]] = uop.store %[[I]], %[[V]] : f32
  %s = uop.store %i, %v : f32
  // One END closes both ranges at once.
  // CHECK: %[[E:.*]] = uop.end %[[S]][%[[R0]], %[[R1]]] : !uop.void
  %e = uop.end %s [%r0, %r1] : !uop.void
  // CHECK: uop.sink %[[E]] : !uop.void
  uop.sink %e : !uop.void
}

// GENERIC: "uop.range"(%{{.*}}) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type global>}> : (index) -> index
// GENERIC: "uop.range"(%{{.*}}) <{axis_id = #uop.axis_id<R1>, axis_type = #uop<axis_type local>}> : (index) -> index
// GENERIC: "uop.end"(%{{.*}}, %{{.*}}, %{{.*}}) : (!uop.void, index, index) -> !uop.void

// Every axis type, unrenumbered ids, and RANGE deps.
// CHECK-LABEL: func.func @axis_types
func.func @axis_types(%n: index) {
  // CHECK: %[[A:.*]] = uop.range %{{.*}}, U0, placeholder
  %a = uop.range %n, U0, placeholder
  // CHECK: uop.range %{{.*}}, U1, loop
  %b = uop.range %n, U1, loop
  // CHECK: uop.range %{{.*}}, U2, global
  %c = uop.range %n, U2, global
  // CHECK: uop.range %{{.*}}, U3, thread
  %d = uop.range %n, U3, thread
  // CHECK: uop.range %{{.*}}, U4, warp
  %e = uop.range %n, U4, warp
  // CHECK: uop.range %{{.*}}, U5, local
  %f = uop.range %n, U5, local
  // CHECK: %[[G:.*]] = uop.range %{{.*}}, U6, group_reduce
  %g = uop.range %n, U6, group_reduce
  // CHECK: uop.range %{{.*}}, U7, upcast
  %h = uop.range %n, U7, upcast
  // CHECK: uop.range %{{.*}}, U8, reduce deps(%[[A]], %[[G]])
  %i = uop.range %n, U8, reduce deps(%a, %g)
  // CHECK: uop.range %{{.*}}, R9, unroll {tag = "x"}
  %j = uop.range %n, R9, unroll {tag = "x"}
  return
}
