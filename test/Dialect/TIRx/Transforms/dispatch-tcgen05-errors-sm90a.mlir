// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// Calls that tcgen05 and tcgen05_ld accept on sm_100a (see
// dispatch-tcgen05.mlir) are declined on sm_90a: Hopper has no tensor memory
// nor tcgen05 instructions.

// An explicit dispatch "tcgen05".
tirx.prim_func @gemm_explicit() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: tcgen05 needs sm_100a, target is sm_90a}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// No dispatch: wgmma declines on the thread scope, tcgen05 on the chip.
tirx.prim_func @gemm_implicit() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a}}
    // expected-note @+2 {{wgmma: wgmma is issued by a warpgroup (scope must be warpgroup)}}
    // expected-note @+1 {{tcgen05: tcgen05 needs sm_100a, target is sm_90a}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// An explicit dispatch "tcgen05_ld".
tirx.prim_func @ld_explicit(%G: !tirx.buffer<128x32xf32, global>) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_90a with dispatch "tcgen05_ld"}}
    // expected-note @+3 {{tcgen05_ld: tcgen05.ld needs sm_100a, target is sm_90a}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tcgen05_ld"}}
    // expected-note @+1 {{generic: not the requested dispatch "tcgen05_ld"}}
    tirx.tile.copy <warpgroup> %G, %D dispatch "tcgen05_ld"
        : !tirx.buffer<128x32xf32, global>, !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// No dispatch: the element-wise copies decline tmem operands too.
tirx.prim_func @ld_implicit(%G: !tirx.buffer<128x32xf32, global>) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_90a}}
    // expected-note @+3 {{tcgen05_ld: tcgen05.ld needs sm_100a, target is sm_90a}}
    // expected-note @+2 {{vectorized: tmem operands need tcgen05.ld/st}}
    // expected-note @+1 {{generic: tmem operands need tcgen05.ld/st}}
    tirx.tile.copy <warpgroup> %G, %D
        : !tirx.buffer<128x32xf32, global>, !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// Cluster scope without the cluster's shape and the CTA's threads: the
// loops cannot count the cluster's threads (vectorized makes the generic
// checks first).
tirx.prim_func @cluster_copy(%A: !tirx.buffer<8xf32, global>) {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [2]
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_90a}}
    // expected-note @+3 {{tcgen05_ld: tcgen05.ld needs sm_100a, target is sm_90a}}
    // expected-note @+2 {{vectorized: cluster scope needs the cluster's shape (a cluster -> cta scope id) and the CTA's threads in force}}
    // expected-note @+1 {{generic: cluster scope needs the cluster's shape (a cluster -> cta scope id) and the CTA's threads in force}}
    tirx.tile.copy <cluster> %A, %A : !tirx.buffer<8xf32, global>, !tirx.buffer<8xf32, global>
  }
  tirx.return
}

// -----

// The CTA-pair form of a TMA load (config cta_group 2) is sm_100a's; sm_90a
// has cluster multicast but not pairs.
tirx.prim_func @tma_pair(%G: !tirx.buffer<256x64xbf16, global>) {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %c0 = arith.constant 0 : index
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %g = tirx.region %G[%c0 : 64, %c0 : 64] : !tirx.buffer<256x64xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: config cta_group 2: the CTA-pair form of a TMA load needs sm_100a, target is sm_90a}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %g barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma" config {cta_group = 2, multicast = 3}
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x64xbf16, global>>
  }
  tirx.return
}

// -----

// A pipeline step that arrives by tcgen05.commit needs tcgen05 too.
!pipe_t = !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
tirx.prim_func @pipeline_commit(%i: index) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %p = tirx.pipeline.init %full, %empty : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !pipe_t
    // expected-error @+1 {{a tcgen05 commit needs a chip with tcgen05 (sm_100a class), target is sm_90a}}
    tirx.pipeline.consumer_release %p[%i] tcgen05 : !pipe_t
  }
  tirx.return
}
