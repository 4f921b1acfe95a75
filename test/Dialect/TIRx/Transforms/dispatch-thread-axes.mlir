// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_80" --canonicalize --cse | FileCheck %s
// The whole lowering proves every access is the executing thread's own
// (tirx-lower-layouts' ownership check) and reaches NVVM:
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" -o /dev/null
// test/Target/PTX/thread-axes-ptxas.mlir assembles it.
//
// Generic tile implementations on register tiles distributed over every
// thread axis a CTA contains (warpid, laneid, tx, tid_in_wg; replicas over
// warpid). A whole register tile whose thread-axis iters number the ids
// exactly is visited register by register: each thread handles its own
// elements, at coordinates made of its ids (no loop, no owner test), so the
// register index is a constant and the buffer can live in registers. Other
// layouts (replicas) loop over every element, each handled by the threads
// that hold it, which compare the layout's value on each thread axis with
// their own scope ids.

!G = !tirx.buffer<4x32xf32, global>
!W = !tirx.buffer<4xf32, local, #tirx.tile<S[(4):(1@warpid)]>>
!WL = !tirx.buffer<4x32xf32, local, #tirx.tile<S[(4,32):(1@warpid,1@laneid)]>>
!T = !tirx.buffer<128xf32, local, #tirx.tile<S[(128):(1@tx)]>>
!TW = !tirx.buffer<128xf32, local, #tirx.tile<S[(128):(1@tid_in_wg)]>>
!R = !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)] + R[(4):(1@warpid)]>>

// CHECK-LABEL: tirx.prim_func @axes
// The issue's example: a CTA-scope fill of a buffer with one element per
// warp: each warp stores its element, at its warp id.
// CHECK:      %[[W:.*]] = tirx.alloc_buffer : !tirx.buffer<4xf32, local, #tirx.tile<S[4:1@warpid]>>
// CHECK-NEXT: %[[WID:.*]] = tirx.scope_id_def cta -> warp [4]
// CHECK-NEXT: tirx.buffer_store %cst, %[[W]][%[[WID]]]
// The copy out reads only the warp's own element.
// CHECK-NEXT: %[[V:.*]] = tirx.buffer_load %[[W]][%[[WID]]]
// CHECK-NEXT: tirx.buffer_store %[[V]], %arg2[%[[WID]]]
// CHECK-NOT:  scf.if
//
// Two thread axes: the element (r, c) is lane c's of warp r.
// CHECK:      %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK-NEXT: tirx.buffer_load %arg0[%[[WID]], %[[LANE]]]
// CHECK:      arith.mulf
// CHECK:      tirx.buffer_store {{.*}}, %arg1[%[[WID]], %[[LANE]]]
//
// tx: the CTA's thread index.
// CHECK: tirx.alloc_buffer : !tirx.buffer<128xf32, local, #tirx.tile<S[128:1@tx]>>
// CHECK-NEXT: tirx.scope_id_def cta -> thread [128]
// tid_in_wg at warpgroup scope.
// CHECK: tirx.alloc_buffer : !tirx.buffer<128xf32, local, #tirx.tile<S[128:1@tid_in_wg]>>
// CHECK-NEXT: tirx.scope_id_def warpgroup -> thread [128]
//
// A replica over warpid: every warp writes its own copy (any of the four
// locations may be the thread's).
// CHECK: tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid] + R[4:1@warpid]>>
// CHECK:      arith.cmpi eq, %[[WID]], %c0
// CHECK:      arith.cmpi eq, %[[WID]], %c1
// CHECK:      arith.cmpi eq, %[[WID]], %c2
// CHECK:      arith.cmpi eq, %[[WID]], %c3
// CHECK:      %[[ANY:.*]] = arith.ori
// CHECK-NEXT: scf.if %[[ANY]]
// CHECK-NEXT:   tirx.buffer_store
tirx.prim_func @axes(%A: !G, %B: !G, %O: !tirx.buffer<4xf32, global>, %P: !tirx.buffer<128xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c = arith.constant 2.0 : f32
    %w = tirx.alloc_buffer : !W
    tirx.tile.fill <cta> %w, %c : !W, f32
    tirx.tile.copy <cta> %O, %w : !tirx.buffer<4xf32, global>, !W
    %x = tirx.alloc_buffer : !WL
    %y = tirx.alloc_buffer : !WL
    tirx.tile.copy <cta> %x, %A : !WL, !G
    tirx.tile.binary mul <cta> %y, %x, %c : !WL, !WL, f32
    tirx.tile.copy <cta> %B, %y : !G, !WL
    %t = tirx.alloc_buffer : !T
    tirx.tile.fill <cta> %t, %c : !T, f32
    tirx.tile.copy <cta> %P, %t : !tirx.buffer<128xf32, global>, !T
    %g = tirx.alloc_buffer : !TW
    tirx.tile.fill <warpgroup> %g, %c : !TW, f32
    %r = tirx.alloc_buffer : !R
    tirx.tile.fill <cta> %r, %c : !R, f32
  }
  tirx.return
}
