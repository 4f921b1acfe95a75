// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_90" | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_100a" | FileCheck %s
//
// copy_async dispatch "tma" (sm_90 and newer, thread scope): one
// cp.async.bulk.tensor moves the whole box from a global prim_func parameter
// into a shared tile and completes on the mbarrier `barrier`. The expansion:
//   %map = tirx.tensor_map %src box [<box over the full source rank>]
//          swizzle <0 | 32 | 64 | 128, from the shared tile's layout>
//   dst and barrier addresses (tirx.address_of -> !llvm.ptr<3>),
//   nvvm.mbarrier.arrive.expect_tx with the box's byte count,
//   nvvm.cp.async.bulk.tensor.shared.cluster.global to the dst address cast
//   to !llvm.ptr<7>, coordinates = the source region's mins as i32,
//   innermost first.

// The copy_tma example's shape: a 128-byte-swizzled bf16 tile (rows of 64 x
// 2 = 128 bytes) from a region at dynamic (%i, %j): box [64, 64], swizzle 128,
// 64 * 64 * 2 = 8192 bytes, coordinates (%j, %i).
// CHECK-LABEL: tirx.prim_func @swizzle_128
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<256x128xbf16, global>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared
// CHECK-NEXT: %[[BAR:.*]] = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
// CHECK-NOT: tirx.region
// CHECK: %[[MAP:.*]] = tirx.tensor_map %[[A]] box [64, 64] swizzle 128 : !tirx.buffer<256x128xbf16, global> -> !llvm.ptr
// CHECK-NEXT: %[[DA:.*]] = tirx.address_of %[[S]][%[[Z:.*]], %[[Z]]] : !tirx.buffer<64x64xbf16, shared
// CHECK-NEXT: %[[DP:.*]] = llvm.inttoptr %[[DA]] : i64 to !llvm.ptr<3>
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[BA:.*]] = tirx.address_of %[[BAR]][%[[Z2]]] : !tirx.buffer<1xi64, shared>
// CHECK-NEXT: %[[BP:.*]] = llvm.inttoptr %[[BA]] : i64 to !llvm.ptr<3>
// CHECK-NEXT: %[[TX:.*]] = arith.constant 8192 : i32
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %[[BP]], %[[TX]] : !llvm.ptr<3>, i32
// CHECK-NEXT: %[[X:.*]] = arith.index_cast %[[J]] : index to i32
// CHECK-NEXT: %[[Y:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[CP:.*]] = llvm.addrspacecast %[[DP]] : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[CP]], %[[MAP]], %[[BP]], box[%[[X]], %[[Y]]] : !llvm.ptr<7>, !llvm.ptr
// CHECK-NOT: tirx.tile.copy_async
// CHECK: tirx.return
tirx.prim_func @swizzle_128(%A: !tirx.buffer<256x128xbf16, global>, %i: index, %j: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%i : 64, %j : 64] : !tirx.buffer<256x128xbf16, global>
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
      : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// A row-major shared tile takes swizzle 0; the whole source buffer (no
// region) is copied from (0, 0) to (0, 0); 16 x 8 x f32 = 512 bytes. No explicit
// dispatch: tma is the highest-priority implementation that accepts.
// CHECK-LABEL: tirx.prim_func @row_major_whole
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<16x8xf32, global>)
// CHECK: %[[ZD:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[MAP:.*]] = tirx.tensor_map %[[A]] box [16, 8] swizzle 0 : !tirx.buffer<16x8xf32, global> -> !llvm.ptr
// CHECK: tirx.address_of %{{.*}}[%[[ZD]], %[[ZD]]] : !tirx.buffer<16x8xf32, shared>
// CHECK: %[[TX:.*]] = arith.constant 512 : i32
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[TX]]
// CHECK-NEXT: %[[X:.*]] = arith.index_cast %[[Z]] : index to i32
// CHECK-NEXT: %[[Y:.*]] = arith.index_cast %[[Z]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAP]], %{{.*}}, box[%[[X]], %[[Y]]]
tirx.prim_func @row_major_whole(%A: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<16x8xf32, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    tirx.tile.copy_async <thread> %S, %A barrier %bar : !tirx.buffer<1xi64, shared>
      : !tirx.buffer<16x8xf32, shared>, !tirx.buffer<16x8xf32, global>
  }
  tirx.return
}

// -----

