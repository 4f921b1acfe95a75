// RUN: uop-opt %s -split-input-file --uop-to-program="target=cpu" | uop-translate --uop-to-c -split-input-file | FileCheck %s
//
// Every core: the outermost loop of a kernel runs as an OpenMP parallel for
// when its iterations are independent (each writes its own output elements,
// nothing is read that a kernel writes) and there is enough work (2^15
// innermost iterations; a symbolic extent decides at run time with an `if`
// clause), with the registers declared before it private. Without -fopenmp
// the pragma is not seen (#ifdef _OPENMP), so the C compiles warning-free.

// CHECK-LABEL: static void uopk_matmul_k0(
// CHECK: float acc0;
// CHECK: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for schedule(static) private(acc0, {{.*}}, acc127){{$}}
// CHECK-NEXT: #endif
// CHECK-NEXT: for (int64_t
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

// Small: 64 x 96 iterations stay on one thread.
// CHECK-LABEL: static void uopk_small_k0(
// CHECK-NOT: pragma
// CHECK: void uop_small(
func.func @small(%a: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %e = math.exp %a : tensor<64x96xf32>
  return %e : tensor<64x96xf32>
}

// -----

// Symbolic: n rows of 64 (16 iterations of 4 lanes) decide at run time.
// CHECK-LABEL: static void uopk_rows_k0(
// CHECK: #pragma omp parallel for schedule(static) if (var0 * INT64_C(16) >= 32768)
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
// CHECK: void uop_total(
func.func @total(%a: tensor<65536xf32>) -> tensor<f32> {
  %s = uop.reduce_axis add %a [0] : tensor<65536xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// A kernel that reads the buffer it writes (in place, hand-written): an
// iteration could read what another writes, so it stays serial.
// CHECK-LABEL: static void uopk_shift(
// CHECK-NOT: pragma
// CHECK: void uop_main(
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
// CHECK: void uop_main(
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
