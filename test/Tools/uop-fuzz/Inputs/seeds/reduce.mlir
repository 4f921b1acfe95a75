// Row sums of a 512x256 f32 matrix: REDUCE_AXIS over axis 1 becomes a REDUCE
// over a reduce RANGE, then a register accumulator (uop-devectorize).
//
//   uop-run examples/uop/reduce.mlir --target cpu --check
func.func @reduce(%a: tensor<512x256xf32>) -> tensor<512xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<512x256xf32> -> tensor<512xf32>
  return %s : tensor<512xf32>
}
