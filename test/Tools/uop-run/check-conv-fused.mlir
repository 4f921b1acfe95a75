// RUN: rm -rf %t && split-file %s %t
// Sums of convolutions fused into one kernel (a ResNet downsample block: a
// 3x3 conv with padding plus a 1x1 stride-2 shortcut, each times a
// per-channel scale, added, ReLU), through uop-optimize's convolution tile
// (ConvHeuristic.h; optimize-conv-fused.mlir has the rules): the tile each
// gets (OPTS), then run and compared with the reference interpreter at both
// vector widths. The padded 3x3 input and the 1x1 stride-2 shortcut's
// every other pixel are realized by uop-rangeify, so the fused kernel reads
// contiguous rows, but of two lengths: the 3x3's padded rows and the
// shortcut's unpadded ones. Rows shorter than a vector take PITCH at the
// pitch of the REDUCE with the most steps (the 3x3's), and uop-expand
// gathers the shortcut's rows lane by lane inside its own reduction, beside
// the 3x3's vector one (ResNet-18's 7 x 7 downsample kernel 8.9 -> 3.4 ms):
// 6 pixels at the pitch of 8, and 15 at 17 (512 bits; at 256 bits 15 is
// longer than a vector, and 2 rows x 8 pixels, an overlapped last run, x 8
// channels compute fewer lanes); a batch of 2 with 5 pixels at the pitch of
// 7 x 8 of 40 channels (8 the power-of-two divisor).
// RUN: uop-opt --uop-to-program='target=cpu' %t/downsample.mlir | FileCheck %s --check-prefix=OPTS-DS
// RUN: uop-opt --uop-to-program='target=cpu' %t/odd.mlir | FileCheck %s --check-prefix=OPTS-ODD512
// RUN: uop-opt --uop-to-program='target=cpu vector-bits=256' %t/odd.mlir | FileCheck %s --check-prefix=OPTS-ODD256
// RUN: uop-opt --uop-to-program='target=cpu' %t/batched.mlir | FileCheck %s --check-prefix=OPTS-B
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/downsample.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/downsample.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/odd.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/odd.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/batched.mlir --target cpu --check --num-threads 2 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/batched.mlir --target cpu --check | FileCheck %s
//
// OPTS-DS: applied_opts = [<PITCH, 2, 8>, <UPCAST, 2, 32>, <UPCAST, 1, 8>]
// OPTS-ODD512: applied_opts = [<PITCH, 2, 17>, <UPCAST, 2, 32>, <UPCAST, 1, 8>]
// OPTS-ODD256: applied_opts = [<UPCAST, 2, 2>, <UPCAST, 3, 8>, <UPCAST, 1, 8>]
// OPTS-B: applied_opts = [<PITCH, 2, 7>, <UPCAST, 2, 32>, <UPCAST, 1, 8>]
// CHECK: mismatches=0 check=pass

