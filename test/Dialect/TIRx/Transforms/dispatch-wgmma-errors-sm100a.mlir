// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_100a"
//
// wgmma exists on sm_90a only: on sm_100a (and later "a" chips) the wgmma
// implementation declines with "wgmma needs sm_90a, target is sm_100a" rather
// than expanding to nvvm.wgmma.* ops that the NVVM target verifier would
// reject later ('nvvm.wgmma.fence.aligned' op is not supported on sm_100a).
// Here the call then has no implementation: tcgen05 wants a tmem accumulator
// at thread scope.

tirx.prim_func @explicit() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: wgmma needs sm_90a, target is sm_100a}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

tirx.prim_func @implicit() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a}}
    // expected-note @+2 {{wgmma: wgmma needs sm_90a, target is sm_100a}}
    // expected-note @+1 {{tcgen05: tcgen05.mma is issued by one thread (scope must be thread)}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}
