// RUN: uop-opt %s --allow-unregistered-dialect -split-input-file | uop-opt --allow-unregistered-dialect -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: uop-opt %s --allow-unregistered-dialect -split-input-file --tirx-lower-tile-schedules | FileCheck %s
//
// A tile schedule is the persistent loop of its worker: linear tiles from
// the worker's id, stepping by the grid's size (tirx.scope_extent: a
// constant here, the run-time grid size where the grid is free), each mapped
// to its (m, n) tile in grouped order: group = t / (group * N), m = first +
// (t % (group * N)) % rows, n = (t % (group * N)) / rows, with rows the M
// tiles left in the last group; the worker's iteration is carried.
// unittests/TIRx/TileScheduleTest.cpp
// evaluates the loop for many grids.

// ROUND-LABEL: tirx.prim_func @grouped
// ROUND: tirx.tile_schedule %{{.*}} tiles [32, 16] group 8 (%{{.*}}, %{{.*}}, %{{.*}}) {
// CHECK-LABEL: tirx.prim_func @grouped
// CHECK: %[[W:.*]] = tirx.scope_id_def kernel -> cta [?] preferred [132]
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[NW:.*]] = tirx.scope_extent %[[W]]
// CHECK: %[[TOTAL:.*]] = arith.muli %[[C32]], %[[C16]]
// CHECK: %[[GT:.*]] = arith.muli %[[C8]], %[[C16]]
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.for %[[T:.*]] = %[[W]] to %[[TOTAL]] step %[[NW]] iter_args(%[[IT:.*]] = %[[C0]]) -> (index) {
// CHECK:   %[[G:.*]] = arith.divui %[[T]], %[[GT]]
// CHECK:   %[[FIRST:.*]] = arith.muli %[[G]], %[[C8]]
// CHECK:   %[[LEFT:.*]] = arith.subi %[[C32]], %[[FIRST]]
// CHECK:   %[[ROWS:.*]] = arith.minui %[[LEFT]], %[[C8]]
// CHECK:   %[[IN:.*]] = arith.remui %[[T]], %[[GT]]
// CHECK:   %[[MR:.*]] = arith.remui %[[IN]], %[[ROWS]]
// CHECK:   %[[M:.*]] = arith.addi %[[FIRST]], %[[MR]]
// CHECK:   %[[N:.*]] = arith.divui %[[IN]], %[[ROWS]]
// CHECK:   %[[NEXT:.*]] = arith.addi %[[IT]], %{{.*}}
// CHECK:   "test.tile"(%[[M]], %[[N]], %[[IT]])
// CHECK:   scf.yield %[[NEXT]]
// CHECK-NOT: tirx.tile_schedule
tirx.prim_func @grouped() {
  tirx.device_entry {
    %cta = tirx.scope_id_def kernel -> cta [?] preferred [132]
    tirx.tile_schedule %cta tiles [32, 16] group 8 (%m, %n, %it) {
      "test.tile"(%m, %n, %it) : (index, index, index) -> ()
    }
  }
  tirx.return
}

// -----

// Tile counts may be values (a runtime problem size); group 1, the default,
// is not printed. Clusters are workers too.
// ROUND-LABEL: tirx.prim_func @dynamic
// ROUND: tirx.tile_schedule %{{.*}} tiles [%{{.*}}, 4] (%{{.*}}, %{{.*}}, %{{.*}}) {
// CHECK-LABEL: tirx.prim_func @dynamic
// CHECK-SAME: (%[[TM:.*]]: index)
// CHECK: %[[C:.*]] = tirx.scope_id_def kernel -> cluster [8]
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[NW:.*]] = tirx.scope_extent %[[C]]
// CHECK: %[[TOTAL:.*]] = arith.muli %[[TM]], %[[C4]]
// CHECK: scf.for %{{.*}} = %[[C]] to %[[TOTAL]] step %[[NW]]
tirx.prim_func @dynamic(%tm: index) {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [8]
    %r = tirx.scope_id_def cluster -> cta [2]
    tirx.tile_schedule %c tiles [%tm, 4] group 1 (%m, %n, %it) {
      "test.tile"(%m, %n, %it) : (index, index, index) -> ()
    }
  }
  tirx.return
}
