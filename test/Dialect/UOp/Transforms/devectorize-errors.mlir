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

// -----

// Vector values split into lanes only through the ops that have a per-lane
// form (VECTORIZE, VCONST, CAT, GEP, INDEX/LOAD/STORE, elementwise
// arith/math, vector.extract/from_elements/broadcast).
uop.function @precast_vector(%out: !uop.ptr<i16, global, 2>, %a: f16, %b: f16) {
  %c0 = arith.constant 0 : index
  %v = uop.vectorize %a, %b : vector<2xf16>
  // expected-error @+1 {{uop-devectorize: no scalar form for this op on vector values (the C and PTX paths take scalars)}}
  %p = uop.precast %v : vector<2xf16> -> vector<2xi16>
  %e = uop.gep %p [0] : vector<2xi16> -> i16
  %o = uop.index %out[%c0] : !uop.ptr<i16, global, 2> -> i16
  %st = uop.store %o, %e : i16
  uop.sink %st : !uop.void info <name = "precast_vector">
}

// -----

// A kernel's PARAMs are its arguments, by slot.
uop.function @param_past_args(%out: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{uop-devectorize: PARAM slot 1 has no kernel argument (the kernel has 1); a kernel's PARAMs are its arguments in order}}
  %p = uop.param 1 size 4 : !uop.ptr<f32, global, 4>
  %i = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> f32
  %v = uop.load %p, %i : !uop.ptr<f32, global, 4> -> f32
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v : f32
  uop.sink %st : !uop.void info <name = "param_past_args">
}

// -----

uop.function @param_type(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<i32, global, 4>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{uop-devectorize: PARAM slot 1 of type '!uop.ptr<f32, global, 4>' does not match kernel argument 1 of type '!uop.ptr<i32, global, 4>'}}
  %p = uop.param 1 size 4 : !uop.ptr<f32, global, 4>
  %i = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> f32
  %v = uop.load %p, %i : !uop.ptr<f32, global, 4> -> f32
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v : f32
  uop.sink %st : !uop.void info <name = "param_type">
}

// -----

uop.function @view_two_indices(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 16> {uop.shape = array<i64: 4, 4>}) {
  %c0 = arith.constant 0 : index
  %v4 = uop.buffer_view %in size 8 offset 8 : !uop.ptr<f32, global, 16> -> !uop.ptr<f32, global, 8>
  // expected-error @+1 {{uop-devectorize: an INDEX through uop.buffer_view takes one (flat) index}}
  %i = uop.index %v4[%c0, %c0] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %v4, %i : !uop.ptr<f32, global, 8> -> f32
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v : f32
  uop.sink %st : !uop.void info <name = "view_two_indices">
}

// -----

// Issue 13: the strides multiplied the extents of an unchecked uop.shape
// (signed overflow: 2^62 x 4 wrapped to 0).
uop.function @stride_overflow(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 2, 4611686018427387904, 4>}) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %i = uop.range %c2, R0, loop
  %k = uop.range %c4, R1, loop
  // expected-error @+1 {{uop-devectorize: the row-major strides of uop.shape [2, 4611686018427387904, 4] of kernel argument #1 overflow 64 bits}}
  %x = uop.index %in[%i, %k, %k] : !uop.ptr<f32, global, 32> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 32> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i, %k] : !uop.void
  uop.sink %e : !uop.void info <name = "stride_overflow">
}

// -----

uop.function @negative_extent(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, -8>}) {
  %c4 = arith.constant 4 : index
  %i = uop.range %c4, R0, loop
  // expected-error @+1 {{uop-devectorize: uop.shape [4, -8] of kernel argument #1 has a negative extent}}
  %x = uop.index %in[%i, %i] : !uop.ptr<f32, global, 32> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 32> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "negative_extent">
}

// -----

// Issue 13: splitting a vector of 2^22 lanes into scalars ran out of memory
// (an abort after a minute, 7.6 GB). The lanes of a kernel are counted
// first and bounded by max-ops (65536).
uop.function @wide(%out: !uop.ptr<f32, global, 4194304>, %in: !uop.ptr<f32, global, 4194304>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{uop-devectorize: splitting the vectors of this kernel into lanes would create more than max-ops=65536 ops (this op has 4194304 lanes)}}
  %i = uop.index %in[%c0] : !uop.ptr<f32, global, 4194304> -> vector<4194304xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 4194304> -> vector<4194304xf32>
  %m = arith.addf %v, %v : vector<4194304xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4194304> -> vector<4194304xf32>
  %s = uop.store %o, %m : vector<4194304xf32>
  uop.sink %s : !uop.void info <name = "wide">
}
