// C = A * B of f16 matrices, summed in f32 (256x512 times 512x384). On the
// GPU (uop-to-nvvm, sm_80 and later) uop-optimize marks it TC and
// convert-uop-matmul-to-tirx tiles it for tensor cores: 128x128 blocks of C
// per CTA, a two-stage cp.async ring of 128x32 / 32x128 tiles in shared
// memory, ldmatrix + mma.sync m16n8k16 (docs/uop-pipeline.md).
//
//   uop-run examples/uop/matmul_f16.mlir --target cpu --check
//   uop-opt --uop-to-nvvm="chip=sm_80" examples/uop/matmul_f16.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_80
func.func @matmul_f16(%a: tensor<256x512xf16>, %b: tensor<512x384xf16>) -> tensor<256x384xf32> {
  %a32 = arith.extf %a : tensor<256x512xf16> to tensor<256x512xf32>
  %b32 = arith.extf %b : tensor<512x384xf16> to tensor<512x384xf32>
  %ar = uop.reshape %a32 : tensor<256x512xf32> -> tensor<256x1x512xf32>
  %ae = uop.expand %ar : tensor<256x1x512xf32> -> tensor<256x384x512xf32>
  %bt = uop.permute %b32 [1, 0] : tensor<512x384xf32> -> tensor<384x512xf32>
  %br = uop.reshape %bt : tensor<384x512xf32> -> tensor<1x384x512xf32>
  %be = uop.expand %br : tensor<1x384x512xf32> -> tensor<256x384x512xf32>
  %p = arith.mulf %ae, %be : tensor<256x384x512xf32>
  %c = uop.reduce_axis add %p [2] : tensor<256x384x512xf32> -> tensor<256x384xf32>
  return %c : tensor<256x384xf32>
}
