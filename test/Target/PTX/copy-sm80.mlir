// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | FileCheck %s --check-prefix=NVVM
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx | FileCheck %s --check-prefix=SCALAR
//
// The tiled copy of examples/tirx/copy.mlir through the whole pipeline: 128
// CTAs of 256 threads stage a 64x128 f32 tile of A through 128-byte-swizzled
// shared memory, synchronise, and write it to B. Both copies are vectorized:
// the swizzle moves 16-byte units, so each 4 x f32 run stays whole
// (ld.global.v4 -> st.shared.v4, then ld.shared.v4 -> st.global.v4), and no
// scalar access is left. Without --chip the module's own target is used.

// NVVM: gpu.module @tirx_kernels [#nvvm.target<chip = "sm_80", features = "+ptx70">]
// NVVM: llvm.mlir.global private @{{.*}}() {addr_space = 3 : i32, alignment = {{[0-9]+}} : i64} : !llvm.array<8192 x f32>
// NVVM: llvm.func @copy(
// NVVM-SAME: gpu.kernel
// NVVM-SAME: gpu.known_block_size = array<i32: 256, 1, 1>
// NVVM-SAME: gpu.known_grid_size = array<i32: 128, 1, 1>
// NVVM-SAME: nvvm.kernel
// NVVM-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// NVVM: nvvm.read.ptx.sreg.ctaid.x range <i32, 0, 128>
// NVVM: nvvm.read.ptx.sreg.tid.x range <i32, 0, 256>
// NVVM: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// The swizzle survives as shift / and / xor on the shared-memory offset.
// NVVM: llvm.lshr
// NVVM: llvm.and
// NVVM: llvm.xor
// NVVM: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// NVVM: nvvm.barrier0
// NVVM: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// NVVM: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// NVVM-NOT: tirx.
// NVVM-NOT: scf.
// NVVM-NOT: gpu.func
// NVVM-NOT: gpu.module

// SCALAR-NOT: {{(ld|st)\.(global|shared)\.b32}}

// CHECK: .version 7.0
// CHECK-NEXT: .target sm_80
// CHECK-NEXT: .address_size 64
// CHECK: .visible .entry copy(
// CHECK: .maxntid 256, 1, 1
// CHECK: .shared .align {{[0-9]+}} .b8 {{.*}}[32768];
// CHECK: mov.u32 {{.*}}%ctaid.x;
// CHECK: mov.u32 {{.*}}%tid.x;
// CHECK: ld.global.v4.b32
// CHECK: xor.b64
// CHECK: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.v4.b32
// CHECK: st.global.v4.b32
// CHECK: ret;
tirx.prim_func @copy(%A: !tirx.buffer<8192x128xf32, global>,
                     %B: !tirx.buffer<8192x128xf32, global>) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [128]
    %tx = tirx.scope_id_def cta -> thread [256]
    %S = tirx.alloc_buffer : !tirx.buffer<64x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %bx, %c64 : index
    %src = tirx.region %A[%row : 64, %c0 : 128] : !tirx.buffer<8192x128xf32, global>
    %dst = tirx.region %B[%row : 64, %c0 : 128] : !tirx.buffer<8192x128xf32, global>
    tirx.tile.copy <cta> %S, %src : !tirx.buffer<64x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>, !tirx.region<64x128, !tirx.buffer<8192x128xf32, global>>
    tirx.tile.copy <cta> %dst, %S : !tirx.region<64x128, !tirx.buffer<8192x128xf32, global>>, !tirx.buffer<64x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>
  }
  tirx.return
}
