// RUN: uop-opt %s -split-input-file -verify-diagnostics --uop-optimize=target=cpu
//
// PITCH (pitch-rows.mlir) that does not fit the kernel is an error at the
// SINK: a pitch shorter than the row, a pitch no access reads rows of (the
// input's rows are 9 long), a reduce range, the last output range (no
// column range follows it). On cuda it is refused (pitch-rows-cuda below).

uop.function @short_pitch(%out: !uop.ptr<f32, global, 196> {uop.shape = array<i64: 4, 7, 7>}, %x: !uop.ptr<f32, global, 324> {uop.shape = array<i64: 4, 9, 9>}, %w: !uop.ptr<f32, global, 144> {uop.shape = array<i64: 4, 4, 3, 3>}) {
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
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 196> -> f32
  %st = uop.store %io, %s : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  // expected-error @+1 {{cannot apply #uop.opt<PITCH, 1, 5>: the pitch 5 is shorter than the row (7)}}
  uop.sink %e : !uop.void info <name = "short_pitch", opts_to_apply = [<PITCH, 1, 5>]>
}

// -----

uop.function @no_access(%out: !uop.ptr<f32, global, 196> {uop.shape = array<i64: 4, 7, 7>}, %x: !uop.ptr<f32, global, 324> {uop.shape = array<i64: 4, 9, 9>}, %w: !uop.ptr<f32, global, 144> {uop.shape = array<i64: 4, 4, 3, 3>}) {
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
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 196> -> f32
  %st = uop.store %io, %s : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  // expected-error @+1 {{no access reads rows of 8 elements at (x + row, y + column)}}
  uop.sink %e : !uop.void info <name = "no_access", opts_to_apply = [<PITCH, 1, 8>]>
}

// -----

uop.function @reduce_range(%out: !uop.ptr<f32, global, 196> {uop.shape = array<i64: 4, 7, 7>}, %x: !uop.ptr<f32, global, 324> {uop.shape = array<i64: 4, 9, 9>}, %w: !uop.ptr<f32, global, 144> {uop.shape = array<i64: 4, 4, 3, 3>}) {
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
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 196> -> f32
  %st = uop.store %io, %s : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  // expected-error @+1 {{PITCH applies to output (loop or global) ranges; axis 3 is reduce}}
  uop.sink %e : !uop.void info <name = "reduce_range", opts_to_apply = [<PITCH, 3, 9>]>
}

// -----

uop.function @last_output(%out: !uop.ptr<f32, global, 196> {uop.shape = array<i64: 4, 7, 7>}, %x: !uop.ptr<f32, global, 324> {uop.shape = array<i64: 4, 9, 9>}, %w: !uop.ptr<f32, global, 144> {uop.shape = array<i64: 4, 4, 3, 3>}) {
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
  %io = uop.index %out[%co, %oh, %ow] : !uop.ptr<f32, global, 196> -> f32
  %st = uop.store %io, %s : f32
  %e = uop.end %st[%co, %oh, %ow] : !uop.void
  // expected-error @+1 {{no output range follows the row range}}
  uop.sink %e : !uop.void info <name = "last_output", opts_to_apply = [<PITCH, 2, 9>]>
}