//--- downsample.mlir
func.func @downsample(%arg0: tensor<1x16x6x6xf32>, %arg1: tensor<16x16x3x3xf32>, %arg2: tensor<16xf32>, %arg3: tensor<1x4x12x12xf32>, %arg4: tensor<16x4x1x1xf32>, %arg5: tensor<16xf32>) -> tensor<1x16x6x6xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x16x6x6xf32> -> tensor<1x16x8x8xf32>
  %1 = uop.reshape %0 : tensor<1x16x8x8xf32> -> tensor<1x16x1x8x1x8xf32>
  %2 = uop.expand %1 : tensor<1x16x1x8x1x8xf32> -> tensor<1x16x4x8x4x8xf32>
  %3 = uop.reshape %2 : tensor<1x16x4x8x4x8xf32> -> tensor<1x16x32x32xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 16, 27, 27] : tensor<1x16x32x32xf32> -> tensor<1x16x27x27xf32>
  %5 = uop.reshape %4 : tensor<1x16x27x27xf32> -> tensor<1x16x3x9x3x9xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 16, 3, 6, 3, 6] : tensor<1x16x3x9x3x9xf32> -> tensor<1x16x3x6x3x6xf32>
  %7 = uop.reshape %6 : tensor<1x16x3x6x3x6xf32> -> tensor<1x16x3x6x1x3x6x1xf32>
  %8 = uop.reshape %7 : tensor<1x16x3x6x1x3x6x1xf32> -> tensor<1x16x3x6x3x6xf32>
  %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<1x16x3x6x3x6xf32> -> tensor<1x16x6x6x3x3xf32>
  %10 = uop.reshape %9 : tensor<1x16x6x6x3x3xf32> -> tensor<1x1x16x1x6x6x3x3xf32>
  %11 = uop.expand %10 : tensor<1x1x16x1x6x6x3x3xf32> -> tensor<1x1x16x16x6x6x3x3xf32>
  %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x16x16x6x6x3x3xf32> -> tensor<1x1x16x6x6x16x3x3xf32>
  %13 = uop.reshape %arg1 : tensor<16x16x3x3xf32> -> tensor<1x1x16x1x1x16x3x3xf32>
  %14 = uop.expand %13 : tensor<1x1x16x1x1x16x3x3xf32> -> tensor<1x1x16x6x6x16x3x3xf32>
  %15 = arith.mulf %12, %14 : tensor<1x1x16x6x6x16x3x3xf32>
  %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x16x6x6x16x3x3xf32> -> tensor<1x1x16x6x6xf32>
  %17 = uop.reshape %16 : tensor<1x1x16x6x6xf32> -> tensor<1x16x6x6xf32>
  %18 = uop.reshape %arg2 : tensor<16xf32> -> tensor<1x16x1x1xf32>
  %19 = uop.expand %18 : tensor<1x16x1x1xf32> -> tensor<1x16x6x6xf32>
  %20 = arith.mulf %17, %19 : tensor<1x16x6x6xf32>
  %21 = uop.reshape %arg3 : tensor<1x4x12x12xf32> -> tensor<1x4x6x2x6x2xf32>
  %22 = uop.shrink %21 [0, 0, 0, 0, 0, 0] to [1, 4, 6, 1, 6, 1] : tensor<1x4x6x2x6x2xf32> -> tensor<1x4x6x1x6x1xf32>
  %23 = uop.permute %22 [0, 1, 2, 4, 3, 5] : tensor<1x4x6x1x6x1xf32> -> tensor<1x4x6x6x1x1xf32>
  %24 = uop.reshape %23 : tensor<1x4x6x6x1x1xf32> -> tensor<1x1x4x1x6x6x1x1xf32>
  %25 = uop.expand %24 : tensor<1x1x4x1x6x6x1x1xf32> -> tensor<1x1x4x16x6x6x1x1xf32>
  %26 = uop.permute %25 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x4x16x6x6x1x1xf32> -> tensor<1x1x16x6x6x4x1x1xf32>
  %27 = uop.reshape %arg4 : tensor<16x4x1x1xf32> -> tensor<1x1x16x1x1x4x1x1xf32>
  %28 = uop.expand %27 : tensor<1x1x16x1x1x4x1x1xf32> -> tensor<1x1x16x6x6x4x1x1xf32>
  %29 = arith.mulf %26, %28 : tensor<1x1x16x6x6x4x1x1xf32>
  %30 = uop.reduce_axis add %29 [5, 6, 7] : tensor<1x1x16x6x6x4x1x1xf32> -> tensor<1x1x16x6x6xf32>
  %31 = uop.reshape %30 : tensor<1x1x16x6x6xf32> -> tensor<1x16x6x6xf32>
  %32 = uop.reshape %arg5 : tensor<16xf32> -> tensor<1x16x1x1xf32>
  %33 = uop.expand %32 : tensor<1x16x1x1xf32> -> tensor<1x16x6x6xf32>
  %34 = arith.mulf %31, %33 : tensor<1x16x6x6xf32>
  %35 = arith.addf %20, %34 : tensor<1x16x6x6xf32>
  %36 = arith.constant dense<0.00000000e+00> : tensor<1x16x6x6xf32>
  %37 = arith.maximumf %35, %36 : tensor<1x16x6x6xf32>
  return %37 : tensor<1x16x6x6xf32>
}

