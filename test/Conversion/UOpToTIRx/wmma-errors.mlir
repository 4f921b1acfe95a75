// uop.wmma has one GPU form, mma.sync m16n8k16 (f16 or bf16 A and B, f32 C
// and D, one tile of one 32-thread warp; include/uop/Conversion/UOpToTIRx/
// WMMA.h). Any other WMMA is a located error of uop-wmma-lanes, which runs
// before uop-devectorize (the chip and the C target: uop-to-nvvm-wmma.mlir).
//
// RUN: uop-opt --uop-to-nvvm=chip=sm_80 %s -split-input-file -verify-diagnostics

// tinygrad's 16x16x16 (AMD and Apple) shape, 8 halves of A and B per thread.
uop.function @dims(%d: !uop.ptr<f32, global, 256>) {
  %c32 = arith.constant 32 : index
  %fa = arith.constant dense<1.0> : vector<8xf16>
  %fc = arith.constant dense<0.0> : vector<8xf32>
  %lane = uop.range %c32, R0, local
  // expected-error @+1 {{uop.wmma: no mma.sync form for dims (N, M, K) = (16, 16, 16); mma.sync here is m16n8k16: dims = [8, 16, 16]}}
  %w = uop.wmma %fa, %fa, %fc <name = "WMMA_16_16_16_half_float", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  %x = uop.gep %w [0] : vector<8xf32> -> f32
  %i = uop.index %d[%lane] : !uop.ptr<f32, global, 256> -> f32
  %s = uop.store %i, %x : f32
  %e = uop.end %s [%lane] : !uop.void
  uop.sink %e : !uop.void info <name = "dims">
}

// -----

// Half accumulators (tinygrad's WMMA_8_16_16_half_half).
uop.function @half_out(%d: !uop.ptr<f16, global, 128>) {
  %c32 = arith.constant 32 : index
  %fa = arith.constant dense<1.0> : vector<8xf16>
  %fb = arith.constant dense<1.0> : vector<4xf16>
  %fc = arith.constant dense<0.0> : vector<4xf16>
  %lane = uop.range %c32, R0, local
  // expected-error @+1 {{uop.wmma: no mma.sync form for dtype_out f16; mma.sync here accumulates f32}}
  %w = uop.wmma %fa, %fb, %fc <name = "WMMA_8_16_16_half_half", dims = [8, 16, 16], dtype_in = f16, dtype_out = f16, device = "CUDA"> : vector<8xf16>, vector<4xf16>, vector<4xf16>
  %x = uop.gep %w [0] : vector<4xf16> -> f16
  %i = uop.index %d[%lane] : !uop.ptr<f16, global, 128> -> f16
  %s = uop.store %i, %x : f16
  %e = uop.end %s [%lane] : !uop.void
  uop.sink %e : !uop.void info <name = "half_out">
}

// -----

// Integer inputs.
uop.function @int8(%d: !uop.ptr<i32, global, 128>) {
  %c32 = arith.constant 32 : index
  %fa = arith.constant dense<1> : vector<8xi8>
  %fb = arith.constant dense<1> : vector<4xi8>
  %fc = arith.constant dense<0> : vector<4xi32>
  %lane = uop.range %c32, R0, local
  // expected-error @+1 {{uop.wmma: no mma.sync form for dtype_in i8; mma.sync here takes f16 or bf16}}
  %w = uop.wmma %fa, %fb, %fc <name = "WMMA_8_16_16_char_int", dims = [8, 16, 16], dtype_in = i8, dtype_out = i32, device = "CUDA"> : vector<8xi8>, vector<4xi8>, vector<4xi32>
  %x = uop.gep %w [0] : vector<4xi32> -> i32
  %i = uop.index %d[%lane] : !uop.ptr<i32, global, 128> -> i32
  %s = uop.store %i, %x : i32
  %e = uop.end %s [%lane] : !uop.void
  uop.sink %e : !uop.void info <name = "int8">
}

// -----

// Two tiles per WMMA (tile_grid), fragments twice as wide.
uop.function @grid(%d: !uop.ptr<f32, global, 256>) {
  %c32 = arith.constant 32 : index
  %fa = arith.constant dense<1.0> : vector<16xf16>
  %fb = arith.constant dense<1.0> : vector<8xf16>
  %fc = arith.constant dense<0.0> : vector<8xf32>
  %lane = uop.range %c32, R0, local
  // expected-error @+1 {{uop.wmma: no mma.sync form for a tile_grid of 2 tiles; one m16n8k16 tile per WMMA is supported}}
  %w = uop.wmma %fa, %fb, %fc <name = "WMMA_8_16_16_half_float_x2", dims = [8, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", tile_grid = [2, 1]> : vector<16xf16>, vector<8xf16>, vector<8xf32>
  %x = uop.gep %w [0] : vector<8xf32> -> f32
  %i = uop.index %d[%lane] : !uop.ptr<f32, global, 256> -> f32
  %s = uop.store %i, %x : f32
  %e = uop.end %s [%lane] : !uop.void
  uop.sink %e : !uop.void info <name = "grid">
}

// -----

// A warp of 64 threads (AMD's wave64): 4 halves of A per thread.
uop.function @threads(%d: !uop.ptr<f32, global, 128>) {
  %c64 = arith.constant 64 : index
  %fa = arith.constant dense<1.0> : vector<4xf16>
  %fb = arith.constant dense<1.0> : vector<2xf16>
  %fc = arith.constant dense<0.0> : vector<2xf32>
  %lane = uop.range %c64, R0, local
  // expected-error @+1 {{uop.wmma: no mma.sync form for 64 threads; mma.sync is one warp of 32}}
  %w = uop.wmma %fa, %fb, %fc <name = "w64", dims = [8, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", threads = 64> : vector<4xf16>, vector<2xf16>, vector<2xf32>
  %x = uop.gep %w [0] : vector<2xf32> -> f32
  %i = uop.index %d[%lane] : !uop.ptr<f32, global, 128> -> f32
  %s = uop.store %i, %x : f32
  %e = uop.end %s [%lane] : !uop.void
  uop.sink %e : !uop.void info <name = "threads">
}
