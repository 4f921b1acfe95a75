// RUN: uop-opt %s -split-input-file --uop-expand="vectorize=true simplify=false" | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-expand="vectorize=true simplify=false" --uop-devectorize | FileCheck %s --check-prefix=SPLIT
//
// uop-expand{vectorize}: an upcast range whose lanes address consecutive
// elements (it offsets only the innermost index of its INDEXes) computes on
// one vector<K x T> per value instead of K scalar copies: the INDEXes, LOADs,
// elementwise f32/f64 ops, REDUCEs over other ranges and STOREs of the slice
// take the vector type, lane-invariant operands are broadcast, and the range
// becomes lane 0. Any other slice expands into lanes as without the option.

// Elementwise: one vector load, exp and store per iteration of the others.
// CHECK-LABEL: uop.function @elementwise
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 16> {{.*}}, %[[IN:.*]]: !uop.ptr<f32, global, 16> {{.*}})
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[JO:.*]] = uop.range %{{.*}}, R2, loop
// CHECK-NOT: upcast
// CHECK: %[[J:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[X:.*]] = uop.index %[[IN]][%[[I]], %[[J]]] : !uop.ptr<f32, global, 16> -> vector<4xf32>
// CHECK: %[[V:.*]] = uop.load %[[IN]], %[[X]] : !uop.ptr<f32, global, 16> -> vector<4xf32>
// CHECK: %[[E:.*]] = math.exp %[[V]] : vector<4xf32>
// CHECK: %[[B:.*]] = vector.broadcast %{{.*}} : f32 to vector<4xf32>
// CHECK: %[[S:.*]] = arith.mulf %[[E]], %[[B]] : vector<4xf32>
// CHECK: %[[O:.*]] = uop.index %[[OUT]][%[[I]], %[[J]]] : !uop.ptr<f32, global, 16> -> vector<4xf32>
// CHECK: %[[ST:.*]] = uop.store %[[O]], %[[S]] : vector<4xf32>
// CHECK-NOT: uop.group
// CHECK: uop.end %[[ST]][%[[I]], %[[JO]]] : !uop.void
uop.function @elementwise(%out: !uop.ptr<f32, global, 16> {uop.shape = array<i64: 2, 8>}, %in: !uop.ptr<f32, global, 16> {uop.shape = array<i64: 2, 8>}, %scale: f32) {
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
  %s = arith.mulf %e, %scale : f32
  %o = uop.index %out[%i, %j] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %o, %s : f32
  %end = uop.end %st[%i, %jo, %ji] : !uop.void
  uop.sink %end : !uop.void info <name = "elementwise">
}

// -----

// A matmul tile's column range: the broadcast A element times one vector of
// B, accumulated by a vector REDUCE over K.
// CHECK-LABEL: uop.function @tile
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R3, reduce
// CHECK: %[[B:.*]] = uop.load %{{.*}} -> vector<8xf32>
// CHECK: %[[A:.*]] = uop.load %{{.*}} -> f32
// CHECK: %[[AB:.*]] = vector.broadcast %[[A]] : f32 to vector<8xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[AB]], %[[B]] : vector<8xf32>
// CHECK: %[[R:.*]] = uop.reduce add %[[P]][%[[K]]] : vector<8xf32>
// CHECK: uop.store %{{.*}}, %[[R]] : vector<8xf32>
uop.function @tile(%out: !uop.ptr<f32, global, 64> {uop.shape = array<i64: 4, 16>}, %a: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}, %b: !uop.ptr<f32, global, 128> {uop.shape = array<i64: 8, 16>}) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %i = uop.range %c4, R0, loop
  %jo = uop.range %c2, R1, loop
  %k = uop.range %c8, R3, reduce
  %ji = uop.range %c8, R4, upcast
  %m = arith.muli %jo, %c8 : index
  %j = arith.addi %m, %ji : index
  %xb = uop.index %b[%k, %j] : !uop.ptr<f32, global, 128> -> f32
  %vb = uop.load %b, %xb : !uop.ptr<f32, global, 128> -> f32
  %xa = uop.index %a[%i, %k] : !uop.ptr<f32, global, 32> -> f32
  %va = uop.load %a, %xa : !uop.ptr<f32, global, 32> -> f32
  %p = arith.mulf %va, %vb : f32
  %r = uop.reduce add %p [%k] : f32
  %o = uop.index %out[%i, %j] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %r : f32
  %end = uop.end %st[%i, %jo, %ji] : !uop.void
  uop.sink %end : !uop.void info <name = "tile">
}

// -----

// A REDUCE over the upcast range itself (a row sum split reduce x upcast):
// the other range accumulates per lane in a vector REDUCE, then the lanes
// meet in lane order: one vector.reduction, which uop-to-c writes as
// ((l0 + l1) + l2) + l3 (Target/C/lane-order-reduction.mlir) and uop-devectorize
// without keep-vectors splits into that chain of scalar adds.
// CHECK-LABEL: uop.function @row_sum
// CHECK: %[[KO:.*]] = uop.range %{{.*}}, R2, reduce
// CHECK: %[[V:.*]] = uop.load %{{.*}} -> vector<4xf32>
// CHECK: %[[R:.*]] = uop.reduce add %[[V]][%[[KO]]] : vector<4xf32>
// CHECK: %[[S:.*]] = vector.reduction <add>, %[[R]] : vector<4xf32> into f32
// CHECK: uop.store %{{.*}}, %[[S]] : f32
// SPLIT-LABEL: uop.function @row_sum
// SPLIT-NOT: vector.reduction
// (first the four lanes' own sums inside the loop)
// SPLIT-COUNT-4: arith.addf %{{.*}}, %{{.*}} : f32
// SPLIT: %[[S1:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// SPLIT-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %{{.*}} : f32
// SPLIT-NEXT: %[[S3:.*]] = arith.addf %[[S2]], %{{.*}} : f32
// SPLIT-NEXT: %[[O:.*]] = uop.index
// SPLIT-NEXT: uop.store %[[O]], %[[S3]] : f32
// SPLIT-NOT: vector.reduction
uop.function @row_sum(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f32, global, 64> {uop.shape = array<i64: 4, 16>}) {
  %c4 = arith.constant 4 : index
  %i = uop.range %c4, R0, loop
  %ko = uop.range %c4, R2, reduce
  %ki = uop.range %c4, R3, upcast
  %m = arith.muli %ko, %c4 : index
  %k = arith.addi %m, %ki : index
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %s = uop.reduce add %v [%ko, %ki] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %s : f32
  %end = uop.end %st[%i] : !uop.void
  uop.sink %end : !uop.void info <name = "row_sum">
}

