// relu(A @ B + bias) for A 256x192, B 192x320, bias 320 (f32). The reduction
// is consumed elementwise, so the bias add and the relu fuse into the matmul
// kernel.
//
//   uop-run examples/uop/matmul_bias_relu.mlir --target cpu --check
func.func @matmul_bias_relu(%a: tensor<256x192xf32>, %b: tensor<192x320xf32>,
                            %bias: tensor<320xf32>) -> tensor<256x320xf32> {
  %ar = uop.reshape %a : tensor<256x192xf32> -> tensor<256x1x192xf32>
  %ae = uop.expand %ar : tensor<256x1x192xf32> -> tensor<256x320x192xf32>
  %bt = uop.permute %b [1, 0] : tensor<192x320xf32> -> tensor<320x192xf32>
  %br = uop.reshape %bt : tensor<320x192xf32> -> tensor<1x320x192xf32>
  %be = uop.expand %br : tensor<1x320x192xf32> -> tensor<256x320x192xf32>
  %p = arith.mulf %ae, %be : tensor<256x320x192xf32>
  %c = uop.reduce_axis add %p [2] : tensor<256x320x192xf32> -> tensor<256x320xf32>
  %biasr = uop.reshape %bias : tensor<320xf32> -> tensor<1x320xf32>
  %biase = uop.expand %biasr : tensor<1x320xf32> -> tensor<256x320xf32>
  %s = arith.addf %c, %biase : tensor<256x320xf32>
  %zero = arith.constant dense<0.0> : tensor<256x320xf32>
  %r = arith.maximumf %s, %zero : tensor<256x320xf32>
  return %r : tensor<256x320xf32>
}
