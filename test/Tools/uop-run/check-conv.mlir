// RUN: rm -rf %t && split-file %s %t
// Convolutions through uop-optimize's convolution tile (ConvHeuristic.h;
// optimize-conv.mlir shows the tiles chosen), run and compared with the
// reference interpreter, at both vector widths the tile depends on (16 and
// 8 f32 pixels per tile): padding with stride 1 and 2 (an odd padded extent,
// read in place, and an even one, split into phases by uop-rangeify), a 1x1
// with stride 2,
// a 7x7 stem with stride 2 and padding 3 (5 or 10 pixels, a divisor), a
// batched grouped conv with bias and ReLU, a depthwise conv (the matmul's
// tile), and 113 pixels (an overlapped last tile of 8).
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/conv3x3.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/conv3x3.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/conv3x3s2.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/conv3x3s2.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/conv3x3s2even.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/conv3x3s2even.mlir --target cpu --check --num-threads 2 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/conv1x1s2.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/conv7x7s2.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/conv7x7s2.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/grouped.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/grouped.mlir --target cpu --check --num-threads 2 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/depthwise.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/odd.mlir --target cpu --check | FileCheck %s
//
// CHECK: mismatches=0 check=pass

//--- conv3x3.mlir
func.func @conv3x3(%arg0: tensor<1x8x12x12xf32>, %arg1: tensor<16x8x3x3xf32>) -> tensor<1x16x12x12xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x8x12x12xf32> -> tensor<1x8x14x14xf32>
  %1 = uop.reshape %0 : tensor<1x8x14x14xf32> -> tensor<1x8x1x14x1x14xf32>
  %2 = uop.expand %1 : tensor<1x8x1x14x1x14xf32> -> tensor<1x8x4x14x4x14xf32>
  %3 = uop.reshape %2 : tensor<1x8x4x14x4x14xf32> -> tensor<1x8x56x56xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 8, 45, 45] : tensor<1x8x56x56xf32> -> tensor<1x8x45x45xf32>
  %5 = uop.reshape %4 : tensor<1x8x45x45xf32> -> tensor<1x8x3x15x3x15xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 8, 3, 12, 3, 12] : tensor<1x8x3x15x3x15xf32> -> tensor<1x8x3x12x3x12xf32>
  %7 = uop.reshape %6 : tensor<1x8x3x12x3x12xf32> -> tensor<1x8x3x12x1x3x12x1xf32>
  %8 = uop.reshape %7 : tensor<1x8x3x12x1x3x12x1xf32> -> tensor<1x8x3x12x3x12xf32>
  %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<1x8x3x12x3x12xf32> -> tensor<1x8x12x12x3x3xf32>
  %10 = uop.reshape %9 : tensor<1x8x12x12x3x3xf32> -> tensor<1x1x8x1x12x12x3x3xf32>
  %11 = uop.expand %10 : tensor<1x1x8x1x12x12x3x3xf32> -> tensor<1x1x8x16x12x12x3x3xf32>
  %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x8x16x12x12x3x3xf32> -> tensor<1x1x16x12x12x8x3x3xf32>
  %13 = uop.reshape %arg1 : tensor<16x8x3x3xf32> -> tensor<1x1x16x1x1x8x3x3xf32>
  %14 = uop.expand %13 : tensor<1x1x16x1x1x8x3x3xf32> -> tensor<1x1x16x12x12x8x3x3xf32>
  %15 = arith.mulf %12, %14 : tensor<1x1x16x12x12x8x3x3xf32>
  %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x16x12x12x8x3x3xf32> -> tensor<1x1x16x12x12xf32>
  %17 = uop.reshape %16 : tensor<1x1x16x12x12xf32> -> tensor<1x16x12x12xf32>
  return %17 : tensor<1x16x12x12xf32>
}

