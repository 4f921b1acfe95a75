// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | FileCheck %s --check-prefix=NVVM
//
// A warp-scope 16x8x16 f16 x f16 -> f32 gemm through the whole pipeline: the
// mma_sync implementation (nvgpu.mma.sync) becomes exactly one
// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 in the PTX, with the
// lane id giving the fragment coordinates. Nothing in the input uses nvgpu.

// NVVM: nvvm.mma.sync
// NVVM-SAME: layoutA = #nvvm.mma_layout<row>
// NVVM-SAME: layoutB = #nvvm.mma_layout<col>
// NVVM-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// NVVM-NOT: nvgpu.

// CHECK: .version 7.0
// CHECK-NEXT: .target sm_80
// CHECK: .visible .entry mma(
// CHECK: mov.u32 {{.*}}%laneid;
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
