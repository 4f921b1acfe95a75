// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// Regression test (was a bug (crash)): a warpgroup-scope gemm_async whose C is a plain local
// buffer (no layout) makes tirx-dispatch-tile-primitives segfault on sm_90a,
// with or without dispatch "wgmma". The wgmma predicate calls
//   getLayoutTable(ct.getLayoutInterface(), ct.getShape())
// before testing `!ct.getLayout()`, and getLayoutTable dereferences the null
// layout interface (stack: uop::tirx::getLayoutTable <- wgmmaGemm accepts <-
// DispatchTilePrimitives::runOnOperation). Expected: wgmma declines with its
// own reason "C must be distributed over wid_in_wg and laneid like the wgmma
// accumulator".

tirx.prim_func @explicit() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: C must be distributed over wid_in_wg and laneid like the wgmma accumulator}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

tirx.prim_func @implicit() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a}}
    // expected-note @+2 {{wgmma: C must be distributed over wid_in_wg and laneid like the wgmma accumulator}}
    // expected-note @+1 {{tcgen05: tcgen05 needs sm_100a, target is sm_90a}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B
        : !tirx.buffer<64x16xf32, local>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}
