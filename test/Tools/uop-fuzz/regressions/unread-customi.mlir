// RUN: uop-opt %s --uop-linearize | uop-translate --uop-to-c > %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t.c -o %t.o
//
// Found by the long uop-fuzz run (c-warning in cc, seed
// test/Integration/kernel-custom.mlir): the value of a CUSTOMI that nothing
// reads was an unused C variable (-Wunused-variable). A CUSTOMI's code may
// have effects, so it is kept, and its unread value is marked used.

// CHECK: const float v1 = (fmaf(p2[r0], p2[r0], p2[r0]));
// CHECK-NEXT: (void)v1;
"builtin.module"() ({
  "uop.function"() <{function_type = (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>) -> (), sym_name = "custom_k"}> ({
  ^bb0(%arg3: !uop.ptr<f32, global, 8>, %arg4: !uop.ptr<f32, global, 8>, %arg5: !uop.ptr<f32, global, 8>):
    %1 = "arith.constant"() <{value = 8 : index}> : () -> index
    %2 = "uop.range"(%1) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type loop>}> : (index) -> index
    %3 = "uop.index"(%arg5, %2) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global, 8>, index) -> f32
    %5 = "uop.customi"(%3, %3) <{fmt = "fmaf({0}, {1}, {0})"}> : (f32, f32) -> f32
    %8 = "uop.index"(%arg4, %2) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global, 8>, index) -> f32
    %9 = "uop.custom"(%8, %3) <{fmt = "{0} += {1} * 10.0f;"}> : (f32, f32) -> !uop.void
    %10 = "uop.end"(%9, %2) : (!uop.void, index) -> !uop.void
    "uop.sink"(%10) <{info = #uop.kernel_info<name = "custom_k">}> : (!uop.void) -> ()
  }) : () -> ()
  "uop.function"() <{function_type = (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>) -> (), sym_name = "custom"}> ({
  ^bb0(%arg0: !uop.ptr<f32, global, 8>, %arg1: !uop.ptr<f32, global, 8>, %arg2: !uop.ptr<f32, global, 8>):
    %0 = "uop.call"(%arg0, %arg1, %arg2) <{callee = @custom_k}> : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>) -> !uop.void
    "uop.sink"(%0) : (!uop.void) -> ()
  }) : () -> ()
}) : () -> ()


