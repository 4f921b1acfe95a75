// RUN: uop-opt %s -split-input-file --uop-optimize | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-optimize='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2
//
// uop-optimize's convolution tile (ConvHeuristic.h) for kernels that sum
// several convolutions, one add REDUCE each (a ResNet downsample block: the
// 3x3 conv of the block plus the 1x1 stride-2 shortcut, fused into one
// kernel): every REDUCE must have the convolution's form over the same
// pixel and channel ranges; then the kernel gets the single convolution's
// tile, each REDUCE with accumulators of its own. Otherwise it keeps the
// matmul's tile over the two innermost outputs (registerTile).

// Two convolutions added: a 3x3 of x (R3..R5) and a 1x1 stride-2 of z (R6).
// Both inputs read oh (R1) and ow (R2), both filters the channel (R0): the
// tile is the 6 pixels (whole at both widths: 6 <= 8; 4 + 2, two registers a
// channel) x the 16 channels at 512 bits (32 registers), 8 at 256 (16).
// CHECK-LABEL: uop.function @fused
// CHECK: info <name = "fused", applied_opts = [<UPCAST, 2, 6>, <UPCAST, 0, 16>]>
// AVX2-LABEL: uop.function @fused
// AVX2: info <name = "fused", applied_opts = [<UPCAST, 2, 6>, <UPCAST, 0, 8>]>
uop.function @fused(%out: !uop.ptr<f32, global, 576> {uop.shape = array<i64: 16, 6, 6>}, %x: !uop.ptr<f32, global, 256> {uop.shape = array<i64: 4, 8, 8>}, %w: !uop.ptr<f32, global, 576> {uop.shape = array<i64: 16, 4, 3, 3>}, %z: !uop.ptr<f32, global, 1152> {uop.shape = array<i64: 8, 12, 12>}, %v: !uop.ptr<f32, global, 128> {uop.shape = array<i64: 16, 8>}) {
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %co = uop.range %c16, R0, loop
  %oh = uop.range %c6, R1, loop
  %ow = uop.range %c6, R2, loop
  %ci = uop.range %c4, R3, reduce
  %kh = uop.range %c3, R4, reduce
  %kw = uop.range %c3, R5, reduce
  %ih = arith.addi %oh, %kh : index
  %iw = arith.addi %ow, %kw : index
  %ix = uop.index %x[%ci, %ih, %iw] : !uop.ptr<f32, global, 256> -> f32
  %vx = uop.load %x, %ix : !uop.ptr<f32, global, 256> -> f32
  %iwt = uop.index %w[%co, %ci, %kh, %kw] : !uop.ptr<f32, global, 576> -> f32
  %vw = uop.load %w, %iwt : !uop.ptr<f32, global, 576> -> f32
  %p = arith.mulf %vx, %vw : f32
  %s = uop.reduce add %p [%ci, %kh, %kw] : f32
  %cj = uop.range %c8, R6, reduce
  %zh = arith.muli %oh, %c2 : index
  %zw = arith.muli %ow, %c2 : index
  %iz = uop.index %z[%cj, %zh, %zw] : !uop.ptr<f32, global, 1152> -> f32
  %vz = uop.load %z, %iz : !uop.ptr<f32, global, 1152> -> f32
  %iv = uop.index %v[%co, %cj] : !uop.ptr<f32, global, 128> -> f32
  %vv = uop.load %v, %iv : !uop.ptr<f32, global, 128> -> f32
  %q = arith.mulf %vz, %vv : f32
  %t = uop.reduce add %q [%cj] : f32
  %sum = arith.addf %s, %t : f32
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 576> -> f32
  %st = uop.store %io, %sum : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  uop.sink %e : !uop.void info <name = "fused">
}

// -----

