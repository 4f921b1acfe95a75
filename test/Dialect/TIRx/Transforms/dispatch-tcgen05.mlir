// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_100a" | FileCheck %s
//
// sm_100a tensor-core implementations.
//
// gemm_async dispatch "tcgen05" (thread scope, config cta_group 1): C in
// tensor memory laid out S[(128,N):(1@TLane,1@TCol)], A (M x K) and B (N x K,
// transpose_B) in 128-byte-swizzled shared tiles of 64-element rows. The
// expansion is
//   - the accumulator's tmem address (tirx.address_of C at its mins,
//     truncated to i32, !llvm.ptr<6>),
//   - the instruction descriptor of kind::f16: D f32 (1 << 4), A/B type
//     f16 0 / bf16 1 (bits 7 and 10), K-major A and B, N >> 3 at bit 17,
//     M >> 4 at bit 24,
//   - one nvvm.tcgen05.mma kind f16, cta_group 1, per 16 elements of K, with
//     shared-memory descriptors (addr + 32 bytes per step) & 0x3FFFF >> 4 or'ed
//     with 4611756662049538048 = (2 << 61) [128B swizzle] | (1 << 46)
//     [sm_100 descriptor version] | (1024 >> 4) << 32 [stride byte offset]
//     | (16 >> 4) << 16 [leading byte offset]; the first step accumulates
//     per `accum`, the others always.
//
// copy dispatch "tcgen05_ld" (warpgroup scope, 128 x N f32 out of tmem):
// tcgen05.fence after_thread_sync, then per 8 columns a tcgen05.ld 32x32b x8
// from (lane quarter of the thread's warp, column) and tcgen05.wait ld; thread
// t of the warpgroup stores row t.

// f16, M = 128, N = 32, K = 64: idesc = 16 | (32 >> 3) << 17 | (128 >> 4)
// << 24 = 134742032; four MMAs at byte offsets 0, 32, 64, 96.
// CHECK-LABEL: tirx.prim_func @f16_n32
// CHECK-SAME: (%[[ACC:.*]]: i1)
// CHECK: %[[A:.*]] = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared
// CHECK-NEXT: %[[B:.*]] = tirx.alloc_buffer : !tirx.buffer<32x64xf16, shared
// CHECK-NEXT: %[[D:.*]] = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
// CHECK-NOT: tirx.scope_id_def
// CHECK: %[[DA:.*]] = tirx.address_of %[[D]][%[[Z:.*]], %[[Z]]] : !tirx.buffer<128x32xf32, tmem
// CHECK-NEXT: %[[DA32:.*]] = arith.trunci %[[DA]] : i64 to i32
// CHECK-NEXT: %[[DP:.*]] = llvm.inttoptr %[[DA32]] : i32 to !llvm.ptr<6>
// CHECK-NEXT: %[[IDESC:.*]] = arith.constant 134742032 : i32
// CHECK-NEXT: %[[BA:.*]] = tirx.address_of %[[A]]
// CHECK-NEXT: %[[BB:.*]] = tirx.address_of %[[B]]
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[OFF0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[AA0:.*]] = arith.addi %[[BA]], %[[OFF0]] : i64
// CHECK-NEXT: %[[SH:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[MASK:.*]] = arith.constant 262143 : i64
// CHECK-NEXT: %[[AM0:.*]] = arith.andi %[[AA0]], %[[MASK]] : i64
// CHECK-NEXT: %[[AS0:.*]] = arith.shrui %[[AM0]], %[[SH]] : i64
// CHECK-NEXT: %[[FIX:.*]] = arith.constant 4611756662049538048 : i64
// CHECK-NEXT: %[[DESCA0:.*]] = arith.ori %[[AS0]], %[[FIX]] : i64
// CHECK-NEXT: arith.addi %[[BB]], %[[OFF0]] : i64
// CHECK: %[[DESCB0:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: nvvm.tcgen05.mma %[[DP]], %[[DESCA0]], %[[DESCB0]], %[[IDESC]], %[[ACC]] {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>} : (!llvm.ptr<6>, i64, i64, i32, i1)
// CHECK-NEXT: %[[OFF1:.*]] = arith.constant 32 : i64
// CHECK-NEXT: arith.addi %[[BA]], %[[OFF1]] : i64
// CHECK: arith.constant 4611756662049538048 : i64
// CHECK: nvvm.tcgen05.mma %[[DP]], %{{.*}}, %{{.*}}, %[[IDESC]], %[[TRUE]] {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>}
// CHECK-NEXT: %[[OFF2:.*]] = arith.constant 64 : i64
// CHECK: nvvm.tcgen05.mma %[[DP]], %{{.*}}, %{{.*}}, %[[IDESC]], %[[TRUE]]
// CHECK-NEXT: %[[OFF3:.*]] = arith.constant 96 : i64
// CHECK: nvvm.tcgen05.mma %[[DP]], %{{.*}}, %{{.*}}, %[[IDESC]], %[[TRUE]]
// CHECK-NOT: nvvm.tcgen05.mma
// CHECK-NOT: tirx.tile.gemm_async
// CHECK: tirx.return
tirx.prim_func @f16_n32(%acc: i1) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<32x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    tirx.tile.gemm_async <thread> %D, %A, %B, accum %acc transpose_B dispatch "tcgen05" config {cta_group = 1}
      : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>,
        !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>,
        !tirx.buffer<32x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// bf16, N = 64, the accumulator a region at column 128 of a 128 x 256 tmem
