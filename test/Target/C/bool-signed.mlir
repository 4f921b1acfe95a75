// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/b.mlir --uop-to-program | uop-translate --uop-to-c > %t/b.c
// RUN: cc -std=c11 -O2 -Wall -Werror %t/b.c %t/driver.c -o %t/run
// RUN: %t/run | FileCheck %s
//
// Regression test for fixed miscompiles: an i1 is signed where the op says
// so, `true` being -1. --uop-to-c printed `arith.extsi %c : i1 to i32` as
// `(int32_t)(c)` and sitofp of an i1 as `(float)(c)`, 1 for true instead of
// -1; trunci to i1 was `(_Bool)(x)`, true for any non-zero value where arith
// keeps bit 0 (2 -> false); addi on i1 (xor: true + true = false) gave true.

// extsi(a > b), sitofp(a > b), trunci(a) to i1, (a > b) + (a > b)
// CHECK: -1 -1 1 0
// CHECK: 0 0 0 0
// CHECK: -1 -1 0 0

//--- b.mlir
func.func @b(%a: tensor<3xi32>, %b: tensor<3xi32>)
    -> (tensor<3xi32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>) {
  %m = arith.cmpi sgt, %a, %b : tensor<3xi32>
  %mask = arith.extsi %m : tensor<3xi1> to tensor<3xi32>
  %f = arith.sitofp %m : tensor<3xi1> to tensor<3xf32>
  %t = arith.trunci %a : tensor<3xi32> to tensor<3xi1>
  %s = arith.addi %m, %m : tensor<3xi1>
  return %mask, %f, %t, %s : tensor<3xi32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>
}

//--- driver.c
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
int uop_b(const int32_t *a, const int32_t *b, int32_t *mask, float *f,
           bool *t, bool *s);
int main(void) {
  int32_t a[3] = {5, 2, 6}, b[3] = {1, 3, -1}, mask[3];
  float f[3];
  bool t[3], s[3];
  uop_b(a, b, mask, f, t, s);
  for (int i = 0; i < 3; ++i)
    printf("%d %g %d %d\n", mask[i], f[i], t[i], s[i]);
  return 0;
}
