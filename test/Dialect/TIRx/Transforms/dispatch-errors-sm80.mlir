// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_80"
//
// On sm_80 mma_sync is available, but an explicit dispatch "mma_sync" still
// fails when the call does not fit m16n8k16 at warp scope; the note says which
// condition failed and generic declines because it was not requested.

tirx.prim_func @not_warp(%A: !tirx.buffer<16x16xf16, global>, %B: !tirx.buffer<16x8xf16, global>,
                         %C: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [128]
    %true = arith.constant true
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm' accepts this call on sm_80 with dispatch "mma_sync"}}
    // expected-note @+2 {{mma_sync: mma.sync is issued by one warp (scope must be warp)}}
    // expected-note @+1 {{generic: not the requested dispatch "mma_sync"}}
    tirx.tile.gemm <cta> %C, %A, %B, accum %true dispatch "mma_sync" : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x16xf16, global>, !tirx.buffer<16x8xf16, global>
  }
  tirx.return
}

// -----

tirx.prim_func @f16_accumulator(%A: !tirx.buffer<16x16xf16, global>, %B: !tirx.buffer<16x8xf16, global>,
                                %C: !tirx.buffer<16x8xf16, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm' accepts this call on sm_80 with dispatch "mma_sync"}}
    // expected-note @+2 {{mma_sync: mma.sync here takes f16/bf16 inputs and an f32 accumulator}}
    // expected-note @+1 {{generic: not the requested dispatch "mma_sync"}}
    tirx.tile.gemm <warp> %C, %A, %B, accum %true dispatch "mma_sync" : !tirx.buffer<16x8xf16, global>, !tirx.buffer<16x16xf16, global>, !tirx.buffer<16x8xf16, global>
  }
  tirx.return
}

// -----

tirx.prim_func @f32_inputs(%A: !tirx.buffer<16x16xf32, global>, %B: !tirx.buffer<16x8xf32, global>,
                           %C: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm' accepts this call on sm_80 with dispatch "mma_sync"}}
    // expected-note @+2 {{mma_sync: mma.sync here takes f16/bf16 inputs and an f32 accumulator}}
    // expected-note @+1 {{generic: not the requested dispatch "mma_sync"}}
    tirx.tile.gemm <warp> %C, %A, %B, accum %true dispatch "mma_sync" : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x16xf32, global>, !tirx.buffer<16x8xf32, global>
  }
  tirx.return
}

// -----

// K = 8 is not a multiple of 16.
tirx.prim_func @bad_shape(%A: !tirx.buffer<16x8xbf16, global>, %B: !tirx.buffer<8x8xbf16, global>,
                          %C: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm' accepts this call on sm_80 with dispatch "mma_sync"}}
    // expected-note @+2 {{mma_sync: M, N, K must be multiples of 16, 8, 16}}
    // expected-note @+1 {{generic: not the requested dispatch "mma_sync"}}
    tirx.tile.gemm <warp> %C, %A, %B, accum %true dispatch "mma_sync" : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x8xbf16, global>, !tirx.buffer<8x8xbf16, global>
  }
  tirx.return
}

// -----

// Cluster scope ids on a chip without clusters: the first error, before
// any tile primitive is dispatched.
tirx.prim_func @cluster_tmem() {
  tirx.device_entry {
    // expected-error @+1 {{thread-block clusters need sm_90 or newer, target is sm_80}}
    %c = tirx.scope_id_def kernel -> cluster [2]
    %t = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    %f = arith.constant 0.0 : f32
    tirx.tile.fill <cluster> %t, %f : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>, f32
  }
  tirx.return
}

// -----

// The first op that fails stops the pass; the diagnostics name that op only.
tirx.prim_func @first_failure(%A: !tirx.buffer<8xf32, global>) {
  tirx.device_entry {
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "tma"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "tma"}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tma"}}
    // expected-note @+1 {{generic: not the requested dispatch "tma"}}
    tirx.tile.copy <thread> %A, %A dispatch "tma" : !tirx.buffer<8xf32, global>, !tirx.buffer<8xf32, global>
    tirx.tile.copy <thread> %A, %A dispatch "tma" : !tirx.buffer<8xf32, global>, !tirx.buffer<8xf32, global>
  }
  tirx.return
}
