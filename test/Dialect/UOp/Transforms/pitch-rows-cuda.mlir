// RUN: uop-opt %s -verify-diagnostics --uop-optimize=target=cuda
//
// PITCH is a cpu option: its gated scattered stores are for vector lanes.
uop.function @on_cuda(%out: !uop.ptr<f32, global, 196> {uop.shape = array<i64: 4, 7, 7>}, %x: !uop.ptr<f32, global, 324> {uop.shape = array<i64: 4, 9, 9>}, %w: !uop.ptr<f32, global, 144> {uop.shape = array<i64: 4, 4, 3, 3>}) {
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
  // expected-error @+1 {{PITCH is a cpu option}}
  uop.sink %e : !uop.void info <name = "on_cuda", opts_to_apply = [<PITCH, 1, 9>]>
}
