// Row softmax of a 256x384 matrix sharded along its rows' length (axis 1)
// over two devices: each device holds 192 columns of every row. The row max
// and the row sum are REDUCE_AXIS over the sharded axis, so each is a local
// reduction and an ALLREDUCE (max, then add); the broadcast statistics are
// whole on every device and are shrunk to the device's columns where they
// meet the shard. The result stays sharded and is gathered for the caller.
//
//   uop-run examples/uop/softmax_2dev.mlir --devices 2 --check
func.func @softmax_2dev(%x0: tensor<256x192xf32>, %x1: tensor<256x192xf32>) -> tensor<256x384xf32> {
  %x = uop.multi %x0, %x1 axis 1 : tensor<256x192xf32>, tensor<256x192xf32> -> tensor<256x384xf32>
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
