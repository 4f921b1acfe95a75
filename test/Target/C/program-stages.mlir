// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/iota.mlir --uop-to-program=target=cpu > %t/lin.mlir
//
// A PROGRAM's SOURCE stage is its kernel already rendered (SINK -> LINEAR ->
// SOURCE): --uop-to-c prints it as written instead of rendering the LINEAR.
// The SOURCE here writes 7 i where the LINEAR would write i + 0.5, so the
// numbers say which one ran.
// RUN: sed -e 's|%2 = uop.program @iota_k device %0 linear %1|%code = uop.source "static void uopk_iota_k(float *restrict p0) { for (int i = 0; i < 4; ++i) p0[i] = 7.0f * i; }"\n    %2 = uop.program @iota_k device %0 linear %1 source %code|' %t/lin.mlir > %t/src.mlir
// RUN: uop-translate %t/src.mlir --uop-to-c > %t/src.c
// RUN: cc -std=c11 -O2 -Wall -Werror %t/src.c %t/driver.c -lm -o %t/src
// RUN: %t/src | FileCheck %s --check-prefix=SOURCE
// SOURCE: out: 0 7 14 21
// Without it the LINEAR is rendered, which writes i + 0.5.
// RUN: uop-translate %t/lin.mlir --uop-to-c > %t/lin.c
// RUN: cc -std=c11 -O2 -Wall -Werror %t/lin.c %t/driver.c -lm -o %t/lin
// RUN: %t/lin | FileCheck %s --check-prefix=LINEAR
// LINEAR: out: 0.5 1.5 2.5 3.5
//
// A SOURCE that does not define the kernel the entry calls, and a
// PROGRAM_BINARY (compiled code C cannot carry): located errors.
// RUN: sed -e 's|uopk_iota_k(float|uopk_other(float|' %t/src.mlir | not uop-translate --uop-to-c 2>&1 | FileCheck %s --check-prefix=NODEF
// NODEF: <stdin>:{{[0-9]+}}:{{[0-9]+}}: error: uop-to-c: the SOURCE of @iota_k does not define uopk_iota_k, which the schedule's entry calls
// RUN: sed -e 's|linear %1 source %code|linear %1 source %code binary %bin|' -e 's|%2 = uop.program|%bin = uop.program_binary "\\7FELF"\n    %2 = uop.program|' %t/src.mlir | not uop-translate --uop-to-c 2>&1 | FileCheck %s --check-prefix=BINARY
// BINARY: <stdin>:{{[0-9]+}}:{{[0-9]+}}: error: uop-to-c: a PROGRAM_BINARY stage is compiled code, which C source cannot carry; without it the kernel is rendered from its SOURCE or LINEAR
//
// BIND and PRECAST left in a LINEAR (uop-normalize did not run): located
// errors.
// RUN: sed -e 's|%4 = uop.range %c2, R1, loop|%cast = uop.precast %c2 : index -> index\n      %4 = uop.range %cast, R1, loop|' %t/lin.mlir | not uop-translate --uop-to-c 2>&1 | FileCheck %s --check-prefix=PRECAST
// PRECAST: error: uop-to-c: a uop.precast in a LINEAR; uop-normalize (the first pass of uop-to-program) makes it plain values and casts before the kernel is rendered

//--- iota.mlir
uop.function @iota_k(%out: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %h = arith.constant 0.5 : f32
  %i = uop.range %c4, R0, loop
  %t = arith.index_cast %i : index to i32
  %x = arith.sitofp %t : i32 to f32
  %v = arith.addf %x, %h : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v [%i] : f32
  uop.sink %st : !uop.void info <name = "iota_k">
}
uop.function @iota(%out: !uop.ptr<f32, global, 4>) {
  %c = uop.call @iota_k(%out) : (!uop.ptr<f32, global, 4>)
  uop.sink %c : !uop.void
}

//--- driver.c
#include <stdio.h>
int uop_iota(float *out);
int main(void) {
  float out[4] = {-1, -1, -1, -1};
  if (uop_iota(out))
    return 1;
  printf("out:");
  for (int i = 0; i < 4; ++i)
    printf(" %g", out[i]);
  printf("\n");
  return 0;
}
