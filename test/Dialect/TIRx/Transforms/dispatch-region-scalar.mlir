// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// A one-element region where a tile op expects a scalar (the fill value, a
// binary op's rhs) is loaded once, as the seed coerces a fixed-size
// BufferRegion in an expression context to a BufferLoad: the op then uses
// that value for every element. Rejected shapes are in
// test/Dialect/TIRx/invalid-region-scalar.mlir.

// CHECK-LABEL: tirx.prim_func @fill_from_region
// CHECK: %[[V:.*]] = tirx.buffer_load %arg1[%arg2] : !tirx.buffer<16xf32, global>
// CHECK: scf.for
// CHECK: tirx.buffer_store %[[V]], %arg0
tirx.prim_func @fill_from_region(%A: !tirx.buffer<8x8xf32, global>, %P: !tirx.buffer<16xf32, global>, %i: index) {
  tirx.device_entry {
    %r = tirx.region %P[%i : 1] : !tirx.buffer<16xf32, global>
    tirx.tile.fill <thread> %A, %r : !tirx.buffer<8x8xf32, global>, !tirx.region<1, !tirx.buffer<16xf32, global>>
  }
  tirx.return
}

// The rhs of a binary op: a 1 x 1 region of a 2-D buffer is one scalar (the
// element at its mins), not a tile.
// CHECK-LABEL: tirx.prim_func @scale_by_region
// CHECK: %[[S:.*]] = tirx.buffer_load %arg1[%arg2, %c3] : !tirx.buffer<4x4xf32, global>
// CHECK: scf.for
// CHECK: %[[X:.*]] = tirx.buffer_load %arg0
// CHECK: arith.mulf %[[X]], %[[S]] : f32
tirx.prim_func @scale_by_region(%A: !tirx.buffer<8x8xf32, global>, %P: !tirx.buffer<4x4xf32, global>, %i: index) {
  tirx.device_entry {
    %c3 = arith.constant 3 : index
    %r = tirx.region %P[%i : 1, %c3 : 1] : !tirx.buffer<4x4xf32, global>
    tirx.tile.binary mul <thread> %A, %A, %r : !tirx.buffer<8x8xf32, global>, !tirx.buffer<8x8xf32, global>, !tirx.region<1x1, !tirx.buffer<4x4xf32, global>>
  }
  tirx.return
}