// buffer, A and B regions at K offset 32 (K = 32: two MMAs). No explicit
// dispatch and no config: wgmma declines (thread scope), tcgen05 accepts.
// idesc = 16 | 1 << 7 | 1 << 10 | (64 >> 3) << 17 | (128 >> 4) << 24
// = 135267472.
// CHECK-LABEL: tirx.prim_func @bf16_regions
// CHECK-SAME: (%[[ACC:.*]]: i1)
// CHECK: %[[A:.*]] = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared
// CHECK-NEXT: %[[B:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared
// CHECK-NEXT: %[[D:.*]] = tirx.alloc_buffer : !tirx.buffer<128x256xf32, tmem
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NOT: tirx.region
// CHECK: tirx.address_of %[[D]][%[[C0]], %[[C128]]] : !tirx.buffer<128x256xf32, tmem
// CHECK: arith.constant 135267472 : i32
// CHECK-NEXT: tirx.address_of %[[A]][%[[C0]], %[[C32]]]
// CHECK-NEXT: tirx.address_of %[[B]][%[[C0]], %[[C32]]]
// CHECK: nvvm.tcgen05.mma {{.*}}, %[[ACC]] {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>}
// CHECK: nvvm.tcgen05.mma
// CHECK-NOT: nvvm.tcgen05.mma
// CHECK: tirx.return
tirx.prim_func @bf16_regions(%acc: i1) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %B = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %D = tirx.alloc_buffer : !tirx.buffer<128x256xf32, tmem, #tirx.tile<S[(128,256):(1@TLane,1@TCol)]>>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %rD = tirx.region %D[%c0 : 128, %c128 : 64] : !tirx.buffer<128x256xf32, tmem, #tirx.tile<S[(128,256):(1@TLane,1@TCol)]>>
    %rA = tirx.region %A[%c0 : 128, %c32 : 32] : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %rB = tirx.region %B[%c0 : 64, %c32 : 32] : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    tirx.tile.gemm_async <thread> %rD, %rA, %rB, accum %acc transpose_B
      : !tirx.region<128x64, !tirx.buffer<128x256xf32, tmem, #tirx.tile<S[(128,256):(1@TLane,1@TCol)]>>>,
        !tirx.region<128x32, !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>>,
        !tirx.region<64x32, !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>>
  }
  tirx.return
}

// -----