//--- conv3x3s2.mlir
func.func @conv3x3s2(%arg0: tensor<2x8x13x13xf32>, %arg1: tensor<16x8x3x3xf32>) -> tensor<2x16x7x7xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<2x8x13x13xf32> -> tensor<2x8x15x15xf32>
  %1 = uop.reshape %0 : tensor<2x8x15x15xf32> -> tensor<2x8x1x15x1x15xf32>
  %2 = uop.expand %1 : tensor<2x8x1x15x1x15xf32> -> tensor<2x8x7x15x7x15xf32>
  %3 = uop.reshape %2 : tensor<2x8x7x15x7x15xf32> -> tensor<2x8x105x105xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [2, 8, 93, 93] : tensor<2x8x105x105xf32> -> tensor<2x8x93x93xf32>
  %5 = uop.reshape %4 : tensor<2x8x93x93xf32> -> tensor<2x8x3x31x3x31xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [2, 8, 3, 14, 3, 14] : tensor<2x8x3x31x3x31xf32> -> tensor<2x8x3x14x3x14xf32>
  %7 = uop.reshape %6 : tensor<2x8x3x14x3x14xf32> -> tensor<2x8x3x7x2x3x7x2xf32>
  %8 = uop.shrink %7 [0, 0, 0, 0, 0, 0, 0, 0] to [2, 8, 3, 7, 1, 3, 7, 1] : tensor<2x8x3x7x2x3x7x2xf32> -> tensor<2x8x3x7x1x3x7x1xf32>
  %9 = uop.reshape %8 : tensor<2x8x3x7x1x3x7x1xf32> -> tensor<2x8x3x7x3x7xf32>
  %10 = uop.permute %9 [0, 1, 3, 5, 2, 4] : tensor<2x8x3x7x3x7xf32> -> tensor<2x8x7x7x3x3xf32>
  %11 = uop.reshape %10 : tensor<2x8x7x7x3x3xf32> -> tensor<2x1x8x1x7x7x3x3xf32>
  %12 = uop.expand %11 : tensor<2x1x8x1x7x7x3x3xf32> -> tensor<2x1x8x16x7x7x3x3xf32>
  %13 = uop.permute %12 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x1x8x16x7x7x3x3xf32> -> tensor<2x1x16x7x7x8x3x3xf32>
  %14 = uop.reshape %arg1 : tensor<16x8x3x3xf32> -> tensor<1x1x16x1x1x8x3x3xf32>
  %15 = uop.expand %14 : tensor<1x1x16x1x1x8x3x3xf32> -> tensor<2x1x16x7x7x8x3x3xf32>
  %16 = arith.mulf %13, %15 : tensor<2x1x16x7x7x8x3x3xf32>
  %17 = uop.reduce_axis add %16 [5, 6, 7] : tensor<2x1x16x7x7x8x3x3xf32> -> tensor<2x1x16x7x7xf32>
  %18 = uop.reshape %17 : tensor<2x1x16x7x7xf32> -> tensor<2x16x7x7xf32>
  return %18 : tensor<2x16x7x7xf32>
}

//--- conv1x1s2.mlir
func.func @conv1x1s2(%arg0: tensor<1x16x8x8xf32>, %arg1: tensor<32x16x1x1xf32>) -> tensor<1x32x4x4xf32> {
  %0 = uop.reshape %arg0 : tensor<1x16x8x8xf32> -> tensor<1x16x4x2x4x2xf32>
  %1 = uop.shrink %0 [0, 0, 0, 0, 0, 0] to [1, 16, 4, 1, 4, 1] : tensor<1x16x4x2x4x2xf32> -> tensor<1x16x4x1x4x1xf32>
  %2 = uop.permute %1 [0, 1, 2, 4, 3, 5] : tensor<1x16x4x1x4x1xf32> -> tensor<1x16x4x4x1x1xf32>
  %3 = uop.reshape %2 : tensor<1x16x4x4x1x1xf32> -> tensor<1x1x16x1x4x4x1x1xf32>
  %4 = uop.expand %3 : tensor<1x1x16x1x4x4x1x1xf32> -> tensor<1x1x16x32x4x4x1x1xf32>
  %5 = uop.permute %4 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x16x32x4x4x1x1xf32> -> tensor<1x1x32x4x4x16x1x1xf32>
  %6 = uop.reshape %arg1 : tensor<32x16x1x1xf32> -> tensor<1x1x32x1x1x16x1x1xf32>
  %7 = uop.expand %6 : tensor<1x1x32x1x1x16x1x1xf32> -> tensor<1x1x32x4x4x16x1x1xf32>
  %8 = arith.mulf %5, %7 : tensor<1x1x32x4x4x16x1x1xf32>
  %9 = uop.reduce_axis add %8 [5, 6, 7] : tensor<1x1x32x4x4x16x1x1xf32> -> tensor<1x1x32x4x4xf32>
  %10 = uop.reshape %9 : tensor<1x1x32x4x4xf32> -> tensor<1x32x4x4xf32>
  return %10 : tensor<1x32x4x4xf32>
}

