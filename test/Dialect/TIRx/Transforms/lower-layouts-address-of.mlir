// RUN: uop-opt %s --tirx-lower-layouts | FileCheck %s
//
// tirx-lower-layouts flattens tirx.address_of like an element access: a
// strided / laid-out global or shared buffer gets a flat decl_buffer view of
// its storage span and the address_of takes the element's offset in it
// (strides, elem_offset, swizzle). Flat buffers are left alone, and so are
// tmem buffers: their (TLane, TCol) address is resolved by
// convert-tirx-to-gpu against the allocation.

// CHECK-LABEL: tirx.prim_func @addr
// CHECK-SAME: (%[[G:.*]]: !tirx.buffer<16x32xf16, global, strides = [64, 1], elem_offset = 8>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[GF:.*]] = tirx.decl_buffer %[[G]] storage : !tirx.buffer<16x32xf16, global, strides = [64, 1], elem_offset = 8> -> !tirx.buffer<1000xf16, global>
// CHECK-NEXT: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared
// CHECK-NEXT: %[[SF:.*]] = tirx.decl_buffer %[[S]] storage : {{.*}} -> !tirx.buffer<4096xbf16, shared>
// CHECK-NEXT: %[[T:.*]] = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem
// CHECK-NEXT: %[[F:.*]] = tirx.alloc_buffer : !tirx.buffer<8xi64, shared>
// Global: 64 i + j + 8.
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[I]], %[[C64]] : index
// CHECK: %[[RJ:.*]] = arith.addi %[[R]], %[[J]] : index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[RJ]], %[[C8]] : index
// CHECK-NEXT: %[[A:.*]] = tirx.address_of %[[GF]][%[[OFF]]] : !tirx.buffer<1000xf16, global>
// Shared: the 128-byte swizzle XORs the 16-byte chunk with the row mod 8.
// CHECK: arith.xori
// CHECK: %[[SOFF:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[B:.*]] = tirx.address_of %[[SF]][%[[SOFF]]] : !tirx.buffer<4096xbf16, shared>
// CHECK-NEXT: %[[TA:.*]] = tirx.address_of %[[T]][%[[I]], %[[J]]] : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
// CHECK-NEXT: %[[FA:.*]] = tirx.address_of %[[F]][%[[I]]] : !tirx.buffer<8xi64, shared>
// CHECK-NEXT: arith.addi %[[A]], %[[B]] : i64
// CHECK-NEXT: arith.addi %[[TA]], %[[FA]] : i64
tirx.prim_func @addr(%G: !tirx.buffer<16x32xf16, global, strides = [64, 1], elem_offset = 8>, %i: index, %j: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %T = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %F = tirx.alloc_buffer : !tirx.buffer<8xi64, shared>
    %a = tirx.address_of %G[%i, %j] : !tirx.buffer<16x32xf16, global, strides = [64, 1], elem_offset = 8>
    %b = tirx.address_of %S[%i, %j] : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %c = tirx.address_of %T[%i, %j] : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %d = tirx.address_of %F[%i] : !tirx.buffer<8xi64, shared>
    %s1 = arith.addi %a, %b : i64
    %s2 = arith.addi %c, %d : i64
  }
  tirx.return
}
