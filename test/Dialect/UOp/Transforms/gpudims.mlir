// RUN: uop-opt %s -split-input-file --uop-gpudims | FileCheck %s
//
// uop-gpudims: global RANGEs become SPECIAL blockIdx.{x,y,z} and local ones
// SPECIAL threadIdx.{x,y,z}, the highest axis id (the innermost) taking x.
// The hardware runs those "loops": they leave the END lists, and an END that
// closes nothing more is its computation.

// The cuda matmul after uop-optimize: R0 and R3 global, R4 local. R3
// (innermost global) is blockIdx.x, R0 blockIdx.y, R4 threadIdx.x; the
// reduce range stays a RANGE and the END of the output ranges is gone.
// CHECK-LABEL: uop.function @matmul
// CHECK-SAME: (%[[C:.*]]: !uop.ptr<f32, global, 2048>, %[[A:.*]]: !uop.ptr<f32, global, 512>, %[[B:.*]]: !uop.ptr<f32, global, 1024>)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[BY:.*]] = uop.special %[[C32]], blockIdx.y
// CHECK: %[[BX:.*]] = uop.special %[[C2]], blockIdx.x
// CHECK: %[[TX:.*]] = uop.special %[[C32]], threadIdx.x
// CHECK: %[[JM:.*]] = arith.muli %[[BX]], %[[C32]] : index
// CHECK: %[[J:.*]] = arith.addi %[[JM]], %[[TX]] : index
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R2, reduce
// CHECK: uop.index %[[A]][%[[BY]], %[[K]]]
// CHECK: uop.index %[[B]][%[[K]], %[[J]]]
// CHECK: uop.reduce add %{{.*}}[%[[K]]] : f32
// CHECK: %[[O:.*]] = uop.index %[[C]][%[[BY]], %[[J]]]
// CHECK: %[[ST:.*]] = uop.store %[[O]], %{{.*}} : f32
// CHECK-NOT: uop.end
// CHECK: uop.sink %[[ST]] : !uop.void info <name = "matmul">
// CHECK-NOT: global
// CHECK-NOT: local
uop.function @matmul(%c: !uop.ptr<f32, global, 2048>, %a: !uop.ptr<f32, global, 512>, %b: !uop.ptr<f32, global, 1024>) {
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %i = uop.range %c32, R0, global
  %jo = uop.range %c2, R3, global
  %ji = uop.range %c32, R4, local
  %jm = arith.muli %jo, %c32 : index
  %j = arith.addi %jm, %ji : index
  %k = uop.range %c16, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f32, global, 512> -> f32
  %va = uop.load %a, %ia : !uop.ptr<f32, global, 512> -> f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f32, global, 1024> -> f32
  %vb = uop.load %b, %ib : !uop.ptr<f32, global, 1024> -> f32
  %p = arith.mulf %va, %vb : f32
  %s = uop.reduce add %p [%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 2048> -> f32
  %st = uop.store %ic, %s : f32
  %e = uop.end %st[%i, %jo, %ji] : !uop.void
  uop.sink %e : !uop.void info <name = "matmul">
}

// -----

// Three global ranges take z, y, x in axis id order; the loop range stays
// and is all that is left in the END.
// CHECK-LABEL: uop.function @mixed
// CHECK: %[[Z:.*]] = uop.special %{{.*}}, blockIdx.z
// CHECK: %[[Y:.*]] = uop.special %{{.*}}, blockIdx.y
// CHECK: %[[X:.*]] = uop.special %{{.*}}, blockIdx.x
// CHECK: %[[L:.*]] = uop.range %{{.*}}, R3, loop
// CHECK: %[[M:.*]] = arith.muli %[[Z]], %{{.*}} : index
// CHECK: arith.addi %[[M]], %[[Y]] : index
// CHECK: arith.addi %{{.*}}, %[[X]] : index
// CHECK: %[[ST:.*]] = uop.store
// CHECK: %[[E:.*]] = uop.end %[[ST]][%[[L]]] : !uop.void
// CHECK: uop.sink %[[E]]
uop.function @mixed(%out: !uop.ptr<f32, global, 512>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %x = uop.range %c8, R0, global
  %y = uop.range %c8, R1, global
  %z = uop.range %c8, R2, global
  %l = uop.range %c8, R3, loop
  %m = arith.muli %x, %c8 : index
  %n = arith.addi %m, %y : index
  %p = arith.muli %n, %c8 : index
  %q = arith.addi %p, %z : index
  %o = uop.index %out[%q] : !uop.ptr<f32, global, 512> -> f32
  %st = uop.store %o, %one : f32
  %e = uop.end %st[%x, %y, %z, %l] : !uop.void
  uop.sink %e : !uop.void info <name = "mixed">
}

// -----

// CUDA's grid has three dimensions, y and z at most 65535: a fourth global
// range, or one too large for y/z, stays a loop in each thread, and the
// largest range goes on x.
// CHECK-LABEL: uop.function @grid_limits
// CHECK: %[[L:.*]] = uop.range %{{.*}}, R0, loop
// CHECK-DAG: uop.special %{{.*}}, blockIdx.x
// CHECK-DAG: uop.special %{{.*}}, blockIdx.y
// CHECK-DAG: uop.special %{{.*}}, blockIdx.z
// CHECK: uop.end %{{.*}}[%[[L]]]
uop.function @grid_limits(%out: !uop.ptr<f32, global, 16>) {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %a = uop.range %c2, R0, global
  %b = uop.range %c2, R1, global
  %c = uop.range %c2, R2, global
  %d = uop.range %c2, R3, global
  %o = uop.index %out[%a, %b, %c, %d] : !uop.ptr<f32, global, 16> -> f32
  %s = uop.store %o, %one : f32
  %e = uop.end %s[%a, %b, %c, %d] : !uop.void
  uop.sink %e : !uop.void info <name = "grid_limits">
}
