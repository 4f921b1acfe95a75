// RUN: uop-opt %s --tirx-lower-scope-ids --tirx-lower-layouts --convert-tirx-to-gpu | FileCheck %s
//
// The cluster forms of tirx.pipeline: a `cluster` init synchronises the
// cluster (barrier.cluster arrive + wait) instead of the CTA, since other
// CTAs arrive on its barriers; `rank %r` arrives on CTA %r's barrier of the
// stage (mapa to .shared::cluster, a cluster-scope arrive); `tcgen05`
// arrives by tcgen05.commit when the thread's MMAs complete, `multicast`
// on every CTA of the mask, `cta_group 2` for a CTA pair; producer_tail
// waits for the release of each stage's last use (iterations n .. n + 5 of a
// 6-stage ring, as producer_acquire would). test/Target/PTX/
// gemm-tcgen05-2cta.mlir assembles a kernel that uses them all.

!bar_t = !tirx.buffer<6xi64, shared>
!pipe_t = !tirx.pipeline<stages = 6, producers = 4, consumers = 2>

tirx.prim_func @cluster_ring(%n: index, %rank: i32, %mask: i16) {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %full = tirx.alloc_buffer : !bar_t
    %empty = tirx.alloc_buffer : !bar_t
    %pipe = tirx.pipeline.init %full, %empty cluster : !bar_t, !bar_t -> !pipe_t
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      tirx.pipeline.producer_commit %pipe[%i] rank %rank : !pipe_t
      tirx.pipeline.consumer_release %pipe[%i] tcgen05 multicast %mask cta_group 2 : !pipe_t
      tirx.pipeline.producer_commit %pipe[%i] tcgen05 : !pipe_t
    }
    tirx.pipeline.producer_tail %pipe[%n] : !pipe_t
  }
  tirx.return
}

// CHECK-LABEL: gpu.func @cluster_ring
// CHECK-SAME: (%[[N:[^:]*]]: index, %[[RANK:[^:]*]]: i32, %[[MASK:[^:]*]]: i16)
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[N]]
// The remote arrival: this CTA's full barrier of the stage, mapped to %rank.
// CHECK: %[[S:.*]] = arith.remui %[[I]], %{{.*}} : index
// CHECK: %[[FB:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[REMOTE:.*]] = nvvm.mapa %[[FB]], %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: nvvm.mbarrier.arrive %[[REMOTE]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// The release by the pair's MMAs, on empty, multicast.
// CHECK: %[[EB:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: nvvm.tcgen05.commit %[[EB]], multicast_mask = %[[MASK]] {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
// A plain commit: one CTA, no mask.
// CHECK: %[[FB2:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: nvvm.tcgen05.commit %[[FB2]] : !llvm.ptr<3>
// The tail: six producer_acquire waits from %n on.
// CHECK: %[[END:.*]] = arith.addi %[[N]], %[[C6:.*]] : index
// CHECK: scf.for %[[J:.*]] = %[[N]] to %[[END]] step
// CHECK: arith.remui %[[J]]
// CHECK: arith.divui %[[J]]
// CHECK: nvvm.mbarrier.try_wait.parity
