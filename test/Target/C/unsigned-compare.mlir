// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/kernel.mlir --uop-linearize | uop-translate --uop-to-c > %t/kernel.c
// RUN: cc -std=c11 -O2 %t/kernel.c %t/driver.c -o %t/run
// RUN: %t/run | FileCheck %s
//
// Regression test for a fixed bug, as it was reported: --uop-to-c prints the unsigned predicates of
// arith.cmpi (ult, ule, ugt, uge) as the signed C comparisons of int64_t
// values. `(r - 2) ult 4` is the usual "2 <= r < 6" window test: for r = 0
// and r = 1 the operand is negative, which unsigned is huge (false), but the
// C code compares -2 < 4 (true). divui / remui already go through uint64_t
// casts; the comparisons need the same. (The same happens for i32 divui /
// remui, which are cast through uint64_t rather than uint32_t.)
//
// Expected: 1 exactly for r in [2, 6).

// CHECK: 0 0 1 1 1 1 0 0

//--- kernel.mlir
uop.function @window(%out: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %r = uop.range %c8, R0, loop
  %s = arith.subi %r, %c2 : index
  %g = arith.cmpi ult, %s, %c4 : index
  %v = arith.select %g, %one, %zero : f32
  %o = uop.index %out[%r] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "window">
}
uop.function @main(%out: !uop.ptr<f32, global, 8>) {
  %c = uop.call @window(%out) : (!uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}

//--- driver.c
#include <stdio.h>
int uop_main(float *out);
int main(void) {
  float out[8];
  uop_main(out);
  for (int i = 0; i < 8; ++i)
    printf("%g%s", out[i], i == 7 ? "\n" : " ");
  return 0;
}
