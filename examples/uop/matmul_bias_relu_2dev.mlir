// relu(A @ B + bias) on two devices, tensor parallel: A 128x192 is sharded
// along K (its columns) and B 192x160 along K (its rows), so each device
// multiplies its 96-wide slab of K into a full 128x160 partial sum; the
// REDUCE_AXIS over the sharded K is the local sum plus an ALLREDUCE add of
// the partial sums (uop-shard), after which bias and relu run on every
// device. The result is replicated: every rank holds all of it.
//
//   uop-run examples/uop/matmul_bias_relu_2dev.mlir --devices 2 --check
//   (or: mpirun -np 2 uop-run examples/uop/matmul_bias_relu_2dev.mlir --check)
func.func @matmul_bias_relu_2dev(%a0: tensor<128x96xf32>, %a1: tensor<128x96xf32>,
                                 %b0: tensor<96x160xf32>, %b1: tensor<96x160xf32>,
                                 %bias: tensor<160xf32>) -> tensor<128x160xf32> {
  %devs = uop.device ("CPU:0", "CPU:1")
  %a = uop.multi %a0, %a1 axis 1 : tensor<128x96xf32>, tensor<128x96xf32> -> tensor<128x192xf32>
  %b = uop.multi %b0, %b1 axis 0 : tensor<96x160xf32>, tensor<96x160xf32> -> tensor<192x160xf32>
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
