// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// tirx.address_of (the i64 address of an element of a buffer in any storage
// scope, one index per dimension) and tirx.tensor_map (the TMA tensor map of
// a global prim_func parameter, one box extent per dimension, a swizzle of 0,
// 32, 64 or 128 bytes, an !llvm.ptr result) in the custom form, round-tripped
// through the generic form.

// CHECK-LABEL: tirx.prim_func @address_of
// CHECK-SAME: (%[[G:.*]]: !tirx.buffer<16x32xf16, global>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
// CHECK-NEXT: %[[T:.*]] = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
// CHECK-NEXT: %[[L:.*]] = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
// CHECK-NEXT: %[[BAR:.*]] = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[A0:.*]] = tirx.address_of %[[G]][%[[I]], %[[J]]] : !tirx.buffer<16x32xf16, global>
// CHECK-NEXT: %[[A1:.*]] = tirx.address_of %[[S]][%[[I]], %[[C0]]] : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
// CHECK-NEXT: %[[A2:.*]] = tirx.address_of %[[T]][%[[C0]], %[[J]]] : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
// CHECK-NEXT: %[[A3:.*]] = tirx.address_of %[[L]][%[[I]]] : !tirx.buffer<8xf32, local>
// CHECK-NEXT: %[[A4:.*]] = tirx.address_of %[[BAR]][%[[C0]]] : !tirx.buffer<1xi64, shared>
// The result is an i64.
// CHECK-NEXT: arith.addi %[[A0]], %[[A1]] : i64
// CHECK-NEXT: arith.addi %[[A2]], %[[A3]] : i64
// CHECK-NEXT: llvm.inttoptr %[[A4]] : i64 to !llvm.ptr<3>
// GENERIC-LABEL: "tirx.prim_func"
// GENERIC: "tirx.address_of"(%{{.*}}, %{{.*}}, %{{.*}}) : (!tirx.buffer<16x32xf16, global>, index, index) -> i64
tirx.prim_func @address_of(%G: !tirx.buffer<16x32xf16, global>, %i: index, %j: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %T = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %L = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %a0 = tirx.address_of %G[%i, %j] : !tirx.buffer<16x32xf16, global>
    %a1 = tirx.address_of %S[%i, %c0] : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %a2 = tirx.address_of %T[%c0, %j] : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %a3 = tirx.address_of %L[%i] : !tirx.buffer<8xf32, local>
    %a4 = tirx.address_of %bar[%c0] : !tirx.buffer<1xi64, shared>
    %s0 = arith.addi %a0, %a1 : i64
    %s1 = arith.addi %a2, %a3 : i64
    %p = llvm.inttoptr %a4 : i64 to !llvm.ptr<3>
  }
  tirx.return
}

// The limits of each rule are accepted: boxes of 1 and of 256 (= the
// dimension), 16-byte rows without a swizzle, rows exactly as wide as the
// swizzle (32 x f32 = 128 bytes, 32 x f16 = 64 bytes, 16 x f16 = 32 bytes),
// five dimensions, narrower rows than the swizzle, a map in a loop.
// CHECK-LABEL: tirx.prim_func @tensor_maps
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<8192x128xf32, global>, %[[B:.*]]: !tirx.buffer<256x64xf16, global>, %[[C:.*]]: !tirx.buffer<2x3x4x5x64xi8, global>)
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %{{.*}} = tirx.tensor_map %[[A]] box [128, 32] swizzle 128 : !tirx.buffer<8192x128xf32, global> -> !llvm.ptr
// CHECK-NEXT: %{{.*}} = tirx.tensor_map %[[A]] box [1, 4] swizzle 0 : !tirx.buffer<8192x128xf32, global> -> !llvm.ptr
// CHECK-NEXT: %{{.*}} = tirx.tensor_map %[[B]] box [256, 32] swizzle 64 : !tirx.buffer<256x64xf16, global> -> !llvm.ptr
// CHECK-NEXT: %{{.*}} = tirx.tensor_map %[[B]] box [8, 16] swizzle 32 : !tirx.buffer<256x64xf16, global> -> !llvm.ptr
// CHECK-NEXT: %{{.*}} = tirx.tensor_map %[[B]] box [64, 8] swizzle 128 : !tirx.buffer<256x64xf16, global> -> !llvm.ptr
// CHECK-NEXT: %{{.*}} = tirx.tensor_map %[[C]] box [1, 3, 2, 5, 64] swizzle 64 : !tirx.buffer<2x3x4x5x64xi8, global> -> !llvm.ptr
// CHECK: scf.for
// CHECK-NEXT: %{{.*}} = tirx.tensor_map %[[A]] box [64, 64] swizzle 0 : !tirx.buffer<8192x128xf32, global> -> !llvm.ptr
// GENERIC-LABEL: "tirx.prim_func"
// GENERIC: "tirx.tensor_map"(%{{.*}}) <{box = array<i64: 128, 32>, swizzle = 128 : i64}> : (!tirx.buffer<8192x128xf32, global>) -> !llvm.ptr
tirx.prim_func @tensor_maps(%A: !tirx.buffer<8192x128xf32, global>, %B: !tirx.buffer<256x64xf16, global>, %C: !tirx.buffer<2x3x4x5x64xi8, global>) {
  tirx.device_entry {
    %m0 = tirx.tensor_map %A box [128, 32] swizzle 128 : !tirx.buffer<8192x128xf32, global> -> !llvm.ptr
    %m1 = tirx.tensor_map %A box [1, 4] swizzle 0 : !tirx.buffer<8192x128xf32, global> -> !llvm.ptr
    %m2 = tirx.tensor_map %B box [256, 32] swizzle 64 : !tirx.buffer<256x64xf16, global> -> !llvm.ptr
    %m3 = tirx.tensor_map %B box [8, 16] swizzle 32 : !tirx.buffer<256x64xf16, global> -> !llvm.ptr
    %m4 = tirx.tensor_map %B box [64, 8] swizzle 128 : !tirx.buffer<256x64xf16, global> -> !llvm.ptr
    %m5 = tirx.tensor_map %C box [1, 3, 2, 5, 64] swizzle 64 : !tirx.buffer<2x3x4x5x64xi8, global> -> !llvm.ptr
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %k = %c0 to %c4 step %c1 {
      %m6 = tirx.tensor_map %A box [64, 64] swizzle 0 : !tirx.buffer<8192x128xf32, global> -> !llvm.ptr
    }
  }
  tirx.return
}