// -----

// Lanes two elements apart (a stride): not consecutive, so four scalar lanes.
// CHECK-LABEL: uop.function @strided
// CHECK-NOT: vector<
// CHECK-COUNT-4: uop.load %{{.*}} -> f32
// CHECK: uop.group
uop.function @strided(%out: !uop.ptr<f32, global, 8> {uop.shape = array<i64: 8>}, %in: !uop.ptr<f32, global, 8> {uop.shape = array<i64: 8>}) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %i = uop.range %c2, R0, loop
  %l = uop.range %c4, R1, upcast
  %s = arith.muli %l, %c2 : index
  %j = arith.addi %s, %i : index
  %x = uop.index %in[%j] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 8> -> f32
  %o = uop.index %out[%j] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %v : f32
  %end = uop.end %st[%i, %l] : !uop.void
  uop.sink %end : !uop.void info <name = "strided">
}

// -----

// The lane number used as a value (an iota): scalar lanes.
// CHECK-LABEL: uop.function @iota
// CHECK-NOT: vector<
// CHECK-COUNT-4: uop.store %{{.*}}, %{{.*}} : f32
uop.function @iota(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}) {
  %c4 = arith.constant 4 : index
  %l = uop.range %c4, R0, upcast
  %n = arith.index_cast %l : index to i32
  %f = arith.sitofp %n : i32 to f32
  %o = uop.index %out[%l] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %f : f32
  %end = uop.end %st[%l] : !uop.void
  uop.sink %end : !uop.void info <name = "iota">
}

// -----

// A gated access (padding) and an i32 element type: scalar lanes.
// CHECK-LABEL: uop.function @gated
// CHECK-NOT: vector<
// CHECK-COUNT-4: uop.index %{{.*}}[%{{.*}}] gate
uop.function @gated(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %g: i1) {
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %l = uop.range %c4, R0, upcast
  %x = uop.index %in[%l] gate %g : !uop.ptr<f32, global, 4> -> f32
  %v = uop.load %in, %x alt %z : !uop.ptr<f32, global, 4> -> f32
  %o = uop.index %out[%l] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v : f32
  %end = uop.end %st[%l] : !uop.void
  uop.sink %end : !uop.void info <name = "gated">
}

// CHECK-LABEL: uop.function @ints
// CHECK-NOT: vector<
// CHECK-COUNT-4: uop.load %{{.*}} -> i32
uop.function @ints(%out: !uop.ptr<i32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<i32, global, 4> {uop.shape = array<i64: 4>}) {
  %c4 = arith.constant 4 : index
  %l = uop.range %c4, R0, upcast
  %x = uop.index %in[%l] : !uop.ptr<i32, global, 4> -> i32
  %v = uop.load %in, %x : !uop.ptr<i32, global, 4> -> i32
  %o = uop.index %out[%l] : !uop.ptr<i32, global, 4> -> i32
  %st = uop.store %o, %v : i32
  %end = uop.end %st[%l] : !uop.void
  uop.sink %end : !uop.void info <name = "ints">
}

// -----

// Three lanes: no C vector type of three floats, so scalar lanes.
// CHECK-LABEL: uop.function @three
// CHECK-NOT: vector<
// CHECK-COUNT-3: uop.load %{{.*}} -> f32
uop.function @three(%out: !uop.ptr<f32, global, 3> {uop.shape = array<i64: 3>}, %in: !uop.ptr<f32, global, 3> {uop.shape = array<i64: 3>}) {
  %c3 = arith.constant 3 : index
  %l = uop.range %c3, R0, upcast
  %x = uop.index %in[%l] : !uop.ptr<f32, global, 3> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 3> -> f32
  %o = uop.index %out[%l] : !uop.ptr<f32, global, 3> -> f32
  %st = uop.store %o, %v : f32
  %end = uop.end %st[%l] : !uop.void
  uop.sink %end : !uop.void info <name = "three">
}

// -----

// An INDEX read as a value (the C reads its lvalue) rather than through a
// LOAD: scalar lanes (uop-fuzz found the vector form's address used as a
// value, which the C compiler rejects).
// CHECK-LABEL: uop.function @index_as_value
// CHECK-NOT: vector<
// CHECK-COUNT-4: arith.mulf %{{.*}}, %{{.*}} : f32
uop.function @index_as_value(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}) {
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  %l = uop.range %c4, R0, upcast
  %x = uop.index %in[%l] : !uop.ptr<f32, global, 4> -> f32
  %d = arith.mulf %x, %two : f32
  %o = uop.index %out[%l] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %d : f32
  %end = uop.end %st[%l] : !uop.void
  uop.sink %end : !uop.void info <name = "index_as_value">
}
