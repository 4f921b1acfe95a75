// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// The copies dispatch "bulk" (cp.async.bulk.shared::cluster.shared::cta,
// see dispatch-bulk-cluster-copy.mlir) declines, each with the reason it
// gives. (Tiles of different shapes are rejected by the op's verifier; on
// sm_80 the cluster scope id itself is rejected first.)

// Eight of 32 columns: 16 runs of 32 bytes, not one.
!S = !tirx.buffer<16x32xf32, shared>
!R = !tirx.buffer<16x32xf32, shared_cluster>
tirx.prim_func @columns() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [1]
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %S = tirx.alloc_buffer : !S
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %v = tirx.cluster_view %S rank %z : !S -> !R
    %dst = tirx.region %v[%c0 : 16, %c0 : 8] : !R
    %src = tirx.region %S[%c0 : 16, %c0 : 8] : !S
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "bulk"}}
    // expected-note @+3 {{tma: not the requested dispatch "bulk"}}
    // expected-note @+2 {{bulk: the destination is not contiguous in its buffer (leading unit extents, then whole trailing dimensions)}}
    // expected-note @+1 {{cp_async: not the requested dispatch "bulk"}}
    tirx.tile.copy_async <thread> %dst, %src barrier %bar : !tirx.buffer<1xi64, shared> dispatch "bulk"
        : !tirx.region<16x8, !R>, !tirx.region<16x8, !S>
  }
  tirx.return
}

// -----

// A dynamic column offset: the start is not known to be on 16 bytes.
!S = !tirx.buffer<16x32xf32, shared>
!R = !tirx.buffer<16x32xf32, shared_cluster>
tirx.prim_func @unaligned(%i: index) {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [1]
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %S = tirx.alloc_buffer : !S
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %v = tirx.cluster_view %S rank %z : !S -> !R
    %dst = tirx.region %v[%c0 : 1, %i : 16] : !R
    %src = tirx.region %S[%c0 : 1, %c0 : 16] : !S
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "bulk"}}
    // expected-note @+3 {{tma: not the requested dispatch "bulk"}}
    // expected-note @+2 {{bulk: the destination's offset is not known to start on a 16-byte boundary}}
    // expected-note @+1 {{cp_async: not the requested dispatch "bulk"}}
    tirx.tile.copy_async <thread> %dst, %src barrier %bar : !tirx.buffer<1xi64, shared> dispatch "bulk"
        : !tirx.region<1x16, !R>, !tirx.region<1x16, !S>
  }
  tirx.return
}

// -----

// 3 x f32 = 12 bytes: the transaction count must be a multiple of 16.
!S = !tirx.buffer<16x32xf32, shared>
!R = !tirx.buffer<16x32xf32, shared_cluster>
tirx.prim_func @odd_bytes() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [1]
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %S = tirx.alloc_buffer : !S
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %v = tirx.cluster_view %S rank %z : !S -> !R
    %dst = tirx.region %v[%c0 : 1, %c0 : 3] : !R
    %src = tirx.region %S[%c0 : 1, %c0 : 3] : !S
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "bulk"}}
    // expected-note @+3 {{tma: not the requested dispatch "bulk"}}
    // expected-note @+2 {{bulk: a bulk copy moves a multiple of 16 bytes below 1 MiB (its barrier's transaction count), this tile has 12}}
    // expected-note @+1 {{cp_async: not the requested dispatch "bulk"}}
    tirx.tile.copy_async <thread> %dst, %src barrier %bar : !tirx.buffer<1xi64, shared> dispatch "bulk"
        : !tirx.region<1x3, !R>, !tirx.region<1x3, !S>
  }
  tirx.return
}

// -----

// The copy is one instruction of one thread, not of the CTA.
!S = !tirx.buffer<16x32xf32, shared>
!R = !tirx.buffer<16x32xf32, shared_cluster>
tirx.prim_func @cta_scope() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [128]
    %z = arith.constant 0 : i32
    %S = tirx.alloc_buffer : !S
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %v = tirx.cluster_view %S rank %z : !S -> !R
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "bulk"}}
    // expected-note @+3 {{tma: not the requested dispatch "bulk"}}
    // expected-note @+2 {{bulk: a bulk copy is issued by one thread (scope must be thread)}}
    // expected-note @+1 {{cp_async: not the requested dispatch "bulk"}}
    tirx.tile.copy_async <cta> %v, %S barrier %bar : !tirx.buffer<1xi64, shared> dispatch "bulk"
        : !R, !S
  }
  tirx.return
}

// -----

// A swizzled tile is not one run of bytes (the TMA path handles layouts).
!S = !tirx.buffer<16x32xf32, shared, #tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>>
!R = !tirx.buffer<16x32xf32, shared_cluster, #tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>>
tirx.prim_func @swizzled() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [1]
    %z = arith.constant 0 : i32
    %S = tirx.alloc_buffer : !S
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %v = tirx.cluster_view %S rank %z : !S -> !R
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "bulk"}}
    // expected-note @+3 {{tma: not the requested dispatch "bulk"}}
    // expected-note @+2 {{bulk: the destination must be a plain row-major buffer (no layout or strides): a bulk copy moves one run of bytes}}
    // expected-note @+1 {{cp_async: not the requested dispatch "bulk"}}
    tirx.tile.copy_async <thread> %v, %S barrier %bar : !tirx.buffer<1xi64, shared> dispatch "bulk"
        : !R, !S
  }
  tirx.return
}

// -----

// Shared to this CTA's own shared memory: not a copy between CTAs.
!S = !tirx.buffer<16x32xf32, shared>
tirx.prim_func @local_dst() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [1]
    %S = tirx.alloc_buffer : !S
    %D = tirx.alloc_buffer : !S
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "bulk"}}
    // expected-note @+3 {{tma: not the requested dispatch "bulk"}}
    // expected-note @+2 {{bulk: a bulk copy between CTAs copies shared -> another CTA's shared memory (a tirx.cluster_view)}}
    // expected-note @+1 {{cp_async: not the requested dispatch "bulk"}}
    tirx.tile.copy_async <thread> %D, %S barrier %bar : !tirx.buffer<1xi64, shared> dispatch "bulk"
        : !S, !S
  }
  tirx.return
}
