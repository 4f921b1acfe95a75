// RUN: not uop-opt %s --pass-pipeline='builtin.module(uop-to-program{target=cpu})' 2>&1 | FileCheck %s
//
// Found by uop-fuzz (seed 31, crash in passes; seed
// test/Dialect/UOp/Transforms/expand-vectorize.mlir): an END whose
// computation is the upcast range it closes. uop-expand segfaulted merging
// the lanes at it. The END verifier now rejects it.
// CHECK: error: 'uop.end' op computation is a range it closes
// CHECK-NOT: Stack dump
"builtin.module"() ({
  "uop.function"() <{arg_attrs = [{uop.shape = array<i64: 3>}, {uop.shape = array<i64: 3>}], function_type = (!uop.ptr<f32, global, 3>, !uop.ptr<f32, global, 3>) -> (), sym_name = "three"}> ({
  ^bb0(%arg0: !uop.ptr<f32, global, 3>, %arg1: !uop.ptr<f32, global, 3>):
    %0 = "arith.constant"() <{value = 3 : index}> : () -> index
    %1 = "uop.range"(%0) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type upcast>}> : (index) -> index
    %5 = "uop.end"(%1, %1) : (index, index) -> !uop.void
    "uop.sink"(%5) <{info = #uop.kernel_info<name = "three">}> : (!uop.void) -> ()
  }) : () -> ()
}) : () -> ()
