// REQUIRES: ptxas
// A TMA multicast on sm_90a (clusters and .multicast::cluster exist there;
// the CTA-pair form does not): the two CTAs of a cluster each load half of a
// 128x32 f32 tile and multicast it to both (mask 3), so each expects the
// whole 16 KiB on its barrier; ptxas accepts it. (The sm_100a kernel that
// uses this with CTA pairs is examples/tirx/gemm_tcgen05_2cta.mlir.)
//
// RUN: uop-opt --tirx-to-nvvm="chip=sm_90a" %s | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: mov.b32 [[BYTES:%r[0-9]+]], 16384;
// CHECK-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[[BAR:[a-z_0-9%]+]]], [[BYTES]];
// CHECK: mov.b16 [[MASK:%rs[0-9]+]], 3;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [{{%rd[0-9]+}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}], [[[BAR]]], [[MASK]];
// CHECK-NOT: cta_group
// PTXAS: Compiling entry function 'mc' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
!S_t = !tirx.buffer<128x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,32):(32,1)]>>>
!G_t = !tirx.buffer<1024x32xf32, global>
tirx.prim_func @mc(%A: !G_t, %B: !G_t) {
  tirx.device_entry {
    %cl = tirx.scope_id_def kernel -> cluster [8]
    %r = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %S = tirx.alloc_buffer : !S_t
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %one = arith.constant 1 : i32
    %phase = arith.constant 0 : i32
    %ticks = arith.constant 1000000 : i32
    %leader = arith.cmpi eq, %tx, %c0 : index
    %baddr = tirx.address_of %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %bar = llvm.inttoptr %baddr : i64 to !llvm.ptr<3>
    scf.if %leader {
      nvvm.mbarrier.init %bar, %one : !llvm.ptr<3>, i32
      nvvm.fence.mbarrier.init
    }
    // The other CTA writes into this one's tile and signals its barrier.
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %tile = arith.muli %cl, %c128 : index
    %half = arith.muli %r, %c64 : index
    %row = arith.addi %tile, %half : index
    %gA = tirx.region %A[%row : 64, %c0 : 32] : !G_t
    %sA = tirx.region %S[%half : 64, %c0 : 32] : !S_t
    scf.if %leader {
      tirx.tile.copy_async <thread> %sA, %gA barrier %mbar : !tirx.buffer<1xi64, shared> dispatch "tma" config {multicast = true}
          : !tirx.region<64x32, !S_t>, !tirx.region<64x32, !G_t>
    }
    nvvm.mbarrier.try_wait.parity %bar, %phase, %ticks : !llvm.ptr<3>, i32, i32
    %out = arith.addi %tile, %c0 : index
    %gB = tirx.region %B[%out : 128, %c0 : 32] : !G_t
    tirx.tile.copy <cta> %gB, %S : !tirx.region<128x32, !G_t>, !S_t
    // Neither CTA exits while the other may still write into it.
    nvvm.cluster.arrive
    nvvm.cluster.wait
  }
  tirx.return
}
