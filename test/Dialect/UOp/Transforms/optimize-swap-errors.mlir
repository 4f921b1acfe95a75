// RUN: uop-opt %s -split-input-file -verify-diagnostics --uop-optimize=target=cpu
// RUN: not uop-opt %s -split-input-file --uop-optimize=target=cuda 2>&1 | FileCheck %s --check-prefix=CUDA
//
// A SWAP that does not fit the kernel is an error at the SINK.
// CUDA: SWAP is a cpu option (a grid's ranges have no nesting)

uop.function @same_axis(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{SWAP needs a second RANGE: the kernel has none with axis id 0 other than the first}}
  uop.sink %e : !uop.void info <opts_to_apply = [<SWAP, 0, 0>]>
}

// -----

// An UPCAST's lanes are not a loop.
uop.function @lanes(%out: !uop.ptr<f32, global, 256>, %in: !uop.ptr<f32, global, 256>) {
  %c16 = arith.constant 16 : index
  %i = uop.range %c16, R0, loop
  %j = uop.range %c16, R1, loop
  %ii = arith.muli %i, %c16 : index
  %a = arith.addi %ii, %j : index
  %x = uop.index %in[%a] : !uop.ptr<f32, global, 256> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 256> -> f32
  %o = uop.index %out[%a] : !uop.ptr<f32, global, 256> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i, %j] : !uop.void
  // expected-error @+1 {{SWAP exchanges two output loops; axis 0 is loop and axis 3 upcast}}
  uop.sink %e : !uop.void info <opts_to_apply = [<UPCAST, 1, 4>, <SWAP, 0, 3>]>
}

// -----

// Two loops closed by different ENDs (a reduction's range and an output's).
uop.function @apart(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 256>) {
  %c16 = arith.constant 16 : index
  %cst = arith.constant 0.0 : f32
  %i = uop.range %c16, R0, loop
  %k = uop.range %c16, R1, reduce
  %ii = arith.muli %i, %c16 : index
  %a = arith.addi %ii, %k : index
  %x = uop.index %in[%a] : !uop.ptr<f32, global, 256> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 256> -> f32
  %s = uop.reduce add %v[%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  // expected-error @+1 {{SWAP exchanges two output loops; axis 0 is loop and axis 1 reduce}}
  uop.sink %e : !uop.void info <opts_to_apply = [<SWAP, 0, 1>]>
}
