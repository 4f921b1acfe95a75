// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// Why copy_async dispatch "tma" declines (sm_80, too old for TMA, is in
// dispatch-tma-errors-sm80.mlir). An explicit dispatch turns the decline into
// an error with a note per candidate: tma's reason and cp_async "not the
// requested dispatch". tma needs a thread-scope call, a shared i64 buffer as
// the barrier, a global -> shared copy whose source is (a region of) a
// prim_func parameter, a shared tile that is row-major or a 32/64/128-byte
// swizzle of 16-byte chunks spanning whole rows, equal boxes, and boxes of at
// most 256 per dimension.

// A warp-scope call: one thread issues a TMA copy.
tirx.prim_func @warp_scope(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %tx = tirx.scope_id_def cta -> thread [32]
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: a TMA copy is issued by one thread (scope must be thread)}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <warp> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// No barrier: the copy would never complete (cp_async, which takes no
// barrier, is not requested).
tirx.prim_func @no_barrier(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: TMA completes on an mbarrier: pass a shared i64 buffer, or a one-element region of one, as `barrier`}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// A barrier that is already a pointer, not a buffer (the verifier accepts
// a shared pointer; TMA needs the buffer). A barrier that is not an mbarrier
// at all is the verifier's error (invalid-tile.mlir).
tirx.prim_func @barrier_pointer(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = llvm.mlir.zero : !llvm.ptr<3>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: TMA completes on an mbarrier: pass a shared i64 buffer, or a one-element region of one, as `barrier`}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !llvm.ptr<3> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// Global to global.
tirx.prim_func @dst_global(%A: !tirx.buffer<256x128xbf16, global>, %D: !tirx.buffer<64x64xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: TMA here copies global -> shared}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %D, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<64x64xbf16, global>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// Shared to shared.
tirx.prim_func @src_shared() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %T = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared>
    %r = tirx.region %T[%c0 : 64, %c0 : 64] : !tirx.buffer<64x64xbf16, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: TMA here copies global -> shared}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<64x64xbf16, shared>>
  }
  tirx.return
}

// -----

// The source is a view of the parameter, not the parameter: the host
// encodes tensor maps from the parameters only.
tirx.prim_func @src_view(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %V = tirx.decl_buffer %A : !tirx.buffer<256x128xbf16, global> -> !tirx.buffer<128x256xbf16, global>
    %r = tirx.region %V[%c0 : 64, %c0 : 64] : !tirx.buffer<128x256xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the global buffer must be a prim_func parameter}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<128x256xbf16, global>>
  }
  tirx.return
}

// -----

// A column-major shared tile.
tirx.prim_func @dst_column_major(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.tile<S[(64,64):(1,64)]>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared tile's layout is not one TMA writes (row-major, or a 32/64/128-byte inner swizzle of 16-byte chunks over whole rows)}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.tile<S[(64,64):(1,64)]>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// A 64-byte swizzle over rows of 128 bytes: the swizzle must span the row.
tirx.prim_func @dst_swizzle_narrower_than_row(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared tile's layout is not one TMA writes}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// A swizzle of 8-byte units (per_element 2 of bf16): TMA swizzles 16-byte
// chunks.
tirx.prim_func @dst_swizzle_8_byte_units(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared tile's layout is not one TMA writes}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// A bare swizzle layout (no compose with a row-major tile).
tirx.prim_func @dst_bare_swizzle(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared tile's layout is not one TMA writes}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// Same element count, other shape.
tirx.prim_func @boxes_differ(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<32x128xbf16, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: dst and src boxes differ in shape}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<32x128xbf16, shared>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// A box of 512 rows.
tirx.prim_func @box_over_256(%A: !tirx.buffer<1024x8xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<512x8xf32, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 512, %c0 : 8] : !tirx.buffer<1024x8xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: TMA boxes are at most 256 per dimension}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.buffer<512x8xf32, shared>, !tirx.region<512x8, !tirx.buffer<1024x8xf32, global>>
  }
  tirx.return
}

// -----

// Without a dispatch every candidate gives its reason: cp_async takes no
// barrier.
tirx.prim_func @implicit(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %tx = tirx.scope_id_def cta -> thread [32]
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a}}
    // expected-note @+3 {{tma: a TMA copy is issued by one thread (scope must be thread)}}
    // expected-note @+2 {{bulk: a bulk copy between CTAs copies shared -> another CTA's shared memory (a tirx.cluster_view)}}
    // expected-note @+1 {{cp_async: cp.async completes by commit/wait groups, not on a barrier}}
    tirx.tile.copy_async <warp> %S, %r barrier %bar : !tirx.buffer<1xi64, shared>
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// A barrier region must be one mbarrier of a ring, not two.
tirx.prim_func @barrier_region_two(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %ring = tirx.alloc_buffer : !tirx.buffer<4xi64, shared>
    %bar = tirx.region %ring[%c0 : 2] : !tirx.buffer<4xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: a `barrier` region must be one element (one mbarrier of the ring)}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.region<2, !tirx.buffer<4xi64, shared>> dispatch "tma"
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// A TMA load completes on its barrier: config commit would be ignored.
tirx.prim_func @load_commit(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: config commit: a TMA load completes on its barrier, not in a commit group}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma" config {commit = false}
        : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// TMA stores (shared -> global) complete by bulk async-groups: a barrier
// would never be arrived on.
tirx.prim_func @store_barrier(%C: !tirx.buffer<256x128xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x32xf32, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %g = tirx.region %C[%c0 : 64, %c0 : 32] : !tirx.buffer<256x128xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: a TMA store completes by bulk async-groups (nvvm.cp.async.bulk.wait_group), not on a barrier}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %g, %S barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.region<64x32, !tirx.buffer<256x128xf32, global>>, !tirx.buffer<64x32xf32, shared>
  }
  tirx.return
}

// -----

// A store has one destination: no multicast.
tirx.prim_func @store_multicast(%C: !tirx.buffer<256x128xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x32xf32, shared>
    %g = tirx.region %C[%c0 : 64, %c0 : 32] : !tirx.buffer<256x128xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: config multicast: a TMA store has one destination}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %g, %S dispatch "tma" config {multicast = true}
        : !tirx.region<64x32, !tirx.buffer<256x128xf32, global>>, !tirx.buffer<64x32xf32, shared>
  }
  tirx.return
}

// -----

// The store's global side must be a parameter (its tensor map is encoded on
// the host), and TMA reads the shared tile densely from its first element.
tirx.prim_func @store_view(%C: !tirx.buffer<256x128xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x32xf32, shared>
    %V = tirx.decl_buffer %C : !tirx.buffer<256x128xf32, global> -> !tirx.buffer<128x256xf32, global>
    %g = tirx.region %V[%c0 : 64, %c0 : 32] : !tirx.buffer<128x256xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the global buffer must be a prim_func parameter}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %g, %S dispatch "tma"
        : !tirx.region<64x32, !tirx.buffer<128x256xf32, global>>, !tirx.buffer<64x32xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @store_strided_tile(%C: !tirx.buffer<256x128xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    %s = tirx.region %S[%c0 : 64, %c0 : 32] : !tirx.buffer<64x64xf32, shared>
    %g = tirx.region %C[%c0 : 64, %c0 : 32] : !tirx.buffer<256x128xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared tile is not contiguous (TMA moves the box densely)}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %g, %s dispatch "tma"
        : !tirx.region<64x32, !tirx.buffer<256x128xf32, global>>, !tirx.region<64x32, !tirx.buffer<64x64xf32, shared>>
  }
  tirx.return
}
