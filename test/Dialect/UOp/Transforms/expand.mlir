// RUN: uop-opt %s -split-input-file --uop-expand=simplify=false | FileCheck %s
//
// uop-expand: a RANGE of type upcast or unroll with constant extent K is an
// UNROLL of K lanes. Every op that reads it is replicated per lane with the
// range replaced by the lane number (0 .. K-1); where the range is closed the
// lanes meet: a REDUCE CONTRACTs them with its operator (a chain of addf,
// maximumf, minsi, ...), an END GROUPs the lane stores. Ops that do not read
// the range stay shared and the range itself is gone.

// Upcast 4 of an elementwise kernel: four lanes of INDEX / LOAD / exp /
// STORE at column jo*4 + lane, grouped under the END of the other ranges.
// CHECK-LABEL: uop.function @upcast
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 16> {{.*}}, %[[IN:.*]]: !uop.ptr<f32, global, 16> {{.*}})
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[JO:.*]] = uop.range %{{.*}}, R2, loop
// CHECK-NOT: upcast
// CHECK: %[[BASE:.*]] = arith.muli %[[JO]], %{{.*}} : index
// CHECK: %[[L0:.*]] = arith.constant 0 : index
// CHECK: %[[J0:.*]] = arith.addi %[[BASE]], %[[L0]] : index
// CHECK: %[[X0:.*]] = uop.index %[[IN]][%[[I]], %[[J0]]]
// CHECK: %[[V0:.*]] = uop.load %[[IN]], %[[X0]]
// CHECK: %[[E0:.*]] = math.exp %[[V0]] : f32
// CHECK: %[[O0:.*]] = uop.index %[[OUT]][%[[I]], %[[J0]]]
// CHECK: %[[S0:.*]] = uop.store %[[O0]], %[[E0]] : f32
// CHECK: %[[L1:.*]] = arith.constant 1 : index
// CHECK: %[[J1:.*]] = arith.addi %[[BASE]], %[[L1]] : index
// CHECK: uop.index %[[IN]][%[[I]], %[[J1]]]
// CHECK: %[[S1:.*]] = uop.store
// CHECK: %[[L2:.*]] = arith.constant 2 : index
// CHECK: %[[J2:.*]] = arith.addi %[[BASE]], %[[L2]] : index
// CHECK: uop.index %[[IN]][%[[I]], %[[J2]]]
// CHECK: %[[S2:.*]] = uop.store
// CHECK: %[[L3:.*]] = arith.constant 3 : index
// CHECK: %[[J3:.*]] = arith.addi %[[BASE]], %[[L3]] : index
// CHECK: uop.index %[[IN]][%[[I]], %[[J3]]]
// CHECK: %[[S3:.*]] = uop.store
// CHECK-NOT: math.exp
// CHECK: %[[G:.*]] = uop.group(%[[S0]], %[[S1]], %[[S2]], %[[S3]]) : !uop.void, !uop.void, !uop.void, !uop.void
// CHECK: %[[E:.*]] = uop.end %[[G]][%[[I]], %[[JO]]] : !uop.void
// CHECK: uop.sink %[[E]] : !uop.void info <name = "upcast">
uop.function @upcast(%out: !uop.ptr<f32, global, 16> {uop.shape = array<i64: 2, 8>}, %in: !uop.ptr<f32, global, 16> {uop.shape = array<i64: 2, 8>}) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %i = uop.range %c2, R0, loop
  %jo = uop.range %c2, R2, loop
  %ji = uop.range %c4, R3, upcast
  %m = arith.muli %jo, %c4 : index
  %j = arith.addi %m, %ji : index
  %x = uop.index %in[%i, %j] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 16> -> f32
  %e = math.exp %v : f32
  %o = uop.index %out[%i, %j] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %o, %e : f32
  %end = uop.end %st[%i, %jo, %ji] : !uop.void
  uop.sink %end : !uop.void info <name = "upcast">
}

// -----

