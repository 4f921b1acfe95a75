// RUN: uop-opt %s -allow-unregistered-dialect | FileCheck %s
// RUN: uop-opt %s -allow-unregistered-dialect | uop-opt -allow-unregistered-dialect | FileCheck %s
// RUN: uop-opt %s -allow-unregistered-dialect --mlir-print-op-generic | uop-opt -allow-unregistered-dialect | FileCheck %s
// RUN: uop-opt %s -allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// tirx.tile.reduce's operator is uop's reduction enum (uop::ReduceOpKind):
// its add is written `sum` (`add` is read too), max and min as in uop.

// CHECK-LABEL: tirx.prim_func @kinds
tirx.prim_func @kinds() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // CHECK: tirx.tile.reduce sum <cta> %{{.*}}, %{{.*}} axes [1]
    // GENERIC: "tirx.tile.reduce"(%{{.*}}, %{{.*}}) <{axes = array<i64: 1>, kind = #tirx<reduce add>, scope = #tirx.scope<cta>}>
    tirx.tile.reduce sum <cta> %d, %s axes [1] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
    // CHECK: tirx.tile.reduce sum <cta> %{{.*}}, %{{.*}} axes [1]
    tirx.tile.reduce add <cta> %d, %s axes [1] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
    // CHECK: tirx.tile.reduce max <cta>
    tirx.tile.reduce max <cta> %d, %s axes [1] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
    // CHECK: tirx.tile.reduce min <cta>
    tirx.tile.reduce min <cta> %d, %s axes [1] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// The same enum in both dialects' attributes.
// CHECK: "test.op"() {s = #tirx<reduce add>, t = #tirx<reduce max>, u = #uop<reduce_op umax>} : () -> ()
"test.op"() {s = #tirx<reduce add>, t = #tirx<reduce max>, u = #uop<reduce_op umax>} : () -> ()

