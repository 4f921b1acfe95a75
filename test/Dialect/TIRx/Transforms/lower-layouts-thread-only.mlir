// RUN: uop-opt %s --tirx-lower-layouts | FileCheck %s
//
// tirx-lower-layouts on a local buffer whose layout maps only to thread axes
// (each thread owns one element): the thread axes are dropped and the access
// is offset 0 into a 1-element view.

// CHECK-LABEL: tirx.prim_func @lane_tile
// CHECK-SAME: (%[[I:.*]]: index, %[[X:.*]]: f32)
// CHECK: %[[L:.*]] = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>>
// CHECK-NEXT: %[[V:.*]] = tirx.decl_buffer %[[L]] storage : !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>> -> !tirx.buffer<1xf32, local>
// The offset is the constant 0 (printed as %c0...).
// CHECK: tirx.buffer_store %[[X]], %[[V]][%c0{{(_[0-9]+)?}}] : !tirx.buffer<1xf32, local>
// CHECK: tirx.buffer_load %[[V]][%c0{{(_[0-9]+)?}}] : !tirx.buffer<1xf32, local>
// CHECK-NOT: !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>>]
tirx.prim_func @lane_tile(%i: index, %x: f32) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %L = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    tirx.buffer_store %x, %L[%i] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    %y = tirx.buffer_load %L[%i] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
  }
  tirx.return
}
