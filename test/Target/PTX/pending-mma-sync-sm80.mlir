// XFAIL: *
// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
//
// PENDING BUG: a warp-scope 16x8x16 f16 x f16 -> f32 gemm should go through
// the pipeline as one mma.sync m16n8k16, but tirx-dispatch-tile-primitives
// segfaults creating nvgpu.mma.sync because the nvgpu dialect is not among
// its dependentDialects (see
// test/Dialect/TIRx/Transforms/pending-mma-sync.mlir). With nvgpu preloaded
// the PTX below is produced and ptxas accepts it. pending-mma-sync-ptx.mlir
// checks the PTX alone, for machines without ptxas.

// CHECK: .version 7.0
// CHECK-NEXT: .target sm_80
// CHECK: .visible .entry mma(
// CHECK: mov.u32 {{.*}}%laneid;
// CHECK-COUNT-1: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
// CHECK: ret;

// PTXAS: Compiling entry function 'mma' for 'sm_80'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
tirx.prim_func @mma(%A: !tirx.buffer<16x16xf16, global>, %B: !tirx.buffer<16x8xf16, global>,
                    %C: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    tirx.tile.gemm <warp> %C, %A, %B, accum %true : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x16xf16, global>, !tirx.buffer<16x8xf16, global>
  }
  tirx.return
}
