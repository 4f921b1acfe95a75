// RUN: uop-opt %s -split-input-file -verify-diagnostics --uop-optimize=target=cuda
//
// A pinned schedule that does not fit the kernel is an error at the SINK,
// never an option silently skipped.

uop.function @no_axis(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{uop-optimize: cannot apply #uop.opt<LOCAL, 7, 16>: the kernel has no RANGE with axis id 7}}
  uop.sink %e : !uop.void info <opts_to_apply = [<LOCAL, 7, 16>]>
}

// -----

uop.function @not_dividing(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{the amount must divide the extent 64 and lie in 2..1024 (0: the whole axis)}}
  uop.sink %e : !uop.void info <opts_to_apply = [<LOCAL, 0, 24>]>
}

// -----

// A LOCAL of a part that an UPCAST just made a register lane.
uop.function @wrong_type(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{LOCAL applies to grid (global) ranges; axis 2 is upcast}}
  uop.sink %e : !uop.void info <opts_to_apply = [<UPCAST, 0, 4>, <LOCAL, 2, 4>]>
}

// -----

uop.function @unroll_output(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{UNROLL applies to reduce ranges; axis 0 is global}}
  uop.sink %e : !uop.void info <opts_to_apply = [<UNROLL, 0, 4>]>
}

// -----

uop.function @nolocals(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{cannot apply #uop.opt<LOCAL, 0, 16>: the kernel has NOLOCALS}}
  uop.sink %e : !uop.void info <opts_to_apply = [<NOLOCALS, 0, 0>, <LOCAL, 0, 16>]>
}

// -----

// GROUP of a 64-bit reduction (shfl.sync moves 32 bits).
uop.function @group_f64(%out: !uop.ptr<f64, global, 4>, %in: !uop.ptr<f64, global, 4096>) {
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index
  %i = uop.range %c4, R0, loop
  %k = uop.range %c1024, R1, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f64, global, 4096> -> f64
  %v = uop.load %in, %x : !uop.ptr<f64, global, 4096> -> f64
  %s = uop.reduce add %v [%k] : f64
  %o = uop.index %out[%i] : !uop.ptr<f64, global, 4> -> f64
  %st = uop.store %o, %s : f64
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{GROUP needs one add, max or min REDUCE of 32-bit data over the range}}
  uop.sink %e : !uop.void info <opts_to_apply = [<GROUP, 1, 256>]>
}

// -----

uop.function @group_partial_warp(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 4096>) {
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index
  %i = uop.range %c4, R0, loop
  %k = uop.range %c1024, R1, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 4096> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 4096> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{the group must be whole warps (a multiple of 32 up to 1024) that divide the range's constant extent}}
  uop.sink %e : !uop.void info <opts_to_apply = [<GROUPTOP, 1, 48>]>
}

// -----

uop.function @tc_not_matmul(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{TC is a whole schedule (the tensor-core lowering tiles the kernel); it cannot be combined with other options}}
  uop.sink %e : !uop.void info <opts_to_apply = [<TC, 0, 32>, <LOCAL, 0, 16>]>
}

// -----

uop.function @tc_off(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{TC needs target=cuda and tensor-cores (a chip with mma.sync)}}
  uop.sink %e : !uop.void info <opts_to_apply = [<TC, 0, 32>]>
}

// -----

uop.function @unsupported(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{not available in a pinned schedule (UPCAST, UNROLL, LOCAL, GROUP, GROUPTOP, TC, BLOCK, PACK, PREFETCH, PITCH, SWAP and NOLOCALS are)}}
  uop.sink %e : !uop.void info <opts_to_apply = [<PADTO, 0, 32>]>
}

// -----

uop.function @block_on_cuda(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{cannot apply #uop.opt<BLOCK, 0, 16>: BLOCK needs target=cpu}}
  uop.sink %e : !uop.void info <opts_to_apply = [<BLOCK, 0, 16>]>
}

// -----

uop.function @pack_on_cuda(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{cannot apply #uop.opt<PACK, 0, 0>: PACK needs target=cpu}}
  uop.sink %e : !uop.void info <opts_to_apply = [<PACK, 0, 0>]>
}
