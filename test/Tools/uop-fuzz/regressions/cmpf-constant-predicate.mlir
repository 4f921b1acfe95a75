// RUN: uop-opt %s --uop-to-program=target=cpu | uop-translate --uop-to-c > %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t.c -o %t.o
//
// Found by uop-fuzz (c-warning in cc, seed test/Integration/edge-cases-ptx.mlir):
// `arith.cmpf false` (and `true`) printed as a bare 0 (1), so the LOAD only
// the compare read became an unused C variable (-Wunused-variable). The
// constant compares still read their operands.

// CHECK-LABEL: static void uopk_k(
// CHECK: const float [[A:v[0-9]+]] = p1[
// CHECK: const _Bool {{v[0-9]+}} = ((void)[[A]], (void)0.000000000e+00f, 0);
// CHECK: const _Bool {{v[0-9]+}} = ((void)[[A]], (void){{v[0-9]+}}, 1);
uop.function @k(%out: !uop.ptr<i8, global, 5>, %in: !uop.ptr<f32, global, 5>, %other: !uop.ptr<f32, global, 5>) {
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %i = uop.range %c5, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 5> -> f32
  %a = uop.load %in, %x : !uop.ptr<f32, global, 5> -> f32
  %y = uop.index %other[%i] : !uop.ptr<f32, global, 5> -> f32
  %b = uop.load %other, %y : !uop.ptr<f32, global, 5> -> f32
  %f = arith.cmpf false, %a, %zero : f32
  %t = arith.cmpf true, %a, %b : f32
  %ft = arith.xori %f, %t : i1
  %n = arith.extui %ft : i1 to i8
  %o = uop.index %out[%i] : !uop.ptr<i8, global, 5> -> i8
  %st = uop.store %o, %n : i8
  %end = uop.end %st[%i] : !uop.void
  uop.sink %end : !uop.void info <name = "k">
}
uop.function @main(%out: !uop.ptr<i8, global, 5>, %in: !uop.ptr<f32, global, 5>, %other: !uop.ptr<f32, global, 5>) {
  %c = uop.call @k(%out, %in, %other) : (!uop.ptr<i8, global, 5>, !uop.ptr<f32, global, 5>, !uop.ptr<f32, global, 5>)
  uop.sink %c : !uop.void
}
