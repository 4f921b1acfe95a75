// C = A @ B for A 256x192 and B 192x320 (f32), written the tinygrad way:
// broadcast both operands to 256x320x192 with RESHAPE/PERMUTE/EXPAND,
// multiply, and reduce the last axis. Rangeify turns the movement ops into
// index arithmetic, so nothing 3-D is ever stored: one kernel.
//
//   uop-run examples/uop/matmul.mlir --target cpu --check
func.func @matmul(%a: tensor<256x192xf32>, %b: tensor<192x320xf32>) -> tensor<256x320xf32> {
  %ar = uop.reshape %a : tensor<256x192xf32> -> tensor<256x1x192xf32>
  %ae = uop.expand %ar : tensor<256x1x192xf32> -> tensor<256x320x192xf32>
  %bt = uop.permute %b [1, 0] : tensor<192x320xf32> -> tensor<320x192xf32>
  %br = uop.reshape %bt : tensor<320x192xf32> -> tensor<1x320x192xf32>
  %be = uop.expand %br : tensor<1x320x192xf32> -> tensor<256x320x192xf32>
  %p = arith.mulf %ae, %be : tensor<256x320x192xf32>
  %c = uop.reduce_axis add %p [2] : tensor<256x320x192xf32> -> tensor<256x320xf32>
  return %c : tensor<256x320xf32>
}
