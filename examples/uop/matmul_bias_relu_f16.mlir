// relu(A * B + bias) of f16 matrices (256x256 times 256x512), summed in
// f32, the result stored as f16. On the GPU the matmul runs on tensor
// cores (uop-optimize's TC) and the epilogue on the mma accumulator: the
// bias a zero-stride view of its row, relu a maximum with a filled tile,
// the cast a tirx.tile.cast (docs/uop-pipeline.md).
//
//   uop-run examples/uop/matmul_bias_relu_f16.mlir --target cpu --check
func.func @matmul_bias_relu_f16(%a: tensor<256x256xf16>, %b: tensor<256x512xf16>,
                                 %bias: tensor<512xf32>) -> tensor<256x512xf16> {
  %a32 = arith.extf %a : tensor<256x256xf16> to tensor<256x256xf32>
  %b32 = arith.extf %b : tensor<256x512xf16> to tensor<256x512xf32>
  %ar = uop.reshape %a32 : tensor<256x256xf32> -> tensor<256x1x256xf32>
  %ae = uop.expand %ar : tensor<256x1x256xf32> -> tensor<256x512x256xf32>
  %bt = uop.permute %b32 [1, 0] : tensor<256x512xf32> -> tensor<512x256xf32>
  %br = uop.reshape %bt : tensor<512x256xf32> -> tensor<1x512x256xf32>
  %be = uop.expand %br : tensor<1x512x256xf32> -> tensor<256x512x256xf32>
  %p = arith.mulf %ae, %be : tensor<256x512x256xf32>
  %c = uop.reduce_axis add %p [2] : tensor<256x512x256xf32> -> tensor<256x512xf32>
  %biasr = uop.reshape %bias : tensor<512xf32> -> tensor<1x512xf32>
  %biase = uop.expand %biasr : tensor<1x512xf32> -> tensor<256x512xf32>
  %s = arith.addf %c, %biase : tensor<256x512xf32>
  %zero = arith.constant dense<0.0> : tensor<256x512xf32>
  %r = arith.maximumf %s, %zero : tensor<256x512xf32>
  %h = arith.truncf %r : tensor<256x512xf32> to tensor<256x512xf16>
  return %h : tensor<256x512xf16>
}
