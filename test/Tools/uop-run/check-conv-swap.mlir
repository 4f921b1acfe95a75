// RUN: rm -rf %t && split-file %s %t
// uop-optimize SWAPs a PITCH convolution's channel loop inside its pixel
// loop when the filter is the smaller operand (ConvHeuristic.cpp): the
// outer loop's operand stays in cache while the inner one streams past.
// A stride-2 3x3 convolution 8 -> 16 channels (filter 4.6 KB, its input
// split into phases 21.6 KB per image) is swapped; the same into 128
// channels (filter 36.9 KB) is not. Both run and match the reference
// interpreter on 1 and 2 threads.
// RUN: uop-opt --uop-to-program='target=cpu' %t/small_filter.mlir | FileCheck %s --check-prefix=SWAP
// RUN: uop-opt --uop-to-program='target=cpu' %t/large_filter.mlir | FileCheck %s --check-prefix=KEEP
// RUN: uop-run %t/small_filter.mlir --target cpu --check --num-threads 1 | FileCheck %s
// RUN: uop-run %t/small_filter.mlir --target cpu --check --num-threads 2 | FileCheck %s
// RUN: uop-run %t/large_filter.mlir --target cpu --check --num-threads 2 | FileCheck %s
// SWAP: applied_opts = [<PITCH, 2, 13>, <UPCAST, 2, 32>, <UPCAST, 1, 8>, <SWAP, 9, 7>]
// KEEP: applied_opts = [<PITCH, 2, 13>, <UPCAST, 2, 32>, <UPCAST, 1, 8>]>
// CHECK: mismatches=0 check=pass

//--- small_filter.mlir
module {
  func.func @main(%arg0: tensor<2x8x24x24xf32>, %arg1: tensor<16x8x3x3xf32>) -> tensor<2x16x12x12xf32> {
    %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<2x8x24x24xf32> -> tensor<2x8x26x26xf32>
    %1 = uop.reshape %0 : tensor<2x8x26x26xf32> -> tensor<2x8x1x26x1x26xf32>
    %2 = uop.expand %1 : tensor<2x8x1x26x1x26xf32> -> tensor<2x8x4x26x4x26xf32>
    %3 = uop.reshape %2 : tensor<2x8x4x26x4x26xf32> -> tensor<2x8x104x104xf32>
    %4 = uop.shrink %3 [0, 0, 0, 0] to [2, 8, 81, 81] : tensor<2x8x104x104xf32> -> tensor<2x8x81x81xf32>
    %5 = uop.reshape %4 : tensor<2x8x81x81xf32> -> tensor<2x8x3x27x3x27xf32>
    %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [2, 8, 3, 24, 3, 24] : tensor<2x8x3x27x3x27xf32> -> tensor<2x8x3x24x3x24xf32>
    %7 = uop.reshape %6 : tensor<2x8x3x24x3x24xf32> -> tensor<2x8x3x12x2x3x12x2xf32>
    %8 = uop.shrink %7 [0, 0, 0, 0, 0, 0, 0, 0] to [2, 8, 3, 12, 1, 3, 12, 1] : tensor<2x8x3x12x2x3x12x2xf32> -> tensor<2x8x3x12x1x3x12x1xf32>
    %9 = uop.reshape %8 : tensor<2x8x3x12x1x3x12x1xf32> -> tensor<2x8x3x12x3x12xf32>
    %10 = uop.permute %9 [0, 1, 3, 5, 2, 4] : tensor<2x8x3x12x3x12xf32> -> tensor<2x8x12x12x3x3xf32>
    %11 = uop.reshape %10 : tensor<2x8x12x12x3x3xf32> -> tensor<2x1x8x1x12x12x3x3xf32>
    %12 = uop.expand %11 : tensor<2x1x8x1x12x12x3x3xf32> -> tensor<2x1x8x16x12x12x3x3xf32>
    %13 = uop.permute %12 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x1x8x16x12x12x3x3xf32> -> tensor<2x1x16x12x12x8x3x3xf32>
    %14 = uop.reshape %arg1 : tensor<16x8x3x3xf32> -> tensor<1x1x16x1x1x8x3x3xf32>
    %15 = uop.expand %14 : tensor<1x1x16x1x1x8x3x3xf32> -> tensor<2x1x16x12x12x8x3x3xf32>
    %16 = arith.mulf %13, %15 : tensor<2x1x16x12x12x8x3x3xf32>
    %17 = uop.reduce_axis add %16 [5, 6, 7] : tensor<2x1x16x12x12x8x3x3xf32> -> tensor<2x1x16x12x12xf32>
    %18 = uop.reshape %17 : tensor<2x1x16x12x12xf32> -> tensor<2x16x12x12xf32>
    return %18 : tensor<2x16x12x12xf32>
  }
}


