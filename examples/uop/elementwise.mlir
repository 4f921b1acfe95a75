// Elementwise: out = exp(a) * b + broadcast(c) - 2, on 256x384 f32.
// Everything fuses into one kernel; the bias row c is broadcast by
// RESHAPE + EXPAND, which rangeify turns into an index that ignores the row.
//
//   uop-run examples/uop/elementwise.mlir --target cpu --check
func.func @elementwise(%a: tensor<256x384xf32>, %b: tensor<256x384xf32>,
                       %c: tensor<384xf32>) -> tensor<256x384xf32> {
  %ea = math.exp %a : tensor<256x384xf32>
  %m = arith.mulf %ea, %b : tensor<256x384xf32>
  %cr = uop.reshape %c : tensor<384xf32> -> tensor<1x384xf32>
  %ce = uop.expand %cr : tensor<1x384xf32> -> tensor<256x384xf32>
  %s = arith.addf %m, %ce : tensor<256x384xf32>
  %two = arith.constant dense<2.0> : tensor<256x384xf32>
  %r = arith.subf %s, %two : tensor<256x384xf32>
  return %r : tensor<256x384xf32>
}
