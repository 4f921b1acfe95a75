// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --tirx-lower-layouts --canonicalize --cse | FileCheck --check-prefix=LOWER %s
//
// tirx.region_view: a buffer over a region of another whose layout is the
// slice of the source's layout (the algebra's Slice behind
// LayoutAttrInterface::slice) at the region's constant mins. Element y of
// the view is element min + y of the source: tirx-lower-layouts rewrites it
// into a decl_buffer of the source with the sliced layout, so its accesses
// address the source's storage at the same offsets.

!S = !tirx.buffer<64x64xf32, shared>
!V = !tirx.buffer<64x32xf32, shared, #tirx.tile<S[(64,32):(64,1)] + 32>>

// CHECK-LABEL: tirx.prim_func @row_major
// CHECK: tirx.region_view %{{.*}} : !tirx.region<64x32, !tirx.buffer<64x64xf32, shared>> -> !tirx.buffer<64x32xf32, shared, #tirx.tile<S[(64,32):(64,1)] + 32>>
// View element (1, 2) is source element (1, 34): offset 98 of both.
// LOWER-LABEL: tirx.prim_func @row_major
// LOWER-NOT: tirx.region_view
// LOWER: %[[A:.*]] = tirx.buffer_load %{{.*}}[%c98]
// LOWER: %[[B:.*]] = tirx.buffer_load %{{.*}}[%c98]
// LOWER: arith.addf %[[A]], %[[B]]
tirx.prim_func @row_major(%O: !tirx.buffer<1xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [1]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c34 = arith.constant 34 : index
    %s = tirx.alloc_buffer : !S
    %r = tirx.region %s[%c0 : 64, %c32 : 32] : !S
    %v = tirx.region_view %r : !tirx.region<64x32, !S> -> !V
    %a = tirx.buffer_load %v[%c1, %c2] : !V
    %b = tirx.buffer_load %s[%c1, %c34] : !S
    %sum = arith.addf %a, %b : f32
    tirx.buffer_store %sum, %O[%c0] : !tirx.buffer<1xf32, global>
  }
  tirx.return
}

// A register tile over (warpid, laneid): rows 1 and 2 are warps 1 and 2's.
// CHECK-LABEL: tirx.prim_func @thread_axes
// CHECK: -> !tirx.buffer<2x32xf32, local, #tirx.tile<S[(2,32):(1@warpid,1@laneid)] + 1@warpid>>
!W = !tirx.buffer<4x32xf32, local, #tirx.tile<S[(4,32):(1@warpid,1@laneid)]>>
!WV = !tirx.buffer<2x32xf32, local, #tirx.tile<S[(2,32):(1@warpid,1@laneid)] + 1@warpid>>
tirx.prim_func @thread_axes() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %w = tirx.alloc_buffer : !W
    %r = tirx.region %w[%c1 : 2, %c0 : 32] : !W
    %v = tirx.region_view %r : !tirx.region<2x32, !W> -> !WV
  }
  tirx.return
}

// A swizzled tile: the slice keeps the swizzle (a compose of it and the
// sliced row-major tile).
// CHECK-LABEL: tirx.prim_func @swizzle
// CHECK: -> !tirx.buffer<4x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[256:1] + 256>>>
!Z = !tirx.buffer<8x64xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
!ZV = !tirx.buffer<4x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[256:1] + 256>>>
tirx.prim_func @swizzle() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %z = tirx.alloc_buffer : !Z
    %r = tirx.region %z[%c4 : 4, %c0 : 64] : !Z
    %v = tirx.region_view %r : !tirx.region<4x64, !Z> -> !ZV
  }
  tirx.return
}

// A compose layout answers the slice with a compose: the swizzle kept, the
// tile sliced.
// CHECK-LABEL: tirx.prim_func @compose
// CHECK: -> !tirx.buffer<4x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,32):(64,1)] + 288>>>
!C = !tirx.buffer<8x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
!CV = !tirx.buffer<4x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,32):(64,1)] + 288>>>
tirx.prim_func @compose() {
  tirx.device_entry {
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %z = tirx.alloc_buffer : !C
    %r = tirx.region %z[%c4 : 4, %c32 : 32] : !C
    %v = tirx.region_view %r : !tirx.region<4x32, !C> -> !CV
  }
  tirx.return
}
