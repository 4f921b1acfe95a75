// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/input.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/input.c
// RUN: FileCheck %s --check-prefix=INPUT --input-file=%t/input.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t/input.c -o %t/input.o
// RUN: uop-translate --uop-to-c %t/no-args.mlir > %t/no-args.c
// RUN: FileCheck %s --check-prefix=NOARGS --input-file=%t/no-args.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t/no-args.c -o %t/no-args.o
//
// Found by uop-fuzz (c-warning in cc: -Wunused-parameter under -Wextra; seeds
// test/Dialect/UOp/Transforms/rangeify.mlir and
// test/Dialect/UOp/call-no-args-roundtrip.mlir): an input of the graph that
// no kernel reads is still a parameter of the entry `uop_<name>`, and the
// `_packed` entry of a schedule without buffers ignores its array. Both are
// marked used now.

//--- input.mlir
// INPUT: int uop_reduce_then_elementwise(const float *restrict a0, const float *restrict a1, float *restrict a2) {
// INPUT-NEXT: (void)a1;
func.func @reduce_then_elementwise(%a: tensor<4x8xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<4x8xf32> -> tensor<4xf32>
  %m = arith.maximumf %s, %s : tensor<4xf32>
  return %m : tensor<4xf32>
}

//--- no-args.mlir
// NOARGS: int uop_no_args_packed(void *const *a) {
// NOARGS-NEXT: (void)a;
uop.function @no_args() {
  uop.sink
}
