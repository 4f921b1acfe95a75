// RUN: uop-opt %s --tirx-lower-layouts | FileCheck %s
//
// tirx-lower-layouts on a local buffer whose layout maps only to thread axes
// (each thread owns one element): an access at the lane's own element (its
// index is the warp -> thread scope id) drops the thread axes and is offset 0
// into a 1-element view. lower-layouts-errors.mlir has the accesses that are
// not provably the thread's own.

// CHECK-LABEL: tirx.prim_func @lane_tile
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[L:.*]] = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>>
// CHECK-NEXT: %[[V:.*]] = tirx.decl_buffer %[[L]] storage : !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>> -> !tirx.buffer<1xf32, local>
// The offset is the constant 0 (printed as %c0...).
// CHECK: tirx.buffer_store %[[X]], %[[V]][%c0{{(_[0-9]+)?}}] : !tirx.buffer<1xf32, local>
// CHECK: tirx.buffer_load %[[V]][%c0{{(_[0-9]+)?}}] : !tirx.buffer<1xf32, local>
// CHECK-NOT: !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>>]
tirx.prim_func @lane_tile(%x: f32) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %i = tirx.scope_id_def warp -> thread [32]
    %L = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    tirx.buffer_store %x, %L[%i] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    %y = tirx.buffer_load %L[%i] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
  }
  tirx.return
}

// Four elements per lane, row = lane: own when the row is the lane, at any
// column, also after tirx-lower-scope-ids (gpu.lane_id) and inside the
// owner test of a loop over all elements.
// CHECK-LABEL: tirx.prim_func @lane_rows
// CHECK-COUNT-3: tirx.buffer_load %{{.*}} : !tirx.buffer<4xf32, local>
tirx.prim_func @lane_rows(%x: f32) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [2]
    %l = tirx.scope_id_def warp -> thread [32]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %L = tirx.alloc_buffer : !tirx.buffer<32x4xf32, local, #tirx.tile<S[(32,4):(1@laneid,1)]>>
    scf.for %j = %c0 to %c4 step %c1 {
      tirx.buffer_store %x, %L[%l, %j] : !tirx.buffer<32x4xf32, local, #tirx.tile<S[(32,4):(1@laneid,1)]>>
      %y = tirx.buffer_load %L[%l, %j] : !tirx.buffer<32x4xf32, local, #tirx.tile<S[(32,4):(1@laneid,1)]>>
    }
    %g = gpu.lane_id
    %y = tirx.buffer_load %L[%g, %c1] : !tirx.buffer<32x4xf32, local, #tirx.tile<S[(32,4):(1@laneid,1)]>>
    scf.for %e = %c0 to %c128 step %c1 {
      %r = arith.divui %e, %c4 : index
      %c = arith.remui %e, %c4 : index
      %mine = arith.cmpi eq, %r, %l : index
      scf.if %mine {
        %z = tirx.buffer_load %L[%r, %c] : !tirx.buffer<32x4xf32, local, #tirx.tile<S[(32,4):(1@laneid,1)]>>
      }
    }
  }
  tirx.return
}
