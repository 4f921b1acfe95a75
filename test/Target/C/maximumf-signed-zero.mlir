// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/mm.mlir --uop-to-program | uop-translate --uop-to-c > %t/mm.c
// RUN: cc -std=c11 -O2 %t/mm.c %t/driver.c -o %t/run -lm
// RUN: %t/run | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// arith.maximumf / minimumf order -0.0 below +0.0 (IEEE 754-2019 maximum /
// minimum), but --uop-to-c prints maximumf as `(a > b | a != a) ? a : b`
// (minimumf likewise), which returns b when a and b are zeros of either
// sign: maximumf(+0.0, -0.0) gives -0.0 and minimumf(-0.0, +0.0) gives +0.0.
// The max / min REDUCE combiners have the same problem. (The reference
// interpreter uses std::max / std::min, with the same first-operand bias, and
// uop-run --check compares |got - ref| so it cannot see the sign.)
// Expected: max gives +0 and min gives -0 for every order of the operands.

// CHECK: max +0 +0 min -0 -0

//--- mm.mlir
func.func @mm(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %x = arith.maximumf %a, %b : tensor<2xf32>
  %y = arith.minimumf %a, %b : tensor<2xf32>
  return %x, %y : tensor<2xf32>, tensor<2xf32>
}

//--- driver.c
#include <math.h>
#include <stdio.h>
int uop_mm(const float *a, const float *b, float *mx, float *mn);
int main(void) {
  float a[2] = {0.0f, -0.0f}, b[2] = {-0.0f, 0.0f}, mx[2], mn[2];
  uop_mm(a, b, mx, mn);
  printf("max %s %s min %s %s\n", signbit(mx[0]) ? "-0" : "+0", signbit(mx[1]) ? "-0" : "+0",
         signbit(mn[0]) ? "-0" : "+0", signbit(mn[1]) ? "-0" : "+0");
  return 0;
}