// The second REDUCE multiplies a load by a value computed from its range,
// not by a second load (no filter, so no channel role): no convolution
// tile, the matmul's (ow x oh) instead.
// CHECK-LABEL: uop.function @nonload
// CHECK: info <name = "nonload", applied_opts = [<UPCAST, 2, 2>, <UPCAST, 1, 2>]>
uop.function @nonload(%out: !uop.ptr<f32, global, 576> {uop.shape = array<i64: 16, 6, 6>}, %x: !uop.ptr<f32, global, 256> {uop.shape = array<i64: 4, 8, 8>}, %w: !uop.ptr<f32, global, 576> {uop.shape = array<i64: 16, 4, 3, 3>}, %z: !uop.ptr<f32, global, 1152> {uop.shape = array<i64: 8, 12, 12>}) {
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %co = uop.range %c16, R0, loop
  %oh = uop.range %c6, R1, loop
  %ow = uop.range %c6, R2, loop
  %ci = uop.range %c4, R3, reduce
  %kh = uop.range %c3, R4, reduce
  %kw = uop.range %c3, R5, reduce
  %ih = arith.addi %oh, %kh : index
  %iw = arith.addi %ow, %kw : index
  %ix = uop.index %x[%ci, %ih, %iw] : !uop.ptr<f32, global, 256> -> f32
  %vx = uop.load %x, %ix : !uop.ptr<f32, global, 256> -> f32
  %iwt = uop.index %w[%co, %ci, %kh, %kw] : !uop.ptr<f32, global, 576> -> f32
  %vw = uop.load %w, %iwt : !uop.ptr<f32, global, 576> -> f32
  %p = arith.mulf %vx, %vw : f32
  %s = uop.reduce add %p [%ci, %kh, %kw] : f32
  %cj = uop.range %c8, R6, reduce
  %zh = arith.muli %oh, %c2 : index
  %zw = arith.muli %ow, %c2 : index
  %iz = uop.index %z[%cj, %zh, %zw] : !uop.ptr<f32, global, 1152> -> f32
  %vz = uop.load %z, %iz : !uop.ptr<f32, global, 1152> -> f32
  %n = arith.index_cast %cj : index to i32
  %f = arith.sitofp %n : i32 to f32
  %q = arith.mulf %vz, %f : f32
  %t = uop.reduce add %q [%cj] : f32
  %sum = arith.addf %s, %t : f32
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 576> -> f32
  %st = uop.store %io, %sum : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  uop.sink %e : !uop.void info <name = "nonload">
}

// -----

// Roles that disagree: the 3x3 conv's filter reads the channel R1, the
// second REDUCE's "filter" the batch R0 (its input does not read R0). No
// one channel range serves both: the matmul's tile.
// CHECK-LABEL: uop.function @roles
// CHECK: info <name = "roles", applied_opts = [<UPCAST, 3, 2>, <UPCAST, 2, 2>]>
uop.function @roles(%out: !uop.ptr<f32, global, 1152> {uop.shape = array<i64: 2, 16, 6, 6>}, %x: !uop.ptr<f32, global, 512> {uop.shape = array<i64: 2, 4, 8, 8>}, %w: !uop.ptr<f32, global, 576> {uop.shape = array<i64: 16, 4, 3, 3>}, %z: !uop.ptr<f32, global, 1152> {uop.shape = array<i64: 8, 12, 12>}, %v: !uop.ptr<f32, global, 16> {uop.shape = array<i64: 2, 8>}) {
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %b = uop.range %c2, R0, loop
  %co = uop.range %c16, R1, loop
  %oh = uop.range %c6, R2, loop
  %ow = uop.range %c6, R3, loop
  %ci = uop.range %c4, R4, reduce
  %kh = uop.range %c3, R5, reduce
  %kw = uop.range %c3, R6, reduce
  %ih = arith.addi %oh, %kh : index
  %iw = arith.addi %ow, %kw : index
  %ix = uop.index %x[%b, %ci, %ih, %iw] : !uop.ptr<f32, global, 512> -> f32
  %vx = uop.load %x, %ix : !uop.ptr<f32, global, 512> -> f32
  %iwt = uop.index %w[%co, %ci, %kh, %kw] : !uop.ptr<f32, global, 576> -> f32
  %vw = uop.load %w, %iwt : !uop.ptr<f32, global, 576> -> f32
  %p = arith.mulf %vx, %vw : f32
  %s = uop.reduce add %p [%ci, %kh, %kw] : f32
  %cj = uop.range %c8, R7, reduce
  %zh = arith.muli %oh, %c2 : index
  %zw = arith.muli %ow, %c2 : index
  %iz = uop.index %z[%cj, %zh, %zw] : !uop.ptr<f32, global, 1152> -> f32
  %vz = uop.load %z, %iz : !uop.ptr<f32, global, 1152> -> f32
  %iv = uop.index %v[%b, %cj] : !uop.ptr<f32, global, 16> -> f32
  %vv = uop.load %v, %iv : !uop.ptr<f32, global, 16> -> f32
  %q = arith.mulf %vz, %vv : f32
  %t = uop.reduce add %q [%cj] : f32
  %sum = arith.addf %s, %t : f32
  %io = uop.index %out[%b, %co, %oh, %ow] : !uop.ptr<f32, global, 1152> -> f32
  %st = uop.store %io, %sum : f32
  %e = uop.end %st[%b, %co, %oh, %ow] : !uop.void
  uop.sink %e : !uop.void info <name = "roles">
}
