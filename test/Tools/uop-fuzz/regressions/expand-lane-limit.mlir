// RUN: uop-opt %s -split-input-file --uop-expand -verify-diagnostics
// RUN: not uop-opt %s -split-input-file --uop-expand=max-lanes=16 2>&1 | FileCheck %s --check-prefix=SMALL
//
// Found by uop-fuzz (LLVM fatal error in passes, seed
// test/Dialect/UOp/Transforms/invalid.mlir; the same class as issue 13's
// report): uop-expand replicated ops once per lane of an upcast/unroll
// extent with no bound, so an extent of 2^32+1 died with "SmallVector
// unable to grow" (2^31-1: out of memory), and an extent of 0 read lane 0
// of nothing. The lanes of a kernel are now bounded by max-lanes (65536 by
// default) and an extent must be at least 1, checked before anything is
// replicated.

uop.function @huge(%p: !uop.ptr<f32, global, 16>) {
  %n = arith.constant 4294967297 : index
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{expanding this range would exceed max-lanes=65536 lanes in the kernel (extent 4294967297)}}
  %r = uop.range %n, R0, upcast
  %i = uop.index %p[%r] : !uop.ptr<f32, global, 16> -> f32
  %s = uop.store %i, %one : f32
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

// -----

uop.function @zero(%p: !uop.ptr<f32, global, 16>) {
  %n = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{an upcast/unroll range needs an extent of at least 1, got 0}}
  %r = uop.range %n, R0, unroll
  %i = uop.index %p[%r] : !uop.ptr<f32, global, 16> -> f32
  %s = uop.store %i, %one : f32
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

// -----

// Two ranges of 8 are 64 lanes: within the default, over max-lanes=16.
// SMALL: error: uop-expand: expanding this range would exceed max-lanes=16 lanes in the kernel (extent 8)
uop.function @product(%p: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %r0 = uop.range %c8, R0, upcast
  %r1 = uop.range %c8, R1, upcast
  %c = arith.muli %r0, %c8 : index
  %a = arith.addi %c, %r1 : index
  %i = uop.index %p[%a] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %i, %one : f32
  %e = uop.end %s[%r0, %r1] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}
