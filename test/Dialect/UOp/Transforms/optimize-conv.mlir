// RUN: uop-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(uop-rangeify),uop-split-kernels{target=cpu},uop.function(uop-simplify,uop-optimize{target=cpu}))' | FileCheck %s
// RUN: uop-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(uop-rangeify),uop-split-kernels{target=cpu},uop.function(uop-simplify,uop-optimize{target=cpu vector-bits=256 vector-registers=16}))' | FileCheck %s --check-prefix=AVX2
//
// uop-optimize's convolution tile (ConvHeuristic.h), on cpu. A kernel whose
// reduction multiplies an operand that reads the two innermost output ranges
// (a convolution's input, along oh and ow) by one that reads neither (the
// filter) gets its register tile over the innermost output range (ow) x the
// innermost output range only the other operand reads (the output channel).
// The padded input of a stride-1 convolution is realized by uop-rangeify
// (kernel _k0), so the convolution (_k1) reads its rows ungated and
// contiguously: a power-of-two run of pixels, up to one vector (16 f32
// lanes at the default vector-bits=512, 8 at 256), that uop-expand computes
// as vectors, of two output rows (oh), and as many channels as keep the
// accumulators at half of 32 registers or three quarters of 16. Rows
// shorter than a vector are computed at the padded input's row pitch
// (PITCH: oh and ow become one range q = oh * pitch + ow, whose tile is two
// vectors of consecutive padded pixels; the padding columns are not
// stored; pitch-rows.mlir shows the kernel). Rows too
// short for a run of 4 keep the scalar-lane tile: one vector of pixels
// (the whole range when it is no longer, else a power-of-two divisor, else
// the largest divisor), or up to two vectors when one would not fill a
// vector, and as many channels (up to 32, at most 256 lanes) as keep the
// accumulators within the vector registers, counting a power-of-two piece
// of a partial vector as a register. The matmul's tile (ow x oh) would
// broadcast each filter value to the whole tile and load every input
// element once per multiply-add.

// The kernel of Tensor.conv2d (pad, pool, expand, reduce): 1x8x12x12 input,
// 16 3x3 filters, padding 1. Outputs R1 (channel, 16), R2 (oh), R3 (ow, 12).
// At 512 bits the 12 pixels are shorter than a vector: PITCH at the padded
// row of 14, q over 11 * 14 + 12 = 166 steps in tiles of 32 (two vectors),
// x 8 channels (16 accumulators / 2). At 256 bits 8 of the 12 pixels would
// compute a third more, so 4 (the power-of-two divisor), of 2 rows, x 6
// channels (12 / 2). The filter (4.6 KB) is smaller than the padded input
// (6.3 KB): the channel loop runs inside the pixel loop (SWAP).
// CHECK-LABEL: uop.function @conv3x3_k1
// CHECK: info <name = "conv3x3_k1", applied_opts = [<PITCH, 2, 14>, <UPCAST, 2, 32>, <UPCAST, 1, 8>, <SWAP, 9, 7>]>
// AVX2-LABEL: uop.function @conv3x3_k1
// AVX2: info <name = "conv3x3_k1", applied_opts = [<UPCAST, 2, 2>, <UPCAST, 3, 4>, <UPCAST, 1, 6>]>
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

// -----

// Batched and grouped, with a fused bias and ReLU: outputs R0 (batch), R1
// (group), R2 (channel of the group, 6), R3 (oh), R4 (ow, 10). The input
// reads the batch and the group too, so the tile's channel range is R2. The
// 10 pixels: at 512 bits PITCH at the padded row of 12 (tiles of 32, the 6
// channels whole); at 256 bits the rows are longer than a vector but hold
// no run of 4 for the vector-row tile (2 divides, 8 would compute 6 more),
// so PITCH too, in tiles of 16 (before, the scalar-lane tile: 10 pixels x 6
// channels that clang's SLP vectorizer packs). The padded input is _k0, the
// bias and ReLU a kernel of their own (_k2).
// CHECK-LABEL: uop.function @grouped_k1
// CHECK: info <name = "grouped_k1", applied_opts = [<PITCH, 3, 12>, <UPCAST, 3, 32>, <UPCAST, 2, 6>]>
// AVX2-LABEL: uop.function @grouped_k1
// AVX2: info <name = "grouped_k1", applied_opts = [<PITCH, 3, 12>, <UPCAST, 3, 16>, <UPCAST, 2, 6>]>
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

