// RUN: uop-opt %s -split-input-file --uop-optimize='target=cpu opts=#uop.opt<PITCH,1,9>' | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-optimize=target=cpu --uop-expand=vectorize=true | FileCheck %s --check-prefix=EXPAND
// RUN: uop-opt %s -split-input-file --uop-optimize=target=cpu --uop-expand=vectorize=true --uop-devectorize | FileCheck %s --check-prefix=SPLIT
//
// PITCH (uop-optimize, PitchRows.cpp): output range oh (7) and the next
// output range ow (7) become one range q of (7 - 1) * 9 + 7 = 61 steps (oh's
// axis id), oh = q / 9 and ow = q % 9. The input, read at (oh + kh, ow + kw)
// of rows 9 long, becomes base + q: one index, consecutive in q. The store
// and the residual read (rows 7 long) keep their indices at (q / 9, q % 9);
// the store is gated on q % 9 < 7 (the two padding columns of each row are
// computed, never stored), the read is not: a padding column of row
// oh < 6 reads the first two elements of row oh + 1 (9 <= 7 + 7), and the
// last row has none. The END lists q once.

// CHECK-LABEL: uop.function @conv7
// CHECK-DAG: %[[C61:.*]] = arith.constant 61 : index
// CHECK: %[[Q:.*]] = uop.range %[[C61]], R1, loop
// CHECK: %[[ROW:.*]] = arith.divui %[[Q]], %[[C9:.*]] : index
// CHECK: %[[COL:.*]] = arith.remui %[[Q]], %{{.*}} : index
// CHECK: %[[VALID:.*]] = arith.cmpi ult, %[[COL]], %{{.*}} : index
// CHECK: %[[FLAT0:.*]] = arith.addi %{{.*}}, %[[Q]] : index
// CHECK: %[[FLAT:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: uop.index %arg1[%{{.*}}] : !uop.ptr<f32, global, 324>
// CHECK: uop.index %arg3[%{{.*}}, %[[ROW]], %[[COL]]] :
// CHECK: uop.index %arg0[%{{.*}}, %[[ROW]], %[[COL]]] gate %[[VALID]]
// CHECK: uop.end %{{.*}}[%{{.*}}, %[[Q]]] :
// CHECK: applied_opts = [<PITCH, 1, 9>]

