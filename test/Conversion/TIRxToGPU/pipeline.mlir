// RUN: uop-opt %s --tirx-lower-scope-ids --tirx-lower-layouts --convert-tirx-to-gpu | FileCheck %s
//
// convert-tirx-to-gpu lowers a tirx.pipeline to its two mbarrier rings:
// init is thread 0 initialising full[s] with the producer count and
// empty[s] with the consumer count for every stage, the mbarrier-init fence
// and a CTA barrier; for iteration i (stage s = i % 3, round r = i / 3),
// producer_acquire waits on empty[s] at parity (r + 1) % 2, consumer_wait on
// full[s] at parity r % 2, producer_commit and consumer_release arrive on
// full[s] and empty[s]. Acquire and wait give back s.

!bar_t = !tirx.buffer<3xi64, shared>
!pipe_t = !tirx.pipeline<stages = 3, producers = 1, consumers = 128>
!data_t = !tirx.buffer<3x128xf32, shared>

tirx.prim_func @ring(%n: index) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %full = tirx.alloc_buffer : !bar_t
    %empty = tirx.alloc_buffer : !bar_t
    %data = tirx.alloc_buffer : !data_t
    %pipe = tirx.pipeline.init %full, %empty : !bar_t, !bar_t -> !pipe_t
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.constant 1.0 : f32
    scf.for %i = %c0 to %n step %c1 {
      %s = tirx.pipeline.producer_acquire %pipe[%i] : !pipe_t
      tirx.buffer_store %v, %data[%s, %tx] : !data_t
      tirx.pipeline.producer_commit %pipe[%i] : !pipe_t
      %t = tirx.pipeline.consumer_wait %pipe[%i] : !pipe_t
      %x = tirx.buffer_load %data[%t, %tx] : !data_t
      tirx.pipeline.consumer_release %pipe[%i] : !pipe_t
    }
  }
  tirx.return
}

// CHECK-LABEL: gpu.func @ring
// CHECK: %[[FULL:.*]] = memref.get_global @ring_shared_0 : memref<3xi64, #gpu.address_space<workgroup>>
// CHECK: %[[EMPTY:.*]] = memref.get_global @ring_shared_1 : memref<3xi64, #gpu.address_space<workgroup>>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]], %{{.*}} : index
// CHECK: scf.if %[[FIRST]] {
// CHECK-DAG: %[[P:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C:.*]] = arith.constant 128 : i32
// CHECK-DAG: %[[S:.*]] = arith.constant 3 : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[S]] step
// CHECK: memref.extract_aligned_pointer_as_index %[[FULL]]
// CHECK: arith.muli %[[K]], %{{.*}}
// CHECK: %[[FB:.*]] = llvm.inttoptr
// CHECK: nvvm.mbarrier.init %[[FB]], %[[P]] : !llvm.ptr<3>, i32
// CHECK: memref.extract_aligned_pointer_as_index %[[EMPTY]]
// CHECK: %[[EB:.*]] = llvm.inttoptr
// CHECK: nvvm.mbarrier.init %[[EB]], %[[C]] : !llvm.ptr<3>, i32
// CHECK: }
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier

// producer_acquire: empty[i % 3] at parity (i / 3 + 1) % 2.
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[AS:.*]] = arith.remui %[[I]], %{{.*}} : index
// CHECK-NEXT: %[[AR:.*]] = arith.divui %[[I]], %{{.*}} : index
// CHECK: %[[AR1:.*]] = arith.addi %[[AR]], %{{.*}} : index
// CHECK: %[[AP:.*]] = arith.remui %[[AR1]], %{{.*}} : index
// CHECK-NEXT: %[[AP32:.*]] = arith.index_cast %[[AP]] : index to i32
// CHECK: memref.extract_aligned_pointer_as_index %[[EMPTY]]
// CHECK: arith.muli %[[AS]], %{{.*}}
// CHECK: %[[AB:.*]] = llvm.inttoptr
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity %[[AB]], %[[AP32]], %{{.*}} : !llvm.ptr<3>, i32, i32
// The stage it returns indexes the ring.
// CHECK: arith.muli %[[AS]], %{{.*}}
// CHECK: memref.store
// producer_commit: arrive on full[i % 3].
// CHECK: %[[CS:.*]] = arith.remui %[[I]], %{{.*}} : index
// CHECK: memref.extract_aligned_pointer_as_index %[[FULL]]
// CHECK: arith.muli %[[CS]], %{{.*}}
// CHECK: %[[CB:.*]] = llvm.inttoptr
// CHECK-NEXT: nvvm.mbarrier.arrive %[[CB]] : !llvm.ptr<3> -> i64
// consumer_wait: full[i % 3] at parity (i / 3) % 2.
// CHECK: %[[WS:.*]] = arith.remui %[[I]], %{{.*}} : index
// CHECK-NEXT: %[[WR:.*]] = arith.divui %[[I]], %{{.*}} : index
// CHECK: %[[WP:.*]] = arith.remui %[[WR]], %{{.*}} : index
// CHECK-NEXT: %[[WP32:.*]] = arith.index_cast %[[WP]] : index to i32
// CHECK: memref.extract_aligned_pointer_as_index %[[FULL]]
// CHECK: arith.muli %[[WS]], %{{.*}}
// CHECK: %[[WB:.*]] = llvm.inttoptr
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity %[[WB]], %[[WP32]], %{{.*}} : !llvm.ptr<3>, i32, i32
// CHECK: arith.muli %[[WS]], %{{.*}}
// CHECK: memref.load
// consumer_release: arrive on empty[i % 3].
// CHECK: %[[RS:.*]] = arith.remui %[[I]], %{{.*}} : index
// CHECK: memref.extract_aligned_pointer_as_index %[[EMPTY]]
// CHECK: arith.muli %[[RS]], %{{.*}}
// CHECK: %[[RB:.*]] = llvm.inttoptr
// CHECK-NEXT: nvvm.mbarrier.arrive %[[RB]] : !llvm.ptr<3> -> i64
// CHECK-NOT: tirx.
