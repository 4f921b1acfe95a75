// XFAIL: *
// RUN: uop-opt %s --tirx-lower-layouts | FileCheck %s
//
// PENDING BUG: tirx-lower-layouts cannot lower an access to a local buffer
// whose layout maps only to thread axes (each thread owns one element, its
// storage span is 1): emitLayoutApply yields {laneid} but no memory axis and
// the pass fails with "cannot lower the layout of '!tirx.buffer<32xf32,
// local, #tirx.tile<S[32:1@laneid]>>'". As a result a warp-scope tile.fill /
// tile.copy on such a register tile, which tirx-dispatch-tile-primitives
// accepts (it guards each element with `laneid == owner`), cannot go through
// --tirx-to-nvvm. Expected: the thread axes are dropped and the missing memory
// axis is offset 0 into a 1-element view.

// CHECK-LABEL: tirx.prim_func @lane_tile
// CHECK-SAME: (%[[I:.*]]: index, %[[X:.*]]: f32)
// CHECK: %[[L:.*]] = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>>
// CHECK-NEXT: %[[V:.*]] = tirx.decl_buffer %[[L]] : !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>> -> !tirx.buffer<1xf32, local>
// CHECK: tirx.buffer_store %[[X]], %[[V]][%{{.*}}] : !tirx.buffer<1xf32, local>
// CHECK: tirx.buffer_load %[[V]][%{{.*}}] : !tirx.buffer<1xf32, local>
tirx.prim_func @lane_tile(%i: index, %x: f32) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %L = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    tirx.buffer_store %x, %L[%i] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    %y = tirx.buffer_load %L[%i] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
  }
  tirx.return
}