// The heuristic's tile (ConvHeuristic.h): q in tiles of 32 (the last
// overlapping) x the 4 channels. uop-expand computes the 32 consecutive q
// as one vector: the input is one vector load, the residual read gathers
// 32 lanes, and each channel's gated store becomes a loop over the output
// rows the 32 lanes reach, at most 31 / 9 + 2 = 5 (a new range, typed
// reduce so that uop-devectorize runs the reduction once before it): row
// = q0 / 9 + s holds lanes [row * 9 - q0, row * 9 - q0 + 7) clamped to
// [0, 32), one STORE_LANES at [c, row, q0 - row * 9] (lane 0's column).
// The four channels' loops are one after uop-expand's simplification.
// EXPAND-LABEL: uop.function @conv7
// EXPAND-DAG: %[[C5:.*]] = arith.constant 5 : index
// EXPAND-DAG: %[[C7:.*]] = arith.constant 7 : index
// EXPAND-DAG: %[[C9:.*]] = arith.constant 9 : index
// EXPAND-DAG: %[[C32:.*]] = arith.constant 32 : index
// EXPAND: uop.load %arg1, %{{.*}} -> vector<32xf32>
// EXPAND: %[[SEG:.*]] = uop.range %[[C5]], R{{[0-9]+}}, reduce
// EXPAND: %[[ROW0:.*]] = arith.divui %[[Q0:.*]], %[[C9]] : index
// EXPAND: %[[ROW:.*]] = arith.addi %[[ROW0]], %[[SEG]] : index
// EXPAND: %[[ROWQ:.*]] = arith.muli %[[ROW]], %[[C9]] : index
// EXPAND: %[[START:.*]] = arith.subi %[[ROWQ]], %[[Q0]] : index
// EXPAND: %[[LO:.*]] = arith.maxsi %[[START]], %{{.*}} : index
// EXPAND: %[[END:.*]] = arith.addi %[[START]], %[[C7]] : index
// EXPAND: %[[HI:.*]] = arith.minsi %[[END]], %[[C32]] : index
// EXPAND: %[[COL:.*]] = arith.subi %[[Q0]], %[[ROWQ]] : index
// EXPAND: vector.from_elements
// EXPAND: %[[AT:.*]] = uop.index %arg0[%{{.*}}, %[[ROW]], %[[COL]]] : !uop.ptr<f32, global, 196> -> vector<32xf32>
// EXPAND: %[[ST:.*]] = uop.store_lanes %[[AT]], %{{.*}} lanes %[[LO]] to %[[HI]] : vector<32xf32>
// EXPAND: uop.end %[[ST]][%[[SEG]]] : !uop.void
// EXPAND-COUNT-3: uop.store_lanes %{{.*}}, %{{.*}} lanes %[[LO]] to %[[HI]] : vector<32xf32>
// EXPAND-NOT: uop.store %
// EXPAND-NOT: uop.load %arg1, %{{.*}} -> f32
// EXPAND: applied_opts = [<PITCH, 1, 9>, <UPCAST, 1, 32>, <UPCAST, 0, 4>]
//
// uop-devectorize without keep-vectors splits each STORE_LANES into 32
// stores, lane l's gated on lo <= l < hi:
// SPLIT-LABEL: uop.function @conv7
// SPLIT: %[[SEG:.*]] = uop.range %c5, R{{[0-9]+}}, reduce
// SPLIT: %[[LO:.*]] = arith.maxsi
// SPLIT: %[[HI:.*]] = arith.minsi
// SPLIT: %[[A0:.*]] = arith.cmpi sgt, %[[HI]], %[[L0:.*]] : index
// SPLIT: %[[B0:.*]] = arith.cmpi sle, %[[LO]], %[[L0]] : index
// SPLIT: %[[G0:.*]] = arith.andi %[[B0]], %[[A0]] : i1
// SPLIT: %[[I0:.*]] = uop.index %arg0[%{{.*}}] gate %[[G0]] : !uop.ptr<f32, global, 196> -> f32
// SPLIT: uop.store %[[I0]], %{{.*}} : f32
// SPLIT: %[[A1:.*]] = arith.cmpi sgt, %[[HI]], %[[L1:.*]] : index
// SPLIT: %[[B1:.*]] = arith.cmpi sle, %[[LO]], %[[L1]] : index
// SPLIT-NOT: uop.store_lanes
// SPLIT: uop.end %{{.*}}[%[[SEG]]] : !uop.void
uop.function @conv7(%out: !uop.ptr<f32, global, 196> {uop.shape = array<i64: 4, 7, 7>}, %x: !uop.ptr<f32, global, 324> {uop.shape = array<i64: 4, 9, 9>}, %w: !uop.ptr<f32, global, 144> {uop.shape = array<i64: 4, 4, 3, 3>}, %res: !uop.ptr<f32, global, 196> {uop.shape = array<i64: 4, 7, 7>}) {
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %co = uop.range %c4, R0, loop
  %oh = uop.range %c7, R1, loop
  %ow = uop.range %c7, R2, loop
  %ci = uop.range %c4, R3, reduce
  %kh = uop.range %c3, R4, reduce
  %kw = uop.range %c3, R5, reduce
  %ih = arith.addi %oh, %kh : index
  %iw = arith.addi %ow, %kw : index
  %ix = uop.index %x[%ci, %ih, %iw] : !uop.ptr<f32, global, 324> -> f32
  %vx = uop.load %x, %ix : !uop.ptr<f32, global, 324> -> f32
  %iwt = uop.index %w[%co, %ci, %kh, %kw] : !uop.ptr<f32, global, 144> -> f32
  %vw = uop.load %w, %iwt : !uop.ptr<f32, global, 144> -> f32
  %p = arith.mulf %vx, %vw : f32
  %s = uop.reduce add %p [%ci, %kh, %kw] : f32
  %ir = uop.index %res[%co, %oh, %ow] : !uop.ptr<f32, global, 196> -> f32
  %vr = uop.load %res, %ir : !uop.ptr<f32, global, 196> -> f32
  %sum = arith.addf %s, %vr : f32
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 196> -> f32
  %st = uop.store %io, %sum : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  uop.sink %e : !uop.void info <name = "conv7">
}

// -----

