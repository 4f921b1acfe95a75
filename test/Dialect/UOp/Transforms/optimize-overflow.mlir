// RUN: uop-opt %s --uop-optimize | FileCheck %s
//
// Issue 13 (signed overflow, as UBSan reports it): the register tile's width
// depends on the reduction length K, the product of the reduce extents,
// which wrapped: 2^32 x 2^32 gave K = 0 and the 16-wide tile of a short
// reduction. It saturates now: a long reduction, the 32-wide tile.

// CHECK: info <name = "long_k", applied_opts = [<UPCAST, 1, 32>, <UPCAST, 0, 8>]>
uop.function @long_k(%c: !uop.ptr<f32, global, 4096> {uop.shape = array<i64: 64, 64>}, %a: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %big = arith.constant 4294967296 : index
  %zero = arith.constant 0 : index
  %i = uop.range %c64, R0, loop
  %j = uop.range %c64, R1, loop
  %k0 = uop.range %big, R2, reduce
  %k1 = uop.range %big, R3, reduce
  %x = uop.index %a[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %a, %x : !uop.ptr<f32, global, 64> -> f32
  %s = uop.reduce add %v [%k0, %k1] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 4096> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "long_k">
}
