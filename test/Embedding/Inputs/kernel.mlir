uop.function @copy(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %r = uop.range %c64, R0, global
  %i = uop.index %in[%r] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %i : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%r] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %v [%r] : f32
  uop.sink %s : !uop.void
}
