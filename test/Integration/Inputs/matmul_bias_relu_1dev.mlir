// The one-device form of examples/uop/matmul_bias_relu_2dev.mlir
// (multi-device-equal.test compares the two).
func.func @matmul_bias_relu_1dev(%a: tensor<128x192xf32>, %b: tensor<192x160xf32>,
                                 %bias: tensor<160xf32>) -> tensor<128x160xf32> {
  %ar = uop.reshape %a : tensor<128x192xf32> -> tensor<128x1x192xf32>
  %ae = uop.expand %ar : tensor<128x1x192xf32> -> tensor<128x160x192xf32>
  %bt = uop.permute %b [1, 0] : tensor<192x160xf32> -> tensor<160x192xf32>
  %br = uop.reshape %bt : tensor<160x192xf32> -> tensor<1x160x192xf32>
  %be = uop.expand %br : tensor<1x160x192xf32> -> tensor<128x160x192xf32>
  %p = arith.mulf %ae, %be : tensor<128x160x192xf32>
  %c = uop.reduce_axis add %p [2] : tensor<128x160x192xf32> -> tensor<128x160xf32>
  %biasr = uop.reshape %bias : tensor<160xf32> -> tensor<1x160xf32>
  %biase = uop.expand %biasr : tensor<1x160xf32> -> tensor<128x160xf32>
  %s = arith.addf %c, %biase : tensor<128x160xf32>
  %zero = arith.constant dense<0.0> : tensor<128x160xf32>
  %r = arith.maximumf %s, %zero : tensor<128x160xf32>
  return %r : tensor<128x160xf32>
}
