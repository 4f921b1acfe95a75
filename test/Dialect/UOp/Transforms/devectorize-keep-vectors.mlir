// RUN: uop-opt %s -split-input-file --uop-devectorize=keep-vectors=true | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-devectorize | FileCheck %s --check-prefix=LANES
//
// uop-devectorize{keep-vectors}: when every vector op of a kernel has a C
// vector form (uop-expand{vectorize}'s loads, stores, broadcasts, f32/f64
// add/sub/mul/div/neg, selects on a scalar condition, REDUCEs), the vectors
// stay whole: a vector REDUCE gets one register holding all its lanes, and
// the other elementwise ops (math functions, maximumf, the accumulator of a
// max) compute lane by lane between vector.extract and vector.from_elements.
// Without the option (LANES), or for a kernel with any other vector op, every
// vector splits into lanes.

// A vector accumulator: one register of vector<8xf32>, its identity a splat.
// CHECK-LABEL: uop.function @tile
// CHECK: %[[REG:.*]] = uop.define_reg size 1 id 0 : !uop.ptr<vector<8xf32>, reg, 1>
// CHECK: %[[ID:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK: uop.store %{{.*}}, %[[ID]] : vector<8xf32>
// CHECK: %[[OLD:.*]] = uop.load %{{.*}} : !uop.ptr<vector<8xf32>, reg, 1> -> vector<8xf32>
// CHECK: arith.addf %[[OLD]], %{{.*}} : vector<8xf32>
// CHECK: uop.store %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT: uop.define_reg
// LANES-LABEL: uop.function @tile
// LANES-COUNT-8: uop.define_reg size 1 id {{[0-9]+}} : !uop.ptr<f32, reg, 1>
// LANES-NOT: vector<
uop.function @tile(%out: !uop.ptr<f32, global, 64> {uop.shape = array<i64: 4, 16>}, %a: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}, %b: !uop.ptr<f32, global, 128> {uop.shape = array<i64: 8, 16>}) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %i = uop.range %c4, R0, loop
  %k = uop.range %c8, R3, reduce
  %xb = uop.index %b[%k, %c0] : !uop.ptr<f32, global, 128> -> vector<8xf32>
  %vb = uop.load %b, %xb : !uop.ptr<f32, global, 128> -> vector<8xf32>
  %xa = uop.index %a[%i, %k] : !uop.ptr<f32, global, 32> -> f32
  %va = uop.load %a, %xa : !uop.ptr<f32, global, 32> -> f32
  %ab = vector.broadcast %va : f32 to vector<8xf32>
  %p = arith.mulf %ab, %vb : vector<8xf32>
  %r = uop.reduce add %p [%k] : vector<8xf32>
  %o = uop.index %out[%i, %c0] : !uop.ptr<f32, global, 64> -> vector<8xf32>
  %st = uop.store %o, %r : vector<8xf32>
  %end = uop.end %st[%i] : !uop.void
  uop.sink %end : !uop.void info <name = "tile">
}

// -----

// exp stays whole (the C has a vector helper for the f32 polynomials), the
// max accumulator goes lane by lane, the loads and stores whole.
// CHECK-LABEL: uop.function @max_of_exp
// CHECK: %[[V:.*]] = uop.load %{{.*}} -> vector<4xf32>
// CHECK: %[[E:.*]] = math.exp %[[V]] : vector<4xf32>
// CHECK: %[[OLD:.*]] = uop.load %{{.*}} : !uop.ptr<vector<4xf32>, reg, 1> -> vector<4xf32>
// CHECK: vector.extract %[[E]][0] : f32 from vector<4xf32>
// CHECK-COUNT-4: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: %[[M:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: uop.store %{{.*}}, %[[M]] : vector<4xf32>
uop.function @max_of_exp(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f32, global, 64> {uop.shape = array<i64: 16, 4>}) {
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : index
  %k = uop.range %c16, R0, reduce
  %x = uop.index %in[%k, %c0] : !uop.ptr<f32, global, 64> -> vector<4xf32>
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> vector<4xf32>
  %e = math.exp %v : vector<4xf32>
  %r = uop.reduce max %e [%k] : vector<4xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %st = uop.store %o, %r : vector<4xf32>
  uop.sink %st : !uop.void info <name = "max_of_exp">
}

// -----

