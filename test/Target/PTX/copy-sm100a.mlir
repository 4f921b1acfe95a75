// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_100a" | uop-translate --mlir-to-ptx --chip=sm_100a | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_100a" | FileCheck %s --check-prefix=NVVM
//
// sm_100a: PTX ISA 8.6 (+ptx86), the first to know sm_100a. A warp-scope copy
// (lane ids) and a warpgroup-scope fill (warp-uniform ids through shfl.sync).

// NVVM: gpu.module @copy100_kernels [#nvvm.target<chip = "sm_100a", features = "+ptx86">]

// CHECK: .version 8.6
// CHECK-NEXT: .target sm_100a
// CHECK: .visible .entry copy100(
// CHECK: .maxntid 256, 1, 1
// CHECK: mov.u32 {{.*}}%tid.x;
// CHECK: shfl.sync.idx.b32 {{.*}}, 0, 31, -1;
// CHECK: mov.u32 {{.*}}%laneid;
// CHECK: ld.global.b16
// CHECK: st.global.b16
// The fill: 16x64 halves over 128 threads = 8 stores per thread.
// CHECK-COUNT-8: st.global.b16
// CHECK-NOT: st.global
// CHECK: ret;
tirx.prim_func @copy100(%A: !tirx.buffer<32x64xf16, global>, %B: !tirx.buffer<32x64xf16, global>, %x: f16) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [8]
    %wg = tirx.scope_id_def cta -> warpgroup [2]
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %row = arith.muli %wg, %c16 : index
    %src = tirx.region %A[%row : 16, %c0 : 64] : !tirx.buffer<32x64xf16, global>
    %dst = tirx.region %B[%row : 16, %c0 : 64] : !tirx.buffer<32x64xf16, global>
    tirx.tile.copy <warp> %dst, %src : !tirx.region<16x64, !tirx.buffer<32x64xf16, global>>, !tirx.region<16x64, !tirx.buffer<32x64xf16, global>>
    tirx.tile.fill <warpgroup> %src, %x : !tirx.region<16x64, !tirx.buffer<32x64xf16, global>>, f16
  }
  tirx.return
}
