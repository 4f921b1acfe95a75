// RUN: rm -rf %t && split-file %s %t
// Convolutions whose output rows are shorter than a vector, computed at
// their input's row pitch (uop-optimize's PITCH, pitch-rows.mlir): the
// tile each gets (OPTS), then run and compared with the reference
// interpreter at both vector widths and on 2 threads. A 7 x 7 3x3
// convolution with padding plus a residual and ReLU (the input read at the
// padded pitch of 9, the residual read and the output stored per lane,
// gated off the two padding columns), and a 7 x 7 1x1 convolution (the
// pitch is the row: nothing gated). check-conv.mlir runs more shapes
// (12 x 12, stride 2 into 7 x 7) that take PITCH at 512 bits.
// RUN: uop-opt --uop-to-program='target=cpu' %t/residual.mlir | FileCheck %s --check-prefix=OPTS-RES
// RUN: uop-opt --uop-to-program='target=cpu vector-bits=256 vector-registers=16' %t/residual.mlir | FileCheck %s --check-prefix=OPTS-RES256
// RUN: uop-opt --uop-to-program='target=cpu' %t/pointwise.mlir | FileCheck %s --check-prefix=OPTS-PW
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/residual.mlir --target cpu --check | FileCheck %s
// RUN: uop-opt --uop-to-program='target=cpu vector-bits=512 vector-registers=32' %t/residual.mlir | uop-translate --uop-to-c > %t/residual.c
// RUN: FileCheck %s --check-prefix=C < %t/residual.c
// RUN: gcc -std=c11 -O2 -march=native -Wall -Wextra -Werror -c %t/residual.c -o %t/residual.o
// RUN: gcc -std=c11 -O2 -mno-avx512f -Wall -Wextra -Werror -c %t/residual.c -o %t/residual-noavx512.o
// RUN: env CC=gcc UOP_VECTOR_BITS=512 uop-run %t/residual.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 UOP_CFLAGS=-mno-avx512f uop-run %t/residual.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 UOP_CFLAGS=-mno-avx512vl uop-run %t/residual.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/residual.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/residual.mlir --target cpu --check --num-threads 2 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/pointwise.mlir --target cpu --check | FileCheck %s
// RUN: uop-opt --uop-to-program='target=cpu' %t/wide.mlir | FileCheck %s --check-prefix=OPTS-WIDE
// RUN: uop-opt --uop-to-program='target=cpu vector-bits=256 vector-registers=16' %t/wide.mlir | FileCheck %s --check-prefix=OPTS-WIDE256
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/wide.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/wide.mlir --target cpu --check --num-threads 2 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/wide.mlir --target cpu --check | FileCheck %s
// RUN: uop-opt --uop-to-program='target=cpu' %t/wideres.mlir | FileCheck %s --check-prefix=OPTS-WIDERES
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/wideres.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/pointwise.mlir --target cpu --check --num-threads 2 | FileCheck %s
//
// Rows of 40 (wide.mlir) at 512 bits: three overlapped 16-lane tiles a row
// would compute 1920 lanes, PITCH at the padded pitch of 42 computes 1696
// (88%), so rows longer than a vector take PITCH too; at 256 bits 8
// divides 40 and the vector-row tile stays. With a residual added
// (wideres.mlir, rows of 40 read at the pitch of 42) the residual would be
// gathered lane by lane: the vector-row tile stays at 512 bits too.
//
// OPTS-RES: applied_opts = [<PITCH, 2, 9>, <UPCAST, 2, 32>, <UPCAST, 1, 8>]
// OPTS-RES256: applied_opts = [<PITCH, 2, 9>, <UPCAST, 2, 16>, <UPCAST, 1, 6>]
// The gated stores are, after the reduction, a loop over the output rows
// a tile's 32 lanes reach (at most 31 / 9 + 2 = 5), one STORE_LANES of each
// channel's accumulator a row: with AVX-512 two masked 16-lane stores (a
// loop over the lanes stored and tested each lane, 5-11% of a PITCH
// kernel's time), a loop over the row's lanes without it:
// C: static inline void uoph_store_lanes_f32x32(float *b, int64_t i, const uoph_f32x32 *v, int64_t lo, int64_t hi) {
// C: #if defined(__AVX512F__)
// C: _mm512_mask_storeu_ps(
// C: #endif
// C-NEXT: for (int64_t l = lo; l < hi; ++l)
// C-LABEL: static void uopk_residual_k1(
// C: for (int64_t [[SEG:r[0-9]+]] = 0; [[SEG]] < INT64_C(5); ++[[SEG]]) {
// C-COUNT-8: uoph_store_lanes_f32x32(p0, v{{[0-9]+}}, &t, v{{[0-9]+}}, v{{[0-9]+}}); }
// C-NOT: p0[
// The pointwise filter (8 x 8) is smaller than its input: its channel loop
// runs inside the pixel loop (SWAP, check-conv-swap.mlir).
// OPTS-PW: applied_opts = [<PITCH, 2, 7>, <UPCAST, 2, 32>, <UPCAST, 1, 8>, <SWAP, 7, 5>]
// OPTS-WIDE: applied_opts = [<PITCH, 2, 42>, <UPCAST, 2, 32>, <UPCAST, 1, 8>]
// OPTS-WIDE256: applied_opts = [<UPCAST, 2, 2>, <UPCAST, 3, 8>, <UPCAST, 1, 4>]
// OPTS-WIDERES: applied_opts = [<UPCAST, 2, 2>, <UPCAST, 3, 16>, <UPCAST, 1, 8>]
//
// CHECK: mismatches=0 check=pass

