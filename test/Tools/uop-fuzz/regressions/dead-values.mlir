// RUN: rm -rf %t && split-file %s %t
// RUN: uop-translate --uop-to-c %t/dead-index.mlir > %t/dead-index.c
// RUN: FileCheck %s --check-prefix=INDEX --input-file=%t/dead-index.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t/dead-index.c -o %t/dead-index.o
// RUN: uop-opt %t/after-dep.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/after-dep.c
// RUN: FileCheck %s --check-prefix=AFTER --input-file=%t/after-dep.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t/after-dep.c -o %t/after-dep.o
// RUN: uop-opt %t/group-only.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/group-only.c
// RUN: FileCheck %s --check-prefix=GROUP --input-file=%t/group-only.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t/group-only.c -o %t/group-only.o
//
// Found by the long uop-fuzz run (c-warning in cc; seeds
// test/Target/C/invalid.mlir and test/Dialect/UOp/Transforms/linearize.mlir):
// - a kernel parameter read only by a dead INDEX was not marked used once
//   the INDEX was skipped (-Wunused-parameter);
// - index values that only an AFTER's dependencies or a GROUP used (they
//   order, and print nothing) became unused C variables (-Wunused-variable;
//   seed test/Target/C/gated-store.mlir).
// Dead values are found transitively; the operands of GROUP, SINK and END
// and an AFTER's dependencies are no reads; a RANGE always opens its loop.

//--- dead-index.mlir
// INDEX: static void uopk_t(const uint16_t *restrict p0, const float *restrict p1) {
// INDEX-NEXT: (void)p0;
// INDEX-NEXT: (void)p1;
// INDEX-NEXT: }
"builtin.module"() ({
  "uop.function"() <{function_type = (!uop.ptr<f16, global, 4>, !uop.ptr<f32, global, 4>) -> (), sym_name = "t"}> ({
  ^bb0(%arg4: !uop.ptr<f16, global, 4>, %arg5: !uop.ptr<f32, global, 4>):
    %9 = "arith.constant"() <{value = 0 : index}> : () -> index
    %10 = "uop.index"(%arg5, %9) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global, 4>, index) -> f32
    %11 = "uop.load"(%arg5, %10) : (!uop.ptr<f32, global, 4>, f32) -> f32
    %12 = "arith.truncf"(%11) <{roundingmode = 3 : i32}> : (f32) -> f16
    %13 = "uop.index"(%arg4, %9) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f16, global, 4>, index) -> f16
    %14 = "uop.store"(%13, %12) : (f16, f16) -> !uop.void
    "uop.sink"(%14) <{info = #uop.kernel_info<name = "t">}> : (!uop.void) -> ()
  }) : () -> ()
  "uop.function"() <{function_type = (!uop.ptr<f16, global, 4>, !uop.ptr<f32, global, 4>) -> (), sym_name = "main"}> ({
  ^bb0(%arg0: !uop.ptr<f16, global, 4>, %arg1: !uop.ptr<f32, global, 4>):
    %0 = "uop.device"() <{specs = ["CPU"]}> : () -> !uop.void
    %1 = "uop.linear"() <{kernel = @t}> ({
    ^bb0(%arg2: !uop.ptr<f16, global, 4>, %arg3: !uop.ptr<f32, global, 4>):
      %4 = "arith.constant"() <{value = 9223372036854775807 : index}> : () -> index
      %8 = "uop.index"(%arg2, %4) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f16, global, 4>, index) -> f16
    }) : () -> !uop.void
    %2 = "uop.program"(%0, %1) <{kernel = @t, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!uop.void, !uop.void) -> !uop.void
    %3 = "uop.call"(%arg0, %arg1) <{callee = @t}> : (!uop.ptr<f16, global, 4>, !uop.ptr<f32, global, 4>) -> !uop.void
    "uop.sink"(%3) : (!uop.void) -> ()
  }) : () -> ()
}) : () -> ()


