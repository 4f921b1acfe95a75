// REQUIRES: ubsan
// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/shl.mlir --uop-linearize | uop-translate --uop-to-c > %t/shl.c
// RUN: %ubsan_cc -std=c11 -O2 -fsanitize=undefined -fno-sanitize-recover=all %t/shl.c %t/shl-driver.c -o %t/shl
// RUN: %t/shl | FileCheck %s --check-prefix=SHL
// RUN: uop-opt %t/narrow.mlir --uop-to-program | uop-translate --uop-to-c > %t/narrow.c
// RUN: %ubsan_cc -std=c11 -O2 -fsanitize=undefined -fno-sanitize-recover=all %t/narrow.c %t/narrow-driver.c -o %t/narrow
// RUN: %t/narrow | FileCheck %s --check-prefix=NARROW
// RUN: uop-opt %t/fptoi.mlir --uop-to-program | uop-translate --uop-to-c > %t/fptoi.c
// RUN: %ubsan_cc -std=c11 -O2 -fsanitize=undefined,float-cast-overflow -fno-sanitize-recover=all %t/fptoi.c %t/fptoi-driver.c -o %t/fptoi
// RUN: %t/fptoi | FileCheck %s --check-prefix=FPTOI
//
// Regression tests for fixed bugs: the generated C had undefined behaviour
// that UBSan aborts on (arith defines all of these results):
// - `arith.shli` on index printed as a signed `<<`: shifting a negative value
//   left is undefined in C ("left shift of negative value -4"). It now shifts
//   the bits as uint64_t and converts back.
// - `arith.muli` on i16 printed as `(int16_t)((uint16_t)a * (uint16_t)b)`: the
//   uint16_t operands promote to int and 65535 * 65535 overflows it ("signed
//   integer overflow"; Clang reports it, GCC narrows the multiply first).
//   Narrow integers now wrap in uint32_t.
// - `math.absi` of INT_MIN (new): negated as unsigned, it wraps to INT_MIN.
// - `arith.fptosi` / `fptoui` of a value outside the integer's range (or
//   NaN) printed as a plain C conversion, which is undefined ("3e+09 is
//   outside the range of representable values of type 'int'"). arith makes
//   it poison; uop saturates, NaN giving 0 (docs/uop-dialect.md, "Edge
//   cases"), and in-range values, the bounds included, convert as before.

// (r - 4) << 1 for r in [0, 8).
// SHL: -8 -6 -4 -2 0 2 4 6

// -1 * -1 = 1 (i16), -128 * -128 wraps to 0 (i8), |-32768| = -32768 (i16).
// NARROW: 1 0 -32768

// fptosi to i32 of 3e9, -3e9, NaN, 1e20, -2^31, 2^31-1 (as f64), -7.9;
// fptoui to u32 of -5, 5e9, -0.5, 4294967295.
// FPTOI: 2147483647 -2147483648 0 2147483647 -2147483648 2147483647 -7 | 0 4294967295 0 4294967295

//--- shl.mlir
uop.function @shl(%out: !uop.ptr<i64, global, 8>) {
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = uop.range %c8, R0, loop
  %s = arith.subi %r, %c4 : index
  %l = arith.shli %s, %c1 : index
  %v = arith.index_cast %l : index to i64
  %o = uop.index %out[%r] : !uop.ptr<i64, global, 8> -> i64
  %st = uop.store %o, %v : i64
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "shl">
}
uop.function @main(%out: !uop.ptr<i64, global, 8>) {
  %c = uop.call @shl(%out) : (!uop.ptr<i64, global, 8>)
  uop.sink %c : !uop.void
}

//--- shl-driver.c
#include <stdint.h>
#include <stdio.h>
int uop_main(int64_t *out);
int main(void) {
  int64_t out[8];
  uop_main(out);
  for (int i = 0; i < 8; ++i)
    printf("%lld%s", (long long)out[i], i == 7 ? "\n" : " ");
  return 0;
}

//--- narrow.mlir
func.func @narrow(%a: tensor<1xi16>, %b: tensor<1xi8>, %c: tensor<1xi16>)
    -> (tensor<1xi16>, tensor<1xi8>, tensor<1xi16>) {
  %m = arith.muli %a, %a : tensor<1xi16>
  %n = arith.muli %b, %b : tensor<1xi8>
  %x = math.absi %c : tensor<1xi16>
  return %m, %n, %x : tensor<1xi16>, tensor<1xi8>, tensor<1xi16>
}

//--- narrow-driver.c
#include <stdint.h>
#include <stdio.h>
int uop_narrow(const int16_t *a, const int8_t *b, const int16_t *c, int16_t *m,
                int8_t *n, int16_t *x);
int main(void) {
  int16_t a = -1, c = INT16_MIN, m, x;
  int8_t b = INT8_MIN, n;
  uop_narrow(&a, &b, &c, &m, &n, &x);
  printf("%d %d %d\n", m, n, x);
  return 0;
}

//--- fptoi.mlir
func.func @fptoi(%a: tensor<7xf64>, %b: tensor<4xf64>)
    -> (tensor<7xi32>, tensor<4xi32> {uop.unsigned}) {
  %s = arith.fptosi %a : tensor<7xf64> to tensor<7xi32>
  %u = arith.fptoui %b : tensor<4xf64> to tensor<4xi32>
  return %s, %u : tensor<7xi32>, tensor<4xi32>
}

//--- fptoi-driver.c
#include <math.h>
#include <stdint.h>
#include <stdio.h>
int uop_fptoi(const double *a, const double *b, int32_t *s, uint32_t *u);
int main(void) {
  double a[7] = {3e9, -3e9, NAN, 1e20, -2147483648.0, 2147483647.0, -7.9};
  double b[4] = {-5.0, 5e9, -0.5, 4294967295.0};
  int32_t s[7];
  uint32_t u[4];
  uop_fptoi(a, b, s, u);
  for (int i = 0; i < 7; ++i)
    printf("%d ", s[i]);
  printf("|");
  for (int i = 0; i < 4; ++i)
    printf(" %u", u[i]);
  printf("\n");
  return 0;
}
