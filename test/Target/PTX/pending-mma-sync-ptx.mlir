// XFAIL: *
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s
//
// PENDING BUG: the PTX half of pending-mma-sync-sm80.mlir, without ptxas: a
// warp-scope 16x8x16 f16 x f16 -> f32 gemm becomes one
// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32; today
// tirx-dispatch-tile-primitives segfaults creating nvgpu.mma.sync (nvgpu is
// not among its dependentDialects).

// CHECK: .target sm_80
// CHECK: .visible .entry mma(
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
// CHECK: ret;
tirx.prim_func @mma(%A: !tirx.buffer<16x16xf16, global>, %B: !tirx.buffer<16x8xf16, global>,
                    %C: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    tirx.tile.gemm <warp> %C, %A, %B, accum %true : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x16xf16, global>, !tirx.buffer<16x8xf16, global>
  }
  tirx.return
}
