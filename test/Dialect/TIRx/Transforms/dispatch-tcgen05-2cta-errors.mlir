// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_100a"
//
// The rules of CTA pairs (cta_group 2) and of cluster multicast, checked by
// the op verifier, by tirx-dispatch-tile-primitives for the whole kernel
// (every tcgen05 operation of a kernel names one CTA group, as PTX requires;
// cta_group 2 needs a cluster of an even number of CTAs; a multicast
// tcgen05.commit needs a cluster and a mask within it) and by the TMA
// dispatch (multicast and cta_group 2 loads need a cluster, the mask its
// CTAs; a store takes neither). The accepted forms are in
// dispatch-tcgen05-2cta.mlir.

!Ah_t = !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
!Bh_t = !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
!D_t = !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>

// The op verifier: with cta_group 2, B is this CTA's half of N.
tirx.prim_func @pair_b_whole() {
  tirx.device_entry {
    %t = arith.constant true
    %C = tirx.alloc_buffer : !D_t
    %A = tirx.alloc_buffer : !Ah_t
    %B = tirx.alloc_buffer : !Ah_t
    // expected-error @+1 {{'tirx.tile.gemm_async' op B has N = 128, C has N = 128 (with cta_group 2, B is this CTA's half: N/2)}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 2}
        : !D_t, !Ah_t, !Ah_t
  }
  tirx.return
}

// -----

!Ah_t = !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
!Bh_t = !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
!D_t = !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>

// cta_group 2 without a cluster: no CTA pair.
tirx.prim_func @pair_no_cluster() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !D_t
    %A = tirx.alloc_buffer : !Ah_t
    %B = tirx.alloc_buffer : !Bh_t
    // expected-error @+1 {{cta_group 2 runs on a CTA pair (cluster ranks 2i and 2i + 1): the kernel needs a cluster -> cta scope id with an even number of CTAs}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 2}
        : !D_t, !Ah_t, !Bh_t
  }
  tirx.return
}

// -----

// A cluster of 3 CTAs has a CTA without a pair.
tirx.prim_func @pair_odd_cluster() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [3]
    %c0 = arith.constant 0 : index
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %a = tirx.address_of %bar[%c0] : !tirx.buffer<1xi64, shared>
    %p = llvm.inttoptr %a : i64 to !llvm.ptr<3>
    // expected-error @+1 {{cta_group 2 runs on a CTA pair}}
    nvvm.tcgen05.commit %p {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>
  }
  tirx.return
}

// -----

!Ah_t = !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
!Bh_t = !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
!D_t = !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>

// One CTA group per kernel: a pair's MMA committed with cta_group::1.
tirx.prim_func @mixed_groups() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = arith.constant true
    %c0 = arith.constant 0 : index
    %C = tirx.alloc_buffer : !D_t
    %A = tirx.alloc_buffer : !Ah_t
    %B = tirx.alloc_buffer : !Bh_t
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    // expected-note @+1 {{an earlier one has cta_group 2}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 2}
        : !D_t, !Ah_t, !Bh_t
    %a = tirx.address_of %bar[%c0] : !tirx.buffer<1xi64, shared>
    %p = llvm.inttoptr %a : i64 to !llvm.ptr<3>
    // expected-error @+1 {{every tcgen05 operation of a kernel uses one CTA group (PTX ISA): this one has cta_group 1}}
    nvvm.tcgen05.commit %p : !llvm.ptr<3>
  }
  tirx.return
}

// -----

// A multicast commit signals CTAs of a cluster.
tirx.prim_func @commit_multicast_no_cluster() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %m = arith.constant 3 : i16
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %a = tirx.address_of %bar[%c0] : !tirx.buffer<1xi64, shared>
    %p = llvm.inttoptr %a : i64 to !llvm.ptr<3>
    // expected-error @+1 {{a multicast tcgen05.commit signals CTAs of a cluster: the kernel needs a cluster -> cta scope id}}
    nvvm.tcgen05.commit %p, multicast_mask = %m : !llvm.ptr<3>, i16
  }
  tirx.return
}

// -----

// Bit 2 is a third CTA; the cluster has two.
tirx.prim_func @commit_mask_outside() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %c0 = arith.constant 0 : index
    %m = arith.constant 5 : i16
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %a = tirx.address_of %bar[%c0] : !tirx.buffer<1xi64, shared>
    %p = llvm.inttoptr %a : i64 to !llvm.ptr<3>
    // expected-error @+1 {{the multicast mask 5 names no CTA or a CTA outside the 2-CTA cluster}}
    nvvm.tcgen05.commit %p, multicast_mask = %m {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
  }
  tirx.return
}

// -----

!S_t = !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>

// A multicast mask beyond the cluster's CTAs.
tirx.prim_func @tma_mask_outside(%G: !tirx.buffer<256x64xbf16, global>) {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %c0 = arith.constant 0 : index
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %S = tirx.alloc_buffer : !S_t
    %g = tirx.region %G[%c0 : 64, %c0 : 64] : !tirx.buffer<256x64xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_100a with dispatch "tma"}}
    // expected-note @+3 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+2 {{cp_async: not the requested dispatch "tma"}}
    // expected-note @+1 {{tma: config multicast: the mask 6 names CTAs outside the 2-CTA cluster}}
    tirx.tile.copy_async <thread> %S, %g barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma" config {multicast = 6}
        : !S_t, !tirx.region<64x64, !tirx.buffer<256x64xbf16, global>>
  }
  tirx.return
}

// -----

!S_t = !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>

// A pair's load (the even CTA's barrier) needs CTA pairs.
tirx.prim_func @tma_pair_no_cluster(%G: !tirx.buffer<256x64xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %S = tirx.alloc_buffer : !S_t
    %g = tirx.region %G[%c0 : 64, %c0 : 64] : !tirx.buffer<256x64xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_100a with dispatch "tma"}}
    // expected-note @+3 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+2 {{cp_async: not the requested dispatch "tma"}}
    // expected-note @+1 {{tma: cta_group 2 runs on a CTA pair (cluster ranks 2i and 2i + 1): the kernel needs a cluster -> cta scope id with an even number of CTAs}}
    tirx.tile.copy_async <thread> %S, %g barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma" config {cta_group = 2}
        : !S_t, !tirx.region<64x64, !tirx.buffer<256x64xbf16, global>>
  }
  tirx.return
}

// -----

!S_t = !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>

// A TMA store has no barrier, so no pair form.
tirx.prim_func @tma_store_pair(%G: !tirx.buffer<256x64xbf16, global>) {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !S_t
    %g = tirx.region %G[%c0 : 64, %c0 : 64] : !tirx.buffer<256x64xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_100a with dispatch "tma"}}
    // expected-note @+3 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+2 {{cp_async: not the requested dispatch "tma"}}
    // expected-note @+1 {{tma: config cta_group: a TMA store completes by bulk async-groups, it has no pair barrier}}
    tirx.tile.copy_async <thread> %g, %S dispatch "tma" config {cta_group = 2}
        : !tirx.region<64x64, !tirx.buffer<256x64xbf16, global>>, !S_t
  }
  tirx.return
}
