// RUN: uop-opt %s -split-input-file -verify-diagnostics --uop-optimize="target=cuda tensor-cores=1"
//
// A pinned TC means what its amount says: 32 (the tiled kernel) on a shape
// it does not take, an amount that names neither form, or 16 (per-warp WMMA)
// on a matmul of f32 inputs is a located error, never the other form.

uop.function @pinned_tiled_on_tail(%c: !uop.ptr<f32, global, 960> {uop.shape = array<i64: 40, 24>}, %a: !uop.ptr<f16, global, 800> {uop.shape = array<i64: 40, 20>}, %b: !uop.ptr<f16, global, 480> {uop.shape = array<i64: 20, 24>}) {
  %cm = arith.constant 40 : index
  %cn = arith.constant 24 : index
  %ck = arith.constant 20 : index
  %i = uop.range %cm, R0, loop
  %j = uop.range %cn, R1, loop
  %k = uop.range %ck, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 800> -> f16
  %la = uop.load %a, %ia : !uop.ptr<f16, global, 800> -> f16
  %xa = arith.extf %la : f16 to f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 480> -> f16
  %lb = uop.load %b, %ib : !uop.ptr<f16, global, 480> -> f16
  %xb = arith.extf %lb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p[%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 960> -> f32
  %st = uop.store %ic, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  // expected-error @+1 {{uop-optimize: cannot apply #uop.opt<TC, 2, 32>: the matmul is 40x24x20; TC needs M and N multiples of 128 and K of 32}}
  uop.sink %e : !uop.void info <name = "pinned_tiled_on_tail", opts_to_apply = [<TC, 2, 32>]>
}

// -----

uop.function @pinned_wrong_amount(%c: !uop.ptr<f32, global, 960> {uop.shape = array<i64: 40, 24>}, %a: !uop.ptr<f16, global, 800> {uop.shape = array<i64: 40, 20>}, %b: !uop.ptr<f16, global, 480> {uop.shape = array<i64: 20, 24>}) {
  %cm = arith.constant 40 : index
  %cn = arith.constant 24 : index
  %ck = arith.constant 20 : index
  %i = uop.range %cm, R0, loop
  %j = uop.range %cn, R1, loop
  %k = uop.range %ck, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 800> -> f16
  %la = uop.load %a, %ia : !uop.ptr<f16, global, 800> -> f16
  %xa = arith.extf %la : f16 to f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 480> -> f16
  %lb = uop.load %b, %ib : !uop.ptr<f16, global, 480> -> f16
  %xb = arith.extf %lb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p[%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 960> -> f32
  %st = uop.store %ic, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  // expected-error @+1 {{TC names the reduction's axis (2) and its form: 32, the tiled kernel, or 16, per-warp WMMA}}
  uop.sink %e : !uop.void info <name = "pinned_wrong_amount", opts_to_apply = [<TC, 2, 8>]>
}

// -----

uop.function @pinned_wmma_f32(%c: !uop.ptr<f32, global, 960> {uop.shape = array<i64: 40, 24>}, %a: !uop.ptr<f32, global, 800> {uop.shape = array<i64: 40, 20>}, %b: !uop.ptr<f32, global, 480> {uop.shape = array<i64: 20, 24>}) {
  %cm = arith.constant 40 : index
  %cn = arith.constant 24 : index
  %ck = arith.constant 20 : index
  %i = uop.range %cm, R0, loop
  %j = uop.range %cn, R1, loop
  %k = uop.range %ck, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f32, global, 800> -> f32
  %la = uop.load %a, %ia : !uop.ptr<f32, global, 800> -> f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f32, global, 480> -> f32
  %lb = uop.load %b, %ib : !uop.ptr<f32, global, 480> -> f32
  %p = arith.mulf %la, %lb : f32
  %s = uop.reduce add %p[%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 960> -> f32
  %st = uop.store %ic, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  // expected-error @+1 {{uop-optimize: cannot apply #uop.opt<TC, 2, 16>: the kernel is not a matmul of f16 / bf16 tiles (MatmulMatch.h)}}
  uop.sink %e : !uop.void info <name = "pinned_wmma_f32", opts_to_apply = [<TC, 2, 16>]>
}
