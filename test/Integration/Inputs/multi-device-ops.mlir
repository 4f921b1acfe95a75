// Per-device values (MSTACK), MSELECT, COPY of a sharded value to one device
// (a gather), a replicated MULTI, and all-reduces of several dtypes.
func.func @ops(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>, tensor<8xf32>) {
  %devs = uop.device ("CPU:0", "CPU:1")
  %cpu = uop.device "CPU"
  %s = uop.mstack %a, %b : tensor<4x8xf32>
  %e = math.exp %s : tensor<4x8xf32>
  %sum = uop.allreduce add %e, %devs : tensor<4x8xf32>
  %one = uop.mselect %s [1] : tensor<4x8xf32>
  %m = uop.multi %a, %b axis 0 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  %g = uop.copy %m, %cpu : tensor<8x8xf32>
  %rep = uop.multi %a, %a : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %mx = uop.allreduce max %rep, %devs : tensor<4x8xf32>
  // A sharded reduction over the other axis stays sharded, then is gathered.
  %rs = uop.reduce_axis add %m [1] : tensor<8x8xf32> -> tensor<8xf32>
  return %sum, %one, %g, %mx, %rs : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>, tensor<8xf32>
}

func.func @dtypes(%a: tensor<16xf16>, %b: tensor<16xf16>, %h: tensor<16xbf16>,
                  %k: tensor<16xbf16>, %i: tensor<16xi32>, %j: tensor<16xi32>,
                  %u: tensor<16xi8> {uop.unsigned}, %v: tensor<16xi8> {uop.unsigned})
    -> (tensor<16xf16>, tensor<16xbf16>, tensor<16xi32>, tensor<16xi32>, tensor<16xi8> {uop.unsigned}) {
  %devs = uop.device ("CPU:0", "CPU:1")
  %fs = uop.mstack %a, %b : tensor<16xf16>
  %f = uop.allreduce add %fs, %devs : tensor<16xf16>
  %hs = uop.mstack %h, %k : tensor<16xbf16>
  %hm = uop.allreduce max %hs, %devs : tensor<16xbf16>
  %is = uop.mstack %i, %j : tensor<16xi32>
  %imax = uop.allreduce max %is, %devs : tensor<16xi32>
  %imul = uop.allreduce mul %is, %devs : tensor<16xi32>
  %us = uop.mstack %u, %v : tensor<16xi8>
  %umax = uop.allreduce umax %us, %devs : tensor<16xi8>
  return %f, %hm, %imax, %imul, %umax : tensor<16xf16>, tensor<16xbf16>, tensor<16xi32>, tensor<16xi32>, tensor<16xi8>
}
