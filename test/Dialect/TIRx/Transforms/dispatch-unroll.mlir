// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s
//
// A loop marked tirx.unroll is unrolled fully before dispatch: each copy of
// a tile call sees its own region, here a 64x32 block of a register
// accumulator at column 0, 32, 64, 96 (constant, so the block's elements
// stay in registers). Unmarked loops stay.

// CHECK-LABEL: tirx.prim_func @blocks
// CHECK-NOT: tirx.unroll
// CHECK-NOT: tirx.tile.copy
// The unmarked loop is kept, with one expansion inside.
// CHECK: scf.for
// CHECK-NOT: tirx.tile.copy
// CHECK: tirx.return
tirx.prim_func @blocks(%C: !tirx.buffer<64x128xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %acc = tirx.alloc_buffer : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %col = arith.muli %j, %c32 : index
      %blk = tirx.region %acc[%c0 : 64, %col : 32] : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
      %g = tirx.region %C[%c0 : 64, %col : 32] : !tirx.buffer<64x128xf32, global>
      tirx.tile.copy <warpgroup> %g, %blk : !tirx.region<64x32, !tirx.buffer<64x128xf32, global>>, !tirx.region<64x32, !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>>
    } {tirx.unroll}
    scf.for %j = %c0 to %c2 step %c1 {
      %col = arith.muli %j, %c32 : index
      %blk = tirx.region %acc[%c0 : 64, %col : 32] : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
      %g = tirx.region %C[%c0 : 64, %col : 32] : !tirx.buffer<64x128xf32, global>
      tirx.tile.copy <warpgroup> %g, %blk : !tirx.region<64x32, !tirx.buffer<64x128xf32, global>>, !tirx.region<64x32, !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>>
    }
  }
  tirx.return
}
