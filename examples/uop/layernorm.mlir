// Layer normalisation of each row of a 256x1024 f32 matrix (no scale or
// shift): (x - mean) / sqrt(var + 1e-5). Two row reductions (the mean, then
// the variance of the centred row) and an elementwise kernel. On the GPU
// each reduction kernel gives a row to a block whose 256 threads each add
// four elements and combine their sums with warp shuffles through shared
// memory (uop-optimize's GROUP; docs/uop-pipeline.md).
//
//   uop-run examples/uop/layernorm.mlir --target cpu --check
//   uop-opt --uop-to-nvvm="chip=sm_80" examples/uop/layernorm.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_80
func.func @layernorm(%x: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %inv = arith.constant dense<9.765625e-04> : tensor<256xf32>
  %eps = arith.constant dense<1.0e-05> : tensor<256xf32>
  %s = uop.reduce_axis add %x [1] : tensor<256x1024xf32> -> tensor<256xf32>
  %mean = arith.mulf %s, %inv : tensor<256xf32>
  %mr = uop.reshape %mean : tensor<256xf32> -> tensor<256x1xf32>
  %me = uop.expand %mr : tensor<256x1xf32> -> tensor<256x1024xf32>
  %d = arith.subf %x, %me : tensor<256x1024xf32>
  %sq = arith.mulf %d, %d : tensor<256x1024xf32>
  %v = uop.reduce_axis add %sq [1] : tensor<256x1024xf32> -> tensor<256xf32>
  %var = arith.mulf %v, %inv : tensor<256xf32>
  %ve = arith.addf %var, %eps : tensor<256xf32>
  %rs = math.rsqrt %ve : tensor<256xf32>
  %rr = uop.reshape %rs : tensor<256xf32> -> tensor<256x1xf32>
  %re = uop.expand %rr : tensor<256x1xf32> -> tensor<256x1024xf32>
  %o = arith.mulf %d, %re : tensor<256x1024xf32>
  return %o : tensor<256x1024xf32>
}
