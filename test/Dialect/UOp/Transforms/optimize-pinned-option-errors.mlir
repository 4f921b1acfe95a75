// RUN: not uop-opt %s --uop-optimize="target=cpu opts=UPCAST:1" 2>&1 | FileCheck %s
// RUN: not uop-opt %s --uop-optimize="target=cpu opts=LOCAL:0:16" 2>&1 | FileCheck %s --check-prefix=CPU
//
// The `opts` option: each entry KIND:axis:amount, tinygrad's names; a
// malformed entry or an option the target has not is a located error.

// CHECK: error: uop-optimize: opts entry 'UPCAST:1' is not KIND:axis:amount (e.g. UPCAST:1:4; axis and amount non-negative)
// CPU: error: uop-optimize: cannot apply #uop.opt<LOCAL, 0, 16>: LOCAL needs target=cuda
uop.function @k(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}
