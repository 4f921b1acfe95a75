// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_80"
//
// Tile operands distributed over thread axes the scope cannot serve: an axis
// outside the scope, warp axes in a CTA of partial warps, and two operands
// whose elements live in different threads.

!W = !tirx.buffer<4xf32, local, #tirx.tile<S[(4):(1@warpid)]>>
tirx.prim_func @warpid_at_warp_scope(%x: f32) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %w = tirx.alloc_buffer : !W
    // expected-error @+2 {{no implementation of 'tirx.tile.fill' accepts this call}}
    // expected-note @+1 {{generic: an operand is distributed over the thread axis warpid, which the warp scope does not contain}}
    tirx.tile.fill <warp> %w, %x : !W, f32
  }
  tirx.return
}

// -----

!W = !tirx.buffer<2xf32, local, #tirx.tile<S[(2):(1@warpid)]>>
tirx.prim_func @partial_warp(%x: f32) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [48]
    %w = tirx.alloc_buffer : !W
    // expected-error @+2 {{no implementation of 'tirx.tile.fill' accepts this call}}
    // expected-note @+1 {{generic: the thread axis warpid needs whole warps (48 threads per CTA)}}
    tirx.tile.fill <cta> %w, %x : !W, f32
  }
  tirx.return
}

// -----

!A = !tirx.buffer<4x32xf32, local, #tirx.tile<S[(4,32):(1@warpid,1@laneid)]>>
!B = !tirx.buffer<4x32xf32, local, #tirx.tile<S[(4,32):(1@laneid,1@warpid)]>>
tirx.prim_func @transposed_owners() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %a = tirx.alloc_buffer : !A
    %b = tirx.alloc_buffer : !B
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call}}
    // expected-note @+3 {{tcgen05_ld: tcgen05.ld needs sm_100a}}
    // expected-note @+2 {{vectorized: operands distributed differently over the threads need a data exchange}}
    // expected-note @+1 {{generic: operands distributed differently over the threads need a data exchange}}
    tirx.tile.copy <cta> %a, %b : !A, !B
  }
  tirx.return
}
