// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_90a" --canonicalize --cse | FileCheck %s
// The whole lowering proves every access is the executing thread's own
// (tirx-lower-layouts' ownership check, with the CTA ids free over the
// recorded grid and cluster) and reaches NVVM:
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" -o /dev/null
// test/Target/PTX/block-axes-ptxas.mlir assembles it.
//
// Tile ops at cluster and kernel scope on register tiles distributed over
// the CTA-in-cluster axis (cbx) and the block axis (bx) as well as the axes
// inside a CTA: each thread handles the elements its CTA and thread ids
// name (the CTA ids are scope ids of cluster -> cta and kernel -> cta, which
// tirx-lower-scope-ids binds to %cluster_ctaid and %ctaid).

!G = !tirx.buffer<2x128xf32, global>
!C = !tirx.buffer<2x128xf32, local, #tirx.tile<S[(2,128):(1@cbx,1@tx)]>>

// CHECK-LABEL: tirx.prim_func @cluster_scope
// Element (c, t) is thread t's of CTA c in the cluster: no loop, no test.
// CHECK:      %[[C:.*]] = tirx.alloc_buffer : !tirx.buffer<2x128xf32, local, #tirx.tile<S[(2,128):(1@cbx,1@tx)]>>
// CHECK-NEXT: %[[CB:.*]] = tirx.scope_id_def cluster -> cta [2]
// CHECK-NEXT: %[[TX:.*]] = tirx.scope_id_def cta -> thread [128]
// CHECK-NEXT: %[[V:.*]] = tirx.buffer_load %arg0[%[[CB]], %[[TX]]]
// CHECK-NEXT: tirx.buffer_store %[[V]], %[[C]][%[[CB]], %[[TX]]]
// CHECK:      arith.mulf
// CHECK:      tirx.buffer_store {{.*}}, %arg1[%[[CB]], %[[TX]]]
// CHECK-NOT:  scf.if
// A copy between global buffers at cluster scope strides its 16-byte runs
// over the cluster's 256 threads (the flattened cluster -> thread id).
// CHECK:      %[[T:.*]] = tirx.scope_id_def cluster -> thread [256]
// CHECK-NEXT: scf.for %{{.*}} = %[[T]] to %c64 step %c256
// CHECK:      tirx.vector_load %arg0
tirx.prim_func @cluster_scope(%A: !G, %B: !G) {
  tirx.device_entry {
    %cl = tirx.scope_id_def kernel -> cluster [4]
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %c = arith.constant 2.0 : f32
    %x = tirx.alloc_buffer : !C
    tirx.tile.copy <cluster> %x, %A : !C, !G
    tirx.tile.binary mul <cluster> %x, %x, %c : !C, !C, f32
    tirx.tile.copy <cluster> %B, %x : !G, !C
    tirx.tile.copy <cluster> %B, %A : !G, !G
  }
  tirx.return
}

// CHECK-LABEL: tirx.prim_func @kernel_scope
// One element per thread of the grid, at (bx, tx).
// CHECK:      %[[BX:.*]] = tirx.scope_id_def kernel -> cta [8]
// CHECK-NEXT: %[[TX:.*]] = tirx.scope_id_def cta -> thread [128]
// CHECK-NEXT: tirx.buffer_store %cst, %{{.*}}[%[[BX]], %[[TX]]]
// CHECK:      tirx.buffer_store {{.*}}, %arg0[%[[BX]], %[[TX]]]
// CHECK-NOT:  scf.if
tirx.prim_func @kernel_scope(%O: !tirx.buffer<8x128xf32, global>) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [8]
    %tx = tirx.scope_id_def cta -> thread [128]
    %c = arith.constant 1.0 : f32
    %x = tirx.alloc_buffer : !tirx.buffer<8x128xf32, local, #tirx.tile<S[(8,128):(1@bx,1@tx)]>>
    tirx.tile.fill <kernel> %x, %c : !tirx.buffer<8x128xf32, local, #tirx.tile<S[(8,128):(1@bx,1@tx)]>>, f32
    tirx.tile.copy <kernel> %O, %x : !tirx.buffer<8x128xf32, global>, !tirx.buffer<8x128xf32, local, #tirx.tile<S[(8,128):(1@bx,1@tx)]>>
  }
  tirx.return
}

// CHECK-LABEL: tirx.prim_func @cluster_replicas
// Replicas over warpid: the element loop tests the CTA id as well as the
// lane and warp ids.
// CHECK:      %[[CB:.*]] = tirx.scope_id_def cluster -> cta [2]
// CHECK:      arith.cmpi eq, %{{.*}}, %[[CB]]
// CHECK:      scf.if
// CHECK:        tirx.buffer_store
!R = !tirx.buffer<2x32xf32, local, #tirx.tile<S[(2,32):(1@cbx,1@laneid)] + R[(4):(1@warpid)]>>
tirx.prim_func @cluster_replicas(%x: f32) {
  tirx.device_entry {
    %cl = tirx.scope_id_def kernel -> cluster [4]
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %r = tirx.alloc_buffer : !R
    tirx.tile.fill <cluster> %r, %x : !R, f32
  }
  tirx.return
}

// CHECK-LABEL: tirx.prim_func @cluster_gemm
// The generic gemm on global operands at cluster scope: the cluster's 256
// threads share out C's elements.
// CHECK:      %[[T:.*]] = tirx.scope_id_def cluster -> thread [256]
// CHECK-NEXT: scf.for %{{.*}} = %[[T]] to %c256 step %c256
tirx.prim_func @cluster_gemm(%A: !tirx.buffer<16x8xf32, global>, %B: !tirx.buffer<8x16xf32, global>, %C: !tirx.buffer<16x16xf32, global>) {
  tirx.device_entry {
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %t = arith.constant true
    tirx.tile.gemm <cluster> %C, %A, %B, accum %t : !tirx.buffer<16x16xf32, global>, !tirx.buffer<16x8xf32, global>, !tirx.buffer<8x16xf32, global>
  }
  tirx.return
}
