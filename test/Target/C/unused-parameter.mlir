// RUN: uop-opt %s --uop-to-program=target=cpu | uop-translate --uop-to-c > %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t.c -o %t.o
//
// Issue 13: `max(x) - max(x)` simplifies to 0, so the second kernel never reads
// the first one's output, which is still passed; the C gave -Wunused-parameter.
// A parameter without uses is marked used.

// CHECK: static void uopk_sum_minus_itself_k1(int32_t *restrict p0, const int32_t *restrict p1) {
// CHECK-NEXT: (void)p1;
func.func @sum_minus_itself(%a: tensor<12x12xi32>) -> tensor<13xi32> {
  %s = uop.reduce_axis max %a [0] : tensor<12x12xi32> -> tensor<12xi32>
  %p = uop.pad %s low [1] high [0] : tensor<12xi32> -> tensor<13xi32>
  %d = arith.subi %p, %p : tensor<13xi32>
  return %d : tensor<13xi32>
}
