// RUN: not uop-opt %s --pass-pipeline='builtin.module(uop-linearize)' 2>&1 | FileCheck %s
//
// Found by uop-fuzz (seed 31, crash in passes; seed
// test/Dialect/UOp/Transforms/invalid.mlir, @two_ends with R1 replaced by
// R0): END(END(store, R0), R0) beside a second END of R0. uop-linearize
// grouped the ENDs of R0 and looked up the outer one's computation, an END
// it had not emitted, and built a GROUP of a null value (a segfault). The
// kernel scheduler now rejects an END of a range that an END below it
// already closed.
// CHECK: error: this END closes a range that an END it depends on already closed
// CHECK-NOT: Stack dump
"builtin.module"() ({
  "uop.function"() <{function_type = (!uop.ptr<f32, global, 64>) -> (), sym_name = "two_ends"}> ({
  ^bb0(%arg1: !uop.ptr<f32, global, 64>):
    %1 = "arith.constant"() <{value = 8 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %3 = "uop.range"(%1) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type loop>}> : (index) -> index
    %4 = "arith.muli"(%3, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %5 = "arith.addi"(%4, %3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %6 = "uop.index"(%arg1, %5) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global, 64>, index) -> f32
    %7 = "uop.store"(%6, %2) : (f32, f32) -> !uop.void
    %8 = "uop.end"(%7, %3) : (!uop.void, index) -> !uop.void
    %9 = "uop.end"(%8, %3) : (!uop.void, index) -> !uop.void
    %10 = "uop.index"(%arg1, %3) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global, 64>, index) -> f32
    %11 = "uop.store"(%10, %2) : (f32, f32) -> !uop.void
    %12 = "uop.end"(%11, %3) : (!uop.void, index) -> !uop.void
    "uop.sink"(%9, %12) <{info = #uop.kernel_info<name = "two_ends">}> : (!uop.void, !uop.void) -> ()
  }) : () -> ()
  "uop.function"() <{function_type = (!uop.ptr<f32, global, 64>) -> (), sym_name = "main"}> ({
  ^bb0(%arg0: !uop.ptr<f32, global, 64>):
    %0 = "uop.call"(%arg0) <{callee = @two_ends}> : (!uop.ptr<f32, global, 64>) -> !uop.void
    "uop.sink"(%0) : (!uop.void) -> ()
  }) : () -> ()
}) : () -> ()