// 32-byte swizzle: swizzle_len 1 over 16-byte chunks (8 x f16), rows of 16 x
// f16 = 32 bytes; 32 x 16 x 2 = 1024 bytes.
// CHECK-LABEL: tirx.prim_func @swizzle_32
// CHECK: tirx.tensor_map %{{.*}} box [32, 16] swizzle 32 : !tirx.buffer<64x64xf16, global> -> !llvm.ptr
// CHECK: arith.constant 1024 : i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
tirx.prim_func @swizzle_32(%A: !tirx.buffer<64x64xf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<32x16xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 1, atom_len = 3>, #tirx.tile<S[(32,16):(16,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 32, %c0 : 16] : !tirx.buffer<64x64xf16, global>
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
      : !tirx.buffer<32x16xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 1, atom_len = 3>, #tirx.tile<S[(32,16):(16,1)]>>>, !tirx.region<32x16, !tirx.buffer<64x64xf16, global>>
  }
  tirx.return
}

// -----

// 64-byte swizzle into stage %s of a two-stage ring, from a 3-D source: the
// box covers the full source rank with the leading extent 1 ([1, 64, 32]),
// the three coordinates run innermost first (%k, %i, %b), the destination is
// the stage's first element and the barrier a 2x1 buffer's first element.
// 64 x 32 x 2 = 4096 bytes.
// CHECK-LABEL: tirx.prim_func @ring_swizzle_64
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<4x256x128xf16, global>, %[[B:.*]]: index, %[[I:.*]]: index, %[[K:.*]]: index, %[[ST:.*]]: index)
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<2x64x32xf16, shared
// CHECK-NEXT: %[[BAR:.*]] = tirx.alloc_buffer : !tirx.buffer<2x1xi64, shared>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[MAP:.*]] = tirx.tensor_map %[[A]] box [1, 64, 32] swizzle 64 : !tirx.buffer<4x256x128xf16, global> -> !llvm.ptr
// CHECK-NEXT: tirx.address_of %[[S]][%[[ST]], %[[Z]], %[[Z]]]
// CHECK: %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT: tirx.address_of %[[BAR]][%[[Z2]], %[[Z2]]] : !tirx.buffer<2x1xi64, shared>
// CHECK: arith.constant 4096 : i32
// CHECK: %[[X:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK-NEXT: %[[Y:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[W:.*]] = arith.index_cast %[[B]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAP]], %{{.*}}, box[%[[X]], %[[Y]], %[[W]]] : !llvm.ptr<7>, !llvm.ptr
tirx.prim_func @ring_swizzle_64(%A: !tirx.buffer<4x256x128xf16, global>, %b: index, %i: index, %k: index, %s: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<2x64x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<2x1xi64, shared>
    %c0 = arith.constant 0 : index
    %r = tirx.region %A[%b : 1, %i : 64, %k : 32] : !tirx.buffer<4x256x128xf16, global>
    %d = tirx.region %S[%s : 1, %c0 : 64, %c0 : 32] : !tirx.buffer<2x64x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>
    tirx.tile.copy_async <thread> %d, %r barrier %bar : !tirx.buffer<2x1xi64, shared> dispatch "tma"
      : !tirx.region<1x64x32, !tirx.buffer<2x64x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>>, !tirx.region<1x64x32, !tirx.buffer<4x256x128xf16, global>>
  }
  tirx.return
}

// -----

// The copy_tma example's f32 tile: 4 x f32 per 16-byte chunk (per_element 2),
// rows of 32 x 4 = 128 bytes; 128 x 32 x 4 = 16384 bytes. The call sits in
// an scf.if (the leader thread); the expansion stays there.
// CHECK-LABEL: tirx.prim_func @f32_in_if
// CHECK: scf.if
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: tirx.tensor_map %{{.*}} box [128, 32] swizzle 128 : !tirx.buffer<8192x128xf32, global>
// CHECK: arith.constant 16384 : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK-NEXT: }
tirx.prim_func @f32_in_if(%A: !tirx.buffer<8192x128xf32, global>, %leader: i1, %row: index, %col: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<128x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,32):(32,1)]>>>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %gA = tirx.region %A[%row : 128, %col : 32] : !tirx.buffer<8192x128xf32, global>
    scf.if %leader {
      tirx.tile.copy_async <thread> %S, %gA barrier %mbar : !tirx.buffer<1xi64, shared> dispatch "tma"
          : !tirx.buffer<128x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,32):(32,1)]>>>, !tirx.region<128x32, !tirx.buffer<8192x128xf32, global>>
    }
  }
  tirx.return
}

// -----