// A row as long as the pitch (an unpadded 1x1 convolution's 7 x 7 rows):
// every access is at the pitch, nothing is gated, the store is one index
// too.
// CHECK-LABEL: uop.function @pointwise
// CHECK: %[[Q:.*]] = uop.range %{{.*}}, R1, loop
// CHECK-NOT: gate
// CHECK: uop.index %arg1[%{{.*}}] :
// CHECK-NOT: gate
// CHECK: uop.index %arg0[%{{.*}}] :
// CHECK-NOT: gate
// CHECK: applied_opts = [<PITCH, 1, 7>]
uop.function @pointwise(%out: !uop.ptr<f32, global, 196> {uop.shape = array<i64: 4, 7, 7>}, %x: !uop.ptr<f32, global, 392> {uop.shape = array<i64: 8, 7, 7>}, %w: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}) {
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %co = uop.range %c4, R0, loop
  %oh = uop.range %c7, R1, loop
  %ow = uop.range %c7, R2, loop
  %ci = uop.range %c8, R3, reduce
  %ix = uop.index %x[%ci, %oh, %ow] : !uop.ptr<f32, global, 392> -> f32
  %vx = uop.load %x, %ix : !uop.ptr<f32, global, 392> -> f32
  %iwt = uop.index %w[%co, %ci] : !uop.ptr<f32, global, 32> -> f32
  %vw = uop.load %w, %iwt : !uop.ptr<f32, global, 32> -> f32
  %p = arith.mulf %vx, %vw : f32
  %s = uop.reduce add %p [%ci] : f32
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 196> -> f32
  %st = uop.store %io, %s : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  uop.sink %e : !uop.void info <name = "pointwise", opts_to_apply = [<PITCH, 1, 7>]>
}

// -----

// Two reductions with rows of two lengths (a downsample block: a padded 3x3
// at rows of 9 plus a 1x1 shortcut at rows of 7, summed): the heuristic
// takes the pitch of the REDUCE with the most steps (the 3x3's 36 against
// 2), and uop-expand vectorizes both: the 3x3's input is one vector load a
// step, the shortcut's rows (at q / 9, q % 9) are gathered lane by lane
// inside its own reduction.
// EXPAND-LABEL: uop.function @fused7
// EXPAND: uop.load %arg1, %{{.*}} -> vector<32xf32>
// EXPAND: uop.load %arg4, %{{.*}} -> f32
// EXPAND: %[[G:.*]] = vector.from_elements {{.*}} : vector<32xf32>
// EXPAND: uop.reduce add %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : vector<32xf32>
// EXPAND: %[[P:.*]] = arith.mulf %[[G]], %{{.*}} : vector<32xf32>
// EXPAND: uop.reduce add %[[P]][%{{.*}}] : vector<32xf32>
// EXPAND: applied_opts = [<PITCH, 1, 9>, <UPCAST, 1, 32>, <UPCAST, 0, 4>]
uop.function @fused7(%out: !uop.ptr<f32, global, 196> {uop.shape = array<i64: 4, 7, 7>}, %x: !uop.ptr<f32, global, 324> {uop.shape = array<i64: 4, 9, 9>}, %w: !uop.ptr<f32, global, 144> {uop.shape = array<i64: 4, 4, 3, 3>}, %w2: !uop.ptr<f32, global, 8> {uop.shape = array<i64: 4, 2>}, %sc: !uop.ptr<f32, global, 98> {uop.shape = array<i64: 2, 7, 7>}) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %co = uop.range %c4, R0, loop
  %oh = uop.range %c7, R1, loop
  %ow = uop.range %c7, R2, loop
  %ci = uop.range %c4, R3, reduce
  %kh = uop.range %c3, R4, reduce
  %kw = uop.range %c3, R5, reduce
  %ih = arith.addi %oh, %kh : index
  %iw = arith.addi %ow, %kw : index
  %ix = uop.index %x[%ci, %ih, %iw] : !uop.ptr<f32, global, 324> -> f32
  %vx = uop.load %x, %ix : !uop.ptr<f32, global, 324> -> f32
  %iwt = uop.index %w[%co, %ci, %kh, %kw] : !uop.ptr<f32, global, 144> -> f32
  %vw = uop.load %w, %iwt : !uop.ptr<f32, global, 144> -> f32
  %p = arith.mulf %vx, %vw : f32
  %s = uop.reduce add %p [%ci, %kh, %kw] : f32
  %cs = uop.range %c2, R6, reduce
  %isc = uop.index %sc[%cs, %oh, %ow] : !uop.ptr<f32, global, 98> -> f32
  %vsc = uop.load %sc, %isc : !uop.ptr<f32, global, 98> -> f32
  %iw2 = uop.index %w2[%co, %cs] : !uop.ptr<f32, global, 8> -> f32
  %vw2 = uop.load %w2, %iw2 : !uop.ptr<f32, global, 8> -> f32
  %p2 = arith.mulf %vsc, %vw2 : f32
  %s2 = uop.reduce add %p2 [%cs] : f32
  %sum = arith.addf %s, %s2 : f32
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 196> -> f32
  %st = uop.store %io, %sum : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  uop.sink %e : !uop.void info <name = "fused7">
}
