// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// Why gemm_async dispatch "wgmma" declines on sm_90a (the chips that lack
// wgmma are in dispatch-wgmma-errors-sm80.mlir, -sm90.mlir and -sm100a.mlir).
// An explicit dispatch turns the decline into an error with one note per candidate:
// wgmma's reason, and tcgen05 "not the requested dispatch". wgmma needs a
// warpgroup-scope call, f16/bf16 inputs with an f32 accumulator, K-major
// operands (A M x K, B N x K with transpose_B) in shared memory with the
// 128-byte swizzle compose layout over row-major 64-element rows and a K
// extent multiple of 16, and C a whole local 64 x N buffer (N a multiple of 8
// up to 256) laid out as wgmma's accumulator fragment.

// A thread-scope call (the scope of tcgen05, not of wgmma).
tirx.prim_func @thread_scope() {
  tirx.device_entry {
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: wgmma is issued by a warpgroup (scope must be warpgroup)}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// A warp-scope call.
tirx.prim_func @warp_scope() {
  tirx.device_entry {
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    %tx = tirx.scope_id_def cta -> thread [128]
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: wgmma is issued by a warpgroup (scope must be warpgroup)}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warp> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// f16 accumulator.
tirx.prim_func @f16_accumulator() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf16, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: wgmma here takes f16/bf16 inputs and an f32 accumulator}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf16, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// f32 inputs.
tirx.prim_func @f32_inputs() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xf32, shared>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: wgmma here takes f16/bf16 inputs and an f32 accumulator}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xf32, shared>, !tirx.buffer<16x64xf32, shared>
  }
  tirx.return
}

// -----

// B as K x N (no transpose_B).
tirx.prim_func @b_not_k_major() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<64x16xbf16, shared>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: wgmma here reads K-major operands: A as M x K, B as N x K (transpose_B)}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<64x16xbf16, shared>
  }
  tirx.return
}

// -----

// A as K x M (transpose_A).
tirx.prim_func @a_transposed() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: wgmma here reads K-major operands: A as M x K, B as N x K (transpose_B)}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_A transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// A read from global memory.
tirx.prim_func @a_global(%A: !tirx.buffer<64x64xbf16, global>) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: A must be in shared memory}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, global>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// A row-major without the swizzle.
tirx.prim_func @a_row_major() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: A needs a 128-byte swizzled layout (#tirx.compose<#tirx.swizzle<3, 3, 3>, row-major tile>)}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// A with the 64-byte swizzle (swizzle_len 2).
tirx.prim_func @a_swizzle_64() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: A: only the 128-byte swizzle (3, 3, 3) is supported}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// A's tile under the swizzle is column-major.
tirx.prim_func @a_column_major() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(1,64)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: A's tile layout must be row-major}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(1,64)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// A rows of 128 elements (256 bytes): a region of them is not one swizzle atom wide.
tirx.prim_func @a_rows_128() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x128xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    %c0 = arith.constant 0 : index
    %rA = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<64x128xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: A rows must hold 64 elements (128 bytes)}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %rA, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.region<64x64, !tirx.buffer<64x128xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// K = 8 is not a multiple of 16.
tirx.prim_func @k_8() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    %c0 = arith.constant 0 : index
    %rA = tirx.region %A[%c0 : 64, %c0 : 8] : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %rB = tirx.region %B[%c0 : 16, %c0 : 8] : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: A's K extent must be a multiple of 16}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %rA, %rB, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.region<64x8, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>>, !tirx.region<16x8, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>>
  }
  tirx.return
}

// -----

// B in shared memory without the swizzle (A is fine).
tirx.prim_func @b_row_major() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: B needs a 128-byte swizzled layout (#tirx.compose<#tirx.swizzle<3, 3, 3>, row-major tile>)}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared>
  }
  tirx.return
}

// -----

// B in registers.
tirx.prim_func @b_local() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, local>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: B must be in shared memory}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, local>
  }
  tirx.return
}

// -----

