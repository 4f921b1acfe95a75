// RUN: uop-opt %s -split-input-file --pass-pipeline='builtin.module(uop.function(uop-simplify{arith-only}))' | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-simplify | FileCheck %s --check-prefix=FULL
//
// uop-simplify{arith-only}, the run after uop-devectorize in uop-to-program:
// the rewrites start from arith/math ops only and reach the ops that rewriting
// them touches, with the same rules as a full run.

// A lane address (r + 3) * 320 + c: the constant moves out (the shared base
// r * 320 + c plus 960), as in a full run.
// CHECK-LABEL: uop.function @lane_address
// CHECK-DAG: %[[C960:.*]] = arith.constant 960 : index
// CHECK-DAG: %[[C320:.*]] = arith.constant 320 : index
// CHECK-DAG: %[[R:.*]] = uop.range %{{.*}}, R0, loop
// CHECK-DAG: %[[M:.*]] = arith.muli %[[R]], %[[C320]] : index
// CHECK-DAG: %[[B:.*]] = arith.addi {{.*}}%[[M]]{{.*}} : index
// CHECK: %[[A:.*]] = arith.addi %[[B]], %[[C960]] : index
// CHECK: uop.index %{{.*}}[%[[A]]]
uop.function @lane_address(%in: !uop.ptr<f32, global, 81920>) {
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c320 = arith.constant 320 : index
  %r = uop.range %c8, R0, loop
  %c = uop.range %c320, R1, loop
  %l = arith.addi %r, %c3 : index
  %m = arith.muli %l, %c320 : index
  %a = arith.addi %m, %c : index
  %x = uop.index %in[%a] : !uop.ptr<f32, global, 81920> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 81920> -> f32
  uop.sink %v : f32
}

// -----

// A gate the ranges decide (r < 8 for r in [0, 7]) folds to true, and that
// reaches the INDEX that reads it: the gate and the LOAD's alt go.
// CHECK-LABEL: uop.function @reached_gate
// CHECK-NOT: arith.cmpi
// CHECK-NOT: arith.constant 0.0
// CHECK: %[[X:.*]] = uop.index %{{.*}}[%{{.*}}] : !uop.ptr
// CHECK: uop.load %{{.*}}, %[[X]] : !uop.ptr
uop.function @reached_gate(%in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %i = uop.range %c8, R0, loop
  %g = arith.cmpi slt, %i, %c8 : index
  %x = uop.index %in[%i] gate %g : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x alt %zero : !uop.ptr<f32, global, 8> -> f32
  uop.sink %v : f32
}

// -----

// An op no arith/math rewrite reaches is not visited: the gate that is a
// constant true from the start stays (a full run drops it).
// CHECK-LABEL: uop.function @unreached_gate
// CHECK: uop.index %{{.*}}[%{{.*}}] gate %{{.*}} : !uop.ptr
// CHECK: uop.load %{{.*}}, %{{.*}} alt %{{.*}} : !uop.ptr
// FULL-LABEL: uop.function @unreached_gate
// FULL-NOT: gate
// FULL-NOT: alt
// FULL: uop.sink
uop.function @unreached_gate(%in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %true = arith.constant true
  %zero = arith.constant 0.0 : f32
  %i = uop.range %c8, R0, loop
  %x = uop.index %in[%i] gate %true : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x alt %zero : !uop.ptr<f32, global, 8> -> f32
  uop.sink %v : f32
}
