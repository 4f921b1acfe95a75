// RUN: uop-opt %s --uop-optimize="target=cuda tensor-cores=1" | FileCheck %s
//
// A pinned TC replays the form its amount names: 16 is the per-warp WMMA
// form (TensorCores.cpp), whatever the shape; 32 the tiled kernel, which
// takes only M, N multiples of 128 and K of 32 (tensor-cores-errors.mlir).

// CHECK-LABEL: uop.function @pinned_wmma
// CHECK: uop.range %{{.*}}, R3, global
// CHECK: uop.range %{{.*}}, R5, local
// CHECK: uop.range %{{.*}}, R6, reduce
// CHECK: uop.wmma
// CHECK: uop.sink {{.*}}applied_opts = [<TC, 2, 16>]>

uop.function @pinned_wmma(%c: !uop.ptr<f32, global, 960> {uop.shape = array<i64: 40, 24>}, %a: !uop.ptr<f16, global, 800> {uop.shape = array<i64: 40, 20>}, %b: !uop.ptr<f16, global, 480> {uop.shape = array<i64: 20, 24>}) {
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
  uop.sink %e : !uop.void info <name = "pinned_wmma", opts_to_apply = [<TC, 2, 16>]>
}
