// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// A tile op's region argument is the view it stands for: the vectorized copy
// checks contiguity on the slice of the buffer's layout over the region
// (LayoutAttrInterface::slice), the elements the call touches, when the
// region's mins are constants. A swizzle on 2-element units (8 bytes) XORs
// unit u of a 32-float row r with (2r + u / 8) mod 8: even in the first 16
// columns, which keeps each aligned pair of units (a 4 x f32 run) together,
// odd in the last 16, which splits them. A copy of the first half of a row
// moves 16-byte vectors; the second half, the whole buffer
// (dispatch-vectorized-errors.mlir @layout_swizzle) and a region at a
// dynamic row, which has no static slice, do not.

!Z = !tirx.buffer<8x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 1, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,32):(32,1)]>>>

// CHECK-LABEL: tirx.prim_func @first_half
// CHECK: scf.for %{{.*}} = %{{.*}} to %c4 step
// CHECK: tirx.vector_load %{{.*}} : !tirx.buffer<8x32xf32, global> -> vector<4xf32>
// CHECK-NEXT: tirx.vector_store %{{.*}} : vector<4xf32>, !tirx.buffer<8x32xf32, shared
// CHECK-NOT: tirx.buffer_store
// CHECK-NOT: tirx.tile.copy
tirx.prim_func @first_half(%A: !tirx.buffer<8x32xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !Z
    %d = tirx.region %S[%c0 : 1, %c0 : 16] : !Z
    %s = tirx.region %A[%c0 : 1, %c0 : 16] : !tirx.buffer<8x32xf32, global>
    tirx.tile.copy <thread> %d, %s dispatch "vectorized" : !tirx.region<1x16, !Z>, !tirx.region<1x16, !tirx.buffer<8x32xf32, global>>
  }
  tirx.return
}

// -----

!Z = !tirx.buffer<8x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 1, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,32):(32,1)]>>>

// The second half of a row: its slice keeps aligned runs apart.
tirx.prim_func @second_half(%A: !tirx.buffer<8x32xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %S = tirx.alloc_buffer : !Z
    %d = tirx.region %S[%c0 : 1, %c16 : 16] : !Z
    %s = tirx.region %A[%c0 : 1, %c16 : 16] : !tirx.buffer<8x32xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: dst: the layout does not keep aligned runs contiguous}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %d, %s dispatch "vectorized" : !tirx.region<1x16, !Z>, !tirx.region<1x16, !tirx.buffer<8x32xf32, global>>
  }
  tirx.return
}

// -----

!Z = !tirx.buffer<8x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 1, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,32):(32,1)]>>>

// A dynamic row has no static slice: the whole layout is checked.
tirx.prim_func @dynamic_row(%A: !tirx.buffer<8x32xf32, global>, %i: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !Z
    %d = tirx.region %S[%i : 1, %c0 : 16] : !Z
    %s = tirx.region %A[%i : 1, %c0 : 16] : !tirx.buffer<8x32xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: dst: the layout does not keep aligned runs contiguous}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %d, %s dispatch "vectorized" : !tirx.region<1x16, !Z>, !tirx.region<1x16, !tirx.buffer<8x32xf32, global>>
  }
  tirx.return
}
