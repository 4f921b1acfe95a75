// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s --check-prefix=COUNT
// RUN: uop-opt --tirx-to-nvvm="chip=sm_90a" %s -split-input-file -o - | uop-translate --mlir-to-ptx --chip=sm_90a -split-input-file | FileCheck %s --check-prefix=PTX
//
// A loop marked tirx.unroll is unrolled fully before dispatch, folding as it
// goes: each copy of a tile call sees its own constant region, here the
// 64x32 column blocks 0, 32, 64, 96 of a 64x128 register accumulator laid
// out like wgmma's. A block at constant offsets whose edges do not cut
// through the elements one register holds across the threads is walked
// register by register: 16 registers per thread and block, 64 in all, each
// at a constant index, so the accumulator stays in registers (no .local).

// CHECK-LABEL: tirx.prim_func @blocks
// CHECK-NOT: scf.for
// CHECK: %[[C96:.*]] = arith.constant 96 : index
// CHECK-NOT: scf.for
// CHECK: tirx.buffer_store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : !tirx.buffer<64x128xf32, global>
// CHECK-NOT: scf.for
// CHECK-NOT: tirx.unroll
// CHECK: tirx.return
// COUNT-LABEL: tirx.prim_func @blocks
// The 64 registers loaded from %In, then read by the four blocks.
// COUNT-COUNT-64: tirx.buffer_store %{{.*}} : !tirx.buffer<64x128xf32, local
// COUNT-COUNT-64: tirx.buffer_load %{{.*}} : !tirx.buffer<64x128xf32, local
// COUNT-NOT: tirx.buffer_load
// COUNT: tirx.return
// PTX-LABEL: .entry blocks(
// PTX-NOT: .local
// PTX-COUNT-64: st.global.{{[bf]}}32
// PTX-NOT: st.global
// PTX: ret;
tirx.prim_func @blocks(%In: !tirx.buffer<64x128xf32, global>, %C: !tirx.buffer<64x128xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %acc = tirx.alloc_buffer : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    tirx.tile.copy <warpgroup> %acc, %In : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x128xf32, global>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %col = arith.muli %j, %c32 : index
      %blk = tirx.region %acc[%c0 : 64, %col : 32] : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
      %g = tirx.region %C[%c0 : 64, %col : 32] : !tirx.buffer<64x128xf32, global>
      tirx.tile.copy <warpgroup> %g, %blk : !tirx.region<64x32, !tirx.buffer<64x128xf32, global>>, !tirx.region<64x32, !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>>
    } {tirx.unroll}
  }
  tirx.return
}

// -----

// Without tirx.unroll the loop stays and the block's column offset is not a
// constant: every thread visits every element of the block and tests which
// ones it holds.
// CHECK-LABEL: tirx.prim_func @not_unrolled
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tirx.buffer_load
// COUNT-LABEL: tirx.prim_func @not_unrolled
tirx.prim_func @not_unrolled(%C: !tirx.buffer<64x128xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %acc = tirx.alloc_buffer : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %col = arith.muli %j, %c32 : index
      %blk = tirx.region %acc[%c0 : 64, %col : 32] : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
      %g = tirx.region %C[%c0 : 64, %col : 32] : !tirx.buffer<64x128xf32, global>
      tirx.tile.copy <warpgroup> %g, %blk : !tirx.region<64x32, !tirx.buffer<64x128xf32, global>>, !tirx.region<64x32, !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>>
    }
  }
  tirx.return
}

// -----

// A block of columns 4..11 at a constant offset cuts through registers: one
// register holds column 8a + b + 2 (lane % 4), in the block for some lanes
// and not for others. That is decided per thread: the element loop with
// owner tests.
// CHECK-LABEL: tirx.prim_func @cut_through
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tirx.buffer_load
// COUNT-LABEL: tirx.prim_func @cut_through
tirx.prim_func @cut_through(%C: !tirx.buffer<64x8xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %acc = tirx.alloc_buffer : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %blk = tirx.region %acc[%c0 : 64, %c4 : 8] : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    tirx.tile.copy <warpgroup> %C, %blk : !tirx.buffer<64x8xf32, global>, !tirx.region<64x8, !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>>
  }
  tirx.return
}

// -----

// Carried values flow from one copy to the next, and what depends only on
// the induction variable and constants folds: 0 + 1 + 2 + 3 = 6, the loop's
// result, is stored as a constant.
// CHECK-LABEL: tirx.prim_func @carried
// CHECK-NOT: scf.for
// CHECK: %[[SIX:.*]] = arith.constant 6 : i32
// CHECK-NOT: scf.for
// CHECK: tirx.buffer_store %[[SIX]], %arg0[%{{.*}}] : !tirx.buffer<1xi32, global>
// COUNT-LABEL: tirx.prim_func @carried
tirx.prim_func @carried(%out: !tirx.buffer<1xi32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [32]
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %sum = scf.for %i = %z to %c4 step %c1 iter_args(%acc = %z) -> (i32) : i32 {
      %next = arith.addi %acc, %i : i32
      scf.yield %next : i32
    } {tirx.unroll}
    tirx.buffer_store %sum, %out[%c0] : !tirx.buffer<1xi32, global>
  }
  tirx.return
}