//--- large_filter.mlir
module {
  func.func @main(%arg0: tensor<2x8x24x24xf32>, %arg1: tensor<128x8x3x3xf32>) -> tensor<2x128x12x12xf32> {
    %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<2x8x24x24xf32> -> tensor<2x8x26x26xf32>
    %1 = uop.reshape %0 : tensor<2x8x26x26xf32> -> tensor<2x8x1x26x1x26xf32>
    %2 = uop.expand %1 : tensor<2x8x1x26x1x26xf32> -> tensor<2x8x4x26x4x26xf32>
    %3 = uop.reshape %2 : tensor<2x8x4x26x4x26xf32> -> tensor<2x8x104x104xf32>
    %4 = uop.shrink %3 [0, 0, 0, 0] to [2, 8, 81, 81] : tensor<2x8x104x104xf32> -> tensor<2x8x81x81xf32>
    %5 = uop.reshape %4 : tensor<2x8x81x81xf32> -> tensor<2x8x3x27x3x27xf32>
    %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [2, 8, 3, 24, 3, 24] : tensor<2x8x3x27x3x27xf32> -> tensor<2x8x3x24x3x24xf32>
    %7 = uop.reshape %6 : tensor<2x8x3x24x3x24xf32> -> tensor<2x8x3x12x2x3x12x2xf32>
    %8 = uop.shrink %7 [0, 0, 0, 0, 0, 0, 0, 0] to [2, 8, 3, 12, 1, 3, 12, 1] : tensor<2x8x3x12x2x3x12x2xf32> -> tensor<2x8x3x12x1x3x12x1xf32>
    %9 = uop.reshape %8 : tensor<2x8x3x12x1x3x12x1xf32> -> tensor<2x8x3x12x3x12xf32>
    %10 = uop.permute %9 [0, 1, 3, 5, 2, 4] : tensor<2x8x3x12x3x12xf32> -> tensor<2x8x12x12x3x3xf32>
    %11 = uop.reshape %10 : tensor<2x8x12x12x3x3xf32> -> tensor<2x1x8x1x12x12x3x3xf32>
    %12 = uop.expand %11 : tensor<2x1x8x1x12x12x3x3xf32> -> tensor<2x1x8x128x12x12x3x3xf32>
    %13 = uop.permute %12 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x1x8x128x12x12x3x3xf32> -> tensor<2x1x128x12x12x8x3x3xf32>
    %14 = uop.reshape %arg1 : tensor<128x8x3x3xf32> -> tensor<1x1x128x1x1x8x3x3xf32>
    %15 = uop.expand %14 : tensor<1x1x128x1x1x8x3x3xf32> -> tensor<2x1x128x12x12x8x3x3xf32>
    %16 = arith.mulf %13, %15 : tensor<2x1x128x12x12x8x3x3xf32>
    %17 = uop.reduce_axis add %16 [5, 6, 7] : tensor<2x1x128x12x12x8x3x3xf32> -> tensor<2x1x128x12x12xf32>
    %18 = uop.reshape %17 : tensor<2x1x128x12x12xf32> -> tensor<2x128x12x12xf32>
    return %18 : tensor<2x128x12x12xf32>
  }
}

