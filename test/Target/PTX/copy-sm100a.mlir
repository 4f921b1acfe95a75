// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_100a" | uop-translate --mlir-to-ptx --chip=sm_100a | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_100a" | FileCheck %s --check-prefix=NVVM
//
// sm_100a: PTX ISA 8.6 (+ptx86), the first to know sm_100a. A warp-scope copy
// (lane ids), vectorized in runs of 8 x f16 (16 bytes, one ld/st .v4.b32),
// and a warpgroup-scope fill (warp-uniform ids through shfl.sync), which
// stays scalar.

// NVVM: gpu.module @tirx_kernels [#nvvm.target<chip = "sm_100a", features = "+ptx86">]
// NVVM: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
// NVVM: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>

// CHECK: .version 8.6
// CHECK-NEXT: .target sm_100a
// CHECK: .visible .entry copy100(
// CHECK: .maxntid 256, 1, 1
// CHECK: mov.u32 {{.*}}%tid.x;
// CHECK: shfl.sync.idx.b32 {{.*}}, 0, 31, -1;
// CHECK: mov.u32 {{.*}}%laneid;
// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32
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