// -----

// Depthwise: the filter reads the channel the input reads too, so no range
// separates the operands; the matmul's tile over oh x ow stays.
// CHECK-LABEL: uop.function @depthwise_k1
// CHECK: info <name = "depthwise_k1", applied_opts = [<UPCAST, 3, 2>, <UPCAST, 2, 2>]>
// AVX2-LABEL: uop.function @depthwise_k1
// AVX2: info <name = "depthwise_k1", applied_opts = [<UPCAST, 3, 2>, <UPCAST, 2, 2>]>
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

// -----

// ResNet-18's first 3x3 layer (1x64x56x56, 64 filters, padding 1). At 512
// bits one vector of pixels in rows of 56 takes four overlapped tiles (64
// lanes) a row, 3584 for the image; PITCH at the padded pitch of 58 computes
// 102 tiles of 32 (3264 lanes, 91%: at most 95% takes it) and 8 channels
// (1.69 ms against 1.77 on an AVX-512 Xeon). At 256 bits 8 pixels divide
// the row: 2 rows x 8 pixels x 6 channels, nothing recomputed. The filter
// (147 KB) is smaller than the padded input (861 KB): SWAP.
// CHECK-LABEL: uop.function @resnet_k1
// CHECK: info <name = "resnet_k1", applied_opts = [<PITCH, 2, 58>, <UPCAST, 2, 32>, <UPCAST, 1, 8>, <SWAP, 9, 7>]>
// AVX2-LABEL: uop.function @resnet_k1
// AVX2: info <name = "resnet_k1", applied_opts = [<UPCAST, 2, 2>, <UPCAST, 3, 8>, <UPCAST, 1, 6>]>
  func.func @resnet(%arg0: tensor<1x64x56x56xf32>, %arg1: tensor<64x64x3x3xf32>) -> tensor<1x64x56x56xf32> {
    %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x64x56x56xf32> -> tensor<1x64x58x58xf32>
    %1 = uop.reshape %0 : tensor<1x64x58x58xf32> -> tensor<1x64x1x58x1x58xf32>
    %2 = uop.expand %1 : tensor<1x64x1x58x1x58xf32> -> tensor<1x64x4x58x4x58xf32>
    %3 = uop.reshape %2 : tensor<1x64x4x58x4x58xf32> -> tensor<1x64x232x232xf32>
    %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 64, 177, 177] : tensor<1x64x232x232xf32> -> tensor<1x64x177x177xf32>
    %5 = uop.reshape %4 : tensor<1x64x177x177xf32> -> tensor<1x64x3x59x3x59xf32>
    %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 64, 3, 56, 3, 56] : tensor<1x64x3x59x3x59xf32> -> tensor<1x64x3x56x3x56xf32>
    %7 = uop.reshape %6 : tensor<1x64x3x56x3x56xf32> -> tensor<1x64x3x56x1x3x56x1xf32>
    %8 = uop.reshape %7 : tensor<1x64x3x56x1x3x56x1xf32> -> tensor<1x64x3x56x3x56xf32>
    %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<1x64x3x56x3x56xf32> -> tensor<1x64x56x56x3x3xf32>
    %10 = uop.reshape %9 : tensor<1x64x56x56x3x3xf32> -> tensor<1x1x64x1x56x56x3x3xf32>
    %11 = uop.expand %10 : tensor<1x1x64x1x56x56x3x3xf32> -> tensor<1x1x64x64x56x56x3x3xf32>
    %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x64x64x56x56x3x3xf32> -> tensor<1x1x64x56x56x64x3x3xf32>
    %13 = uop.reshape %arg1 : tensor<64x64x3x3xf32> -> tensor<1x1x64x1x1x64x3x3xf32>
    %14 = uop.expand %13 : tensor<1x1x64x1x1x64x3x3xf32> -> tensor<1x1x64x56x56x64x3x3xf32>
    %15 = arith.mulf %12, %14 : tensor<1x1x64x56x56x64x3x3xf32>
    %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x64x56x56x64x3x3xf32> -> tensor<1x1x64x56x56xf32>
    %17 = uop.reshape %16 : tensor<1x1x64x56x56xf32> -> tensor<1x64x56x56xf32>
    return %17 : tensor<1x64x56x56xf32>
  }

// -----

