// RUN: rm -rf %t && split-file %s %t
// A convolution whose channel count the heuristic's channel tile does not
// divide: 8 output channels where the AVX2 tile (12 accumulators over 2
// rows) wants 6, without an overlapped last tile (it would compute 4 of 8
// channels twice). The fallback is the power-of-two divisor below 6, 4
// (before 4fdc61f halving 6 found neither 3 nor 6 and the tile had no
// channels). Its tile, then a run compared with the reference interpreter
// at 256 bits, on 1 and 2 threads, and at 512 bits.
// RUN: uop-opt --uop-to-program='target=cpu vector-bits=256 vector-registers=16' %t/conv8.mlir | FileCheck %s --check-prefix=OPTS256
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/conv8.mlir --target cpu --check | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %t/conv8.mlir --target cpu --check --num-threads 2 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %t/conv8.mlir --target cpu --check | FileCheck %s
//
// OPTS256: name = "main_k1", applied_opts = [<UPCAST, 2, 2>, <UPCAST, 3, 8>, <UPCAST, 1, 4>]
//
// CHECK: mismatches=0 check=pass

//--- conv8.mlir
module {
  func.func @main(%arg0: tensor<1x4x16x16xf32>, %arg1: tensor<8x4x3x3xf32>) -> tensor<1x8x16x16xf32> {
    %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x4x16x16xf32> -> tensor<1x4x18x18xf32>
    %1 = uop.reshape %0 : tensor<1x4x18x18xf32> -> tensor<1x4x1x18x1x18xf32>
    %2 = uop.expand %1 : tensor<1x4x1x18x1x18xf32> -> tensor<1x4x4x18x4x18xf32>
    %3 = uop.reshape %2 : tensor<1x4x4x18x4x18xf32> -> tensor<1x4x72x72xf32>
    %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 4, 57, 57] : tensor<1x4x72x72xf32> -> tensor<1x4x57x57xf32>
    %5 = uop.reshape %4 : tensor<1x4x57x57xf32> -> tensor<1x4x3x19x3x19xf32>
    %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 4, 3, 16, 3, 16] : tensor<1x4x3x19x3x19xf32> -> tensor<1x4x3x16x3x16xf32>
    %7 = uop.reshape %6 : tensor<1x4x3x16x3x16xf32> -> tensor<1x4x3x16x1x3x16x1xf32>
    %8 = uop.reshape %7 : tensor<1x4x3x16x1x3x16x1xf32> -> tensor<1x4x3x16x3x16xf32>
    %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<1x4x3x16x3x16xf32> -> tensor<1x4x16x16x3x3xf32>
    %10 = uop.reshape %9 : tensor<1x4x16x16x3x3xf32> -> tensor<1x1x4x1x16x16x3x3xf32>
    %11 = uop.expand %10 : tensor<1x1x4x1x16x16x3x3xf32> -> tensor<1x1x4x8x16x16x3x3xf32>
    %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x4x8x16x16x3x3xf32> -> tensor<1x1x8x16x16x4x3x3xf32>
    %13 = uop.reshape %arg1 : tensor<8x4x3x3xf32> -> tensor<1x1x8x1x1x4x3x3xf32>
    %14 = uop.expand %13 : tensor<1x1x8x1x1x4x3x3xf32> -> tensor<1x1x8x16x16x4x3x3xf32>
    %15 = arith.mulf %12, %14 : tensor<1x1x8x16x16x4x3x3xf32>
    %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x8x16x16x4x3x3xf32> -> tensor<1x1x8x16x16xf32>
    %17 = uop.reshape %16 : tensor<1x1x8x16x16xf32> -> tensor<1x8x16x16xf32>
    return %17 : tensor<1x8x16x16xf32>
  }
}

