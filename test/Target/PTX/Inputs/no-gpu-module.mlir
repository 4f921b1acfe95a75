// A module with host code only: nothing for --mlir-to-ptx to translate.
func.func @host(%x: f32) -> f32 {
  %y = arith.addf %x, %x : f32
  return %y : f32
}
