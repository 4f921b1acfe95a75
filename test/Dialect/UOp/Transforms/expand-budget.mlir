// RUN: uop-opt %s -split-input-file --uop-expand -verify-diagnostics
// RUN: not uop-opt %s -split-input-file --uop-expand=max-ops=100 2>&1 | FileCheck %s --check-prefix=SMALL
//
// Issue 13: uop-expand bounds what it allocates before it replicates
// anything: the lanes (max-lanes, 65536) and the ops it creates (max-ops,
// 65536: every op once per lane of each range it reads). Either limit is a
// located error that names the option.

// 4096 lanes are within max-lanes, but 17 ops read the range: 69632 copies.
// (Every later pass handles each copy: 2^19 ops took the uop-to-nvvm
// pipeline past the fuzzer's 20 s, hence 65536.)
// expected-error @+1 {{uop-expand: expanding the upcast/unroll ranges would create 69632 ops, over max-ops=65536}}
uop.function @many_ops(%p: !uop.ptr<f32, global, 4096>) {
  %n = arith.constant 4096 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = uop.range %n, R0, upcast
  %a0 = arith.addi %r, %c1 : index
  %a1 = arith.subi %a0, %c1 : index
  %a2 = arith.addi %a1, %c1 : index
  %a3 = arith.subi %a2, %c1 : index
  %a4 = arith.addi %a3, %c1 : index
  %a5 = arith.subi %a4, %c1 : index
  %a6 = arith.addi %a5, %c1 : index
  %a7 = arith.subi %a6, %c1 : index
  %a8 = arith.addi %a7, %c1 : index
  %a9 = arith.subi %a8, %c1 : index
  %a10 = arith.addi %a9, %c1 : index
  %a11 = arith.subi %a10, %c1 : index
  %a12 = arith.addi %a11, %c1 : index
  %a13 = arith.subi %a12, %c1 : index
  %a14 = arith.addi %a13, %c1 : index
  %i = uop.index %p[%a14] : !uop.ptr<f32, global, 4096> -> f32
  %s = uop.store %i, %one : f32
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "many_ops">
}

// -----

// An explicit UNROLL has as many lanes as its vector.
uop.function @wide_unroll(%out: !uop.ptr<f32, global, 131072>, %in: !uop.ptr<f32, global, 131072>) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %i = uop.index %in[%c0] : !uop.ptr<f32, global, 131072> -> vector<131072xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 131072> -> vector<131072xf32>
  // expected-error @+1 {{uop-expand: expanding this UNROLL would exceed max-lanes=65536 lanes (it has 131072)}}
  %u = uop.unroll %v [(0, 131072)] : vector<131072xf32> -> f32
  %m = arith.mulf %u, %two : f32
  %c = uop.contract %m [(0, 131072)] : f32 -> vector<131072xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 131072> -> vector<131072xf32>
  %s = uop.store %o, %c : vector<131072xf32>
  uop.sink %s : !uop.void info <name = "wide_unroll">
}

// -----

// Two ranges of 8: the multiply is copied 8 times, the rest 64 times (200
// ops), within the default, over max-ops=100.
// SMALL: error: uop-expand: expanding the upcast/unroll ranges would create 200 ops, over max-ops=100
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
  uop.sink %e : !uop.void info <name = "product">
}

// -----

// 64 lanes of an UNROLL, each an extract and a multiply: 128 ops.
// SMALL: error: uop-expand: expanding this UNROLL would create 2 x 64 ops, over max-ops=100
uop.function @unroll_ops(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %i = uop.index %in[%c0] : !uop.ptr<f32, global, 64> -> vector<64xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 64> -> vector<64xf32>
  %u = uop.unroll %v [(0, 64)] : vector<64xf32> -> f32
  %m = arith.mulf %u, %two : f32
  %c = uop.contract %m [(0, 64)] : f32 -> vector<64xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 64> -> vector<64xf32>
  %s = uop.store %o, %c : vector<64xf32>
  uop.sink %s : !uop.void info <name = "unroll_ops">
}