// Rows of 28 at 512 bits: two overlapped 16-lane tiles a row (896 lanes);
// PITCH at the pitch of 30 would compute 27 tiles of 32 (864, 96%), too
// few fewer to pay for its per-lane stores (a tie on an AVX-512 Xeon): the
// vector-row tile, 2 rows x 16 pixels x 8 channels. At 256 bits the
// overlapped 8-lane tiles compute 896 lanes and PITCH 848 (95%): PITCH,
// and SWAP (filter 37 KB, input 115 KB).
// CHECK-LABEL: uop.function @resnet28_k1
// CHECK: info <name = "resnet28_k1", applied_opts = [<UPCAST, 2, 2>, <UPCAST, 3, 16>, <UPCAST, 1, 8>]>
// AVX2-LABEL: uop.function @resnet28_k1
// AVX2: info <name = "resnet28_k1", applied_opts = [<PITCH, 2, 30>, <UPCAST, 2, 16>, <UPCAST, 1, 6>, <SWAP, 9, 7>]>
  func.func @resnet28(%arg0: tensor<1x32x28x28xf32>, %arg1: tensor<32x32x3x3xf32>) -> tensor<1x32x28x28xf32> {
    %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x32x28x28xf32> -> tensor<1x32x30x30xf32>
    %1 = uop.reshape %0 : tensor<1x32x30x30xf32> -> tensor<1x32x1x30x1x30xf32>
    %2 = uop.expand %1 : tensor<1x32x1x30x1x30xf32> -> tensor<1x32x4x30x4x30xf32>
    %3 = uop.reshape %2 : tensor<1x32x4x30x4x30xf32> -> tensor<1x32x120x120xf32>
    %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 32, 93, 93] : tensor<1x32x120x120xf32> -> tensor<1x32x93x93xf32>
    %5 = uop.reshape %4 : tensor<1x32x93x93xf32> -> tensor<1x32x3x31x3x31xf32>
    %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 32, 3, 28, 3, 28] : tensor<1x32x3x31x3x31xf32> -> tensor<1x32x3x28x3x28xf32>
    %7 = uop.reshape %6 : tensor<1x32x3x28x3x28xf32> -> tensor<1x32x3x28x1x3x28x1xf32>
    %8 = uop.reshape %7 : tensor<1x32x3x28x1x3x28x1xf32> -> tensor<1x32x3x28x3x28xf32>
    %9 = uop.permute %8 [0, 1, 3, 5, 2, 4] : tensor<1x32x3x28x3x28xf32> -> tensor<1x32x28x28x3x3xf32>
    %10 = uop.reshape %9 : tensor<1x32x28x28x3x3xf32> -> tensor<1x1x32x1x28x28x3x3xf32>
    %11 = uop.expand %10 : tensor<1x1x32x1x28x28x3x3xf32> -> tensor<1x1x32x32x28x28x3x3xf32>
    %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x32x32x28x28x3x3xf32> -> tensor<1x1x32x28x28x32x3x3xf32>
    %13 = uop.reshape %arg1 : tensor<32x32x3x3xf32> -> tensor<1x1x32x1x1x32x3x3xf32>
    %14 = uop.expand %13 : tensor<1x1x32x1x1x32x3x3xf32> -> tensor<1x1x32x28x28x32x3x3xf32>
    %15 = arith.mulf %12, %14 : tensor<1x1x32x28x28x32x3x3xf32>
    %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x32x28x28x32x3x3xf32> -> tensor<1x1x32x28x28xf32>
    %17 = uop.reshape %16 : tensor<1x1x32x28x28xf32> -> tensor<1x32x28x28xf32>
    return %17 : tensor<1x32x28x28xf32>
  }

// -----

// A stride-2 convolution whose padded input has an odd extent (15, not split
// into phases as an even one is: check-conv.mlir) reads it in place, gated
// (ungated, the C compiler made gathers of strided reads), so one kernel,
// and the scalar-lane tile: the 7 pixels whole x 8 channels
// (512 bits) or 4 (256 bits: 7 = 4 + 2 + 1, three registers a channel).
// CHECK-LABEL: uop.function @conv3x3s2_k0
// CHECK: gate
// CHECK: info <name = "conv3x3s2_k0", applied_opts = [<UPCAST, 3, 7>, <UPCAST, 1, 8>]>
// CHECK-NOT: conv3x3s2_k1
// AVX2-LABEL: uop.function @conv3x3s2_k0
// AVX2: info <name = "conv3x3s2_k0", applied_opts = [<UPCAST, 3, 7>, <UPCAST, 1, 4>]>
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
