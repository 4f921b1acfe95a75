// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" -o /dev/null
// test/Target/PTX/tma-multicast-ptxas.mlir assembles it.
//
// TMA multicast (`config {multicast = true | MASK}` on a thread-scope
// copy_async global -> shared): the box is written at the same shared offset
// in every CTA of the mask (ranks in the cluster; true: all of the cluster
// in force) and completes on the mbarrier at the same offset in each, with
// cp.async.bulk.tensor's .multicast::cluster form. The contract is the
// usual one: every CTA of the mask issues its own copy (its part of the
// tile) with the same mask, so each barrier receives all their boxes and the
// issuing thread expects box bytes x the CTAs of the mask.

// Two CTAs per cluster, each loading its half (32 rows) of a 64x64 bf16 tile
// into both: 32 x 64 x 2 = 4096 bytes per box, 8192 expected per barrier.
// CHECK-LABEL: tirx.prim_func @halves
// CHECK: %[[TX:.*]] = arith.constant 8192 : i32
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[TX]] : !llvm.ptr<3>, i32
// CHECK: %[[M:.*]] = arith.constant 3 : i16
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %[[M]] : !llvm.ptr<7>, !llvm.ptr
!T = !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
tirx.prim_func @halves(%A: !tirx.buffer<256x64xbf16, global>) {
  tirx.device_entry {
    %cl = tirx.scope_id_def kernel -> cluster [2]
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %S = tirx.alloc_buffer : !T
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    // This CTA's half: rows cb * 32 of the cluster's 64-row block.
    %base = arith.muli %cl, %c64 : index
    %off = arith.muli %cb, %c32 : index
    %row = arith.addi %base, %off : index
    %src = tirx.region %A[%row : 32, %c0 : 64] : !tirx.buffer<256x64xbf16, global>
    %dst = tirx.region %S[%off : 32, %c0 : 64] : !T
    tirx.tile.copy_async <thread> %dst, %src barrier %bar : !tirx.buffer<1xi64, shared> config {multicast = true}
      : !tirx.region<32x64, !T>, !tirx.region<32x64, !tirx.buffer<256x64xbf16, global>>
  }
  tirx.return
}

// An explicit mask: CTAs 0 and 2 of a cluster of 4 (0b101 = 5).
// CHECK-LABEL: tirx.prim_func @mask
// CHECK: arith.constant 4096 : i32
// CHECK: %[[M:.*]] = arith.constant 5 : i16
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}} multicast_mask = %[[M]]
tirx.prim_func @mask(%A: !tirx.buffer<256x64xbf16, global>) {
  tirx.device_entry {
    %cb = tirx.scope_id_def cluster -> cta [4]
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %src = tirx.region %A[%c0 : 16, %c0 : 64] : !tirx.buffer<256x64xbf16, global>
    tirx.tile.copy_async <thread> %S, %src barrier %bar : !tirx.buffer<1xi64, shared> config {multicast = 5}
      : !tirx.buffer<16x64xbf16, shared>, !tirx.region<16x64, !tirx.buffer<256x64xbf16, global>>
  }
  tirx.return
}
