// RUN: uop-opt %s --pass-pipeline="builtin.module(uop.function(uop-simplify,uop-optimize{target=cpu},uop-expand,uop-simplify,uop-devectorize,uop-simplify{arith-only}))" | FileCheck %s
//
// uop-fuzz (seed affine-index-dag.mlir): a DAG of 40 doubled sums in an
// index, expanded into a 16 x 8 register tile, kept the greedy driver of
// uop-simplify rewriting for minutes (a hang in CI). The rewrites are
// bounded now: the kernel comes out (correct, perhaps less simplified).
// CHECK: uop.sink
// CHECK-SAME: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>]
"builtin.module"() ({
  "uop.function"() <{arg_attrs = [{uop.shape = array<i64: 128, 128>}, {}, {uop.shape = array<i64: 32, 128>}], function_type = (!uop.ptr<f32, global, 16384>, !uop.ptr<f16, global, 4096>, !uop.ptr<f16, global, 4096>) -> (), sym_name = "dag"}> ({
  ^bb0(%arg0: !uop.ptr<f32, global, 16384>, %arg1: !uop.ptr<f16, global, 4096>, %arg2: !uop.ptr<f16, global, 4096>):
    %0 = "arith.constant"() <{value = 32 : index}> : () -> index
    %1 = "arith.constant"() <{value = 128 : index}> : () -> index
    %2 = "uop.range"(%1) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type loop>}> : (index) -> index
    %3 = "uop.range"(%1) <{axis_id = #uop.axis_id<R1>, axis_type = #uop<axis_type loop>}> : (index) -> index
    %4 = "uop.range"(%0) <{axis_id = #uop.axis_id<R2>, axis_type = #uop<axis_type reduce>}> : (index) -> index
    %5 = "arith.addi"(%2, %4) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %6 = "arith.addi"(%5, %5) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %7 = "arith.addi"(%6, %6) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %8 = "arith.addi"(%7, %7) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %9 = "arith.addi"(%8, %8) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %10 = "arith.addi"(%9, %9) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %11 = "arith.addi"(%10, %10) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %12 = "arith.addi"(%11, %11) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %13 = "arith.addi"(%12, %12) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %14 = "arith.addi"(%13, %13) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %15 = "arith.addi"(%14, %14) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %16 = "arith.addi"(%15, %15) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %17 = "arith.addi"(%16, %16) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %18 = "arith.addi"(%17, %17) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %19 = "arith.addi"(%18, %18) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %20 = "arith.addi"(%19, %19) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %21 = "arith.addi"(%20, %20) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %22 = "arith.addi"(%21, %21) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %23 = "arith.addi"(%22, %22) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %24 = "arith.addi"(%23, %23) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %25 = "arith.addi"(%24, %24) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %26 = "arith.addi"(%25, %25) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %27 = "arith.addi"(%26, %14) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %28 = "arith.addi"(%27, %27) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %29 = "arith.addi"(%28, %28) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %30 = "arith.addi"(%29, %29) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %31 = "arith.addi"(%30, %30) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %32 = "arith.addi"(%31, %27) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %33 = "arith.addi"(%32, %32) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %34 = "arith.addi"(%33, %33) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %35 = "arith.addi"(%34, %34) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %36 = "arith.addi"(%35, %35) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %37 = "arith.addi"(%36, %36) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %38 = "arith.addi"(%37, %37) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %39 = "arith.addi"(%38, %38) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %40 = "arith.addi"(%39, %39) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %41 = "arith.addi"(%40, %40) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %42 = "arith.addi"(%41, %41) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %43 = "arith.addi"(%42, %42) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %44 = "arith.addi"(%43, %43) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %45 = "arith.addi"(%44, %44) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %46 = "uop.index"(%arg1, %45) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!uop.ptr<f16, global, 4096>, index) -> f16
    %47 = "uop.load"(%arg1, %46) : (!uop.ptr<f16, global, 4096>, f16) -> f16
    %48 = "uop.index"(%arg2, %4, %3) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (!uop.ptr<f16, global, 4096>, index, index) -> f16
    %49 = "uop.load"(%arg2, %48) : (!uop.ptr<f16, global, 4096>, f16) -> f16
    %50 = "arith.extf"(%47) : (f16) -> f32
    %51 = "arith.extf"(%49) : (f16) -> f32
    %52 = "arith.mulf"(%50, %51) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %53 = "uop.reduce"(%52, %4) <{reduce_op = #uop<reduce_op add>}> : (f32, index) -> f32
    %54 = "uop.index"(%arg0, %2, %3) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (!uop.ptr<f32, global, 16384>, index, index) -> f32
    %55 = "uop.store"(%54, %53) : (f32, f32) -> !uop.void
    %56 = "uop.end"(%55, %2, %3) : (!uop.void, index, index) -> !uop.void
    "uop.sink"(%56) <{info = #uop.kernel_info<name = "dag">}> : (!uop.void) -> ()
  }) : () -> ()
}) : () -> ()
