// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_75"
//
// When no implementation accepts a tile primitive, tirx-dispatch-tile-primitives
// reports one error naming the op (and the requested dispatch, if any) with a
// note per candidate saying why it declined. The chip is sm_75 throughout, so
// mma_sync always declines on the target first.

// An explicit dispatch naming no registered implementation: every candidate
// (tcgen05_ld, vectorized, then generic, in priority order) declines by name.
tirx.prim_func @unknown_dispatch(%A: !tirx.buffer<8xf32, global>) {
  tirx.device_entry {
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_75 with dispatch "tma"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "tma"}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tma"}}
    // expected-note @+1 {{generic: not the requested dispatch "tma"}}
    tirx.tile.copy <thread> %A, %A dispatch "tma" : !tirx.buffer<8xf32, global>, !tirx.buffer<8xf32, global>
  }
  tirx.return
}

// -----

// mma_sync requested on sm_75: it declines on the target, generic is not the
// requested name.
tirx.prim_func @mma_sync_sm75(%A: !tirx.buffer<16x16xf16, global>, %B: !tirx.buffer<16x8xf16, global>,
                              %C: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm' accepts this call on sm_75 with dispatch "mma_sync"}}
    // expected-note @+2 {{mma_sync: mma.sync m16n8k16 needs sm_80 or newer, target is sm_75}}
    // expected-note @+1 {{generic: not the requested dispatch "mma_sync"}}
    tirx.tile.gemm <warp> %C, %A, %B, accum %true dispatch "mma_sync" : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x16xf16, global>, !tirx.buffer<16x8xf16, global>
  }
  tirx.return
}

// -----

// A tmem operand: generic declines (tcgen05.ld/st needed).
tirx.prim_func @tmem_fill() {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    %f = arith.constant 0.0 : f32
    // expected-error @+2 {{no implementation of 'tirx.tile.fill' accepts this call on sm_75}}
    // expected-note @+1 {{generic: tmem operands need tcgen05.ld/st}}
    tirx.tile.fill <thread> %t, %f : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>, f32
  }
  tirx.return
}

// -----

// A tmem accumulator for a warp gemm: both candidates decline, in priority
// order.
tirx.prim_func @tmem_gemm(%A: !tirx.buffer<128x16xf16, global>, %B: !tirx.buffer<16x128xf16, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    %t = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm' accepts this call on sm_75}}
    // expected-note @+2 {{mma_sync: mma.sync m16n8k16 needs sm_80 or newer, target is sm_75}}
    // expected-note @+1 {{generic: tmem operands need tcgen05.ld/st}}
    tirx.tile.gemm <warp> %t, %A, %B, accum %true : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>, !tirx.buffer<128x16xf16, global>, !tirx.buffer<16x128xf16, global>
  }
  tirx.return
}

// -----

// Cluster scope ids on a chip without clusters (sm_90+) are an error before
// any dispatch; on sm_90a the cluster-scope call is declined
// (dispatch-tcgen05-errors-sm90a.mlir).
tirx.prim_func @cluster_copy(%A: !tirx.buffer<8xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{thread-block clusters need sm_90 or newer, target is sm_75}}
    %c = tirx.scope_id_def kernel -> cluster [2]
    tirx.tile.copy <cluster> %A, %A : !tirx.buffer<8xf32, global>, !tirx.buffer<8xf32, global>
  }
  tirx.return
}

// -----

// gemm_async is implemented by wgmma (sm_90a) and tcgen05 (sm_100a).
tirx.prim_func @gemm_async(%A: !tirx.buffer<16x16xf16, global>, %B: !tirx.buffer<16x8xf16, global>,
                           %C: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %true = arith.constant true
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_75}}
    // expected-note @+2 {{wgmma: wgmma needs sm_90a, target is sm_75}}
    // expected-note @+1 {{tcgen05: tcgen05 needs sm_100a, target is sm_75}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %true : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x16xf16, global>, !tirx.buffer<16x8xf16, global>
  }
  tirx.return
}

// -----

// A plain local buffer (no thread axes) is private to each thread: a tile
// primitive above thread scope cannot fill or read it whole.
tirx.prim_func @local_fill_cta(%x: f32) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %L = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
    // expected-error @+2 {{no implementation of 'tirx.tile.fill' accepts this call on sm_75}}
    // expected-note @+1 {{generic: a local buffer without thread axes is private to each thread; use thread scope or distribute it}}
    tirx.tile.fill <cta> %L, %x : !tirx.buffer<8xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @local_copy_warp(%A: !tirx.buffer<32xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %L = tirx.alloc_buffer : !tirx.buffer<32xf32, local>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_75}}
    // expected-note @+3 {{tcgen05_ld: tcgen05.ld needs sm_100a, target is sm_75}}
    // expected-note @+2 {{vectorized: a local buffer without thread axes is private to each thread; use thread scope or distribute it}}
    // expected-note @+1 {{generic: a local buffer without thread axes is private to each thread; use thread scope or distribute it}}
    tirx.tile.copy <warp> %A, %L : !tirx.buffer<32xf32, global>, !tirx.buffer<32xf32, local>
  }
  tirx.return
}