// M = 128: one warpgroup computes 64 rows.
tirx.prim_func @m_128() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x16xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: the warpgroup tile must be 64 x N with N a multiple of 8 up to 256}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<128x16xf32, local>, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// N = 12 is not a multiple of 8.
tirx.prim_func @n_12() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x12xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<12x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(12,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: the warpgroup tile must be 64 x N with N a multiple of 8 up to 256}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x12xf32, local>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<12x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(12,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// N = 264 is above 256.
tirx.prim_func @n_264() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x264xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<264x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(264,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: the warpgroup tile must be 64 x N with N a multiple of 8 up to 256}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x264xf32, local>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<264x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(264,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// C in shared memory.
tirx.prim_func @c_shared() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, shared>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: C must be a whole 2-D local buffer distributed like the wgmma accumulator}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, shared>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// C a region of a larger register tile.
tirx.prim_func @c_region() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    %c0 = arith.constant 0 : index
    %rC = tirx.region %C[%c0 : 64, %c0 : 16] : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: C must be a whole 2-D local buffer distributed like the wgmma accumulator}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %rC, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.region<64x16, !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// C laid out as the m16n8 accumulator of mma.sync: laneid only, no wid_in_wg,
// so already element (0, 0) is not on a warp of the warpgroup.
tirx.prim_func @c_mma_sync_layout() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(16,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: C's layout does not place element (0, 0) like the wgmma accumulator}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(16,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// C with the lanes of a row group and of a column pair exchanged:
// element (0, 2) sits on lane 8 instead of 1.
tirx.prim_func @c_lanes_swapped() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,1@laneid,4,8@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: C's layout does not place element (0, 2) like the wgmma accumulator}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,1@laneid,4,8@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// Without an explicit dispatch every candidate says why it declines: wgmma on
// the accumulator type, tcgen05 on the chip.
tirx.prim_func @implicit_dispatch() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf16, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a}}
    // expected-note @+2 {{wgmma: wgmma here takes f16/bf16 inputs and an f32 accumulator}}
    // expected-note @+1 {{tcgen05: tcgen05 needs sm_100a, target is sm_90a}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t transpose_B
        : !tirx.buffer<64x16xf16, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// The descriptors address whole 8-row swizzle atoms: a region starting at a
// row not known to be a multiple of 8 is declined, not miscompiled.
tirx.prim_func @row_offset(%m: index) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %c0 = arith.constant 0 : index
    %C = tirx.alloc_buffer : !tirx.buffer<64x8xf32, local, #tirx.tile<S[(4,2,8,1,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<8x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
    %rA = tirx.region %A[%m : 64, %c0 : 64] : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: A's row offset is not known to be a multiple of 8 (the descriptor addresses whole 8-row swizzle atoms)}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %rA, %B, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x8xf32, local, #tirx.tile<S[(4,2,8,1,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.region<64x64, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>>, !tirx.buffer<8x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// K steps of 16 elements: a region starting at K offset 8 is declined.
tirx.prim_func @k_offset() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %C = tirx.alloc_buffer : !tirx.buffer<64x8xf32, local, #tirx.tile<S[(4,2,8,1,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<8x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
    %rA = tirx.region %A[%c0 : 64, %c8 : 16] : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %rB = tirx.region %B[%c0 : 8, %c8 : 16] : !tirx.buffer<8x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
    // expected-error @+3 {{no implementation of 'tirx.tile.gemm_async' accepts this call on sm_90a with dispatch "wgmma"}}
    // expected-note @+2 {{wgmma: A's K offset is not known to be a multiple of 16}}
    // expected-note @+1 {{tcgen05: not the requested dispatch "wgmma"}}
    tirx.tile.gemm_async <warpgroup> %C, %rA, %rB, accum %t transpose_B dispatch "wgmma"
        : !tirx.buffer<64x8xf32, local, #tirx.tile<S[(4,2,8,1,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.region<64x16, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>>, !tirx.region<8x16, !tirx.buffer<8x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>>
  }
  tirx.return
}

// -----

// A warpgroup-scope gemm_async whose C is a plain local buffer (no layout):
// wgmma declines with its own reason, "C must be distributed over wid_in_wg and
// laneid like the wgmma accumulator", with or without dispatch "wgmma" (the
// predicate must test for the missing layout before it builds a layout table).
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