//--- after-dep.mlir
// AFTER: static void uopk_rowsum
// AFTER: int uop_main(
"builtin.module"() ({
  "uop.function"() <{function_type = (!uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 32>) -> (), sym_name = "rowsum"}> ({
  ^bb0(%arg2: !uop.ptr<f32, global, 4>, %arg3: !uop.ptr<f32, global, 32>):
    %1 = "arith.constant"() <{value = 4 : index}> : () -> index
    %2 = "arith.constant"() <{value = 8 : index}> : () -> index
    %3 = "arith.constant"() <{value = 2 : index}> : () -> index
    %4 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %5 = "uop.range"(%1) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type loop>}> : (index) -> index
    %6 = "uop.range"(%2) <{axis_id = #uop.axis_id<R1>, axis_type = #uop<axis_type reduce>}> : (index) -> index
    %7 = "arith.muli"(%5, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %8 = "arith.addi"(%7, %6) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %9 = "uop.index"(%arg3, %8) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global, 32>, index) -> f32
    %10 = "uop.load"(%arg3, %9) : (!uop.ptr<f32, global, 32>, f32) -> f32
    %11 = "uop.define_reg"() <{id = 0 : i64, size = 1 : i64}> : () -> !uop.ptr<f32, reg, 1>
    %12 = "uop.after"(%11, %5) : (!uop.ptr<f32, reg, 1>, index) -> !uop.ptr<f32, reg, 1>
    %13 = "uop.index"(%12, %3) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, reg, 1>, index) -> f32
    %14 = "uop.store"(%13, %4) : (f32, f32) -> !uop.void
    %15 = "uop.after"(%11, %14, %6) : (!uop.ptr<f32, reg, 1>, !uop.void, index) -> !uop.ptr<f32, reg, 1>
    %16 = "uop.index"(%15, %3) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, reg, 1>, index) -> f32
    %17 = "uop.load"(%15, %16) : (!uop.ptr<f32, reg, 1>, f32) -> f32
    %18 = "arith.addf"(%17, %10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %19 = "uop.store"(%16, %18) : (f32, f32) -> !uop.void
    %20 = "uop.end"(%19, %6) : (!uop.void, index) -> !uop.void
    %21 = "uop.after"(%11, %20) : (!uop.ptr<f32, reg, 1>, !uop.void) -> !uop.ptr<f32, reg, 1>
    %22 = "uop.index"(%21, %3) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, reg, 1>, index) -> f32
    %23 = "uop.load"(%21, %22) : (!uop.ptr<f32, reg, 1>, f32) -> f32
    %24 = "uop.index"(%arg2, %5) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global, 4>, index) -> f32
    %25 = "uop.store"(%24, %23) : (f32, f32) -> !uop.void
    %26 = "uop.end"(%25, %5) : (!uop.void, index) -> !uop.void
    "uop.sink"(%26) <{info = #uop.kernel_info<name = "rowsum">}> : (!uop.void) -> ()
  }) : () -> ()
  "uop.function"() <{function_type = (!uop.ptr<f32, global, 32>, !uop.ptr<f32, global, 4>) -> (), sym_name = "main"}> ({
  ^bb0(%arg0: !uop.ptr<f32, global, 32>, %arg1: !uop.ptr<f32, global, 4>):
    %0 = "uop.call"(%arg1, %arg0) <{callee = @rowsum}> : (!uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 32>) -> !uop.void
    "uop.sink"(%0) : (!uop.void) -> ()
  }) : () -> ()
}) : () -> ()
//--- group-only.mlir
// GROUP: static void uopk_transpose(const int32_t *restrict p0, const int32_t *restrict p1) {
// GROUP-NEXT: (void)p0;
// GROUP-NEXT: (void)p1;
// GROUP-NEXT: for (int64_t r0 = 0; r0 < INT64_C(8); ++r0) {
// GROUP-NEXT: }
// GROUP-NEXT: }
"builtin.module"() ({
  "uop.function"() <{function_type = (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>) -> (), sym_name = "masked"}> ({
  ^bb0(%arg7: !uop.ptr<f32, global, 64>, %arg8: !uop.ptr<f32, global, 64>):
    %16 = "arith.constant"() <{value = 8 : index}> : () -> index
    %17 = "arith.constant"() <{value = 5 : index}> : () -> index
    %18 = "uop.range"(%16) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type loop>}> : (index) -> index
    %19 = "uop.range"(%16) <{axis_id = #uop.axis_id<R1>, axis_type = #uop<axis_type loop>}> : (index) -> index
    %20 = "arith.muli"(%18, %16) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %21 = "arith.addi"(%20, %19) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %22 = "uop.index"(%arg8, %21) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f32, global, 64>, index) -> f32
    %23 = "uop.load"(%arg8, %22) : (!uop.ptr<f32, global, 64>, f32) -> f32
    %24 = "arith.cmpi"(%19, %17) <{predicate = 2 : i64}> : (index, index) -> i1
    %25 = "uop.index"(%arg7, %21, %24) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!uop.ptr<f32, global, 64>, index, i1) -> f32
    %26 = "uop.store"(%25, %23) : (f32, f32) -> !uop.void
    %27 = "uop.end"(%26, %18, %19) : (!uop.void, index, index) -> !uop.void
    "uop.sink"(%27) <{info = #uop.kernel_info<name = "masked">}> : (!uop.void) -> ()
  }) : () -> ()
  "uop.function"() <{function_type = (!uop.ptr<i32, global, 32>, !uop.ptr<i32, global, 32>) -> (), sym_name = "transpose"}> ({
  ^bb0(%arg5: !uop.ptr<i32, global, 32>, %arg6: !uop.ptr<i32, global, 32>):
    %5 = "arith.constant"() <{value = 32 : index}> : () -> index
    %6 = "uop.range"(%5) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type loop>}> : (index) -> index
    %15 = "uop.end"(%6, %6) : (index, index) -> !uop.void
    "uop.sink"(%15) <{info = #uop.kernel_info<name = "transpose">}> : (!uop.void) -> ()
  }) : () -> ()
  "uop.function"() <{function_type = (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>, !uop.ptr<i32, global, 32>, !uop.ptr<i32, global, 32>) -> (), sym_name = "main"}> ({
  ^bb0(%arg0: !uop.ptr<f32, global, 64>, %arg1: !uop.ptr<f32, global, 64>, %arg2: !uop.ptr<f32, global, 64>, %arg3: !uop.ptr<i32, global, 32>, %arg4: !uop.ptr<i32, global, 32>):
    %0 = "uop.call"(%arg1, %arg0) <{callee = @masked}> : (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>) -> !uop.void
    %1 = "uop.call"(%arg2, %arg1) <{callee = @masked}> : (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>) -> !uop.void
    %2 = "uop.call"(%arg4, %arg3) <{callee = @transpose}> : (!uop.ptr<i32, global, 32>, !uop.ptr<i32, global, 32>) -> !uop.void
    "uop.sink"(%0, %1, %2) : (!uop.void, !uop.void, !uop.void) -> ()
  }) : () -> ()
}) : () -> ()










