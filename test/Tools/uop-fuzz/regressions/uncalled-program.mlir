// RUN: uop-translate --uop-to-c %s > %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t.c -o %t.o
//
// Found by uop-fuzz (seed 11, c-warning in cc; seed
// test/Tools/uop-fuzz/regressions/dead-values.mlir): a schedule with a
// PROGRAM for a kernel it never CALLs printed that kernel as a static C
// function nothing called (-Wunused-function). Such a PROGRAM is left out.
// CHECK-NOT: uopk_t
// CHECK: int uop_main(
"builtin.module"() ({
  "uop.function"() <{function_type = (!uop.ptr<f16, global, 4>, !uop.ptr<f32, global, 4>) -> (), sym_name = "t"}> ({
  ^bb0(%arg4: !uop.ptr<f16, global, 4>, %arg5: !uop.ptr<f32, global, 4>):
    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    %6 = "uop.index"(%arg5, %5) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global, 4>, index) -> f32
    %7 = "arith.truncf"(%6) <{roundingmode = 3 : i32}> : (f32) -> f16
    %8 = "uop.index"(%arg4, %5) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f16, global, 4>, index) -> f16
    %9 = "uop.store"(%8, %7) : (f16, f16) -> !uop.void
    "uop.sink"(%9) <{info = #uop.kernel_info<name = "t">}> : (!uop.void) -> ()
  }) : () -> ()
  "uop.function"() <{function_type = (!uop.ptr<f16, global, 4>, !uop.ptr<f32, global, 4>) -> (), sym_name = "main"}> ({
  ^bb0(%arg0: !uop.ptr<f16, global, 4>, %arg1: !uop.ptr<f32, global, 4>):
    %0 = "uop.device"() <{specs = ["CPU"]}> : () -> !uop.void
    %1 = "uop.linear"() <{kernel = @t}> ({
      %3 = "arith.constant"() <{value = 9223372036854775807 : index}> : () -> index
    }) : () -> !uop.void
    %2 = "uop.program"(%0, %1) <{kernel = @t, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!uop.void, !uop.void) -> !uop.void
    "uop.sink"(%2) : (!uop.void) -> ()
  }) : () -> ()
}) : () -> ()
