// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
//
// A producer warpgroup fills a two-stage shared ring with ordinary stores
// and commits each stage (one arrival per thread: producers = 128); two
// consumer warpgroups wait for it, copy it out and release it
// (consumers = 256). Every ring op and both setmaxnreg forms (below and
// above the 168 registers of 384 threads) go through ptxas.

!bar_t = !tirx.buffer<2xi64, shared>
!pipe_t = !tirx.pipeline<stages = 2, producers = 128, consumers = 256>
!ring_t = !tirx.buffer<2x128xf32, shared>
!out_t = !tirx.buffer<2048xf32, global>

tirx.prim_func @relay(%out: !out_t) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [384]
    %full = tirx.alloc_buffer : !bar_t
    %empty = tirx.alloc_buffer : !bar_t
    %ring = tirx.alloc_buffer : !ring_t
    %pipe = tirx.pipeline.init %full, %empty : !bar_t, !bar_t -> !pipe_t
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %lane = arith.remui %tx, %c128 : index
    tirx.warp_specialize
    role(%p) warpgroups 1 maxnreg 40 {
      scf.for %i = %c0 to %c8 step %c1 {
        %s = tirx.pipeline.producer_acquire %pipe[%i] : !pipe_t
        %iv = arith.index_cast %i : index to i32
        %v = arith.sitofp %iv : i32 to f32
        tirx.buffer_store %v, %ring[%s, %lane] : !ring_t
        tirx.pipeline.producer_commit %pipe[%i] : !pipe_t
      }
    }
    role(%c) warpgroups 2 maxnreg 232 {
      scf.for %i = %c0 to %c8 step %c1 {
        %s = tirx.pipeline.consumer_wait %pipe[%i] : !pipe_t
        %v = tirx.buffer_load %ring[%s, %lane] : !ring_t
        %i2 = arith.muli %i, %c2 : index
        %blk = arith.addi %i2, %c : index
        %row = arith.muli %blk, %c128 : index
        %at = arith.addi %row, %lane : index
        tirx.buffer_store %v, %out[%at] : !out_t
        tirx.pipeline.consumer_release %pipe[%i] : !pipe_t
      }
    }
  }
  tirx.return
}

// CHECK: .visible .entry relay(
// CHECK: mov.b32 [[P:%r[0-9]+]], 128;
// CHECK-NEXT: mbarrier.init.shared.b64 [relay_shared_0], [[P]];
// CHECK-NEXT: mov.b32 [[C:%r[0-9]+]], 256;
// CHECK-NEXT: mbarrier.init.shared.b64 [relay_shared_1], [[C]];
// CHECK-NEXT: mbarrier.init.shared.b64 [relay_shared_0+8], [[P]];
// CHECK-NEXT: mbarrier.init.shared.b64 [relay_shared_1+8], [[C]];
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK: bar.sync 0;
// CHECK-DAG: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK-DAG: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK-DAG: mbarrier.try_wait.parity.shared.b64
// CHECK-DAG: mbarrier.arrive.shared.b64

// PTXAS: Compiling entry function 'relay' for 'sm_90a'
// PTXAS-NEXT: Function properties for relay
// PTXAS-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
