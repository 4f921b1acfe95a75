// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s
//
// gemm_async dispatch "wgmma" on sm_90a: a warpgroup-scope gemm_async with
// bf16/f16 A (M x K) and B (N x K, transpose_B) in 128-byte-swizzled shared
// tiles and an f32 accumulator distributed like wgmma's D fragment expands to
//   - the thread's N/2 fragment elements loaded (selected against 0.0 by
//     `accum`) into an !llvm.struct of N/2 f32,
//   - nvvm.fence.proxy async.shared (cta) and nvvm.wgmma.fence.aligned,
//   - tirx.address_of A and B at the operands' mins (the descriptor start),
//   - one nvvm.wgmma.mma_async m64nNk16 per 16 elements of K, the
//     descriptors built from (addr + 32 bytes per step) & 0x3FFFF >> 4 or'ed
//     with 4611686293305360384 = (1 << 62) [128B swizzle] | (1024 >> 4) << 32
//     [stride byte offset] | (16 >> 4) << 16 [leading byte offset],
//   - commit_group, wait_group 0, and the fragment stored back into C.

// CHECK-LABEL: tirx.prim_func @bf16_n16
// CHECK-SAME: (%[[ACC:.*]]: i1)
// CHECK: %[[A:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared
// CHECK: %[[B:.*]] = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared
// CHECK: %[[C:.*]] = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local
// CHECK: %[[TID:.*]] = tirx.scope_id_def warpgroup -> thread [128]
// CHECK: %[[UNDEF:.*]] = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[OLD0:.*]] = tirx.buffer_load %[[C]]
// CHECK-NEXT: %[[SEL0:.*]] = arith.select %[[ACC]], %[[OLD0]], %[[ZERO]] : f32
// CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[SEL0]], %[[UNDEF]][0]
// CHECK-COUNT-7: llvm.insertvalue
// CHECK-NOT: llvm.insertvalue
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK-NEXT: %[[BA:.*]] = tirx.address_of %[[A]][%[[Z0:.*]], %[[Z0]]]
// CHECK-NEXT: %[[BB:.*]] = tirx.address_of %[[B]][%[[Z1:.*]], %[[Z1]]]
// K step 0: byte offset 0.
// CHECK-NEXT: %[[OFF0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[AA0:.*]] = arith.addi %[[BA]], %[[OFF0]] : i64
// CHECK-NEXT: %[[SH:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[MASK:.*]] = arith.constant 262143 : i64
// CHECK-NEXT: %[[AM0:.*]] = arith.andi %[[AA0]], %[[MASK]] : i64
// CHECK-NEXT: %[[AS0:.*]] = arith.shrui %[[AM0]], %[[SH]] : i64
// CHECK-NEXT: %[[FIX:.*]] = arith.constant 4611686293305360384 : i64
// CHECK-NEXT: %[[DA0:.*]] = arith.ori %[[AS0]], %[[FIX]] : i64
// CHECK-NEXT: %[[BA0:.*]] = arith.addi %[[BB]], %[[OFF0]] : i64
// CHECK: %[[DB0:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: %[[D0:.*]] = nvvm.wgmma.mma_async %[[DA0]], %[[DB0]], %{{.*}}, <m = 64, n = 16, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// K steps 1..3: 32, 64, 96 bytes further, each chained on the previous D.
// CHECK-NEXT: %[[OFF1:.*]] = arith.constant 32 : i64
// CHECK-NEXT: arith.addi %[[BA]], %[[OFF1]] : i64
// CHECK: arith.constant 4611686293305360384 : i64
// CHECK: arith.addi %[[BB]], %[[OFF1]] : i64
// CHECK: %[[D1:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[D0]], <m = 64, n = 16, k = 16>
// CHECK-NEXT: %[[OFF2:.*]] = arith.constant 64 : i64
// CHECK-NEXT: arith.addi %[[BA]], %[[OFF2]] : i64
// CHECK: %[[D2:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[D1]], <m = 64, n = 16, k = 16>
// CHECK-NEXT: %[[OFF3:.*]] = arith.constant 96 : i64
// CHECK-NEXT: arith.addi %[[BA]], %[[OFF3]] : i64
// CHECK: %[[D3:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[D2]], <m = 64, n = 16, k = 16>
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: %[[E0:.*]] = llvm.extractvalue %[[D3]][0]
// CHECK-NEXT: tirx.buffer_store %[[E0]], %[[C]]
// CHECK-COUNT-7: tirx.buffer_store %{{.*}}, %[[C]]
// CHECK-NOT: tirx.tile.gemm_async
// CHECK: tirx.return
tirx.prim_func @bf16_n16(%acc_in: i1) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
    %C = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    tirx.tile.gemm_async <warpgroup> %C, %A, %B, accum %acc_in transpose_B dispatch "wgmma"
      : !tirx.buffer<64x16xf32, local, #tirx.tile<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>,
        !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>,
        !tirx.buffer<16x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(16,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// The fragment coordinates of element i of thread (warp w, lane l) of the
// warpgroup: row 16w + 8((i/2)%2) + l/4, column 8(i/4) + 2(l%4) + i%2.
// Element 0: (16w + l/4, 2(l%4)); element 3: (16w + 8 + l/4, 2(l%4) + 1).
// CHECK-LABEL: tirx.prim_func @fragment_coordinates
// CHECK: %[[C:.*]] = tirx.alloc_buffer : !tirx.buffer<64x8xf32, local
// CHECK: %[[TID:.*]] = tirx.scope_id_def warpgroup -> thread [128]
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[W:.*]] = arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT: %[[C32B:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[L:.*]] = arith.remui %[[TID]], %[[C32B]] : index
// Element 0.
// CHECK: %[[G0:.*]] = arith.divui %[[L]], %{{.*}} : index
// CHECK-NEXT: %[[R8_0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[RI0:.*]] = arith.addi %[[R8_0]], %[[G0]] : index
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[W16:.*]] = arith.muli %[[W]], %[[C16]] : index
// CHECK-NEXT: %[[ROW0:.*]] = arith.addi %[[W16]], %[[RI0]] : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[T0:.*]] = arith.remui %[[L]], %[[C4]] : index
// CHECK-NEXT: %[[T2:.*]] = arith.muli %[[T0]], %[[C2]] : index
// CHECK-NEXT: %[[CC0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[COL0:.*]] = arith.addi %[[CC0]], %[[T2]] : index
// CHECK-NEXT: tirx.buffer_load %[[C]][%[[ROW0]], %[[COL0]]]
// Element 3: rows + 8, column + 1.
// CHECK: llvm.insertvalue %{{.*}}[2]
// CHECK: arith.constant 8 : index
// CHECK: arith.constant 1 : index
// CHECK: tirx.buffer_load %[[C]]
// CHECK: llvm.insertvalue %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: llvm.insertvalue %{{.*}}[4]
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 8, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
tirx.prim_func @fragment_coordinates() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %t = arith.constant true
    %A = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<8x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
    %C = tirx.alloc_buffer : !tirx.buffer<64x8xf32, local, #tirx.tile<S[(4,2,8,1,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %c0 = arith.constant 0 : index
    %rA = tirx.region %A[%c0 : 64, %c0 : 16] : !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %rB = tirx.region %B[%c0 : 8, %c0 : 16] : !tirx.buffer<8x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
    tirx.tile.gemm_async <warpgroup> %C, %rA, %rB, accum %t transpose_B
      : !tirx.buffer<64x8xf32, local, #tirx.tile<S[(4,2,8,1,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>,
        !tirx.region<64x16, !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>>,
        !tirx.region<8x16, !tirx.buffer<8x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>>
  }
  tirx.return
}

