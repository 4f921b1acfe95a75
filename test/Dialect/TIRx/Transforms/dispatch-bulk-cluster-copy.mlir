// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_100a" | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-to-nvvm="chip=sm_90a" | FileCheck --check-prefix=NVVM %s
// test/Target/PTX/bulk-cluster-copy-sm90a.mlir assembles the first kernel;
// dispatch-bulk-cluster-copy-errors.mlir has the copies "bulk" declines.
//
// copy_async <thread> from this CTA's shared memory into another CTA's (a
// tirx.cluster_view, or a region of one) with a barrier: dispatch "bulk", one
// cp.async.bulk.shared::cluster.shared::cta of the tile's bytes (sm_90+).
// The copy completes on the destination CTA's mbarrier at the offset of
// `barrier` (nvvm.mapa to the view's rank), where the issuing thread first
// arrives with the byte count at cluster scope: the receiving CTA waits on
// its own barrier, as for a TMA load.

// Each CTA of a pair pushes its half of A into its peer's D; the peer waits
// on its own barrier and writes D out: B is A with the halves swapped.
// 128 x f32 = 512 bytes.
// CHECK-LABEL: tirx.prim_func @push_halves
// CHECK: tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
// CHECK-NEXT: %[[D:.*]] = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
// CHECK-NEXT: %[[BAR:.*]] = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
// CHECK: %[[RANK:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK-NEXT: %[[PEER:.*]] = tirx.cluster_view %[[D]] rank %[[RANK]]
// CHECK: scf.if
// CHECK: %[[DA:.*]] = tirx.address_of %[[PEER]][%{{.*}}] : !tirx.buffer<128xf32, shared_cluster>
// CHECK-NEXT: %[[DP:.*]] = llvm.inttoptr %[[DA]] : i64 to !llvm.ptr<7>
// CHECK-NEXT: %[[SA:.*]] = tirx.address_of %{{.*}}[%{{.*}}] : !tirx.buffer<128xf32, shared>
// CHECK-NEXT: %[[SP:.*]] = llvm.inttoptr %[[SA]] : i64 to !llvm.ptr<3>
// CHECK: %[[BA:.*]] = tirx.address_of %[[BAR]][%{{.*}}] : !tirx.buffer<1xi64, shared>
// CHECK-NEXT: %[[BP:.*]] = llvm.inttoptr %[[BA]] : i64 to !llvm.ptr<3>
// CHECK-NEXT: %[[REMOTE:.*]] = nvvm.mapa %[[BP]], %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT: %[[TX:.*]] = arith.constant 512 : i32
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %[[REMOTE]], %[[TX]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32
// CHECK-NEXT: %[[RI:.*]] = llvm.ptrtoint %[[REMOTE]] : !llvm.ptr<7> to i64
// CHECK-NEXT: %[[RP:.*]] = llvm.inttoptr %[[RI]] : i64 to !llvm.ptr<3>
// CHECK-NEXT: nvvm.cp.async.bulk.shared.cluster.shared.cta %[[DP]], %[[SP]], %[[RP]], %[[TX]]
// CHECK-NOT: tirx.tile.copy_async
// NVVM-LABEL: llvm.func @push_halves
// NVVM: nvvm.mapa
// NVVM: nvvm.mbarrier.arrive.expect_tx {{.*}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32
// NVVM: nvvm.cp.async.bulk.shared.cluster.shared.cta
// NVVM: mbarrier.try_wait.parity.shared.b64
tirx.prim_func @push_halves(%A: !tirx.buffer<256xf32, global>, %B: !tirx.buffer<256xf32, global>) {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %one = arith.constant 1 : i32
    %phase = arith.constant 0 : i32
    %ticks = arith.constant 1000000 : i32
    %S = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %D = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %leader = arith.cmpi eq, %t, %c0 : index
    %baddr = tirx.address_of %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %bar = llvm.inttoptr %baddr : i64 to !llvm.ptr<3>
    scf.if %leader {
      nvvm.mbarrier.init %bar, %one : !llvm.ptr<3>, i32
      nvvm.fence.mbarrier.init
    }
    %base = arith.muli %r, %c128 : index
    %a = tirx.region %A[%base : 128] : !tirx.buffer<256xf32, global>
    tirx.tile.copy <cta> %S, %a : !tirx.buffer<128xf32, shared>, !tirx.region<128, !tirx.buffer<256xf32, global>>
    // The generic-proxy writes of S must be visible to the bulk copy, and
    // the peer's barrier initialised, before the push.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %p = arith.xori %r, %c1 : index
    %pi = arith.index_cast %p : index to i32
    %peer = tirx.cluster_view %D rank %pi : !tirx.buffer<128xf32, shared> -> !tirx.buffer<128xf32, shared_cluster>
    scf.if %leader {
      tirx.tile.copy_async <thread> %peer, %S barrier %mbar : !tirx.buffer<1xi64, shared>
          : !tirx.buffer<128xf32, shared_cluster>, !tirx.buffer<128xf32, shared>
    }
    nvvm.mbarrier.try_wait.parity %bar, %phase, %ticks : !llvm.ptr<3>, i32, i32
    %b = tirx.region %B[%base : 128] : !tirx.buffer<256xf32, global>
    tirx.tile.copy <cta> %b, %D : !tirx.region<128, !tirx.buffer<256xf32, global>>, !tirx.buffer<128xf32, shared>
    // Neither CTA exits while the other may still read its barrier.
    nvvm.cluster.arrive
    nvvm.cluster.wait
  }
  tirx.return
}

// -----

// Regions: rows [%i, %i + 4) of a 16x32 bf16 tile (4 x 64 bytes, one run)
// into the same rows of CTA 0's copy, on the second of two barriers
// (4 * 32 * 2 = 256 bytes). The explicit dispatch names the implementation.
// CHECK-LABEL: tirx.prim_func @region_rows
// CHECK: %[[BARS:.*]] = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
// CHECK: tirx.address_of %{{.*}} : !tirx.buffer<16x32xbf16, shared_cluster>
// CHECK: tirx.address_of %[[BARS]][%{{.*}}] : !tirx.buffer<2xi64, shared>
// CHECK: nvvm.mapa
// CHECK-NEXT: arith.constant 256 : i32
// CHECK: nvvm.cp.async.bulk.shared.cluster.shared.cta
// CHECK-NOT: tirx.tile.copy_async
tirx.prim_func @region_rows(%i4: index) {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [4]
    %t = tirx.scope_id_def cta -> thread [1]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0 : i32
    %i = arith.muli %i4, %c4 : index
    %S = tirx.alloc_buffer : !tirx.buffer<16x32xbf16, shared>
    %bars = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %zero = tirx.cluster_view %S rank %z : !tirx.buffer<16x32xbf16, shared> -> !tirx.buffer<16x32xbf16, shared_cluster>
    %dst = tirx.region %zero[%i : 4, %c0 : 32] : !tirx.buffer<16x32xbf16, shared_cluster>
    %src = tirx.region %S[%i : 4, %c0 : 32] : !tirx.buffer<16x32xbf16, shared>
    %bar = tirx.region %bars[%c1 : 1] : !tirx.buffer<2xi64, shared>
    tirx.tile.copy_async <thread> %dst, %src barrier %bar : !tirx.region<1, !tirx.buffer<2xi64, shared>> dispatch "bulk"
        : !tirx.region<4x32, !tirx.buffer<16x32xbf16, shared_cluster>>, !tirx.region<4x32, !tirx.buffer<16x32xbf16, shared>>
  }
  tirx.return
}