//--- conv7x7s2.mlir
func.func @conv7x7s2(%arg0: tensor<1x3x20x20xf32>, %arg1: tensor<8x3x7x7xf32>) -> tensor<1x8x10x10xf32> {
  %0 = uop.pad %arg0 low [0, 0, 3, 3] high [0, 0, 3, 3] : tensor<1x3x20x20xf32> -> tensor<1x3x26x26xf32>
  %1 = uop.reshape %0 : tensor<1x3x26x26xf32> -> tensor<1x3x1x26x1x26xf32>
  %2 = uop.expand %1 : tensor<1x3x1x26x1x26xf32> -> tensor<1x3x8x26x8x26xf32>
  %3 = uop.reshape %2 : tensor<1x3x8x26x8x26xf32> -> tensor<1x3x208x208xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 3, 189, 189] : tensor<1x3x208x208xf32> -> tensor<1x3x189x189xf32>
  %5 = uop.reshape %4 : tensor<1x3x189x189xf32> -> tensor<1x3x7x27x7x27xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 3, 7, 20, 7, 20] : tensor<1x3x7x27x7x27xf32> -> tensor<1x3x7x20x7x20xf32>
  %7 = uop.reshape %6 : tensor<1x3x7x20x7x20xf32> -> tensor<1x3x7x10x2x7x10x2xf32>
  %8 = uop.shrink %7 [0, 0, 0, 0, 0, 0, 0, 0] to [1, 3, 7, 10, 1, 7, 10, 1] : tensor<1x3x7x10x2x7x10x2xf32> -> tensor<1x3x7x10x1x7x10x1xf32>
  %9 = uop.reshape %8 : tensor<1x3x7x10x1x7x10x1xf32> -> tensor<1x3x7x10x7x10xf32>
  %10 = uop.permute %9 [0, 1, 3, 5, 2, 4] : tensor<1x3x7x10x7x10xf32> -> tensor<1x3x10x10x7x7xf32>
  %11 = uop.reshape %10 : tensor<1x3x10x10x7x7xf32> -> tensor<1x1x3x1x10x10x7x7xf32>
  %12 = uop.expand %11 : tensor<1x1x3x1x10x10x7x7xf32> -> tensor<1x1x3x8x10x10x7x7xf32>
  %13 = uop.permute %12 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x3x8x10x10x7x7xf32> -> tensor<1x1x8x10x10x3x7x7xf32>
  %14 = uop.reshape %arg1 : tensor<8x3x7x7xf32> -> tensor<1x1x8x1x1x3x7x7xf32>
  %15 = uop.expand %14 : tensor<1x1x8x1x1x3x7x7xf32> -> tensor<1x1x8x10x10x3x7x7xf32>
  %16 = arith.mulf %13, %15 : tensor<1x1x8x10x10x3x7x7xf32>
  %17 = uop.reduce_axis add %16 [5, 6, 7] : tensor<1x1x8x10x10x3x7x7xf32> -> tensor<1x1x8x10x10xf32>
  %18 = uop.reshape %17 : tensor<1x1x8x10x10xf32> -> tensor<1x8x10x10xf32>
  return %18 : tensor<1x8x10x10xf32>
}

