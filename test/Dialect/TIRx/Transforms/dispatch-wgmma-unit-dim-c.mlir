// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s
//
// gemm operands may carry leading unit dimensions (the gemm verifier drops
// them; mma_sync and generic index such operands with at2d, zeros first).
// wgmma accepts a 1 x 64 x 16 accumulator -- its checks use the last two
// dimensions and the layout table, whose order is the same -- and loads and
// stores the fragment with three indices, (0, row, col), like the 64 x 16
// accumulator of dispatch-wgmma.mlir.

// CHECK-LABEL: tirx.prim_func @c_unit_dim
// CHECK: tirx.buffer_load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : !tirx.buffer<1x64x16xf32, local
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 16, k = 16>
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : !tirx.buffer<1x64x16xf32, local
// CHECK-NOT: tirx.tile.gemm_async
tirx.prim_func @c_unit_dim() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<1x64x16xf32, local, #tirx.tile<S[(1,4,2,8,2,4,2):(1,1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B
        : !tirx.buffer<1x64x16xf32, local, #tirx.tile<S[(1,4,2,8,2,4,2):(1,1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}
