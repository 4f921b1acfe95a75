// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Rules of tirx.tile.gemm / tirx.tile.gemm_async: C (M x N) = op(A) * op(B)
// with A M x K (K x M with transpose_A) and B K x N (N x K with transpose_B);
// 2-D tiles (leading unit dimensions are ignored); A and B share a dtype and C
// is an accumulator for it (f16/bf16/f32/f8 -> f32 or f16, i8 -> i32).

tirx.prim_func @c_not_2d() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op operand C must be a 2-D tile, got '!tirx.buffer<128xf32, local>'}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

// Only leading unit dimensions are dropped; 2x128x64 is not a matrix.
tirx.prim_func @a_3d() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<2x128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op operand A must be a 2-D tile, got '!tirx.buffer<2x128x64xf16, shared>'}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<2x128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @b_1d() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op operand B must be a 2-D tile, got '!tirx.buffer<64xf16, shared>'}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64xf16, shared>
  }
  tirx.return
}

// -----

// Trailing unit dimensions are not dropped.
tirx.prim_func @c_trailing_unit() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128x1xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op operand C must be a 2-D tile, got '!tirx.buffer<128x128x1xf32, local>'}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128x1xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @m_mismatch() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op A has M = 64, C has M = 128}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

// With transpose_A, A is K x M: 128x64 has M = 64.
tirx.prim_func @m_mismatch_transpose_a() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<128x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op A has M = 64, C has M = 128}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t transpose_A : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @n_mismatch() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op B has N = 64, C has N = 128}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x64xf16, shared>
  }
  tirx.return
}

// -----

// With transpose_B, B is N x K: 64x128 has N = 64 (this B is right without the flag).
tirx.prim_func @n_mismatch_transpose_b() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op B has N = 64, C has N = 128}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t transpose_B : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @k_mismatch() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<32x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op A has K = 64, B has K = 32}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<32x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @k_mismatch_both_transposed() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<32x128xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op A has K = 32, B has K = 64}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t transpose_A transpose_B : !tirx.buffer<128x128xf32, local>, !tirx.buffer<32x128xf16, shared>, !tirx.buffer<128x64xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @async_m_mismatch() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<64x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm_async' op A has M = 128, C has M = 64}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<64x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @async_k_mismatch_transpose_b() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<128x32xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm_async' op A has K = 64, B has K = 32}}
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %t transpose_B : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x32xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @ab_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xbf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op A and B dtypes differ: 'f16' vs 'bf16'}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xbf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @async_ab_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xi32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xi8, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf8E4M3FN, shared>
    // expected-error @+1 {{'tirx.tile.gemm_async' op A and B dtypes differ: 'i8' vs 'f8E4M3FN'}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xi32, local>, !tirx.buffer<128x64xi8, shared>, !tirx.buffer<64x128xf8E4M3FN, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @f16_into_i32() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xi32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op no accumulator dtype 'i32' for 'f16' inputs}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xi32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @bf16_into_bf16() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xbf16, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xbf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op no accumulator dtype 'bf16' for 'bf16' inputs}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xbf16, local>, !tirx.buffer<128x64xbf16, shared>, !tirx.buffer<64x128xbf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @f32_into_f64() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf64, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf32, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf32, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op no accumulator dtype 'f64' for 'f32' inputs}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xf64, local>, !tirx.buffer<128x64xf32, shared>, !tirx.buffer<64x128xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @i8_into_f32() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xi8, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xi8, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op no accumulator dtype 'f32' for 'i8' inputs}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xi8, shared>, !tirx.buffer<64x128xi8, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @i8_into_i16() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xi16, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xi8, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xi8, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op no accumulator dtype 'i16' for 'i8' inputs}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xi16, local>, !tirx.buffer<128x64xi8, shared>, !tirx.buffer<64x128xi8, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @f8_into_i32() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xi32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf8E5M2, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf8E5M2, shared>
    // expected-error @+1 {{'tirx.tile.gemm_async' op no accumulator dtype 'i32' for 'f8E5M2' inputs}}
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xi32, local>, !tirx.buffer<128x64xf8E5M2, shared>, !tirx.buffer<64x128xf8E5M2, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @i32_inputs() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xi32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xi32, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xi32, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op no accumulator dtype 'i32' for 'i32' inputs}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xi32, local>, !tirx.buffer<128x64xi32, shared>, !tirx.buffer<64x128xi32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @f64_inputs() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf64, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf64, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf64, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op no accumulator dtype 'f64' for 'f64' inputs}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %t : !tirx.buffer<128x128xf64, local>, !tirx.buffer<128x64xf64, shared>, !tirx.buffer<64x128xf64, shared>
  }
  tirx.return
}

// -----

// accum is an i1.
// expected-note @+1 {{prior use here}}
tirx.prim_func @accum_not_i1(%acc: i32) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    // expected-error @+1 {{use of value '%acc' expects different type than prior uses: 'i1' vs 'i32'}}
    tirx.tile.gemm <warpgroup> %C, %A, %B, accum %acc : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

// A region's extents are its shape: a 64x64 box of a 128x128 A has M = 64.
tirx.prim_func @region_shape() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    %c0 = arith.constant 0 : index
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x128xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %Ar = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<128x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.gemm' op A has M = 64, C has M = 128}}
    tirx.tile.gemm <warpgroup> %C, %Ar, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.region<64x64, !tirx.buffer<128x128xf16, shared>>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}
