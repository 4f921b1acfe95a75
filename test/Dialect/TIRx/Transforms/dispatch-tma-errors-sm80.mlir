// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_80"
//
// A copy_async that tma accepts on sm_90+ (see dispatch-tma.mlir) is declined
// on sm_80, which has no TMA (cp.async.bulk.tensor) nor mbarrier expect_tx.

// An explicit dispatch "tma".
tirx.prim_func @explicit(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_80 with dispatch "tma"}}
    // expected-note @+3 {{tma: TMA needs sm_90 or newer, target is sm_80}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// No dispatch: every candidate declines; cp_async takes no barrier.
tirx.prim_func @implicit(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_80}}
    // expected-note @+3 {{tma: TMA needs sm_90 or newer, target is sm_80}}
    // expected-note @+2 {{bulk: a bulk copy between CTAs copies shared -> another CTA's shared memory (a tirx.cluster_view)}}
    // expected-note @+1 {{cp_async: cp.async completes by commit/wait groups, not on a barrier}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared>
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}