// f64 has no polynomial helper (the C library computes it): lane by lane.
// CHECK-LABEL: uop.function @exp_f64
// CHECK: %[[V:.*]] = uop.load %{{.*}} -> vector<4xf64>
// CHECK: %[[V0:.*]] = vector.extract %[[V]][0] : f64 from vector<4xf64>
// CHECK: math.exp %[[V0]] : f64
// CHECK-COUNT-3: math.exp %{{.*}} : f64
// CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf64>
uop.function @exp_f64(%out: !uop.ptr<f64, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f64, global, 4> {uop.shape = array<i64: 4>}) {
  %c0 = arith.constant 0 : index
  %x = uop.index %in[%c0] : !uop.ptr<f64, global, 4> -> vector<4xf64>
  %v = uop.load %in, %x : !uop.ptr<f64, global, 4> -> vector<4xf64>
  %e = math.exp %v : vector<4xf64>
  %o = uop.index %out[%c0] : !uop.ptr<f64, global, 4> -> vector<4xf64>
  %st = uop.store %o, %e : vector<4xf64>
  uop.sink %st : !uop.void info <name = "exp_f64">
}

// -----

// A vector the C has no type for (three lanes) splits the kernel into lanes.
// CHECK-LABEL: uop.function @three
// CHECK-NOT: vector<
// CHECK-COUNT-3: uop.load %{{.*}} -> f32
uop.function @three(%out: !uop.ptr<f32, global, 3> {uop.shape = array<i64: 3>}, %in: !uop.ptr<f32, global, 3> {uop.shape = array<i64: 3>}) {
  %c0 = arith.constant 0 : index
  %x = uop.index %in[%c0] : !uop.ptr<f32, global, 3> -> vector<3xf32>
  %v = uop.load %in, %x : !uop.ptr<f32, global, 3> -> vector<3xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 3> -> vector<3xf32>
  %st = uop.store %o, %v : vector<3xf32>
  uop.sink %st : !uop.void info <name = "three">
}

// -----

// A lane picked at a loop's index (uop-expand's loop over scattered lanes):
// the vector stays whole and the C indexes it; split into lanes (LANES),
// the lane is a chain of selects on the index.
// CHECK-LABEL: uop.function @lane_loop
// CHECK: %[[V:.*]] = uop.load %{{.*}} -> vector<4xf32>
// CHECK: vector.extract %[[V]][%{{.*}}] : f32 from vector<4xf32>
// LANES-LABEL: uop.function @lane_loop
// LANES-NOT: vector<
// LANES-COUNT-3: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// LANES-NOT: vector<
uop.function @lane_loop(%out: !uop.ptr<f32, global, 8> {uop.shape = array<i64: 8>}, %in: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %x = uop.index %in[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %v = uop.load %in, %x : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %l = uop.range %c4, R0, reduce
  %e = vector.extract %v[%l] : f32 from vector<4xf32>
  %i = arith.addi %l, %l : index
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %e : f32
  %end = uop.end %st[%l] : !uop.void
  uop.sink %end : !uop.void info <name = "lane_loop">
}

// -----

// A lane mask from a cmpf of f32 vectors, combined and read by a select of
// f32 vectors, stays whole (the C's 32-bit lane masks).
// CHECK-LABEL: uop.function @mask
// CHECK: %[[M:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: %[[N:.*]] = arith.ori %[[M]], %{{.*}} : vector<4xi1>
// CHECK: arith.select %[[N]], %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
uop.function @mask(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}) {
  %c0 = arith.constant 0 : index
  %z = arith.constant dense<0.0> : vector<4xf32>
  %x = uop.index %in[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %v = uop.load %in, %x : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %m = arith.cmpf olt, %z, %v : vector<4xf32>
  %e = arith.cmpf oeq, %v, %z : vector<4xf32>
  %n = arith.ori %m, %e : vector<4xi1>
  %s = arith.select %n, %v, %z : vector<4xi1>, vector<4xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %st = uop.store %o, %s : vector<4xf32>
  uop.sink %st : !uop.void info <name = "mask">
}

// -----

// A mask loaded from memory has no C form (bools are bytes): the kernel
// splits into lanes.
// CHECK-LABEL: uop.function @loaded_mask
// CHECK-NOT: vector<4xi1>
// CHECK: uop.sink
uop.function @loaded_mask(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %c: !uop.ptr<i1, global, 4> {uop.shape = array<i64: 4>}) {
  %c0 = arith.constant 0 : index
  %z = arith.constant dense<0.0> : vector<4xf32>
  %x = uop.index %in[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %v = uop.load %in, %x : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %ci = uop.index %c[%c0] : !uop.ptr<i1, global, 4> -> vector<4xi1>
  %m = uop.load %c, %ci : !uop.ptr<i1, global, 4> -> vector<4xi1>
  %s = arith.select %m, %v, %z : vector<4xi1>, vector<4xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %st = uop.store %o, %s : vector<4xf32>
  uop.sink %st : !uop.void info <name = "loaded_mask">
}