// tcgen05_ld of 16 columns starting at tmem column 64 into a global region at
// (%m, %n): two tcgen05.ld (columns 64 and 72), each followed by
// tcgen05.ld is .sync.aligned, so the warp reconverges (bar.warp.sync) first;
// tcgen05.wait ld, bitcast to f32 and 8 stores to row %m + t, columns %n + j.
// CHECK-LABEL: tirx.prim_func @ld_region
// CHECK-SAME: (%[[G:.*]]: !tirx.buffer<256x256xf32, global>, %[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[D:.*]] = tirx.alloc_buffer : !tirx.buffer<128x256xf32, tmem
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[T:.*]] = tirx.scope_id_def warpgroup -> thread [128]
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[W:.*]] = arith.divui %[[T]], %[[C32]] : index
// CHECK-NEXT: %[[C32B:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[LANE0:.*]] = arith.muli %[[W]], %[[C32B]] : index
// CHECK-NEXT: %[[ALL:.*]] = arith.constant -1 : i32
// CHECK-NEXT: nvvm.bar.warp.sync %[[ALL]] : i32
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK: %[[A0:.*]] = tirx.address_of %[[D]][%[[LANE0]], %[[C64]]]
// CHECK-NEXT: %[[A0I:.*]] = arith.trunci %[[A0]] : i64 to i32
// CHECK-NEXT: %[[P0:.*]] = llvm.inttoptr %[[A0I]] : i32 to !llvm.ptr<6>
// CHECK-NEXT: %[[V0:.*]] = nvvm.tcgen05.ld %[[P0]] {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
// CHECK-NEXT: nvvm.tcgen05.wait <load>
// CHECK-NEXT: %[[F0:.*]] = vector.bitcast %[[V0]] : vector<8xi32> to vector<8xf32>
// CHECK-NEXT: %[[E0:.*]] = vector.extract %[[F0]][0] : f32 from vector<8xf32>
// CHECK: %[[ROW:.*]] = arith.addi %[[M]], %[[T]] : index
// CHECK-NEXT: tirx.buffer_store %[[E0]], %[[G]][%[[ROW]], %[[N]]]
// CHECK: vector.extract %[[F0]][7]
// CHECK: %[[C72:.*]] = arith.constant 72 : index
// CHECK-NEXT: %[[A1:.*]] = tirx.address_of %[[D]][%[[LANE0]], %[[C72]]]
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
// CHECK-NEXT: nvvm.tcgen05.wait <load>
// CHECK-COUNT-8: tirx.buffer_store
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK-NOT: tirx.tile.copy
// CHECK: tirx.return
tirx.prim_func @ld_region(%G: !tirx.buffer<256x256xf32, global>, %m: index, %n: index) {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x256xf32, tmem, #tirx.tile<S[(128,256):(1@TLane,1@TCol)]>>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %src = tirx.region %D[%c0 : 128, %c64 : 16] : !tirx.buffer<128x256xf32, tmem, #tirx.tile<S[(128,256):(1@TLane,1@TCol)]>>
    %dst = tirx.region %G[%m : 128, %n : 16] : !tirx.buffer<256x256xf32, global>
    tirx.tile.copy <warpgroup> %dst, %src dispatch "tcgen05_ld" : !tirx.region<128x16, !tirx.buffer<256x256xf32, global>>, !tirx.region<128x16, !tirx.buffer<128x256xf32, tmem, #tirx.tile<S[(128,256):(1@TLane,1@TCol)]>>>
  }
  tirx.return
}

// -----

// Without a dispatch a warpgroup copy out of tmem picks tcgen05_ld (the other
// copies decline tmem operands); 128 x 32 into shared: 4 loads.
// CHECK-LABEL: tirx.prim_func @ld_to_shared
// CHECK: nvvm.tcgen05.fence <after>
// CHECK-COUNT-4: nvvm.tcgen05.ld
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK-NOT: tirx.tile.copy
// CHECK: tirx.return
tirx.prim_func @ld_to_shared() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %S = tirx.alloc_buffer : !tirx.buffer<128x32xf32, shared>
    tirx.tile.copy <warpgroup> %S, %D : !tirx.buffer<128x32xf32, shared>, !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}
