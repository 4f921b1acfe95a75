// RUN: uop-opt %s --uop-optimize="target=cuda tensor-cores=1" --uop-devectorize --convert-uop-to-tirx | FileCheck %s
//
// K = 32 is one step of the four-stage ring: the prologue loads only stage
// 0 but still commits three cp.async groups (two empty), so the loop's
// wait_group 2 waits for the real one; the prefetch never fires.
// CHECK-LABEL: tirx.prim_func @mm
// CHECK: tirx.tile.fill <warp>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-COUNT-2: tirx.tile.copy_async <cta>
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: arith.constant 32 : index
// CHECK: scf.for %{{.*}} = %[[C0]] to %c32{{.*}} step %c32
// CHECK: nvvm.cp.async.wait.group 2
uop.function @mm(%c: !uop.ptr<f32, global, 16384> {uop.shape = array<i64: 128, 128>}, %a: !uop.ptr<f16, global, 4096> {uop.shape = array<i64: 128, 32>}, %b: !uop.ptr<f16, global, 4096> {uop.shape = array<i64: 32, 128>}) {
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %i = uop.range %c128, R0, loop
  %j = uop.range %c128, R1, loop
  %k = uop.range %c32, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 4096> -> f16
  %va = uop.load %a, %ia : !uop.ptr<f16, global, 4096> -> f16
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 4096> -> f16
  %vb = uop.load %b, %ib : !uop.ptr<f16, global, 4096> -> f16
  %xa = arith.extf %va : f16 to f32
  %xb = arith.extf %vb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 16384> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "mm">
}
