// RUN: uop-opt %s -split-input-file -verify-diagnostics --uop-devectorize
//
// A multi-dimensional INDEX of a kernel argument becomes row-major over the
// argument's `uop.shape`; without it (or with another rank) the pass says so
// where the INDEX is.

uop.function @unshaped(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 32>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = uop.range %c4, R0, loop
  %k = uop.range %c8, R1, loop
  // expected-error @+1 {{uop-devectorize: this 2-dimensional INDEX of kernel argument #1 needs the argument's shape to make one row-major index: give the argument a `uop.shape` attribute}}
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 32> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 32> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i, %k] : !uop.void
  uop.sink %e : !uop.void info <name = "unshaped">
}

// -----

uop.function @wrong_rank(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 32>}) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = uop.range %c4, R0, loop
  %k = uop.range %c8, R1, loop
  // expected-error @+1 {{uop-devectorize: 2 indices for kernel argument #1 of uop.shape rank 1}}
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 32> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 32> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i, %k] : !uop.void
  uop.sink %e : !uop.void info <name = "wrong_rank">
}
