// examples/uop/softmax.mlir with its 256 rows split over two devices: no
// collective but the gather of the sharded result.
func.func @softmax_rows_2dev(%x0: tensor<128x384xf32>, %x1: tensor<128x384xf32>) -> tensor<256x384xf32> {
  %x = uop.multi %x0, %x1 axis 0 : tensor<128x384xf32>, tensor<128x384xf32> -> tensor<256x384xf32>
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
