// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_100a"
//
// Why the sm_100a tensor-memory implementations decline (chips without
// tcgen05 are in dispatch-tcgen05-errors-sm90a.mlir).
//
// gemm_async dispatch "tcgen05" needs a thread-scope call (cta_group 2, CTA
// pairs, is in dispatch-tcgen05-2cta-errors.mlir), f16/bf16 inputs with an
// f32 accumulator, K-major operands (A M x K, B N x K with transpose_B), C a 2-D tmem buffer laid out
// S[(rows,cols):(1@TLane,1@TCol)] with 128 rows and N a multiple of 16 up to
// 256, and A and B as for wgmma (128-byte-swizzled shared tiles of 64-element
// rows). The notes list wgmma first ("not the requested dispatch").
//
// copy dispatch "tcgen05_ld" needs a warpgroup-scope call, a src in tmem laid
// out like C above, a dst that is neither tmem nor distributed over threads,
// a 128-row box of a multiple of 8 columns, f32, and equal boxes.

// A warpgroup-scope call: one thread issues tcgen05.mma.
tirx.prim_func @warpgroup_scope() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: tcgen05.mma is issued by one thread (scope must be thread)}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// f32 inputs (kind::tf32 is not implemented).
tirx.prim_func @f32_inputs() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf32, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xf32, shared>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: tcgen05 here takes f16/bf16 inputs and an f32 accumulator}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xf32, shared>, !tirx.buffer<32x64xf32, shared>
  }
  tirx.return
}

// -----

// An f16 accumulator.
tirx.prim_func @f16_accumulator() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf16, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: tcgen05 here takes f16/bf16 inputs and an f32 accumulator}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf16, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// B as K x N.
tirx.prim_func @b_not_k_major() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<64x32xbf16, shared>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: tcgen05 here reads K-major operands: A as M x K, B as N x K (transpose_B)}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<64x32xbf16, shared>
  }
  tirx.return
}

// -----

// A as K x M.
tirx.prim_func @a_transposed() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x128xbf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: tcgen05 here reads K-major operands: A as M x K, B as N x K (transpose_B)}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_A transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<64x128xbf16, shared>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// The accumulator in shared memory.
tirx.prim_func @c_shared() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, shared>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: C must be in tensor memory}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, shared>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// A 3-D tmem accumulator (leading unit dimension).
tirx.prim_func @c_3d() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<1x128x32xf32, tmem, #tirx.tile<S[(1,128,32):(1@TLane,1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: C must be a 2-D tmem buffer}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<1x128x32xf32, tmem, #tirx.tile<S[(1,128,32):(1@TLane,1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// Rows on TCol and columns on TLane.
tirx.prim_func @c_transposed_layout() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TCol,1@TLane)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: C must be laid out as S[(rows,cols):(1@TLane,1@TCol)]}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TCol,1@TLane)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// A row-major without the swizzle.
tirx.prim_func @a_row_major() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: A needs a 128-byte swizzled layout (#tirx.compose<#tirx.swizzle<3, 3, 3>, row-major tile>)}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// B in global memory.
tirx.prim_func @b_global(%B: !tirx.buffer<32x64xbf16, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: B must be in shared memory}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, global>
  }
  tirx.return
}

// -----

// B with the 32-byte swizzle.
tirx.prim_func @b_swizzle_32() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 1, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: B: only the 128-byte swizzle (3, 3, 3) is supported}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 1, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// M = 64: cta_group 1 kind::f16 is issued here with M = 128 only.
tirx.prim_func @m_64() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x32xf32, tmem, #tirx.tile<S[(64,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: the accumulator must be 128 x N with N a multiple of 16 up to 256}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<64x32xf32, tmem, #tirx.tile<S[(64,32):(1@TLane,1@TCol)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// N = 24 is not a multiple of 16.
tirx.prim_func @n_24() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x24xf32, tmem, #tirx.tile<S[(128,24):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<24x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(24,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a with dispatch "tcgen05"}}
    // expected-note @+2 {{wgmma: not the requested dispatch "tcgen05"}}
    // expected-note @+1 {{tcgen05: the accumulator must be 128 x N with N a multiple of 16 up to 256}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.buffer<128x24xf32, tmem, #tirx.tile<S[(128,24):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<24x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(24,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// Without a dispatch both candidates give a reason (wgmma: M = 128 is not
// a warpgroup tile).
tirx.prim_func @implicit() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_100a}}
    // expected-note @+2 {{wgmma: wgmma needs sm_90a, target is sm_100a}}
    // expected-note @+1 {{tcgen05: tcgen05.mma is issued by one thread (scope must be thread)}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// A warp-scope read of 128 lanes.
tirx.prim_func @ld_warp_scope(%G: !tirx.buffer<128x32xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a with dispatch "tcgen05_ld"}}
    // expected-note @+3 {{tcgen05_ld: reading 128 tmem lanes takes a warpgroup}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tcgen05_ld"}}
    // expected-note @+1 {{generic: not the requested dispatch "tcgen05_ld"}}
    tirx.tile.copy <warp> %G, %D dispatch "tcgen05_ld"
        : !tirx.buffer<128x32xf32, global>, !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// The source is not in tensor memory.
