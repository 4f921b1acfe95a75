// ALLREDUCE max and min of f32, f16, f64 and bools across two devices
// (multi-device-minmax.test, test/Runtime/fake-nccl-ranks.test).
func.func @minmax(%a: tensor<8xf32>, %b: tensor<8xf32>, %h: tensor<8xf16>, %k: tensor<8xf16>,
                  %d: tensor<8xf64>, %e: tensor<8xf64>, %p: tensor<8xi1>, %q: tensor<8xi1>)
    -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf16>, tensor<8xf16>, tensor<8xf64>, tensor<8xf64>,
        tensor<8xi1>, tensor<8xi1>) {
  %devs = uop.device ("CPU:0", "CPU:1")
  %fs = uop.mstack %a, %b : tensor<8xf32>
  %fmax = uop.allreduce max %fs, %devs : tensor<8xf32>
  %fmin = uop.allreduce min %fs, %devs : tensor<8xf32>
  %hs = uop.mstack %h, %k : tensor<8xf16>
  %hmax = uop.allreduce max %hs, %devs : tensor<8xf16>
  %hmin = uop.allreduce min %hs, %devs : tensor<8xf16>
  %ds = uop.mstack %d, %e : tensor<8xf64>
  %dmax = uop.allreduce max %ds, %devs : tensor<8xf64>
  %dmin = uop.allreduce min %ds, %devs : tensor<8xf64>
  %bs = uop.mstack %p, %q : tensor<8xi1>
  %bmax = uop.allreduce max %bs, %devs : tensor<8xi1>
  %bmin = uop.allreduce min %bs, %devs : tensor<8xi1>
  return %fmax, %fmin, %hmax, %hmin, %dmax, %dmin, %bmax, %bmin
      : tensor<8xf32>, tensor<8xf32>, tensor<8xf16>, tensor<8xf16>, tensor<8xf64>, tensor<8xf64>,
        tensor<8xi1>, tensor<8xi1>
}