//--- residual.mlir
func.func @residual(%arg0: tensor<1x32x7x7xf32>, %arg1: tensor<32x32x3x3xf32>, %arg2: tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x32x7x7xf32> -> tensor<1x32x9x9xf32>
  %1 = uop.reshape %0 : tensor<1x32x9x9xf32> -> tensor<1x32x1x9x1x9xf32>
  %2 = uop.expand %1 : tensor<1x32x1x9x1x9xf32> -> tensor<1x32x4x9x4x9xf32>
  %3 = uop.reshape %2 : tensor<1x32x4x9x4x9xf32> -> tensor<1x32x36x36xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 32, 30, 30] : tensor<1x32x36x36xf32> -> tensor<1x32x30x30xf32>
  %5 = uop.reshape %4 : tensor<1x32x30x30xf32> -> tensor<1x32x3x10x3x10xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 32, 3, 7, 3, 7] : tensor<1x32x3x10x3x10xf32> -> tensor<1x32x3x7x3x7xf32>
  %9 = uop.permute %6 [0, 1, 3, 5, 2, 4] : tensor<1x32x3x7x3x7xf32> -> tensor<1x32x7x7x3x3xf32>
  %10 = uop.reshape %9 : tensor<1x32x7x7x3x3xf32> -> tensor<1x1x32x1x7x7x3x3xf32>
  %11 = uop.expand %10 : tensor<1x1x32x1x7x7x3x3xf32> -> tensor<1x1x32x32x7x7x3x3xf32>
  %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x32x32x7x7x3x3xf32> -> tensor<1x1x32x7x7x32x3x3xf32>
  %13 = uop.reshape %arg1 : tensor<32x32x3x3xf32> -> tensor<1x1x32x1x1x32x3x3xf32>
  %14 = uop.expand %13 : tensor<1x1x32x1x1x32x3x3xf32> -> tensor<1x1x32x7x7x32x3x3xf32>
  %15 = arith.mulf %12, %14 : tensor<1x1x32x7x7x32x3x3xf32>
  %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x32x7x7x32x3x3xf32> -> tensor<1x1x32x7x7xf32>
  %17 = uop.reshape %16 : tensor<1x1x32x7x7xf32> -> tensor<1x32x7x7xf32>
  %18 = arith.addf %17, %arg2 : tensor<1x32x7x7xf32>
  %19 = arith.constant dense<0.00000000e+00> : tensor<1x32x7x7xf32>
  %20 = arith.maximumf %18, %19 : tensor<1x32x7x7xf32>
  return %20 : tensor<1x32x7x7xf32>
}

//--- pointwise.mlir
func.func @pointwise(%arg0: tensor<1x64x7x7xf32>, %arg1: tensor<32x64x1x1xf32>) -> tensor<1x32x7x7xf32> {
  %0 = uop.reshape %arg0 : tensor<1x64x7x7xf32> -> tensor<1x1x64x7x7xf32>
  %1 = uop.expand %0 : tensor<1x1x64x7x7xf32> -> tensor<1x32x64x7x7xf32>
  %2 = uop.permute %1 [0, 1, 3, 4, 2] : tensor<1x32x64x7x7xf32> -> tensor<1x32x7x7x64xf32>
  %3 = uop.reshape %arg1 : tensor<32x64x1x1xf32> -> tensor<1x32x1x1x64xf32>
  %4 = uop.expand %3 : tensor<1x32x1x1x64xf32> -> tensor<1x32x7x7x64xf32>
  %5 = arith.mulf %2, %4 : tensor<1x32x7x7x64xf32>
  %6 = uop.reduce_axis add %5 [4] : tensor<1x32x7x7x64xf32> -> tensor<1x32x7x7xf32>
  return %6 : tensor<1x32x7x7xf32>
}

