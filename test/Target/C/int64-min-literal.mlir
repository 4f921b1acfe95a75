// RUN: uop-opt %s --uop-to-program | uop-translate --uop-to-c > %t.c
// RUN: cc -std=c11 -O2 -Wall -Werror -c %t.c -o %t.o
// RUN: uop-opt %s --uop-to-program | uop-translate --uop-to-c | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// The identity of an i64 max reduction is INT64_MIN, printed by --uop-to-c as
// `INT64_C(-9223372036854775808)`: the literal 9223372036854775808 does not
// fit in int64_t, so GCC warns "integer constant is so large that it is
// unsigned" and the documented `cc -std=c11 -O2 -Wall -Werror` build fails
// (any i64 constant equal to INT64_MIN prints the same way). Expected: the
// minimum is written as `INT64_MIN` or `(-INT64_C(9223372036854775807) - 1)`.

// CHECK-NOT: INT64_C(-9223372036854775808)
func.func @max_i64(%a: tensor<5x6xi64>) -> tensor<5xi64> {
  %s = uop.reduce_axis max %a [1] : tensor<5x6xi64> -> tensor<5xi64>
  return %s : tensor<5xi64>
}
