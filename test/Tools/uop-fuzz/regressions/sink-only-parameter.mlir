// RUN: uop-opt %s --uop-to-program=target=cpu | uop-translate --uop-to-c > %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t.c -o %t.o
//
// Found by uop-fuzz (seed 43, c-warning in cc; seed
// test/Embedding/Inputs/kernel.mlir): a schedule whose SINK names a buffer
// that no CALL passes. Only a parameter with no use at all got its
// `(void)`, so this one was unused (-Wunused-parameter).
// CHECK: int uop_copy(const float *restrict a0, const float *restrict a1) {
// CHECK-NEXT: (void)a0;
// CHECK-NEXT: (void)a1;
"builtin.module"() ({
  "uop.function"() <{function_type = (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>) -> (), sym_name = "copy"}> ({
  ^bb0(%arg0: !uop.ptr<f32, global, 64>, %arg1: !uop.ptr<f32, global, 64>):
    "uop.sink"(%arg1) : (!uop.ptr<f32, global, 64>) -> ()
  }) : () -> ()
}) : () -> ()
