// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/kernel.mlir --uop-linearize | uop-translate --uop-to-c > %t/kernel.c
// RUN: cc -std=c11 -O2 %t/kernel.c %t/driver.c -o %t/run -lm
// RUN: %t/run | FileCheck %s
//
// Regression test for a fixed bug, as it was reported: NaN semantics of --uop-to-c. The unordered
// predicates of arith.cmpf (ult, ule, ugt, uge, ueq) are true when an
// operand is NaN, but are printed as C's ordered <, <=, >, >=, == (false);
// `one` should be false on NaN but is printed as != (true). arith.maxnumf /
// minnumf return the other operand when one is NaN, but share maximumf's
// NaN-propagating C form. (The reference interpreter makes the same cmpf
// mistake, so uop-run --check cannot see it; its maxnumf is right.)
//
// Expected: the values below (computed with a = NaN, b = 1).

// CHECK: ult=1 ule=1 ugt=1 uge=1 ueq=1 one=0
// CHECK: maxnumf=1 minnumf=1

//--- kernel.mlir
uop.function @nan_semantics(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 2>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %ia = uop.index %in[%c0] : !uop.ptr<f32, global, 2> -> f32
  %a = uop.load %in, %ia : !uop.ptr<f32, global, 2> -> f32
  %ib = uop.index %in[%c1] : !uop.ptr<f32, global, 2> -> f32
  %b = uop.load %in, %ib : !uop.ptr<f32, global, 2> -> f32
  %p0 = arith.cmpf ult, %a, %b : f32
  %p1 = arith.cmpf ule, %a, %b : f32
  %p2 = arith.cmpf ugt, %a, %b : f32
  %p3 = arith.cmpf uge, %a, %b : f32
  %p4 = arith.cmpf ueq, %a, %b : f32
  %p5 = arith.cmpf one, %a, %b : f32
  %v0 = arith.select %p0, %one, %zero : f32
  %v1 = arith.select %p1, %one, %zero : f32
  %v2 = arith.select %p2, %one, %zero : f32
  %v3 = arith.select %p3, %one, %zero : f32
  %v4 = arith.select %p4, %one, %zero : f32
  %v5 = arith.select %p5, %one, %zero : f32
  %v6 = arith.maxnumf %a, %b : f32
  %v7 = arith.minnumf %a, %b : f32
  %o0 = uop.index %out[%c0] : !uop.ptr<f32, global, 8> -> f32
  %s0 = uop.store %o0, %v0 : f32
  %o1 = uop.index %out[%c1] : !uop.ptr<f32, global, 8> -> f32
  %s1 = uop.store %o1, %v1 : f32
  %o2 = uop.index %out[%c2] : !uop.ptr<f32, global, 8> -> f32
  %s2 = uop.store %o2, %v2 : f32
  %o3 = uop.index %out[%c3] : !uop.ptr<f32, global, 8> -> f32
  %s3 = uop.store %o3, %v3 : f32
  %o4 = uop.index %out[%c4] : !uop.ptr<f32, global, 8> -> f32
  %s4 = uop.store %o4, %v4 : f32
  %o5 = uop.index %out[%c5] : !uop.ptr<f32, global, 8> -> f32
  %s5 = uop.store %o5, %v5 : f32
  %o6 = uop.index %out[%c6] : !uop.ptr<f32, global, 8> -> f32
  %s6 = uop.store %o6, %v6 : f32
  %o7 = uop.index %out[%c7] : !uop.ptr<f32, global, 8> -> f32
  %s7 = uop.store %o7, %v7 : f32
  uop.sink %s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7 : !uop.void, !uop.void, !uop.void, !uop.void, !uop.void, !uop.void, !uop.void, !uop.void info <name = "nan_semantics">
}
uop.function @main(%in: !uop.ptr<f32, global, 2>, %out: !uop.ptr<f32, global, 8>) {
  %c = uop.call @nan_semantics(%out, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 2>)
  uop.sink %c : !uop.void
}

//--- driver.c
#include <math.h>
#include <stdio.h>
int uop_main(const float *in, float *out);
int main(void) {
  float in[2] = {NAN, 1.0f}, out[8];
  uop_main(in, out);
  printf("ult=%g ule=%g ugt=%g uge=%g ueq=%g one=%g\n", out[0], out[1],
         out[2], out[3], out[4], out[5]);
  printf("maxnumf=%g minnumf=%g\n", out[6], out[7]);
  return 0;
}