// A ring of mbarriers: the barrier is a one-element region %full[%s : 1] of
// a four-barrier buffer, and the copy completes on barrier %s (its address
// at index %s), as a multi-stage pipeline needs.
// CHECK-LABEL: tirx.prim_func @barrier_ring
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<256x128xbf16, global>, %[[ST:.*]]: index)
// CHECK: %[[FULL:.*]] = tirx.alloc_buffer : !tirx.buffer<4xi64, shared>
// CHECK: tirx.tensor_map %[[A]] box [64, 64] swizzle 128
// CHECK: %[[BA:.*]] = tirx.address_of %[[FULL]][%[[ST]]] : !tirx.buffer<4xi64, shared>
// CHECK-NEXT: %[[BP:.*]] = llvm.inttoptr %[[BA]] : i64 to !llvm.ptr<3>
// CHECK-NEXT: %[[TX:.*]] = arith.constant 8192 : i32
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %[[BP]], %[[TX]] : !llvm.ptr<3>, i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %[[BP]], box
tirx.prim_func @barrier_ring(%A: !tirx.buffer<256x128xbf16, global>, %s: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<4x64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,64,64):(4096,64,1)]>>>
    %full = tirx.alloc_buffer : !tirx.buffer<4xi64, shared>
    %bar = tirx.region %full[%s : 1] : !tirx.buffer<4xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<256x128xbf16, global>
    %d = tirx.region %S[%s : 1, %c0 : 64, %c0 : 64] : !tirx.buffer<4x64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,64,64):(4096,64,1)]>>>
    tirx.tile.copy_async <thread> %d, %r barrier %bar : !tirx.region<1, !tirx.buffer<4xi64, shared>> dispatch "tma"
      : !tirx.region<1x64x64, !tirx.buffer<4x64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,64,64):(4096,64,1)]>>>>, !tirx.region<64x64, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

// A TMA store (shared -> global, no barrier): the tensor map of the global
// parameter with the shared tile's swizzle (128: rows of 32 x f32), the
// source's shared address, coordinates innermost first (%col, %row), one
// cp.async.bulk.tensor store of stage %b of a two-buffer epilogue, then its
// own bulk async-group.
// CHECK-LABEL: tirx.prim_func @store_swizzled
// CHECK-SAME: (%[[C:.*]]: !tirx.buffer<256x128xf32, global>, %[[ROW:.*]]: index, %[[COL:.*]]: index, %[[B:.*]]: index)
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<2x64x32xf32, shared
// CHECK: %[[MAP:.*]] = tirx.tensor_map %[[C]] box [64, 32] swizzle 128 : !tirx.buffer<256x128xf32, global> -> !llvm.ptr
// CHECK-NEXT: %[[SA:.*]] = tirx.address_of %[[S]][%[[B]], %{{.*}}, %{{.*}}]
// CHECK-NEXT: %[[SP:.*]] = llvm.inttoptr %[[SA]] : i64 to !llvm.ptr<3>
// CHECK-NEXT: %[[X:.*]] = arith.index_cast %[[COL]] : index to i32
// CHECK-NEXT: %[[Y:.*]] = arith.index_cast %[[ROW]] : index to i32
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %[[MAP]], %[[SP]], box[%[[X]], %[[Y]]] :
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NOT: nvvm.mbarrier
// CHECK: tirx.return
tirx.prim_func @store_swizzled(%C: !tirx.buffer<256x128xf32, global>, %row: index, %col: index, %b: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<2x64x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>
    %s = tirx.region %S[%b : 1, %c0 : 64, %c0 : 32] : !tirx.buffer<2x64x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>
    %g = tirx.region %C[%row : 64, %col : 32] : !tirx.buffer<256x128xf32, global>
    tirx.tile.copy_async <thread> %g, %s dispatch "tma"
      : !tirx.region<64x32, !tirx.buffer<256x128xf32, global>>, !tirx.region<1x64x32, !tirx.buffer<2x64x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>>
  }
  tirx.return
}

// -----

// config commit = false leaves the store in the open bulk async-group (a
// later nvvm.cp.async.bulk.commit.group closes it with others); a row-major
// tile takes swizzle 0.
// CHECK-LABEL: tirx.prim_func @store_no_commit
// CHECK: tirx.tensor_map %{{.*}} box [16, 8] swizzle 0
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK-NOT: nvvm.cp.async.bulk.commit.group
// CHECK: tirx.return
tirx.prim_func @store_no_commit(%C: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<16x8xf32, shared>
    tirx.tile.copy_async <thread> %C, %S config {commit = false}
      : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x8xf32, shared>
  }
  tirx.return
}