//--- grouped.mlir
func.func @grouped(%arg0: tensor<2x8x10x10xf32>, %arg1: tensor<12x4x3x3xf32>, %arg2: tensor<12xf32>) -> tensor<2x12x10x10xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<2x8x10x10xf32> -> tensor<2x8x12x12xf32>
  %1 = uop.reshape %0 : tensor<2x8x12x12xf32> -> tensor<2x8x1x12x1x12xf32>
  %2 = uop.expand %1 : tensor<2x8x1x12x1x12xf32> -> tensor<2x8x4x12x4x12xf32>
  %3 = uop.reshape %2 : tensor<2x8x4x12x4x12xf32> -> tensor<2x8x48x48xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [2, 8, 39, 39] : tensor<2x8x48x48xf32> -> tensor<2x8x39x39xf32>
  %5 = uop.reshape %4 : tensor<2x8x39x39xf32> -> tensor<2x8x3x13x3x13xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [2, 8, 3, 10, 3, 10] : tensor<2x8x3x13x3x13xf32> -> tensor<2x8x3x10x3x10xf32>
  %7 = uop.reshape %6 : tensor<2x8x3x10x3x10xf32> -> tensor<2x8x3x10x1x3x10x1xf32>
  %8 = uop.reshape %7 : tensor<2x8x3x10x1x3x10x1xf32> -> tensor<2x8x3x10x3x10xf32>
  %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<2x8x3x10x3x10xf32> -> tensor<2x8x10x10x3x3xf32>
  %10 = uop.reshape %9 : tensor<2x8x10x10x3x3xf32> -> tensor<2x2x4x1x10x10x3x3xf32>
  %11 = uop.expand %10 : tensor<2x2x4x1x10x10x3x3xf32> -> tensor<2x2x4x6x10x10x3x3xf32>
  %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x2x4x6x10x10x3x3xf32> -> tensor<2x2x6x10x10x4x3x3xf32>
  %13 = uop.reshape %arg1 : tensor<12x4x3x3xf32> -> tensor<1x2x6x1x1x4x3x3xf32>
  %14 = uop.expand %13 : tensor<1x2x6x1x1x4x3x3xf32> -> tensor<2x2x6x10x10x4x3x3xf32>
  %15 = arith.mulf %12, %14 : tensor<2x2x6x10x10x4x3x3xf32>
  %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<2x2x6x10x10x4x3x3xf32> -> tensor<2x2x6x10x10xf32>
  %17 = uop.reshape %16 : tensor<2x2x6x10x10xf32> -> tensor<2x12x10x10xf32>
  %18 = uop.reshape %arg2 : tensor<12xf32> -> tensor<1x12x1x1xf32>
  %19 = uop.expand %18 : tensor<1x12x1x1xf32> -> tensor<2x12x10x10xf32>
  %20 = arith.addf %17, %19 : tensor<2x12x10x10xf32>
  %21 = arith.constant dense<0.00000000e+00> : tensor<2x12x10x10xf32>
  %22 = arith.maximumf %20, %21 : tensor<2x12x10x10xf32>
  return %22 : tensor<2x12x10x10xf32>
}

