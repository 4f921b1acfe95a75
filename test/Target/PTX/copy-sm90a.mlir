// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | FileCheck %s --check-prefix=NVVM
//
// sm_90a: the pipeline attaches the target with PTX ISA 8.0 (+ptx80), the
// first to know sm_90a. The kernel also uses cluster ids, which need sm_90.
// The copies through a plain shared tile (placed at 128 bytes) are vectorized.

// NVVM: gpu.module @tirx_kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">]
// NVVM: llvm.mlir.global private @{{.*}}() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<4096 x f32>
// NVVM: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// NVVM: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>

// CHECK: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK: .visible .entry copy90(
// CHECK: .maxntid 128, 1, 1
// CHECK: .shared .align 128 .b8 {{.*}}[16384];
// CHECK: %clusterid.x
// CHECK: %cluster_ctaid.x
// CHECK: ld.global.v4.b32
// CHECK: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.v4.b32
// CHECK: st.global.v4.b32
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
