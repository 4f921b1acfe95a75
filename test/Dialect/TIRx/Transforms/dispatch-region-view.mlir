// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_80" --canonicalize --cse | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" -o /dev/null
// test/Target/PTX/region-view-ptxas.mlir assembles it.
//
// Tile ops on region views (tirx.region_view): the view becomes a
// decl_buffer of the region's buffer with the sliced layout, which the
// implementations see like any view: a shared view whose layout is the
// slice of a swizzle, and a register view of rows 1 and 2 of a tile over
// (warpid, laneid), which warps 1 and 2 hold (its slice keeps the warp
// offset, so the fill tests the warp id).

!Z = !tirx.buffer<8x64xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
!ZV = !tirx.buffer<4x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[256:1] + 256>>>
!W = !tirx.buffer<4x32xf32, local, #tirx.tile<S[(4,32):(1@warpid,1@laneid)]>>
!WV = !tirx.buffer<2x32xf32, local, #tirx.tile<S[(2,32):(1@warpid,1@laneid)] + 1@warpid>>

// CHECK-LABEL: tirx.prim_func @views
// CHECK-NOT:  tirx.region_view
// CHECK:      %[[Z:.*]] = tirx.alloc_buffer : !tirx.buffer<8x64xf16, shared, #tirx.swizzle
// CHECK:      %[[ZV:.*]] = tirx.decl_buffer %[[Z]] : !tirx.buffer<8x64xf16, shared, {{.*}}> -> !tirx.buffer<4x64xf16, shared, #tirx.compose<{{.*}}, #tirx.tile<S[256:1] + 256>>>
// CHECK:      tirx.vector_load %arg0
// CHECK:      tirx.vector_store %{{.*}}, %[[ZV]]
// CHECK:      gpu.barrier
// CHECK:      tirx.vector_load %[[ZV]]
// CHECK:      tirx.vector_store %{{.*}}, %arg1
// CHECK:      %[[W:.*]] = tirx.alloc_buffer : !tirx.buffer<4x32xf32, local
// CHECK:      %[[WV:.*]] = tirx.decl_buffer %[[W]]
// CHECK:      tirx.scope_id_def cta -> warp [4]
// CHECK:      scf.if
// CHECK:        tirx.buffer_store %{{.*}}, %[[WV]]
// CHECK:      tirx.buffer_load %[[WV]]
// CHECK:      tirx.buffer_store %{{.*}}, %arg2
tirx.prim_func @views(%A: !tirx.buffer<4x64xf16, global>, %B: !tirx.buffer<4x64xf16, global>, %O: !tirx.buffer<2x32xf32, global>, %x: f32) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = tirx.alloc_buffer : !Z
    %zr = tirx.region %z[%c4 : 4, %c0 : 64] : !Z
    %zv = tirx.region_view %zr : !tirx.region<4x64, !Z> -> !ZV
    tirx.tile.copy <cta> %zv, %A : !ZV, !tirx.buffer<4x64xf16, global>
    tirx.tile.copy <cta> %B, %zv : !tirx.buffer<4x64xf16, global>, !ZV
    %w = tirx.alloc_buffer : !W
    %wr = tirx.region %w[%c1 : 2, %c0 : 32] : !W
    %wv = tirx.region_view %wr : !tirx.region<2x32, !W> -> !WV
    tirx.tile.fill <cta> %wv, %x : !WV, f32
    tirx.tile.copy <cta> %O, %wv : !tirx.buffer<2x32xf32, global>, !WV
  }
  tirx.return
}
