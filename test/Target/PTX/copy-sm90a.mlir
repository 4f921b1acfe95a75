// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | FileCheck %s --check-prefix=NVVM
//
// sm_90a: the pipeline attaches the target with PTX ISA 8.0 (+ptx80), the
// first to know sm_90a. The kernel also uses cluster ids, which need sm_90.

// NVVM: gpu.module @copy90_kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">]

// CHECK: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK: .visible .entry copy90(
// CHECK: .maxntid 128, 1, 1
// CHECK: %clusterid.x
// CHECK: %cluster_ctaid.x
// CHECK: ld.global.b32
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: st.global.b32
tirx.prim_func @copy90(%A: !tirx.buffer<1024x64xf32, global>, %B: !tirx.buffer<1024x64xf32, global>) {
  tirx.device_entry {
    %cl = tirx.scope_id_def kernel -> cluster [8]
    %r = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %b0 = arith.muli %cl, %c2 : index
    %b = arith.addi %b0, %r : index
    %row = arith.muli %b, %c64 : index
    %src = tirx.region %A[%row : 64, %c0 : 64] : !tirx.buffer<1024x64xf32, global>
    %dst = tirx.region %B[%row : 64, %c0 : 64] : !tirx.buffer<1024x64xf32, global>
    tirx.tile.copy <cta> %S, %src : !tirx.buffer<64x64xf32, shared>, !tirx.region<64x64, !tirx.buffer<1024x64xf32, global>>
    tirx.tile.copy <cta> %dst, %S : !tirx.region<64x64, !tirx.buffer<1024x64xf32, global>>, !tirx.buffer<64x64xf32, shared>
  }
  tirx.return
}
