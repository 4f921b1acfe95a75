// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
//
// ptxas accepts the mma.sync m16n8k16 PTX of a warp-scope 16x8x16
// f16 x f16 -> f32 gemm for sm_80, without spills. (mma-sync-sm80.mlir
// checks the PTX on machines without ptxas.)

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
