// RUN: uop-opt %s -split-input-file --uop-optimize | FileCheck %s
//
// uop-optimize's convolution tile (ConvHeuristic.h) is chosen from the
// kernel's loads, whatever wrote the kernel: here hand-written kernels, not
// Tensor.conv2d's (optimize-conv.mlir has those).

// NCHW, no padding (ungated loads): the input reads oh (R1) and ow (R2),
// the filter reads the channel (R0). The 6 pixels are shorter than a
// vector and the input's rows are 8 long: PITCH (q = 8 oh + ow, 5 * 8 + 6 =
// 46 steps) in tiles of 32 (two vectors, the last overlapping) x 8 channels.
// CHECK-LABEL: uop.function @nchw
// CHECK: info <name = "nchw", applied_opts = [<PITCH, 1, 8>, <UPCAST, 1, 32>, <UPCAST, 0, 8>]>
uop.function @nchw(%out: !uop.ptr<f32, global, 576> {uop.shape = array<i64: 16, 6, 6>}, %x: !uop.ptr<f32, global, 256> {uop.shape = array<i64: 4, 8, 8>}, %w: !uop.ptr<f32, global, 576> {uop.shape = array<i64: 16, 4, 3, 3>}) {
  %c16 = arith.constant 16 : index
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
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
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 576> -> f32
  %st = uop.store %io, %s : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  uop.sink %e : !uop.void info <name = "nchw">
}

// -----

// NHWC with the channel innermost: the channel (R2, read by the filter) and
// ow (R1, read by the input) already split the operands, so this is the
// matmul's register tile (registerTile), not the convolution's.
// CHECK-LABEL: uop.function @nhwc
// CHECK: info <name = "nhwc", applied_opts = [<UPCAST, 2, 16>, <UPCAST, 1, 4>]>
uop.function @nhwc(%out: !uop.ptr<f32, global, 2048> {uop.shape = array<i64: 8, 8, 32>}, %x: !uop.ptr<f32, global, 400> {uop.shape = array<i64: 10, 10, 4>}, %w: !uop.ptr<f32, global, 1152> {uop.shape = array<i64: 3, 3, 4, 32>}) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %oh = uop.range %c8, R0, loop
  %ow = uop.range %c8, R1, loop
  %co = uop.range %c32, R2, loop
  %kh = uop.range %c3, R3, reduce
  %kw = uop.range %c3, R4, reduce
  %ci = uop.range %c4, R5, reduce
  %ih = arith.addi %oh, %kh : index
  %iw = arith.addi %ow, %kw : index
  %ix = uop.index %x[%ih, %iw, %ci] : !uop.ptr<f32, global, 400> -> f32
  %vx = uop.load %x, %ix : !uop.ptr<f32, global, 400> -> f32
  %iwt = uop.index %w[%kh, %kw, %ci, %co] : !uop.ptr<f32, global, 1152> -> f32
  %vw = uop.load %w, %iwt : !uop.ptr<f32, global, 1152> -> f32
  %p = arith.mulf %vx, %vw : f32
  %s = uop.reduce add %p [%kh, %kw, %ci] : f32
  %io = uop.index %out[%oh, %ow, %co] : !uop.ptr<f32, global, 2048> -> f32
  %st = uop.store %io, %s : f32
  %e = uop.end %st[%oh, %ow, %co] : !uop.void
  uop.sink %e : !uop.void info <name = "nhwc">
}

// -----

// A max over windows (pooling) of one operand: no product of two, so no
// convolution tile; the matmul's tile over the two innermost outputs stays.
// CHECK-LABEL: uop.function @maxpool
// CHECK: info <name = "maxpool", applied_opts = [<UPCAST, 2, 4>, <UPCAST, 1, 4>]>
uop.function @maxpool(%out: !uop.ptr<f32, global, 256> {uop.shape = array<i64: 4, 8, 8>}, %x: !uop.ptr<f32, global, 1024> {uop.shape = array<i64: 4, 16, 16>}) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  %c = uop.range %c4, R0, loop
  %oh = uop.range %c8, R1, loop
  %ow = uop.range %c8, R2, loop
  %kh = uop.range %c2, R3, reduce
  %kw = uop.range %c2, R4, reduce
  %h2 = arith.muli %oh, %c2 : index
  %w2 = arith.muli %ow, %c2 : index
  %ih = arith.addi %h2, %kh : index
  %iw = arith.addi %w2, %kw : index
  %ix = uop.index %x[%c, %ih, %iw] : !uop.ptr<f32, global, 1024> -> f32
  %vx = uop.load %x, %ix : !uop.ptr<f32, global, 1024> -> f32
  %m = uop.reduce max %vx [%kh, %kw] : f32
  %io = uop.index %out[%c, %oh, %ow] : !uop.ptr<f32, global, 256> -> f32
  %st = uop.store %io, %m : f32
  %e = uop.end %st[%c, %oh, %ow] : !uop.void
  uop.sink %e : !uop.void info <name = "maxpool">
}
