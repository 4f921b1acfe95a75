// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// The text form of the layout attributes (docs/tirx-layouts.md): what the
// parser accepts and the canonical spelling the printer writes. Each
// layout is a standalone attribute on its own prim_func; the end of the file
// has the same layouts inside buffer types.

// One-element tuple without parentheses.
// CHECK-LABEL: tirx.prim_func @l0()
// CHECK-SAME: attributes {layout = #tirx.tile<S[8192:1]>}
tirx.prim_func @l0() attributes {layout = #tirx.tile<S[8192:1]>} {
  tirx.return
}

// One-element tuple with parentheses prints without them.
// CHECK-LABEL: tirx.prim_func @l1()
// CHECK-SAME: attributes {layout = #tirx.tile<S[8192:1]>}
tirx.prim_func @l1() attributes {layout = #tirx.tile<S[(8192):(1)]>} {
  tirx.return
}

// @m is the default axis and is omitted on print.
// CHECK-LABEL: tirx.prim_func @l2()
// CHECK-SAME: attributes {layout = #tirx.tile<S[(4,8):(8,1)]>}
tirx.prim_func @l2() attributes {layout = #tirx.tile<S[(4,8):(8@m,1@m)]>} {
  tirx.return
}

// Printing does not canonicalize (no fusion into S[32:1]).
// CHECK-LABEL: tirx.prim_func @l3()
// CHECK-SAME: attributes {layout = #tirx.tile<S[(4,8):(8,1)]>}
tirx.prim_func @l3() attributes {layout = #tirx.tile<S[(4,8):(8,1)]>} {
  tirx.return
}

// Free whitespace between tokens.
// CHECK-LABEL: tirx.prim_func @l4()
// CHECK-SAME: attributes {layout = #tirx.tile<S[(4,8):(1,4)]>}
tirx.prim_func @l4() attributes {layout = #tirx.tile<S [ ( 4 , 8 ) : ( 1 , 4 ) ]>} {
  tirx.return
}

// Thread axes, one replica and an offset (the ARCHITECTURE.md example).
// CHECK-LABEL: tirx.prim_func @l5()
// CHECK-SAME: attributes {layout = #tirx.tile<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>}
tirx.prim_func @l5() attributes {layout = #tirx.tile<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>} {
  tirx.return
}

// Several replica iters; R[...] written after an offset prints right after S[...]; offsets keep their order.
// CHECK-LABEL: tirx.prim_func @l6()
// CHECK-SAME: attributes {layout = #tirx.tile<S[4:1] + R[(2,2):(4@warpid,1)] + 5@warpid + 2>}
tirx.prim_func @l6() attributes {layout = #tirx.tile<S[4:1] + 5@warpid + R[(2,2):(4@warpid,1)] + 2>} {
  tirx.return
}

// Several offsets, also on the same axis and zero ones, kept as written.
// CHECK-LABEL: tirx.prim_func @l7()
// CHECK-SAME: attributes {layout = #tirx.tile<S[(4,8):(8,1)] + 3 + 2@warpid + 1 + 0@laneid>}
tirx.prim_func @l7() attributes {layout = #tirx.tile<S[(4,8):(8,1)] + 3 + 2@warpid + 1 + 0@laneid>} {
  tirx.return
}

// A one-element replica tuple with parentheses.
// CHECK-LABEL: tirx.prim_func @l8()
// CHECK-SAME: attributes {layout = #tirx.tile<S[32:1@laneid] + R[4:1@warpid]>}
tirx.prim_func @l8() attributes {layout = #tirx.tile<S[(32):(1@laneid)] + R[(4):(1@warpid)]>} {
  tirx.return
}

// Tensor-memory axes.
// CHECK-LABEL: tirx.prim_func @l9()
// CHECK-SAME: attributes {layout = #tirx.tile<S[(128,4):(1@TLane,1@TCol)] + 3@TCol + 2>}
tirx.prim_func @l9() attributes {layout = #tirx.tile<S[(128,4):(1@TLane,1@TCol)] + 3@TCol + 2>} {
  tirx.return
}

// Every thread axis name.
// CHECK-LABEL: tirx.prim_func @l10()
// CHECK-SAME: attributes {layout = #tirx.tile<S[(2,2,2,2,2,2,2,2,2,2,2,2):(1@laneid,1@warpid,1@wgid,1@tid_in_wg,1@wid_in_wg,1@tx,1@bx,1@by,1@bz,1@cbx,1@cby,1@cbz)]>}
tirx.prim_func @l10() attributes {layout = #tirx.tile<S[(2,2,2,2,2,2,2,2,2,2,2,2):(1@laneid,1@warpid,1@wgid,1@tid_in_wg,1@wid_in_wg,1@tx,1@bx,1@by,1@bz,1@cbx,1@cby,1@cbz)]>} {
  tirx.return
}

