// RUN: uop-opt %s -split-input-file -uop-rangeify=long-reduce=512 | FileCheck %s
// RUN: uop-opt %s -split-input-file -uop-rangeify | FileCheck %s --check-prefix=OFF
// RUN: uop-run %s --target cpu --entry=long --check | FileCheck %s --check-prefix=EXEC
// RUN: uop-opt %s -split-input-file --uop-to-program="target=cpu" | FileCheck %s --check-prefix=BLOCK
//
// A matmul's bias and ReLU fused into its kernel kept uop-optimize from
// K-blocking it (BLOCK adds each K block to the stored sum, so the kernel
// must store the sum as it is): GPT-2's 128 x 768 x 3072 matmul + bias took
// 7.8 ms, 6.2 without the bias. With long-reduce=N (the cpu pipeline: 512) a
// float add over one axis of at least N steps, with at least 16384 outputs,
// read only by elementwise ops, is realized: the matmul and its epilogue are
// two buffers. Shorter reductions, fewer outputs, and reductions over
// several axes (a convolution's channels and taps) stay fused.

// K = 512, 128 x 128 outputs: the sum is a buffer of its own.
// CHECK-LABEL: func.func @long
// CHECK-COUNT-2: uop.bufferize
// CHECK-NOT: uop.bufferize
// OFF-LABEL: func.func @long
// OFF-COUNT-1: uop.bufferize
// OFF-NOT: uop.bufferize
// OFF: return
// EXEC: check=pass
// The matmul kernel is K-blocked (BLOCK with its PACK), the epilogue is not.
// BLOCK: info <name = "long_k0", applied_opts = [{{.*}}<BLOCK, {{.*}}]>
func.func @long(%a: tensor<128x512xf32>, %w: tensor<512x128xf32>, %b: tensor<128xf32>) -> tensor<128x128xf32> {
  %a0 = uop.reshape %a : tensor<128x512xf32> -> tensor<128x1x512xf32>
  %a1 = uop.expand %a0 : tensor<128x1x512xf32> -> tensor<128x128x512xf32>
  %w0 = uop.permute %w [1, 0] : tensor<512x128xf32> -> tensor<128x512xf32>
  %w1 = uop.reshape %w0 : tensor<128x512xf32> -> tensor<1x128x512xf32>
  %w2 = uop.expand %w1 : tensor<1x128x512xf32> -> tensor<128x128x512xf32>
  %p = arith.mulf %a1, %w2 : tensor<128x128x512xf32>
  %s = uop.reduce_axis add %p [2] : tensor<128x128x512xf32> -> tensor<128x128xf32>
  %b0 = uop.reshape %b : tensor<128xf32> -> tensor<1x128xf32>
  %b1 = uop.expand %b0 : tensor<1x128xf32> -> tensor<128x128xf32>
  %y = arith.addf %s, %b1 : tensor<128x128xf32>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %r = arith.maximumf %y, %z : tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}

// -----

// K = 256: below the threshold, fused.
// CHECK-LABEL: func.func @short
// CHECK-COUNT-1: uop.bufferize
// CHECK-NOT: uop.bufferize
func.func @short(%a: tensor<128x256xf32>, %w: tensor<256x128xf32>, %b: tensor<128xf32>) -> tensor<128x128xf32> {
  %a0 = uop.reshape %a : tensor<128x256xf32> -> tensor<128x1x256xf32>
  %a1 = uop.expand %a0 : tensor<128x1x256xf32> -> tensor<128x128x256xf32>
  %w0 = uop.permute %w [1, 0] : tensor<256x128xf32> -> tensor<128x256xf32>
  %w1 = uop.reshape %w0 : tensor<128x256xf32> -> tensor<1x128x256xf32>
  %w2 = uop.expand %w1 : tensor<1x128x256xf32> -> tensor<128x128x256xf32>
  %p = arith.mulf %a1, %w2 : tensor<128x128x256xf32>
  %s = uop.reduce_axis add %p [2] : tensor<128x128x256xf32> -> tensor<128x128xf32>
  %b0 = uop.reshape %b : tensor<128xf32> -> tensor<1x128xf32>
  %b1 = uop.expand %b0 : tensor<1x128xf32> -> tensor<128x128xf32>
  %y = arith.addf %s, %b1 : tensor<128x128xf32>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %r = arith.maximumf %y, %z : tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}

// -----

// 64 x 128 = 8192 outputs: too few tiles for K blocks to pay, fused.
// CHECK-LABEL: func.func @few
// CHECK-COUNT-1: uop.bufferize
// CHECK-NOT: uop.bufferize
func.func @few(%a: tensor<64x512xf32>, %w: tensor<512x128xf32>, %b: tensor<128xf32>) -> tensor<64x128xf32> {
  %a0 = uop.reshape %a : tensor<64x512xf32> -> tensor<64x1x512xf32>
  %a1 = uop.expand %a0 : tensor<64x1x512xf32> -> tensor<64x128x512xf32>
  %w0 = uop.permute %w [1, 0] : tensor<512x128xf32> -> tensor<128x512xf32>
  %w1 = uop.reshape %w0 : tensor<128x512xf32> -> tensor<1x128x512xf32>
  %w2 = uop.expand %w1 : tensor<1x128x512xf32> -> tensor<64x128x512xf32>
  %p = arith.mulf %a1, %w2 : tensor<64x128x512xf32>
  %s = uop.reduce_axis add %p [2] : tensor<64x128x512xf32> -> tensor<64x128xf32>
  %b0 = uop.reshape %b : tensor<128xf32> -> tensor<1x128xf32>
  %b1 = uop.expand %b0 : tensor<1x128xf32> -> tensor<64x128xf32>
  %y = arith.addf %s, %b1 : tensor<64x128xf32>
  %z = arith.constant dense<0.0> : tensor<64x128xf32>
  %r = arith.maximumf %y, %z : tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

// -----

// A reduction over two axes (a convolution's shape), fused.
// CHECK-LABEL: func.func @two_axes
// CHECK-COUNT-1: uop.bufferize
// CHECK-NOT: uop.bufferize
func.func @two_axes(%x: tensor<128x128x32x32xf32>) -> tensor<128x128xf32> {
  %s = uop.reduce_axis add %x [2, 3] : tensor<128x128x32x32xf32> -> tensor<128x128xf32>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %r = arith.maximumf %s, %z : tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
