// XFAIL: *
// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// PENDING BUG: tirx.tile.unary with a kind built from the math dialect (exp,
// exp2, log, sqrt, rsqrt, silu, abs) crashes uop-opt (segfault in
// Operation::create) unless the input already loaded the math dialect:
// tirx-dispatch-tile-primitives creates math.* ops but does not list
// ::mlir::math::MathDialect in its dependentDialects. The same crash happens
// through --tirx-to-nvvm. (Put a math.exp anywhere in this input and the
// expansion below is produced.) Nothing in this file may use the math dialect.

// CHECK-LABEL: tirx.prim_func @math_kinds
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64xf32, global>, %[[B:.*]]: !tirx.buffer<64xf32, global>)
// CHECK: %[[X0:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y0:.*]] = math.exp %[[X0]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y0]], %[[B]]
// CHECK: %[[X1:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y1:.*]] = math.exp2 %[[X1]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y1]], %[[B]]
// CHECK: %[[X2:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y2:.*]] = math.log %[[X2]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y2]], %[[B]]
// CHECK: %[[X3:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y3:.*]] = math.sqrt %[[X3]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y3]], %[[B]]
// CHECK: %[[X4:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y4:.*]] = math.rsqrt %[[X4]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y4]], %[[B]]
// silu(x) = x / (1 + exp(-x))
// CHECK: %[[X5:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[N5:.*]] = arith.negf %[[X5]] : f32
// CHECK-NEXT: %[[E5:.*]] = math.exp %[[N5]] : f32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[D5:.*]] = arith.addf %[[ONE]], %[[E5]] : f32
// CHECK-NEXT: %[[Y5:.*]] = arith.divf %[[X5]], %[[D5]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y5]], %[[B]]
// CHECK: %[[X6:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y6:.*]] = math.absf %[[X6]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y6]], %[[B]]
// CHECK-NOT: tirx.tile.unary
tirx.prim_func @math_kinds(%A: !tirx.buffer<64xf32, global>, %B: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    tirx.tile.unary exp <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary exp2 <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary log <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary sqrt <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary rsqrt <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary silu <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary abs <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}
