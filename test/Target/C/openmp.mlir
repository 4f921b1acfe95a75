// RUN: uop-opt %s -split-input-file --uop-to-program="target=cpu" | uop-translate --uop-to-c -split-input-file | FileCheck %s
//
// Every core: the outermost loop of a kernel runs on every core (OpenMP)
// when its iterations are independent (each writes its own output elements,
// nothing is read that another iteration writes) and there is enough work
// (2^15 elements stored: the iterations of the loops times the lanes each
// innermost iteration stores; a symbolic extent decides at run time with
// an `if` clause). The kernel becomes a _rows function over a block of the
// loop's iterations (its registers are its locals) and a wrapper whose
// `omp parallel` region gives each thread one block. (When the last
// iteration overlaps the one before, an output tile shifted back to the end
// of its range, the last thread runs both: test/Integration/odd-shapes.mlir.)
// Without -fopenmp the
// pragma is not seen (#ifdef _OPENMP) and the wrapper runs every row, so the
// C compiles warning-free.

// CHECK-LABEL: static void uopk_matmul_k0_rows(float *restrict p0, const float *restrict p1, const float *restrict p2, const int64_t uop_lo, const int64_t uop_hi) {
// CHECK: uoph_f32x16 acc0;
// CHECK-NOT: pragma
// CHECK: for (int64_t [[R:r[0-9]+]] = uop_lo; [[R]] < uop_hi; ++[[R]]) {
// CHECK-LABEL: static void uopk_matmul_k0(float *restrict p0, const float *restrict p1, const float *restrict p2) {
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel{{$}}
// CHECK-NEXT: {
// CHECK-NEXT: const int64_t uop_n = omp_get_num_threads(), uop_t = omp_get_thread_num();
// CHECK-NEXT: uopk_matmul_k0_rows(p0, p1, p2, INT64_C(32) * uop_t / uop_n, INT64_C(32) * (uop_t + 1) / uop_n);
// CHECK-NEXT: }
// CHECK-NEXT: #else
// CHECK-NEXT: uopk_matmul_k0_rows(p0, p1, p2, 0, INT64_C(32));
// CHECK-NEXT: #endif
// CHECK-NEXT: }
func.func @matmul(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %ar = uop.reshape %a : tensor<256x256xf32> -> tensor<256x1x256xf32>
  %ae = uop.expand %ar : tensor<256x1x256xf32> -> tensor<256x256x256xf32>
  %bt = uop.permute %b [1, 0] : tensor<256x256xf32> -> tensor<256x256xf32>
  %br = uop.reshape %bt : tensor<256x256xf32> -> tensor<1x256x256xf32>
  %be = uop.expand %br : tensor<1x256x256xf32> -> tensor<256x256x256xf32>
  %p = arith.mulf %ae, %be : tensor<256x256x256xf32>
  %c = uop.reduce_axis add %p [2] : tensor<256x256x256xf32> -> tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}

// -----

