// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The seed's WMMA example: D = A * B + C with dims (16, 16, 16), f16 in and
// f32 out; per thread of a 32-thread warp A and B hold 16*16/32 = 8 halves,
// C holds 8 floats.
//
//   WMMA(dims=(16, 16, 16), dtype_in=Float16, dtype_out=Float32)
//   ├── A fragment : <8 x Float16>
//   ├── B fragment : <8 x Float16>
//   └── C accumulator : <8 x Float32>

// CHECK-LABEL: func.func @wmma
// CHECK-SAME: (%[[A:.*]]: vector<8xf16>, %[[B:.*]]: vector<8xf16>, %[[C:.*]]: vector<8xf32>)
// CHECK: %[[D:.*]] = uop.wmma %[[A]], %[[B]], %[[C]] <name = "WMMA_16_16_16_half_float", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xf32>
// CHECK: return %[[D]] : vector<8xf32>
func.func @wmma(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = uop.wmma %a, %b, %c <name = "WMMA_16_16_16_half_float", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", threads = 32> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return %d : vector<8xf32>
}

// GENERIC: "uop.wmma"(%{{.*}}, %{{.*}}, %{{.*}}) <{metadata = #uop.wmma<name = "WMMA_16_16_16_half_float", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA">}> : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>

// Upcast axes whose factors multiply to the fragment widths, reduce axes and
// a 2x1 tile grid (fragments twice as wide).
// CHECK-LABEL: func.func @wmma_full_metadata
// CHECK: uop.wmma %{{.*}}, %{{.*}}, %{{.*}} <name = "WMMA_16_16_16_half_float_x2", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", upcast_a = [(0, 2), (1, 8)], upcast_b = [(2, 16)], upcast_c = [(3, 16)], reduce_axes = [(4, 2), (5, 2)], tile_grid = [2, 1]> : vector<16xf16>, vector<16xf16>, vector<16xf32>
func.func @wmma_full_metadata(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = uop.wmma %a, %b, %c <name = "WMMA_16_16_16_half_float_x2", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", upcast_a = [(0, 2), (1, 8)], upcast_b = [(2, 16)], upcast_c = [(3, 16)], reduce_axes = [(4, 2), (5, 2)], tile_grid = [2, 1]> : vector<16xf16>, vector<16xf16>, vector<16xf32>
  return %d : vector<16xf32>
}

// An AMD-style 64-thread shape (N=16, M=16, K=16 over 64 threads: 4 each)
// and a scalar-fragment shape (8x8x4 over 32 threads: 1 each).
// CHECK-LABEL: func.func @wmma_shapes
// CHECK: uop.wmma %{{.*}}, %{{.*}}, %{{.*}} <name = "amd", dims = [16, 16, 16], dtype_in = bf16, dtype_out = f32, device = "AMD", threads = 64> : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
// CHECK: uop.wmma %{{.*}}, %{{.*}}, %{{.*}} <name = "tiny", dims = [8, 8, 4], dtype_in = i8, dtype_out = i32, device = "X"> : i8, i8, vector<2xi32>
func.func @wmma_shapes(%a: vector<4xbf16>, %c: vector<4xf32>, %x: i8, %y: vector<2xi32>) -> (vector<4xf32>, vector<2xi32>) {
  %d = uop.wmma %a, %a, %c <name = "amd", dims = [16, 16, 16], dtype_in = bf16, dtype_out = f32, device = "AMD", threads = 64> : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
  %e = uop.wmma %x, %x, %y <name = "tiny", dims = [8, 8, 4], dtype_in = i8, dtype_out = i32, device = "X"> : i8, i8, vector<2xi32>
  return %d, %e : vector<4xf32>, vector<2xi32>
}
