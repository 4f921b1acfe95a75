// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_100a" | FileCheck %s
//
// CTA pairs and cluster multicast on sm_100a (the errors are in
// dispatch-tcgen05-2cta-errors.mlir; examples/tirx/gemm_tcgen05_2cta.mlir
// uses every form).
//
// gemm_async dispatch "tcgen05" config {cta_group = 2} in a cluster of 2
// CTAs: C is the CTA's 128 x 256 of the pair's 256 x 256, A its 128 x 64, B
// its half of N (128 x 64). One tcgen05.mma cta_group 2 per 16 of K with the
// instruction descriptor of M = 256, N = 256, bf16: 16 | 1 << 7 | 1 << 10 |
// (256 >> 3) << 17 | (256 >> 4) << 24 = 272630928.

!A_t = !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
!D_t = !tirx.buffer<128x256xf32, tmem, #tirx.tile<S[(128,256):(1@TLane,1@TCol)]>>

// CHECK-LABEL: tirx.prim_func @pair_mma
// CHECK: %[[IDESC:.*]] = arith.constant 272630928 : i32
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[IDESC]], %{{.*}} {ctaGroup = #nvvm.cta_group<cta_2>, kind = #nvvm.tcgen05_mma_kind<f16>}
// CHECK-COUNT-3: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[IDESC]], %{{.*}} {ctaGroup = #nvvm.cta_group<cta_2>, kind = #nvvm.tcgen05_mma_kind<f16>}
// CHECK-NOT: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.commit %{{.*}}, multicast_mask = %{{.*}} {group = #nvvm.cta_group<cta_2>}
tirx.prim_func @pair_mma(%acc: i1) {
  tirx.device_entry {
    %x = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %m = arith.constant 3 : i16
    %C = tirx.alloc_buffer : !D_t
    %A = tirx.alloc_buffer : !A_t
    %B = tirx.alloc_buffer : !A_t
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    tirx.tile.gemm_async <thread> %C, %A, %B, accum %acc transpose_B dispatch "tcgen05" config {cta_group = 2}
        : !D_t, !A_t, !A_t
    %a = tirx.address_of %bar[%c0] : !tirx.buffer<1xi64, shared>
    %p = llvm.inttoptr %a : i64 to !llvm.ptr<3>
    nvvm.tcgen05.commit %p, multicast_mask = %m {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
  }
  tirx.return
}

// -----

// TMA in a cluster of 4 CTAs. multicast = 5 writes the 64 x 64 bf16 box
// (8192 bytes) to ranks 0 and 2 and expects 2 x 8192 bytes on the issuing
// CTA's barrier; cta_group 2 makes it complete on the pair's even CTA's
// barrier: the arrive goes through mapa to rank & -2 with cluster scope, and
// the copy names the barrier with the peer bit (1 << 24) cleared.

!S_t = !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
!G_t = !tirx.buffer<256x64xbf16, global>

// CHECK-LABEL: tirx.prim_func @multicast_pair
// CHECK: %[[BAR:.*]] = tirx.address_of %{{.*}} : !tirx.buffer<1xi64, shared>
// CHECK: %[[BP:.*]] = llvm.inttoptr %[[BAR]] : i64 to !llvm.ptr<3>
// CHECK: %[[TX:.*]] = arith.constant 16384 : i32
// CHECK: %[[PEER:.*]] = arith.constant -16777217 : i64
// CHECK: %[[EVEN:.*]] = arith.andi %[[BAR]], %[[PEER]] : i64
// CHECK: %[[EP:.*]] = llvm.inttoptr %[[EVEN]] : i64 to !llvm.ptr<3>
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[M2:.*]] = arith.constant -2 : i32
// CHECK: %[[LEAD:.*]] = arith.andi %[[RANK]], %[[M2]] : i32
// CHECK: %[[REMOTE:.*]] = nvvm.mapa %[[BP]], %[[LEAD]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[REMOTE]], %[[TX]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32
// CHECK: %[[MASK:.*]] = arith.constant 5 : i16
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %[[EP]], box[%{{.*}}, %{{.*}}] multicast_mask = %[[MASK]] {group = #nvvm.cta_group<cta_2>}
// multicast = true without cta_group: every CTA of the cluster (mask 15, 4
// x 8192 bytes expected), the CTA's own barrier.
// CHECK: %[[TX4:.*]] = arith.constant 32768 : i32
// CHECK-NOT: nvvm.mapa
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[TX4]] : !llvm.ptr<3>, i32
// CHECK: %[[ALL:.*]] = arith.constant 15 : i16
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %[[ALL]] :
// CHECK-NOT: cta_group
tirx.prim_func @multicast_pair(%G: !G_t) {
  tirx.device_entry {
    %x, %y = tirx.scope_id_def cluster -> cta [2, 2]
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %S = tirx.alloc_buffer : !S_t
    %piece = arith.muli %y, %c64 : index
    %g = tirx.region %G[%piece : 64, %c0 : 64] : !G_t
    %s = tirx.region %S[%piece : 64, %c0 : 64] : !S_t
    tirx.tile.copy_async <thread> %s, %g barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma" config {cta_group = 2, multicast = 5}
        : !tirx.region<64x64, !S_t>, !tirx.region<64x64, !G_t>
    tirx.tile.copy_async <thread> %s, %g barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma" config {multicast = true}
        : !tirx.region<64x64, !S_t>, !tirx.region<64x64, !G_t>
  }
  tirx.return
}
