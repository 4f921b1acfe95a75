// RUN: uop-opt %s -split-input-file --uop-simplify | FileCheck %s
//
// A RANGE over a shape variable is bounded by the variable's upper bound
// (DEFINE_VAR's InferIntRangeInterface through IntegerRangeAnalysis): with
// n <= 64, r / 64 is 0 and r % 64 is r. With n <= 65 neither folds.

// CHECK-LABEL: uop.function @bounded
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: %[[R:.*]] = uop.range
// CHECK-NEXT: arith.index_cast %[[R]] : index to i64
uop.function @bounded(%out: !uop.ptr<i64, global>) {
  %n = uop.define_var "n" [1, 64]
  %r = uop.range %n, R0, loop
  %c64 = arith.constant 64 : index
  %q = arith.divui %r, %c64 : index
  %m = arith.remui %r, %c64 : index
  %s = arith.addi %q, %m : index
  %v = arith.index_cast %s : index to i64
  %i = uop.index %out[%r] : !uop.ptr<i64, global> -> i64
  %st = uop.store %i, %v : i64
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "bounded">
}

// -----

// CHECK-LABEL: uop.function @unbounded
// CHECK: arith.divui
// CHECK: arith.remui
uop.function @unbounded(%out: !uop.ptr<i64, global>) {
  %n = uop.define_var "n" [1, 65]
  %r = uop.range %n, R0, loop
  %c64 = arith.constant 64 : index
  %q = arith.divui %r, %c64 : index
  %m = arith.remui %r, %c64 : index
  %s = arith.addi %q, %m : index
  %v = arith.index_cast %s : index to i64
  %i = uop.index %out[%r] : !uop.ptr<i64, global> -> i64
  %st = uop.store %i, %v : i64
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "unbounded">
}