//--- wide.mlir
func.func @wide(%arg0: tensor<1x8x40x40xf32>, %arg1: tensor<8x8x3x3xf32>) -> tensor<1x8x40x40xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x8x40x40xf32> -> tensor<1x8x42x42xf32>
  %1 = uop.reshape %0 : tensor<1x8x42x42xf32> -> tensor<1x8x1x42x1x42xf32>
  %2 = uop.expand %1 : tensor<1x8x1x42x1x42xf32> -> tensor<1x8x4x42x4x42xf32>
  %3 = uop.reshape %2 : tensor<1x8x4x42x4x42xf32> -> tensor<1x8x168x168xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 8, 129, 129] : tensor<1x8x168x168xf32> -> tensor<1x8x129x129xf32>
  %5 = uop.reshape %4 : tensor<1x8x129x129xf32> -> tensor<1x8x3x43x3x43xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 8, 3, 40, 3, 40] : tensor<1x8x3x43x3x43xf32> -> tensor<1x8x3x40x3x40xf32>
  %7 = uop.reshape %6 : tensor<1x8x3x40x3x40xf32> -> tensor<1x8x3x40x1x3x40x1xf32>
  %8 = uop.reshape %7 : tensor<1x8x3x40x1x3x40x1xf32> -> tensor<1x8x3x40x3x40xf32>
  %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<1x8x3x40x3x40xf32> -> tensor<1x8x40x40x3x3xf32>
  %10 = uop.reshape %9 : tensor<1x8x40x40x3x3xf32> -> tensor<1x1x8x1x40x40x3x3xf32>
  %11 = uop.expand %10 : tensor<1x1x8x1x40x40x3x3xf32> -> tensor<1x1x8x8x40x40x3x3xf32>
  %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x8x8x40x40x3x3xf32> -> tensor<1x1x8x40x40x8x3x3xf32>
  %13 = uop.reshape %arg1 : tensor<8x8x3x3xf32> -> tensor<1x1x8x1x1x8x3x3xf32>
  %14 = uop.expand %13 : tensor<1x1x8x1x1x8x3x3xf32> -> tensor<1x1x8x40x40x8x3x3xf32>
  %15 = arith.mulf %12, %14 : tensor<1x1x8x40x40x8x3x3xf32>
  %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x8x40x40x8x3x3xf32> -> tensor<1x1x8x40x40xf32>
  %17 = uop.reshape %16 : tensor<1x1x8x40x40xf32> -> tensor<1x8x40x40xf32>
  return %17 : tensor<1x8x40x40xf32>
}

//--- wideres.mlir
func.func @wideres(%arg0: tensor<1x8x40x40xf32>, %arg1: tensor<8x8x3x3xf32>, %arg2: tensor<1x8x40x40xf32>) -> tensor<1x8x40x40xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x8x40x40xf32> -> tensor<1x8x42x42xf32>
  %1 = uop.reshape %0 : tensor<1x8x42x42xf32> -> tensor<1x8x1x42x1x42xf32>
  %2 = uop.expand %1 : tensor<1x8x1x42x1x42xf32> -> tensor<1x8x4x42x4x42xf32>
  %3 = uop.reshape %2 : tensor<1x8x4x42x4x42xf32> -> tensor<1x8x168x168xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 8, 129, 129] : tensor<1x8x168x168xf32> -> tensor<1x8x129x129xf32>
  %5 = uop.reshape %4 : tensor<1x8x129x129xf32> -> tensor<1x8x3x43x3x43xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 8, 3, 40, 3, 40] : tensor<1x8x3x43x3x43xf32> -> tensor<1x8x3x40x3x40xf32>
  %7 = uop.reshape %6 : tensor<1x8x3x40x3x40xf32> -> tensor<1x8x3x40x1x3x40x1xf32>
  %8 = uop.reshape %7 : tensor<1x8x3x40x1x3x40x1xf32> -> tensor<1x8x3x40x3x40xf32>
  %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<1x8x3x40x3x40xf32> -> tensor<1x8x40x40x3x3xf32>
  %10 = uop.reshape %9 : tensor<1x8x40x40x3x3xf32> -> tensor<1x1x8x1x40x40x3x3xf32>
  %11 = uop.expand %10 : tensor<1x1x8x1x40x40x3x3xf32> -> tensor<1x1x8x8x40x40x3x3xf32>
  %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x8x8x40x40x3x3xf32> -> tensor<1x1x8x40x40x8x3x3xf32>
  %13 = uop.reshape %arg1 : tensor<8x8x3x3xf32> -> tensor<1x1x8x1x1x8x3x3xf32>
  %14 = uop.expand %13 : tensor<1x1x8x1x1x8x3x3xf32> -> tensor<1x1x8x40x40x8x3x3xf32>
  %15 = arith.mulf %12, %14 : tensor<1x1x8x40x40x8x3x3xf32>
  %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x8x40x40x8x3x3xf32> -> tensor<1x1x8x40x40xf32>
  %17 = uop.reshape %16 : tensor<1x1x8x40x40xf32> -> tensor<1x8x40x40xf32>
  %18 = arith.addf %17, %arg2 : tensor<1x8x40x40xf32>
  return %18 : tensor<1x8x40x40xf32>
}
