// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// WMMA fragments (per thread: A = M*K/threads of dtype_in, B = K*N/threads,
// C = M*N/threads of dtype_out, times the tile grid) and the verifier of
// #uop.wmma metadata.

func.func @wmma_a_dtype(%a: vector<8xf32>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op the A fragment must be 'f16' or a vector of it, got 'vector<8xf32>'}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf32>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_b_dtype(%a: vector<8xf16>, %b: vector<8xbf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op the B fragment must be 'f16' or a vector of it, got 'vector<8xbf16>'}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xbf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_c_dtype(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf16>) {
  // expected-error @+1 {{'uop.wmma' op the C fragment must be 'f32' or a vector of it, got 'vector<8xf16>'}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xf16>
  return
}

// -----

func.func @wmma_fragment_tensor(%a: tensor<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op the A fragment must be 'f16' or a vector of it, got 'tensor<8xf16>'}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : tensor<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_a_width(%a: vector<4xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op expected 8 elements in the A fragment (256 over 32 threads), got 4}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<4xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_b_width(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op expected 8 elements in the B fragment (256 over 32 threads), got 16}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<16xf16>, vector<8xf32>
  return
}

// -----

// M = 16, N = 8, K = 16: C holds 16*8/32 = 4 values.
func.func @wmma_c_width(%a: vector<8xf16>, %b: vector<4xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op expected 4 elements in the C fragment (128 over 32 threads), got 8}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [8, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<4xf16>, vector<8xf32>
  return
}

// -----

// A 2x1 tile grid doubles every fragment.
func.func @wmma_tile_grid_width(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op expected 16 elements in the A fragment (512 over 32 threads), got 8}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", tile_grid = [2, 1]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

// 8*8 = 64 values do not split over 128 threads.
func.func @wmma_threads_do_not_divide(%a: f16, %b: f16, %c: f32) {
  // expected-error @+1 {{'uop.wmma' op the A fragment's 64 elements cannot be split evenly over 128 threads}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [8, 8, 8], dtype_in = f16, dtype_out = f32, device = "AMD", threads = 128> : f16, f16, f32
  return
}

// -----

func.func @wmma_upcast_product(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op the C fragment width 8 differs from the product of its upcast axes 4}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", upcast_c = [(0, 2), (1, 2)]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_upcast_a_product(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op the A fragment width 8 differs from the product of its upcast axes 16}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", upcast_a = [(0, 16)]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

// AllTypesMatch<["c", "result"]>.
func.func @wmma_result_type(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{'uop.wmma' op failed to verify that all of {c, result} have same type}}
  %d = "uop.wmma"(%a, %b, %c) <{metadata = #uop.wmma<name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA">}> : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf16>
  return
}

// -----

func.func @wmma_dims_count(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{wmma dims must be (N, M, K), got 2 values}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_dims_positive(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{wmma dims must be positive}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 0, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_threads_positive(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{wmma threads must be positive, got 0}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", threads = 0> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_dtype_vector(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{wmma dtypes must be scalar types}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = vector<2xf16>, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_dtype_out_index(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xindex>) {
  // expected-error @+1 {{wmma dtypes must be scalar types}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = index, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xindex>
  return
}

// -----

func.func @wmma_tile_grid_size(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{wmma tile_grid must be two positive values}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", tile_grid = [1, 1, 1]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_tile_grid_zero(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{wmma tile_grid must be two positive values}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", tile_grid = [0, 1]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_upcast_a_pair(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{upcast_a needs non-negative axes and positive factors, got (-1, 8)}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", upcast_a = [(-1, 8)]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_upcast_b_pair(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{upcast_b needs non-negative axes and positive factors, got (1, 0)}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", upcast_b = [(1, 0)]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_upcast_c_pair(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{upcast_c needs non-negative axes and positive factors, got (2, -8)}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", upcast_c = [(2, -8)]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_reduce_axes_pair(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{reduce_axes needs non-negative axes and positive factors, got (-2, 2)}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", reduce_axes = [(0, 2), (-2, 2)]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

func.func @wmma_missing_name(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{struct is missing required parameter: name}}
  %d = uop.wmma %a, %b, %c <dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}

// -----

// When a fragment's element count does not divide by the thread count, the
// WMMA verifier says so ("cannot be split evenly") instead of printing the
// truncated quotient ("expected 0 elements in the A fragment").
func.func @wmma_threads_do_not_divide(%a: f16, %b: f16, %c: f32) -> f32 {
  // expected-error @+1 {{'uop.wmma' op the A fragment's 64 elements cannot be split evenly over 128 threads}}
  %d = uop.wmma %a, %b, %c <name = "w", dims = [8, 8, 8], dtype_in = f16, dtype_out = f32, device = "AMD", threads = 128> : f16, f16, f32
  return %d : f32
}
