// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/custom.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/custom.c
// RUN: FileCheck %s --check-prefix=C --input-file=%t/custom.c
// RUN: cc -std=c11 -O2 -Wall -Werror %t/custom.c %t/driver.c -lm -o %t/custom
// RUN: %t/custom | FileCheck %s
// RUN: not uop-opt %t/custom.mlir --uop-to-nvvm=chip=sm_80 2>&1 | FileCheck %s --check-prefix=PTX
//
// CUSTOMI is a C expression, CUSTOM a C statement (the seed: Custom is C
// only), `{n}` standing for operand n (an INDEX operand is its lvalue).
// out[i] = fmaf(x, x, x) = x * x + x, cnt[i] += 10 x. With x[i] = i and
// cnt[i] = 1 (driver): out = 0 2 6 12 20 30 42 56, cnt = 1 11 21 ... 71.
// CHECK: out: 0 2 6 12 20 30 42 56
// CHECK: cnt: 1 11 21 31 41 51 61 71
// The buffer CUSTOM writes through is not const.
// C: static void uopk_custom_k(float *restrict p0, float *restrict p1, const float *restrict p2)
// C: = (fmaf([[X:v[0-9]+]], [[X]], [[X]]));
// C: p1[{{.*}}] += [[X]] * 10.0f;
// No PTX form: the conversion says why.
// PTX: custom.mlir:6:8: error: convert-uop-to-tirx: CUSTOM / CUSTOMI hold C code (the seed: Custom supports only C)

//--- custom.mlir
uop.function @custom_k(%out: !uop.ptr<f32, global, 8>, %cnt: !uop.ptr<f32, global, 8>, %x: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %i = uop.range %c8, R0, loop
  %xi = uop.index %x[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %x, %xi : !uop.ptr<f32, global, 8> -> f32
  %f = uop.customi "fmaf({0}, {1}, {0})" (%v, %v) : (f32, f32) -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %f : f32
  %ci = uop.index %cnt[%i] : !uop.ptr<f32, global, 8> -> f32
  %cs = uop.custom "{0} += {1} * 10.0f;" (%ci, %v) : (f32, f32) -> !uop.void
  %g = uop.group(%st, %cs) : !uop.void, !uop.void
  %e = uop.end %g[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "custom_k">
}
uop.function @custom(%out: !uop.ptr<f32, global, 8>, %cnt: !uop.ptr<f32, global, 8>, %x: !uop.ptr<f32, global, 8>) {
  %c = uop.call @custom_k(%out, %cnt, %x) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}

//--- driver.c
#include <stdio.h>
int uop_custom(float *out, float *cnt, const float *x);
int main(void) {
  float out[8], cnt[8], x[8];
  for (int i = 0; i < 8; ++i)
    x[i] = (float)i, cnt[i] = 1, out[i] = -1;
  uop_custom(out, cnt, x);
  printf("out:");
  for (int i = 0; i < 8; ++i)
    printf(" %g", out[i]);
  printf("\ncnt:");
  for (int i = 0; i < 8; ++i)
    printf(" %g", cnt[i]);
  printf("\n");
  return 0;
}