// A K-blocked matmul reads the output it writes (each block adds to the sums
// the previous one stored), at the indices of its stores: still parallel,
// over the inner output's tiles.
// CHECK-LABEL: static void uopk_blocked_k0_rows(
// CHECK: for (int64_t [[R:r[0-9]+]] = uop_lo; [[R]] < uop_hi; ++[[R]]) {
// CHECK-LABEL: static void uopk_blocked_k0(
// CHECK: #pragma omp parallel{{$}}
// CHECK: uopk_blocked_k0_rows(p0, p1, p2, INT64_C(2) * uop_t / uop_n, INT64_C(2) * (uop_t + 1) / uop_n);
func.func @blocked(%a: tensor<64x512xf32>, %b: tensor<512x64xf32>) -> tensor<64x64xf32> {
  %ar = uop.reshape %a : tensor<64x512xf32> -> tensor<64x1x512xf32>
  %ae = uop.expand %ar : tensor<64x1x512xf32> -> tensor<64x64x512xf32>
  %bt = uop.permute %b [1, 0] : tensor<512x64xf32> -> tensor<64x512xf32>
  %br = uop.reshape %bt : tensor<64x512xf32> -> tensor<1x64x512xf32>
  %be = uop.expand %br : tensor<1x64x512xf32> -> tensor<64x64x512xf32>
  %p = arith.mulf %ae, %be : tensor<64x64x512xf32>
  %c = uop.reduce_axis add %p [2] : tensor<64x64x512xf32> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

// -----

// Small: 64 x 96 iterations stay on one thread.
// CHECK-LABEL: static void uopk_small_k0(
// CHECK-NOT: pragma
// CHECK: int uop_small(
func.func @small(%a: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %e = math.exp %a : tensor<64x96xf32>
  return %e : tensor<64x96xf32>
}

// -----

// Symbolic: n rows of 64 (4 iterations storing 16 lanes) decide at run time.
// CHECK-LABEL: static void uopk_rows_k0_rows(
// CHECK: for (int64_t [[R:r[0-9]+]] = uop_lo; [[R]] < uop_hi; ++[[R]]) {
// CHECK-LABEL: static void uopk_rows_k0(float *restrict p0, const float *restrict p1, const int64_t var0) {
// CHECK: #pragma omp parallel if (var0 * INT64_C(64) >= 32768)
// CHECK: uopk_rows_k0_rows(p0, p1, var0, var0 * uop_t / uop_n, var0 * (uop_t + 1) / uop_n);
// CHECK: uopk_rows_k0_rows(p0, p1, var0, 0, var0);
func.func @rows(%a: tensor<?x64xf32, #uop.sym<"n">>) -> tensor<?x64xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"n", 1, 100000>]} {
  %e = math.exp %a : tensor<?x64xf32, #uop.sym<"n">>
  return %e : tensor<?x64xf32, #uop.sym<"n">>
}

// -----

// A full reduction to one element: the outermost loop is the reduction,
// which stays serial (its iterations share the accumulator).
// CHECK-LABEL: static void uopk_total_k0(
// CHECK-NOT: pragma
// CHECK: int uop_total(
func.func @total(%a: tensor<65536xf32>) -> tensor<f32> {
  %s = uop.reduce_axis add %a [0] : tensor<65536xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// A kernel that reads the buffer it writes (in place, hand-written): an
// iteration could read what another writes, so it stays serial.
// CHECK-LABEL: static void uopk_shift(
// CHECK-NOT: pragma
// CHECK: int uop_main(
uop.function @shift(%buf: !uop.ptr<f32, global, 65536>) {
  %c65535 = arith.constant 65535 : index
  %c1 = arith.constant 1 : index
  %r = uop.range %c65535, R0, loop
  %next = arith.addi %r, %c1 : index
  %i = uop.index %buf[%next] : !uop.ptr<f32, global, 65536> -> f32
  %v = uop.load %buf, %i : !uop.ptr<f32, global, 65536> -> f32
  %o = uop.index %buf[%r] : !uop.ptr<f32, global, 65536> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "shift">
}
uop.function @main(%buf: !uop.ptr<f32, global, 65536>) {
  %c = uop.call @shift(%buf) : (!uop.ptr<f32, global, 65536>)
  uop.sink %c : !uop.void
}

// -----

// Every iteration stores to the same element: not independent.
// CHECK-LABEL: static void uopk_same(
// CHECK-NOT: pragma
// CHECK: int uop_main(
uop.function @same(%out: !uop.ptr<f32, global, 1>, %in: !uop.ptr<f32, global, 65536>) {
  %c65536 = arith.constant 65536 : index
  %c0 = arith.constant 0 : index
  %r = uop.range %c65536, R0, loop
  %i = uop.index %in[%r] : !uop.ptr<f32, global, 65536> -> f32
  %v = uop.load %in, %i : !uop.ptr<f32, global, 65536> -> f32
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 1> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "same">
}
uop.function @main(%out: !uop.ptr<f32, global, 1>, %in: !uop.ptr<f32, global, 65536>) {
  %c = uop.call @same(%out, %in) : (!uop.ptr<f32, global, 1>, !uop.ptr<f32, global, 65536>)
  uop.sink %c : !uop.void
}
