// REQUIRES: clang-cc
// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/mm.mlir --uop-to-program="target=cpu" | uop-translate --uop-to-c > %t/mm.c
// RUN: FileCheck %s --check-prefix=C < %t/mm.c
// RUN: FileCheck %s --check-prefix=NOBLEND < %t/mm.c
// The runtime's flags (lib/Runtime/Compile.cpp), so that the SLP vectorizer
// turns the 32 lanes of each row into vector maximum / minimum.
// RUN: %clang_cc -std=c11 -O2 -march=native -ffp-contract=fast -fno-math-errno -mprefer-vector-width=512 -fno-vectorize %t/mm.c %t/driver.c -o %t/clang -lm
// RUN: %t/clang | FileCheck %s
// The blend of other compilers, on the same C.
// RUN: cc -std=c11 -O2 %t/mm.c %t/driver.c -o %t/cc -lm
// RUN: %t/cc | FileCheck %s
//
// arith.maximumf / minimumf and the max / min REDUCE are IEEE 754-2019
// maximum / minimum: NaN when any operand is NaN, -0 below +0. The C calls
// the prelude's uoph_maximum_f32 / uoph_minimum_f32, which clang builds from
// __builtin_elementwise_maximum / minimum. Row max and min of 64 x 1024
// (a wide row reduction: lanes along the row) and an elementwise
// maximumf / minimumf, compared bit for bit with a scalar reference.

// C: #define UOP_ELEMENTWISE_MINMAX 1
// C-DAG: = uoph_maximum_f32(v{{[0-9]+}}, v
// C-DAG: = uoph_minimum_f32(v{{[0-9]+}}, v
// NOBLEND-NOT: signbit(v
// CHECK: rows 64 bad 0
// CHECK: elementwise 65536 bad 0

//--- mm.mlir
func.func @mm(%x: tensor<64x1024xf32>, %y: tensor<64x1024xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x1024xf32>, tensor<64x1024xf32>) {
  %mx = uop.reduce_axis max %x [1] : tensor<64x1024xf32> -> tensor<64xf32>
  %mn = uop.reduce_axis min %x [1] : tensor<64x1024xf32> -> tensor<64xf32>
  %a = arith.maximumf %x, %y : tensor<64x1024xf32>
  %b = arith.minimumf %x, %y : tensor<64x1024xf32>
  return %mx, %mn, %a, %b : tensor<64xf32>, tensor<64xf32>, tensor<64x1024xf32>, tensor<64x1024xf32>
}

//--- driver.c
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int uop_mm(const float *x, const float *y, float *mx, float *mn, float *a, float *b);
enum { R = 64, C = 1024 };
static float ref_max(float a, float b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}
static float ref_min(float a, float b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static int same(float a, float b) {
  return isnan(a) ? isnan(b) : memcmp(&a, &b, 4) == 0;
}
int main(void) {
  float *x = malloc(sizeof(float) * R * C), *y = malloc(sizeof(float) * R * C);
  float *a = malloc(sizeof(float) * R * C), *b = malloc(sizeof(float) * R * C);
  float mx[R], mn[R];
  srand(7);
  for (int i = 0; i < R * C; ++i) {
    x[i] = (float)(rand() % 2001 - 1000) / 7.0f;
    y[i] = (float)(rand() % 2001 - 1000) / 7.0f;
  }
  // Signed zeros in every lane position of a vector, NaN in some rows, and
  // rows of one value.
  for (int c = 0; c < C; ++c) {
    x[0 * C + c] = -0.0f; x[1 * C + c] = 0.0f; x[2 * C + c] = -INFINITY;
    x[3 * C + c] = c % 2 ? 0.0f : -0.0f;
  }
  x[0 * C + 777] = 0.0f;
  x[1 * C + 5] = -0.0f;
  x[4 * C + 513] = NAN;
  x[5 * C + 1023] = NAN;
  x[6 * C] = NAN;
  for (int i = 0; i < R * C; i += 37) {
    x[i] = i % 3 ? 0.0f : -0.0f;
    y[i] = i % 2 ? 0.0f : -0.0f;
  }
  for (int i = 11; i < R * C; i += 997) y[i] = NAN;
  uop_mm(x, y, mx, mn, a, b);
  int bad = 0;
  for (int r = 0; r < R; ++r) {
    float m = x[r * C], n = x[r * C];
    for (int c = 1; c < C; ++c) {
      m = ref_max(m, x[r * C + c]);
      n = ref_min(n, x[r * C + c]);
    }
    bad += !same(m, mx[r]) + !same(n, mn[r]);
  }
  printf("rows %d bad %d\n", R, bad);
  bad = 0;
  for (int i = 0; i < R * C; ++i)
    bad += !same(ref_max(x[i], y[i]), a[i]) + !same(ref_min(x[i], y[i]), b[i]);
  printf("elementwise %d bad %d\n", R * C, bad);
  return 0;
}