//--- depthwise.mlir
func.func @depthwise(%arg0: tensor<1x8x10x10xf32>, %arg1: tensor<8x1x3x3xf32>) -> tensor<1x8x10x10xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x8x10x10xf32> -> tensor<1x8x12x12xf32>
  %1 = uop.reshape %0 : tensor<1x8x12x12xf32> -> tensor<1x8x1x12x1x12xf32>
  %2 = uop.expand %1 : tensor<1x8x1x12x1x12xf32> -> tensor<1x8x4x12x4x12xf32>
  %3 = uop.reshape %2 : tensor<1x8x4x12x4x12xf32> -> tensor<1x8x48x48xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 8, 39, 39] : tensor<1x8x48x48xf32> -> tensor<1x8x39x39xf32>
  %5 = uop.reshape %4 : tensor<1x8x39x39xf32> -> tensor<1x8x3x13x3x13xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 8, 3, 10, 3, 10] : tensor<1x8x3x13x3x13xf32> -> tensor<1x8x3x10x3x10xf32>
  %7 = uop.reshape %6 : tensor<1x8x3x10x3x10xf32> -> tensor<1x8x3x10x1x3x10x1xf32>
  %8 = uop.reshape %7 : tensor<1x8x3x10x1x3x10x1xf32> -> tensor<1x8x3x10x3x10xf32>
  %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<1x8x3x10x3x10xf32> -> tensor<1x8x10x10x3x3xf32>
  %10 = uop.reshape %9 : tensor<1x8x10x10x3x3xf32> -> tensor<1x8x1x1x10x10x3x3xf32>
  %11 = uop.permute %10 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x8x1x1x10x10x3x3xf32> -> tensor<1x8x1x10x10x1x3x3xf32>
  %12 = uop.reshape %arg1 : tensor<8x1x3x3xf32> -> tensor<1x8x1x1x1x1x3x3xf32>
  %13 = uop.expand %12 : tensor<1x8x1x1x1x1x3x3xf32> -> tensor<1x8x1x10x10x1x3x3xf32>
  %14 = arith.mulf %11, %13 : tensor<1x8x1x10x10x1x3x3xf32>
  %15 = uop.reduce_axis add %14 [5, 6, 7] : tensor<1x8x1x10x10x1x3x3xf32> -> tensor<1x8x1x10x10xf32>
  %16 = uop.reshape %15 : tensor<1x8x1x10x10xf32> -> tensor<1x8x10x10xf32>
  return %16 : tensor<1x8x10x10xf32>
}

//--- odd.mlir
func.func @odd(%arg0: tensor<1x4x115x115xf32>, %arg1: tensor<5x4x3x3xf32>) -> tensor<1x5x113x113xf32> {
  %0 = uop.reshape %arg0 : tensor<1x4x115x115xf32> -> tensor<1x4x1x115x1x115xf32>
  %1 = uop.expand %0 : tensor<1x4x1x115x1x115xf32> -> tensor<1x4x4x115x4x115xf32>
  %2 = uop.reshape %1 : tensor<1x4x4x115x4x115xf32> -> tensor<1x4x460x460xf32>
  %3 = uop.shrink %2 [0, 0, 0, 0] to [1, 4, 348, 348] : tensor<1x4x460x460xf32> -> tensor<1x4x348x348xf32>
  %4 = uop.reshape %3 : tensor<1x4x348x348xf32> -> tensor<1x4x3x116x3x116xf32>
  %5 = uop.shrink %4 [0, 0, 0, 0, 0, 0] to [1, 4, 3, 113, 3, 113] : tensor<1x4x3x116x3x116xf32> -> tensor<1x4x3x113x3x113xf32>
  %6 = uop.reshape %5 : tensor<1x4x3x113x3x113xf32> -> tensor<1x4x3x113x1x3x113x1xf32>
  %7 = uop.reshape %6 : tensor<1x4x3x113x1x3x113x1xf32> -> tensor<1x4x3x113x3x113xf32>
  %8 = uop.permute %7 [0, 1, 3, 5, 2, 4] : tensor<1x4x3x113x3x113xf32> -> tensor<1x4x113x113x3x3xf32>
  %9 = uop.reshape %8 : tensor<1x4x113x113x3x3xf32> -> tensor<1x1x4x1x113x113x3x3xf32>
  %10 = uop.expand %9 : tensor<1x1x4x1x113x113x3x3xf32> -> tensor<1x1x4x5x113x113x3x3xf32>
  %11 = uop.permute %10 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x4x5x113x113x3x3xf32> -> tensor<1x1x5x113x113x4x3x3xf32>
  %12 = uop.reshape %arg1 : tensor<5x4x3x3xf32> -> tensor<1x1x5x1x1x4x3x3xf32>
  %13 = uop.expand %12 : tensor<1x1x5x1x1x4x3x3xf32> -> tensor<1x1x5x113x113x4x3x3xf32>
  %14 = arith.mulf %11, %13 : tensor<1x1x5x113x113x4x3x3xf32>
  %15 = uop.reduce_axis add %14 [5, 6, 7] : tensor<1x1x5x113x113x4x3x3xf32> -> tensor<1x1x5x113x113xf32>
  %16 = uop.reshape %15 : tensor<1x1x5x113x113xf32> -> tensor<1x5x113x113xf32>
  return %16 : tensor<1x5x113x113xf32>
}

