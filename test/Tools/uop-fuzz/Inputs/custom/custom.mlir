// A kernel whose CUSTOM code is not C: the C compiler rejects what the user
// wrote, which uop-fuzz does not count as a finding of ours.
uop.function @custom_k(%out: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %r = uop.range %c8, R0, loop
  %i = uop.index %out[%r] : !uop.ptr<f32, global, 8> -> f32
  %s = uop.custom "{0} = this is not C;" (%i) : (f32) -> !uop.void
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "custom_k">
}
uop.function @main(%out: !uop.ptr<f32, global, 8>) {
  %c = uop.call @custom_k(%out) : (!uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}
