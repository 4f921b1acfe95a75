// Row softmax of a 256x384 f32 matrix:
//   m = max(x, 1); e = exp(x - m); out = e / sum(e, 1)
// The row max and the row sum are read back through RESHAPE + EXPAND (a
// different index space), so rangeify realizes them: three kernels. On the
// cpu, exp(x - max) is realized too (it has two uses, and the C computes exp
// as a polynomial): four.
//
//   uop-run examples/uop/softmax.mlir --target cpu --check
func.func @softmax(%x: tensor<256x384xf32>) -> tensor<256x384xf32> {
  %m = uop.reduce_axis max %x [1] : tensor<256x384xf32> -> tensor<256xf32>
  %mr = uop.reshape %m : tensor<256xf32> -> tensor<256x1xf32>
  %me = uop.expand %mr : tensor<256x1xf32> -> tensor<256x384xf32>
  %d = arith.subf %x, %me : tensor<256x384xf32>
  %e = math.exp %d : tensor<256x384xf32>
  %s = uop.reduce_axis add %e [1] : tensor<256x384xf32> -> tensor<256xf32>
  %sr = uop.reshape %s : tensor<256xf32> -> tensor<256x1xf32>
  %se = uop.expand %sr : tensor<256x1xf32> -> tensor<256x384xf32>
  %o = arith.divf %e, %se : tensor<256x384xf32>
  return %o : tensor<256x384xf32>
}