//--- odd.mlir
func.func @odd(%arg0: tensor<1x4x15x15xf32>, %arg1: tensor<8x4x3x3xf32>, %arg2: tensor<8xf32>, %arg3: tensor<1x4x30x30xf32>, %arg4: tensor<8x4x1x1xf32>, %arg5: tensor<8xf32>) -> tensor<1x8x15x15xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x4x15x15xf32> -> tensor<1x4x17x17xf32>
  %1 = uop.reshape %0 : tensor<1x4x17x17xf32> -> tensor<1x4x1x17x1x17xf32>
  %2 = uop.expand %1 : tensor<1x4x1x17x1x17xf32> -> tensor<1x4x4x17x4x17xf32>
  %3 = uop.reshape %2 : tensor<1x4x4x17x4x17xf32> -> tensor<1x4x68x68xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 4, 54, 54] : tensor<1x4x68x68xf32> -> tensor<1x4x54x54xf32>
  %5 = uop.reshape %4 : tensor<1x4x54x54xf32> -> tensor<1x4x3x18x3x18xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 4, 3, 15, 3, 15] : tensor<1x4x3x18x3x18xf32> -> tensor<1x4x3x15x3x15xf32>
  %7 = uop.reshape %6 : tensor<1x4x3x15x3x15xf32> -> tensor<1x4x3x15x1x3x15x1xf32>
  %8 = uop.reshape %7 : tensor<1x4x3x15x1x3x15x1xf32> -> tensor<1x4x3x15x3x15xf32>
  %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<1x4x3x15x3x15xf32> -> tensor<1x4x15x15x3x3xf32>
  %10 = uop.reshape %9 : tensor<1x4x15x15x3x3xf32> -> tensor<1x1x4x1x15x15x3x3xf32>
  %11 = uop.expand %10 : tensor<1x1x4x1x15x15x3x3xf32> -> tensor<1x1x4x8x15x15x3x3xf32>
  %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x4x8x15x15x3x3xf32> -> tensor<1x1x8x15x15x4x3x3xf32>
  %13 = uop.reshape %arg1 : tensor<8x4x3x3xf32> -> tensor<1x1x8x1x1x4x3x3xf32>
  %14 = uop.expand %13 : tensor<1x1x8x1x1x4x3x3xf32> -> tensor<1x1x8x15x15x4x3x3xf32>
  %15 = arith.mulf %12, %14 : tensor<1x1x8x15x15x4x3x3xf32>
  %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x8x15x15x4x3x3xf32> -> tensor<1x1x8x15x15xf32>
  %17 = uop.reshape %16 : tensor<1x1x8x15x15xf32> -> tensor<1x8x15x15xf32>
  %18 = uop.reshape %arg2 : tensor<8xf32> -> tensor<1x8x1x1xf32>
  %19 = uop.expand %18 : tensor<1x8x1x1xf32> -> tensor<1x8x15x15xf32>
  %20 = arith.mulf %17, %19 : tensor<1x8x15x15xf32>
  %21 = uop.reshape %arg3 : tensor<1x4x30x30xf32> -> tensor<1x4x15x2x15x2xf32>
  %22 = uop.shrink %21 [0, 0, 0, 0, 0, 0] to [1, 4, 15, 1, 15, 1] : tensor<1x4x15x2x15x2xf32> -> tensor<1x4x15x1x15x1xf32>
  %23 = uop.permute %22 [0, 1, 2, 4, 3, 5] : tensor<1x4x15x1x15x1xf32> -> tensor<1x4x15x15x1x1xf32>
  %24 = uop.reshape %23 : tensor<1x4x15x15x1x1xf32> -> tensor<1x1x4x1x15x15x1x1xf32>
  %25 = uop.expand %24 : tensor<1x1x4x1x15x15x1x1xf32> -> tensor<1x1x4x8x15x15x1x1xf32>
  %26 = uop.permute %25 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x4x8x15x15x1x1xf32> -> tensor<1x1x8x15x15x4x1x1xf32>
  %27 = uop.reshape %arg4 : tensor<8x4x1x1xf32> -> tensor<1x1x8x1x1x4x1x1xf32>
  %28 = uop.expand %27 : tensor<1x1x8x1x1x4x1x1xf32> -> tensor<1x1x8x15x15x4x1x1xf32>
  %29 = arith.mulf %26, %28 : tensor<1x1x8x15x15x4x1x1xf32>
  %30 = uop.reduce_axis add %29 [5, 6, 7] : tensor<1x1x8x15x15x4x1x1xf32> -> tensor<1x1x8x15x15xf32>
  %31 = uop.reshape %30 : tensor<1x1x8x15x15xf32> -> tensor<1x8x15x15xf32>
  %32 = uop.reshape %arg5 : tensor<8xf32> -> tensor<1x8x1x1xf32>
  %33 = uop.expand %32 : tensor<1x8x1x1xf32> -> tensor<1x8x15x15xf32>
  %34 = arith.mulf %31, %33 : tensor<1x8x15x15xf32>
  %35 = arith.addf %20, %34 : tensor<1x8x15x15xf32>
  %36 = arith.constant dense<0.00000000e+00> : tensor<1x8x15x15xf32>
  %37 = arith.maximumf %35, %36 : tensor<1x8x15x15xf32>
  return %37 : tensor<1x8x15x15xf32>
}