//--- conv3x3s2even.mlir
func.func @conv3x3s2even(%arg0: tensor<2x8x14x14xf32>, %arg1: tensor<16x8x3x3xf32>) -> tensor<2x16x7x7xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<2x8x14x14xf32> -> tensor<2x8x16x16xf32>
  %1 = uop.reshape %0 : tensor<2x8x16x16xf32> -> tensor<2x8x1x16x1x16xf32>
  %2 = uop.expand %1 : tensor<2x8x1x16x1x16xf32> -> tensor<2x8x4x16x4x16xf32>
  %3 = uop.reshape %2 : tensor<2x8x4x16x4x16xf32> -> tensor<2x8x64x64xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [2, 8, 51, 51] : tensor<2x8x64x64xf32> -> tensor<2x8x51x51xf32>
  %5 = uop.reshape %4 : tensor<2x8x51x51xf32> -> tensor<2x8x3x17x3x17xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [2, 8, 3, 14, 3, 14] : tensor<2x8x3x17x3x17xf32> -> tensor<2x8x3x14x3x14xf32>
  %7 = uop.reshape %6 : tensor<2x8x3x14x3x14xf32> -> tensor<2x8x3x7x2x3x7x2xf32>
  %8 = uop.shrink %7 [0, 0, 0, 0, 0, 0, 0, 0] to [2, 8, 3, 7, 1, 3, 7, 1] : tensor<2x8x3x7x2x3x7x2xf32> -> tensor<2x8x3x7x1x3x7x1xf32>
  %9 = uop.reshape %8 : tensor<2x8x3x7x1x3x7x1xf32> -> tensor<2x8x3x7x3x7xf32>
  %10 = uop.permute %9 [0, 1, 3, 5, 2, 4] : tensor<2x8x3x7x3x7xf32> -> tensor<2x8x7x7x3x3xf32>
  %11 = uop.reshape %10 : tensor<2x8x7x7x3x3xf32> -> tensor<2x1x8x1x7x7x3x3xf32>
  %12 = uop.expand %11 : tensor<2x1x8x1x7x7x3x3xf32> -> tensor<2x1x8x16x7x7x3x3xf32>
  %13 = uop.permute %12 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x1x8x16x7x7x3x3xf32> -> tensor<2x1x16x7x7x8x3x3xf32>
  %14 = uop.reshape %arg1 : tensor<16x8x3x3xf32> -> tensor<1x1x16x1x1x8x3x3xf32>
  %15 = uop.expand %14 : tensor<1x1x16x1x1x8x3x3xf32> -> tensor<2x1x16x7x7x8x3x3xf32>
  %16 = arith.mulf %13, %15 : tensor<2x1x16x7x7x8x3x3xf32>
  %17 = uop.reduce_axis add %16 [5, 6, 7] : tensor<2x1x16x7x7x8x3x3xf32> -> tensor<2x1x16x7x7xf32>
  %18 = uop.reshape %17 : tensor<2x1x16x7x7xf32> -> tensor<2x16x7x7xf32>
  return %18 : tensor<2x16x7x7xf32>
}
