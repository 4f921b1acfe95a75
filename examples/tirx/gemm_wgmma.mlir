// C = A * B^T for 4096x4096x4096, bf16 inputs, f32 accumulation, on sm_90a
// warpgroup tensor cores (wgmma.mma_async m64n64k16).
//
// Each CTA (two warpgroups, 256 threads) computes a 128x64 tile of C. The K
// loop steps by 64 through a two-stage ring of 128-byte-swizzled shared
// tiles (A: 128x64, B stored N x K: 64x64); wgmma reads them through matrix
// descriptors whose swizzle mode comes from the tiles' compose layout. Each
// warpgroup accumulates a 64x64 tile in registers laid out as wgmma's D
// fragment: element (r, c) on warp r / 16 of the warpgroup, lane
// (r % 8) * 4 + (c % 8) / 2. The first K step does not accumulate.
//
//   uop-opt --tirx-to-nvvm="chip=sm_90a" examples/tirx/gemm_wgmma.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_90a
tirx.prim_func @gemm(%A: !tirx.buffer<4096x4096xbf16, global>,
                     %B: !tirx.buffer<4096x4096xbf16, global>,
                     %C: !tirx.buffer<4096x4096xf32, global>) {
  tirx.device_entry {
    %by, %bx = tirx.scope_id_def kernel -> cta [32, 64]
    %wg = tirx.scope_id_def cta -> warpgroup [2]
    %As = tirx.alloc_buffer : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
    %Bs = tirx.alloc_buffer : !tirx.buffer<2x64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,64,64):(4096,64,1)]>>>
    %acc = tirx.alloc_buffer : !tirx.buffer<64x64xf32, local, #tirx.tile<S[(4,2,8,8,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    %m0 = arith.muli %by, %c128 : index
    %n0 = arith.muli %bx, %c64 : index
    %wrow = arith.muli %wg, %c64 : index
    scf.for %k0 = %c0 to %c4096 step %c64 {
      %kt = arith.divui %k0, %c64 : index
      %stage = arith.remui %kt, %c2 : index
      %accum = arith.cmpi ne, %k0, %c0 : index
      %gA = tirx.region %A[%m0 : 128, %k0 : 64] : !tirx.buffer<4096x4096xbf16, global>
      %gB = tirx.region %B[%n0 : 64, %k0 : 64] : !tirx.buffer<4096x4096xbf16, global>
      %sA = tirx.region %As[%stage : 1, %c0 : 128, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
      %sB = tirx.region %Bs[%stage : 1, %c0 : 64, %c0 : 64] : !tirx.buffer<2x64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,64,64):(4096,64,1)]>>>
      tirx.tile.copy <cta> %sA, %gA : !tirx.region<1x128x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>, !tirx.region<128x64, !tirx.buffer<4096x4096xbf16, global>>
      tirx.tile.copy <cta> %sB, %gB : !tirx.region<1x64x64, !tirx.buffer<2x64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,64,64):(4096,64,1)]>>>>, !tirx.region<64x64, !tirx.buffer<4096x4096xbf16, global>>
      %wA = tirx.region %As[%stage : 1, %wrow : 64, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
      tirx.tile.gemm_async <warpgroup> %acc, %wA, %sB, accum %accum transpose_B
          : !tirx.buffer<64x64xf32, local, #tirx.tile<S[(4,2,8,8,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>,
            !tirx.region<1x64x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>,
            !tirx.region<1x64x64, !tirx.buffer<2x64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,64,64):(4096,64,1)]>>>>
    }
    %row = arith.addi %m0, %wrow : index
    %gC = tirx.region %C[%row : 64, %n0 : 64] : !tirx.buffer<4096x4096xf32, global>
    tirx.tile.copy <warpgroup> %gC, %acc : !tirx.region<64x64, !tirx.buffer<4096x4096xf32, global>>, !tirx.buffer<64x64xf32, local, #tirx.tile<S[(4,2,8,8,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
  }
  tirx.return
}
