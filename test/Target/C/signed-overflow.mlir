// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/wrap.mlir --uop-to-program | uop-translate --uop-to-c > %t/wrap.c
// RUN: cc -std=c11 -O2 %t/wrap.c %t/driver.c -o %t/run
// RUN: %t/run | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// arith.addi / arith.muli on i32 (and i64) wrap around, but --uop-to-c prints
// them as C `int32_t` arithmetic, where signed overflow is undefined
// behaviour. GCC uses that: `(a + 2147483647) > a` is folded to true, so the
// select below always picks `a`. Expected: the wrapped sum is compared, so
// lanes with a > 0 (where a + INT32_MAX wraps negative) pick `b` (100):
// integer add/sub/mul should be done on uint32_t / uint64_t and cast back.
// (The reference interpreter had the same bug, so uop-run --check passed on
// this program; its test is test/Tools/uop-run/interpreter-int-wrap.mlir.)

// CHECK: -7 100 -1 100 0 100 100 -8

//--- wrap.mlir
func.func @wrap(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {
  %c = arith.constant dense<2147483647> : tensor<8xi32>
  %x = arith.addi %a, %c : tensor<8xi32>
  %m = arith.cmpi sgt, %x, %a : tensor<8xi32>
  %s = arith.select %m, %a, %b : tensor<8xi1>, tensor<8xi32>
  return %s : tensor<8xi32>
}

//--- driver.c
#include <stdint.h>
#include <stdio.h>
int uop_wrap(const int32_t *a, const int32_t *b, int32_t *out);
int main(void) {
  int32_t a[8] = {-7, 7, -1, 9, 0, 1, 2, -8}, b[8], out[8];
  for (int i = 0; i < 8; ++i)
    b[i] = 100;
  uop_wrap(a, b, out);
  for (int i = 0; i < 8; ++i)
    printf("%d%s", out[i], i == 7 ? "\n" : " ");
  return 0;
}