// Unroll 4 of a reduce range: the REDUCE's lanes are contracted with its
// operator (addf for add, maximumf for max) and the REDUCE keeps the outer
// reduce range.
// CHECK-LABEL: uop.function @unroll
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[KO:.*]] = uop.range %{{.*}}, R2, reduce
// CHECK-NOT: unroll
// CHECK: %[[A0:.*]] = uop.load
// CHECK: %[[A1:.*]] = uop.load
// CHECK: %[[A2:.*]] = uop.load
// CHECK: %[[A3:.*]] = uop.load
// CHECK: %[[S01:.*]] = arith.addf %[[A0]], %[[A1]] : f32
// CHECK: %[[S012:.*]] = arith.addf %[[S01]], %[[A2]] : f32
// CHECK: %[[S0123:.*]] = arith.addf %[[S012]], %[[A3]] : f32
// CHECK: %[[SUM:.*]] = uop.reduce add %[[S0123]][%[[KO]]] : f32
// CHECK: %[[B0:.*]] = uop.load
// CHECK: %[[B1:.*]] = uop.load
// CHECK: %[[B2:.*]] = uop.load
// CHECK: %[[B3:.*]] = uop.load
// CHECK: %[[M01:.*]] = arith.maximumf %[[B0]], %[[B1]] : f32
// CHECK: %[[M012:.*]] = arith.maximumf %[[M01]], %[[B2]] : f32
// CHECK: %[[M0123:.*]] = arith.maximumf %[[M012]], %[[B3]] : f32
// CHECK: %[[MAX:.*]] = uop.reduce max %[[M0123]][%[[KO]]] : f32
// CHECK: arith.addf %[[SUM]], %[[MAX]] : f32
// CHECK: uop.end %{{.*}}[%[[I]]] : !uop.void
uop.function @unroll(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f32, global, 64> {uop.shape = array<i64: 4, 16>}) {
  %c4 = arith.constant 4 : index
  %i = uop.range %c4, R0, loop
  %ko = uop.range %c4, R2, reduce
  %ki = uop.range %c4, R3, unroll
  %m = arith.muli %ko, %c4 : index
  %k = arith.addi %m, %ki : index
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %s = uop.reduce add %v [%ko, %ki] : f32
  %mx = uop.reduce max %v [%ko, %ki] : f32
  %t = arith.addf %s, %mx : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %t : f32
  %end = uop.end %st[%i] : !uop.void
  uop.sink %end : !uop.void info <name = "unroll">
}

// -----

// A REDUCE whose only range is the unroll range is replaced by the
// contraction itself (an integer min: minsi).
// CHECK-LABEL: uop.function @only_unroll
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<i32, global, 4> {{.*}}, %[[IN:.*]]: !uop.ptr<i32, global, 8> {{.*}})
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[X0:.*]] = uop.index %[[IN]][%[[I]], %[[C0]]]
// CHECK: %[[V0:.*]] = uop.load %[[IN]], %[[X0]]
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[X1:.*]] = uop.index %[[IN]][%[[I]], %[[C1]]]
// CHECK: %[[V1:.*]] = uop.load %[[IN]], %[[X1]]
// CHECK: %[[M:.*]] = arith.minsi %[[V0]], %[[V1]] : i32
// CHECK-NOT: uop.reduce
// CHECK: %[[O:.*]] = uop.index %[[OUT]][%[[I]]]
// CHECK: uop.store %[[O]], %[[M]] : i32
uop.function @only_unroll(%out: !uop.ptr<i32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<i32, global, 8> {uop.shape = array<i64: 4, 2>}) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %i = uop.range %c4, R0, loop
  %k = uop.range %c2, R1, unroll
  %x = uop.index %in[%i, %k] : !uop.ptr<i32, global, 8> -> i32
  %v = uop.load %in, %x : !uop.ptr<i32, global, 8> -> i32
  %s = uop.reduce min %v [%k] : i32
  %o = uop.index %out[%i] : !uop.ptr<i32, global, 4> -> i32
  %st = uop.store %o, %s : i32
  %end = uop.end %st[%i] : !uop.void
  uop.sink %end : !uop.void info <name = "only_unroll">
}

// -----

// An upcast output range around a reduction: each lane has its own REDUCE
// (an accumulator per output) over the shared reduce range.
// CHECK-LABEL: uop.function @tile
// CHECK: %[[IO:.*]] = uop.range %{{.*}}, R1, loop
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R3, reduce
// CHECK: %[[R0:.*]] = uop.reduce add %{{.*}}[%[[K]]] : f32
// CHECK: %[[S0:.*]] = uop.store %{{.*}}, %[[R0]] : f32
// CHECK: %[[R1:.*]] = uop.reduce add %{{.*}}[%[[K]]] : f32
// CHECK: %[[S1:.*]] = uop.store %{{.*}}, %[[R1]] : f32
// CHECK-NOT: uop.reduce
// CHECK: %[[G:.*]] = uop.group(%[[S0]], %[[S1]]) : !uop.void, !uop.void
// CHECK: uop.end %[[G]][%[[IO]]] : !uop.void
uop.function @tile(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %io = uop.range %c2, R1, loop
  %ii = uop.range %c2, R2, upcast
  %m = arith.muli %io, %c2 : index
  %i = arith.addi %m, %ii : index
  %k = uop.range %c8, R3, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 32> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 32> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %s : f32
  %end = uop.end %st[%io, %ii] : !uop.void
  uop.sink %end : !uop.void info <name = "tile">
}
