// RUN: uop-opt %s --pass-pipeline='builtin.module(uop.function(uop-expand{vectorize=true}))' | FileCheck %s
// RUN: uop-opt %s --pass-pipeline='builtin.module(uop.function(uop-expand{vectorize=false}))' | FileCheck %s
// RUN: not uop-opt %s --pass-pipeline='builtin.module(uop-to-program{target=cpu})' 2>&1 | FileCheck %s --check-prefix=PIPE
//
// Found by uop-fuzz (seed 31, crash in passes; seed
// test/Dialect/UOp/Transforms/expand-vectorize.mlir): END(r, [r]) of an
// upcast range, an empty loop. uop-expand listed the END once per use of r
// and merged its lanes twice, the second time at the erased END (a
// segfault). It is listed once now: the lanes meet in one GROUP.
// CHECK-LABEL: uop.function @three
// CHECK: %[[G:.*]] = uop.group(%{{.*}}, %{{.*}}, %{{.*}}) : index, index, index
// CHECK-NEXT: uop.sink %[[G]]
// PIPE: error: uop-linearize: kernel @three is not called by a schedule function
// PIPE-NOT: Stack dump
"builtin.module"() ({
  "uop.function"() <{arg_attrs = [{uop.shape = array<i64: 3>}, {uop.shape = array<i64: 3>}], function_type = (!uop.ptr<f32, global, 3>, !uop.ptr<f32, global, 3>) -> (), sym_name = "three"}> ({
  ^bb0(%arg0: !uop.ptr<f32, global, 3>, %arg1: !uop.ptr<f32, global, 3>):
    %0 = "arith.constant"() <{value = 3 : index}> : () -> index
    %1 = "uop.range"(%0) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type upcast>}> : (index) -> index
    %5 = "uop.end"(%1, %1) : (index, index) -> !uop.void
    "uop.sink"(%5) <{info = #uop.kernel_info<name = "three">}> : (!uop.void) -> ()
  }) : () -> ()
}) : () -> ()