// -----

// Region operands (no explicit dispatch: wgmma is picked on sm_90a): the
// descriptors start at the regions' mins -- stage 1, row 8 * %m (a whole
// swizzle atom), column 32 of a 3-D A ring, column 32 of B -- and K = 32
// takes two steps, f16 types.
// CHECK-LABEL: tirx.prim_func @f16_regions
// CHECK-SAME: (%[[ACC:.*]]: i1, %[[M:.*]]: index)
// CHECK: %[[A:.*]] = tirx.alloc_buffer : !tirx.buffer<2x128x64xf16, shared
// CHECK: %[[B:.*]] = tirx.alloc_buffer : !tirx.buffer<8x64xf16, shared
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[M8:.*]] = arith.muli %[[M]], %[[C8]] : index
// CHECK-NOT: tirx.region
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NEXT: %[[BA:.*]] = tirx.address_of %[[A]][%[[C1]], %[[M8]], %[[C32]]] : !tirx.buffer<2x128x64xf16, shared
// CHECK-NEXT: %[[BB:.*]] = tirx.address_of %[[B]][%[[C0]], %[[C32]]] : !tirx.buffer<8x64xf16, shared
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 8, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// CHECK: %[[OFF1:.*]] = arith.constant 32 : i64
// CHECK-NEXT: arith.addi %[[BA]], %[[OFF1]] : i64
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 8, k = 16>
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-4: tirx.buffer_store
// CHECK-NOT: tirx.buffer_store
// CHECK: tirx.return
tirx.prim_func @f16_regions(%acc_in: i1, %m: index) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [2]
    %A = tirx.alloc_buffer : !tirx.buffer<2x128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<8x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
    %C = tirx.alloc_buffer : !tirx.buffer<64x8xf32, local, #tirx.tile<S[(4,2,8,1,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c8 = arith.constant 8 : index
    %m8 = arith.muli %m, %c8 : index
    %rA = tirx.region %A[%c1 : 1, %m8 : 64, %c32 : 32] : !tirx.buffer<2x128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
    %rB = tirx.region %B[%c0 : 8, %c32 : 32] : !tirx.buffer<8x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
    tirx.tile.gemm_async <warpgroup> %C, %rA, %rB, accum %acc_in transpose_B
      : !tirx.buffer<64x8xf32, local, #tirx.tile<S[(4,2,8,1,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>,
        !tirx.region<1x64x32, !tirx.buffer<2x128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>,
        !tirx.region<8x32, !tirx.buffer<8x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>>
  }
  tirx.return
}
