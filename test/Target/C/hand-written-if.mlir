// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/kernel.mlir --uop-linearize | uop-translate --uop-to-c > %t/linearize.c
// RUN: cc -std=c11 -O2 %t/linearize.c %t/driver.c -o %t/linearize
// RUN: %t/linearize | FileCheck %s
// RUN: uop-opt %t/kernel.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/program.c
// RUN: cc -std=c11 -O2 %t/program.c %t/driver.c -o %t/program
// RUN: %t/program | FileCheck %s
// RUN: FileCheck %s --check-prefix=C --input-file=%t/linearize.c
//
// Regression test for a fixed bug, as it was reported: a hand-written IF of
// a kernel (the seed's form: `uop.if %cond (%store)` and its `uop.endif`)
// came out of --uop-to-c as an unconditional store followed by an empty
// `if (cond) { }`. The IF's guarded ops are its body and what only they use:
// here the STORE and its LOAD in @head (out[i] = 2 * in[i] for i < 5), and in
// @rows a whole inner loop of stores under a nested IF (j < 3 and i odd).
// Elements it does not write keep the driver's -1.

// CHECK: head: 0 2 4 6 8 -1 -1 -1
// CHECK: rows: -1 -1 -1 -1 -1 -1 -1 -1 10 11 12 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1

// The store sits inside the if; the load it alone needs is gated too.
// C-LABEL: static void uopk_head(
// C: const _Bool [[G:v[0-9]+]] = ({{r[0-9]+}} < INT64_C(5));
// C: = ([[G]]) ? p1[{{r[0-9]+}}] : 0;
// C: if ([[G]]) {
// C-NEXT: p0[{{r[0-9]+}}] = {{v[0-9]+}};
// C-NEXT: }

//--- kernel.mlir
uop.function @head(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c5 = arith.constant 5 : index
  %two = arith.constant 2.0 : f32
  %i = uop.range %c8, R0, loop
  %ii = uop.index %in[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 8> -> f32
  %d = arith.mulf %v, %two : f32
  %oi = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %oi, %d : f32
  %lt = arith.cmpi slt, %i, %c5 : index
  %if = uop.if %lt (%st : !uop.void) : i1
  %endif = uop.endif %if
  %e = uop.end %endif [%i] : !uop.void
  uop.sink %e : !uop.void info <name = "head">
}
// out[i*8 + j] = 10*i + j for odd i and j < 3: the inner loop of stores is
// ENDed into the outer IF's body; the inner IF guards each store.
uop.function @rows(%out: !uop.ptr<f32, global, 24>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %i = uop.range %c3, R0, loop
  %j = uop.range %c8, R1, loop
  %odd = arith.andi %i, %c1 : index
  %isodd = arith.cmpi eq, %odd, %c1 : index
  %row = arith.muli %i, %c8 : index
  %at = arith.addi %row, %j : index
  %ten = arith.muli %i, %c10 : index
  %x = arith.addi %ten, %j : index
  %xi = arith.index_cast %x : index to i32
  %xf = arith.sitofp %xi : i32 to f32
  %oi = uop.index %out[%at] : !uop.ptr<f32, global, 24> -> f32
  %st = uop.store %oi, %xf : f32
  %small = arith.cmpi slt, %j, %c3 : index
  %inner = uop.if %small (%st : !uop.void) : i1
  %innerend = uop.endif %inner
  %ej = uop.end %innerend [%j] : !uop.void
  %outer = uop.if %isodd (%ej : !uop.void) : i1
  %outerend = uop.endif %outer
  %ei = uop.end %outerend [%i] : !uop.void
  uop.sink %ei : !uop.void info <name = "rows">
}
uop.function @main(%in: !uop.ptr<f32, global, 8>, %out: !uop.ptr<f32, global, 8>, %rows: !uop.ptr<f32, global, 24>) {
  %c0 = uop.call @head(%out, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  %c1 = uop.call @rows(%rows) : (!uop.ptr<f32, global, 24>)
  uop.sink %c0, %c1 : !uop.void, !uop.void
}

//--- driver.c
#include <stdio.h>
int uop_main(const float *in, float *out, float *rows);
static void print(const char *name, const float *v, int n) {
  printf("%s:", name);
  for (int i = 0; i < n; ++i)
    printf(" %g", v[i]);
  printf("\n");
}
int main(void) {
  float in[8], out[8], rows[24];
  for (int i = 0; i < 8; ++i)
    in[i] = i, out[i] = -1;
  for (int i = 0; i < 24; ++i)
    rows[i] = -1;
  uop_main(in, out, rows);
  print("head", out, 8);
  print("rows", rows, 24);
  return 0;
}