tirx.prim_func @ld_src_shared(%G: !tirx.buffer<128x32xf32, global>) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a with dispatch "tcgen05_ld"}}
    // expected-note @+3 {{tcgen05_ld: src must be in tensor memory}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tcgen05_ld"}}
    // expected-note @+1 {{generic: not the requested dispatch "tcgen05_ld"}}
    tirx.tile.copy <warpgroup> %G, %D dispatch "tcgen05_ld"
        : !tirx.buffer<128x32xf32, global>, !tirx.buffer<128x32xf32, shared>
  }
  tirx.return
}

// -----

// tmem to tmem.
tirx.prim_func @ld_dst_tmem() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %E = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a with dispatch "tcgen05_ld"}}
    // expected-note @+3 {{tcgen05_ld: dst must not be tmem}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tcgen05_ld"}}
    // expected-note @+1 {{generic: not the requested dispatch "tcgen05_ld"}}
    tirx.tile.copy <warpgroup> %E, %D dispatch "tcgen05_ld"
        : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>, !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// A destination distributed over the warpgroup's threads.
tirx.prim_func @ld_dst_distributed() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %R = tirx.alloc_buffer : !tirx.buffer<128x32xf32, local, #tirx.tile<S[(4,32,32):(1@wid_in_wg,1@laneid,1)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a with dispatch "tcgen05_ld"}}
    // expected-note @+3 {{tcgen05_ld: dst must not be distributed over threads}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tcgen05_ld"}}
    // expected-note @+1 {{generic: not the requested dispatch "tcgen05_ld"}}
    tirx.tile.copy <warpgroup> %R, %D dispatch "tcgen05_ld"
        : !tirx.buffer<128x32xf32, local, #tirx.tile<S[(4,32,32):(1@wid_in_wg,1@laneid,1)]>>, !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// 64 lanes only.
tirx.prim_func @ld_64_rows(%G: !tirx.buffer<64x32xf32, global>) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<64x32xf32, tmem, #tirx.tile<S[(64,32):(1@TLane,1@TCol)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a with dispatch "tcgen05_ld"}}
    // expected-note @+3 {{tcgen05_ld: the tmem box must be 128 rows by a multiple of 8 columns}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tcgen05_ld"}}
    // expected-note @+1 {{generic: not the requested dispatch "tcgen05_ld"}}
    tirx.tile.copy <warpgroup> %G, %D dispatch "tcgen05_ld"
        : !tirx.buffer<64x32xf32, global>, !tirx.buffer<64x32xf32, tmem, #tirx.tile<S[(64,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// 12 columns.
tirx.prim_func @ld_12_columns(%G: !tirx.buffer<128x12xf32, global>) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x12xf32, tmem, #tirx.tile<S[(128,12):(1@TLane,1@TCol)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a with dispatch "tcgen05_ld"}}
    // expected-note @+3 {{tcgen05_ld: the tmem box must be 128 rows by a multiple of 8 columns}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tcgen05_ld"}}
    // expected-note @+1 {{generic: not the requested dispatch "tcgen05_ld"}}
    tirx.tile.copy <warpgroup> %G, %D dispatch "tcgen05_ld"
        : !tirx.buffer<128x12xf32, global>, !tirx.buffer<128x12xf32, tmem, #tirx.tile<S[(128,12):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// f16 in tensor memory.
tirx.prim_func @ld_f16(%G: !tirx.buffer<128x32xf16, global>) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf16, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a with dispatch "tcgen05_ld"}}
    // expected-note @+3 {{tcgen05_ld: tcgen05.ld here moves f32 values}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tcgen05_ld"}}
    // expected-note @+1 {{generic: not the requested dispatch "tcgen05_ld"}}
    tirx.tile.copy <warpgroup> %G, %D dispatch "tcgen05_ld"
        : !tirx.buffer<128x32xf16, global>, !tirx.buffer<128x32xf16, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// Same element count, other shape.
tirx.prim_func @ld_reshape(%G: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a with dispatch "tcgen05_ld"}}
    // expected-note @+3 {{tcgen05_ld: dst and src boxes differ in shape}}
    // expected-note @+2 {{vectorized: not the requested dispatch "tcgen05_ld"}}
    // expected-note @+1 {{generic: not the requested dispatch "tcgen05_ld"}}
    tirx.tile.copy <warpgroup> %G, %D dispatch "tcgen05_ld"
        : !tirx.buffer<64x64xf32, global>, !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// A plain local buffer (no thread axes) is private to each thread, so a
// warpgroup-scope copy from tmem cannot fill it whole: tcgen05_ld declines it
// (any wording), like generic and vectorized ("a local buffer without thread
// axes is private to each thread; use thread scope or distribute it"), and
// the call has no implementation. (Accepting it would give each thread's
// private 128 x 8 copy one row and leave 127 unwritten.)
tirx.prim_func @ld_private_dst() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x8xf32, tmem, #tirx.tile<S[(128,8):(1@TLane,1@TCol)]>>
    %L = tirx.alloc_buffer : !tirx.buffer<128x8xf32, local>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a}}
    // expected-note @+3 {{tcgen05_ld: }}
    // expected-note @+2 {{vectorized: }}
    // expected-note @+1 {{generic: }}
    tirx.tile.copy <warpgroup> %L, %D : !tirx.buffer<128x8xf32, local>, !tirx.buffer<128x8xf32, tmem, #tirx.tile<S[(128,8):(1@TLane,1@TCol)]>>
  }
  tirx.return
}