// Unit extent, zero stride.
// CHECK-LABEL: tirx.prim_func @l11()
// CHECK-SAME: attributes {layout = #tirx.tile<S[1:0]>}
tirx.prim_func @l11() attributes {layout = #tirx.tile<S[1:0]>} {
  tirx.return
}

// Unit iters and a zero offset are kept as written.
// CHECK-LABEL: tirx.prim_func @l12()
// CHECK-SAME: attributes {layout = #tirx.tile<S[(2,1,4):(4@laneid,7,1@laneid)] + 0@warpid + 3 + 2>}
tirx.prim_func @l12() attributes {layout = #tirx.tile<S[(2,1,4):(4@laneid,7,1@laneid)] + 0@warpid + 3 + 2>} {
  tirx.return
}

// Swizzle_inner = true is the default and is not printed.
// CHECK-LABEL: tirx.prim_func @l13()
// CHECK-SAME: attributes {layout = #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>}
tirx.prim_func @l13() attributes {layout = #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3, swizzle_inner = true>} {
  tirx.return
}

// Swizzle_inner = false is printed; keys in any order.
// CHECK-LABEL: tirx.prim_func @l14()
// CHECK-SAME: attributes {layout = #tirx.swizzle<per_element = 0, swizzle_len = 2, atom_len = 4, swizzle_inner = false>}
tirx.prim_func @l14() attributes {layout = #tirx.swizzle<atom_len = 4, per_element = 0, swizzle_len = 2, swizzle_inner = false>} {
  tirx.return
}

// A swizzle with zero fields.
// CHECK-LABEL: tirx.prim_func @l15()
// CHECK-SAME: attributes {layout = #tirx.swizzle<per_element = 0, swizzle_len = 0, atom_len = 0>}
tirx.prim_func @l15() attributes {layout = #tirx.swizzle<per_element = 0, swizzle_len = 0, atom_len = 0>} {
  tirx.return
}

// Compose of a swizzle and a tile.
// CHECK-LABEL: tirx.prim_func @l16()
// CHECK-SAME: attributes {layout = #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>}
tirx.prim_func @l16() attributes {layout = #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>} {
  tirx.return
}

// Compose with swizzle_inner = false and a tile with replica and offset.
// CHECK-LABEL: tirx.prim_func @l17()
// CHECK-SAME: attributes {layout = #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 2, atom_len = 3, swizzle_inner = false>, #tirx.tile<S[(4,32):(1@warpid,1)] + R[2:64] + 8>>}
tirx.prim_func @l17() attributes {layout = #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 2, atom_len = 3, swizzle_inner = false>, #tirx.tile<S[(4,32):(1@warpid,1)] + R[2:64] + 8>>} {
  tirx.return
}
// The same spellings inside buffer types (where the layout also has to fit
// the shape and the storage scope).
// CHECK-LABEL: tirx.prim_func @in_buffers
// CHECK-SAME: (%{{.*}}: !tirx.buffer<8192xf32, global, #tirx.tile<S[8192:1]>>,
// CHECK-SAME: %{{.*}}: !tirx.buffer<4x8xf32, global, #tirx.tile<S[(4,8):(8,1)] + 3 + 1>>)
tirx.prim_func @in_buffers(%a: !tirx.buffer<8192xf32, global, #tirx.tile<S[(8192):(1@m)]>>,
                           %b: !tirx.buffer<4x8xf32, global, #tirx.tile<S[(4,8):(8@m,1)] + 3@m + 1>>) {
  tirx.device_entry {
    // CHECK: tirx.alloc_buffer : !tirx.buffer<8x16xf32, local, #tirx.tile<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>>
    %r = tirx.alloc_buffer : !tirx.buffer<8x16xf32, local, #tirx.tile<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + 5@warpid + R[2:4@warpid]>>
    // CHECK: tirx.alloc_buffer : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)] + 3@TCol>>
    %t = tirx.alloc_buffer : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)] + 3@TCol>>
    // CHECK: tirx.alloc_buffer : !tirx.buffer<32x32xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3, swizzle_inner = false>>
    %s = tirx.alloc_buffer : !tirx.buffer<32x32xf16, shared, #tirx.swizzle<swizzle_inner = false, atom_len = 3, swizzle_len = 2, per_element = 3>>
    // CHECK: tirx.alloc_buffer : !tirx.buffer<8x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
    %c = tirx.alloc_buffer : !tirx.buffer<8x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3, swizzle_inner = true>, #tirx.tile<S[(8,64):(64@m,1@m)]>>>
  }
  tirx.return
}