//--- batched.mlir
func.func @batched(%arg0: tensor<2x8x5x5xf32>, %arg1: tensor<40x8x3x3xf32>, %arg2: tensor<40xf32>, %arg3: tensor<2x4x10x10xf32>, %arg4: tensor<40x4x1x1xf32>, %arg5: tensor<40xf32>) -> tensor<2x40x5x5xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<2x8x5x5xf32> -> tensor<2x8x7x7xf32>
  %1 = uop.reshape %0 : tensor<2x8x7x7xf32> -> tensor<2x8x1x7x1x7xf32>
  %2 = uop.expand %1 : tensor<2x8x1x7x1x7xf32> -> tensor<2x8x4x7x4x7xf32>
  %3 = uop.reshape %2 : tensor<2x8x4x7x4x7xf32> -> tensor<2x8x28x28xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [2, 8, 24, 24] : tensor<2x8x28x28xf32> -> tensor<2x8x24x24xf32>
  %5 = uop.reshape %4 : tensor<2x8x24x24xf32> -> tensor<2x8x3x8x3x8xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [2, 8, 3, 5, 3, 5] : tensor<2x8x3x8x3x8xf32> -> tensor<2x8x3x5x3x5xf32>
  %7 = uop.reshape %6 : tensor<2x8x3x5x3x5xf32> -> tensor<2x8x3x5x1x3x5x1xf32>
  %8 = uop.reshape %7 : tensor<2x8x3x5x1x3x5x1xf32> -> tensor<2x8x3x5x3x5xf32>
  %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<2x8x3x5x3x5xf32> -> tensor<2x8x5x5x3x3xf32>
  %10 = uop.reshape %9 : tensor<2x8x5x5x3x3xf32> -> tensor<2x1x8x1x5x5x3x3xf32>
  %11 = uop.expand %10 : tensor<2x1x8x1x5x5x3x3xf32> -> tensor<2x1x8x40x5x5x3x3xf32>
  %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x1x8x40x5x5x3x3xf32> -> tensor<2x1x40x5x5x8x3x3xf32>
  %13 = uop.reshape %arg1 : tensor<40x8x3x3xf32> -> tensor<1x1x40x1x1x8x3x3xf32>
  %14 = uop.expand %13 : tensor<1x1x40x1x1x8x3x3xf32> -> tensor<2x1x40x5x5x8x3x3xf32>
  %15 = arith.mulf %12, %14 : tensor<2x1x40x5x5x8x3x3xf32>
  %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<2x1x40x5x5x8x3x3xf32> -> tensor<2x1x40x5x5xf32>
  %17 = uop.reshape %16 : tensor<2x1x40x5x5xf32> -> tensor<2x40x5x5xf32>
  %18 = uop.reshape %arg2 : tensor<40xf32> -> tensor<1x40x1x1xf32>
  %19 = uop.expand %18 : tensor<1x40x1x1xf32> -> tensor<2x40x5x5xf32>
  %20 = arith.mulf %17, %19 : tensor<2x40x5x5xf32>
  %21 = uop.reshape %arg3 : tensor<2x4x10x10xf32> -> tensor<2x4x5x2x5x2xf32>
  %22 = uop.shrink %21 [0, 0, 0, 0, 0, 0] to [2, 4, 5, 1, 5, 1] : tensor<2x4x5x2x5x2xf32> -> tensor<2x4x5x1x5x1xf32>
  %23 = uop.permute %22 [0, 1, 2, 4, 3, 5] : tensor<2x4x5x1x5x1xf32> -> tensor<2x4x5x5x1x1xf32>
  %24 = uop.reshape %23 : tensor<2x4x5x5x1x1xf32> -> tensor<2x1x4x1x5x5x1x1xf32>
  %25 = uop.expand %24 : tensor<2x1x4x1x5x5x1x1xf32> -> tensor<2x1x4x40x5x5x1x1xf32>
  %26 = uop.permute %25 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x1x4x40x5x5x1x1xf32> -> tensor<2x1x40x5x5x4x1x1xf32>
  %27 = uop.reshape %arg4 : tensor<40x4x1x1xf32> -> tensor<1x1x40x1x1x4x1x1xf32>
  %28 = uop.expand %27 : tensor<1x1x40x1x1x4x1x1xf32> -> tensor<2x1x40x5x5x4x1x1xf32>
  %29 = arith.mulf %26, %28 : tensor<2x1x40x5x5x4x1x1xf32>
  %30 = uop.reduce_axis add %29 [5, 6, 7] : tensor<2x1x40x5x5x4x1x1xf32> -> tensor<2x1x40x5x5xf32>
  %31 = uop.reshape %30 : tensor<2x1x40x5x5xf32> -> tensor<2x40x5x5xf32>
  %32 = uop.reshape %arg5 : tensor<40xf32> -> tensor<1x40x1x1xf32>
  %33 = uop.expand %32 : tensor<1x40x1x1xf32> -> tensor<2x40x5x5xf32>
  %34 = arith.mulf %31, %33 : tensor<2x40x5x5xf32>
  %35 = arith.addf %20, %34 : tensor<2x40x5x5xf32>
  %36 = arith.constant dense<0.00000000e+00> : tensor<2x40x5x5xf32>
  %37 = arith.maximumf %35, %36 : tensor<2x40x5x5xf32>
  return %37 : tensor<2x40x5x5xf32>
}

