// RUN: uop-opt %s --uop-simplify -split-input-file | FileCheck %s
//
// A split index put back together, (x / c) * c + x % c, is x again (a
// reshape round trip produces it); it needs x >= 0, which the range gives.

// CHECK-LABEL: uop.function @recombine
// CHECK: %[[R:.*]] = uop.range
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: uop.index %{{.*}}[%[[R]]]
uop.function @recombine(%p: !uop.ptr<f32, global, 96>) {
  %c96 = arith.constant 96 : index
  %c8 = arith.constant 8 : index
  %r = uop.range %c96, R0, loop
  %d = arith.divui %r, %c8 : index
  %m = arith.muli %d, %c8 : index
  %q = arith.remui %r, %c8 : index
  %x = arith.addi %q, %m : index
  %i = uop.index %p[%x] : !uop.ptr<f32, global, 96> -> f32
  %z = arith.constant 0.0 : f32
  %s = uop.store %i, %z : f32
  %e = uop.end %s [%r] : !uop.void
  uop.sink %e : !uop.void info <name = "recombine">
}

// -----

// Different divisors are not a split of one index: kept.
// CHECK-LABEL: uop.function @different_divisors
// CHECK: arith.divui
// CHECK: arith.remui
uop.function @different_divisors(%p: !uop.ptr<f32, global, 96>) {
  %c96 = arith.constant 96 : index
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %r = uop.range %c96, R0, loop
  %d = arith.divui %r, %c8 : index
  %m = arith.muli %d, %c8 : index
  %q = arith.remui %r, %c4 : index
  %x = arith.addi %m, %q : index
  %i = uop.index %p[%x] : !uop.ptr<f32, global, 96> -> f32
  %z = arith.constant 0.0 : f32
  %s = uop.store %i, %z : f32
  %e = uop.end %s [%r] : !uop.void
  uop.sink %e : !uop.void info <name = "different_divisors">
}
