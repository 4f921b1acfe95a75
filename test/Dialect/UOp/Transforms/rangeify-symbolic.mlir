// RUN: uop-opt %s -split-input-file --uop-rangeify | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-rangeify --uop-split-kernels | FileCheck %s --check-prefix=SPLIT
//
// A `?` dimension named by #uop.sym is a RANGE over the variable's
// DEFINE_VAR; reads of symbolic buffers are one row-major index whose
// strides multiply by the variables.

// CHECK-LABEL: func.func @rowsum
// CHECK: %[[N:.*]] = uop.define_var "n"[1, 4096]
// CHECK: %[[R:.*]] = uop.range %[[N]], U0, loop
// CHECK: %[[K:.*]] = uop.range %c384, U1, reduce
// CHECK: %[[ROW:.*]] = arith.muli %[[R]], %c384 : index
// CHECK: %[[AT:.*]] = arith.addi %[[ROW]], %[[K]] : index
// CHECK: uop.index %arg0[%[[AT]]] : tensor<?x384xf32, #uop.sym<"n">> -> f32
// CHECK: uop.bufferize {{.*}}[%[[R]]] {{.*}} -> tensor<?xf32, #uop.sym<"n">>

// SPLIT-LABEL: uop.function @rowsum_k0
// SPLIT-SAME: (%arg0: !uop.ptr<f32, global> {uop.capacity = 4096 : i64}, %arg1: !uop.ptr<f32, global> {uop.capacity = 1572864 : i64})
// SPLIT-SAME: attributes {uop.vars = [#uop.var<"n", 1, 4096>]}
// SPLIT-NOT: uop.shape
// SPLIT: uop.define_var "n"[1, 4096]
// SPLIT-LABEL: uop.function @rowsum(
// SPLIT-SAME: %arg0: !uop.ptr<f32, global> {uop.capacity = 1572864 : i64}, %arg1: !uop.ptr<f32, global> {uop.capacity = 4096 : i64})
// SPLIT-SAME: attributes {uop.vars = [#uop.var<"n", 1, 4096>]}
func.func @rowsum(%x: tensor<?x384xf32, #uop.sym<"n">>) -> tensor<?xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"n", 1, 4096>]} {
  %s = uop.reduce_axis add %x [1] : tensor<?x384xf32, #uop.sym<"n">> -> tensor<?xf32, #uop.sym<"n">>
  return %s : tensor<?xf32, #uop.sym<"n">>
}

// -----

// An inner symbolic dimension: the row stride is the variable itself, and
// the intermediate buffer is allocated at the variables' upper bounds
// (8 * 16 elements), one allocation for every size.

// CHECK-LABEL: func.func @inner
// CHECK-DAG: %[[M:.*]] = uop.define_var "m"[1, 16]
// CHECK-DAG: %[[N:.*]] = uop.define_var "n"[1, 8]
// CHECK: %[[I:.*]] = uop.range %[[N]], U0, loop
// CHECK: %[[J:.*]] = uop.range %[[M]], U1, loop
// CHECK: %[[ROW:.*]] = arith.muli %[[I]], %[[M]] : index
// CHECK: arith.addi %[[ROW]], %[[J]] : index

// SPLIT-LABEL: uop.function @inner_k0
// SPLIT: %[[M:.*]] = uop.define_var "m"[1, 16]
// SPLIT: %[[I:.*]] = uop.range {{.*}}, R0, loop
// SPLIT: %[[J:.*]] = uop.range %[[M]], R1, loop
// SPLIT: %[[ROW:.*]] = arith.muli %[[I]], %[[M]] : index
// SPLIT: %[[AT:.*]] = arith.addi %[[ROW]], %[[J]] : index
// SPLIT: uop.index %arg1[%[[AT]]]
// SPLIT-LABEL: uop.function @inner(
// SPLIT: uop.buffer {{.*}} size 128 : !uop.ptr<f32, global>
func.func @inner(%x: tensor<?x?xf32, #uop.sym<"n", "m">>) -> tensor<?xf32, #uop.sym<"m">>
    attributes {uop.vars = [#uop.var<"n", 1, 8>, #uop.var<"m", 1, 16>]} {
  %e = math.exp %x : tensor<?x?xf32, #uop.sym<"n", "m">>
  %c = uop.contiguous %e : tensor<?x?xf32, #uop.sym<"n", "m">>
  %s = uop.reduce_axis add %c [0] : tensor<?x?xf32, #uop.sym<"n", "m">> -> tensor<?xf32, #uop.sym<"m">>
  return %s : tensor<?xf32, #uop.sym<"m">>
}
