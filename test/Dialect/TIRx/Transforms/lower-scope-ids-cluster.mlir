// RUN: uop-opt %s -split-input-file --tirx-lower-scope-ids | FileCheck %s
//
// Cluster scope ids record the launch they imply: tirx.cluster_dims (CTAs
// per cluster, from cluster -> cta) and the grid in CTAs (the clusters of
// kernel -> cluster times the cluster shape), which convert-tirx-to-gpu
// makes nvvm.cluster_dim (.reqnctapercluster) and gpu.known_grid_size.
// test/Target/PTX/cluster-ptxas.mlir assembles it; errors are in
// lower-scope-ids-cluster-errors.mlir.

// CHECK-LABEL: tirx.prim_func @clusters
// CHECK-SAME: tirx.block_dims = array<i64: 128>
// CHECK-SAME: tirx.cluster_dims = array<i64: 2>
// CHECK-SAME: tirx.grid_dims = array<i64: 8>
// CHECK: %[[C:.*]] = gpu.cluster_id x
// CHECK: %[[R:.*]] = gpu.cluster_block_id x
tirx.prim_func @clusters(%A: !tirx.buffer<1024xf32, global>) {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [4]
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [128]
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %base = arith.muli %c, %c256 : index
    %off = arith.muli %r, %c128 : index
    %s = arith.addi %base, %off : index
    %i = arith.addi %s, %t : index
    %x = arith.constant 1.0 : f32
    tirx.buffer_store %x, %A[%i] : !tirx.buffer<1024xf32, global>
  }
  tirx.return
}

// -----

// A 2-D cluster with the grid given in CTAs: the grid must be whole
// clusters; no kernel -> cluster id is needed.
// CHECK-LABEL: tirx.prim_func @cta_grid
// CHECK-SAME: tirx.cluster_dims = array<i64: 2, 2>
// CHECK-SAME: tirx.grid_dims = array<i64: 4, 6>
tirx.prim_func @cta_grid() {
  tirx.device_entry {
    %bx, %by = tirx.scope_id_def kernel -> cta [4, 6]
    %rx, %ry = tirx.scope_id_def cluster -> cta [2, 2]
    %t = tirx.scope_id_def cta -> thread [64]
  }
  tirx.return
}

// -----

// kernel -> cluster and kernel -> cta agree: 3 clusters of 2 are 6 CTAs.
// CHECK-LABEL: tirx.prim_func @both_grids
// CHECK-SAME: tirx.cluster_dims = array<i64: 2>
// CHECK-SAME: tirx.grid_dims = array<i64: 6>
tirx.prim_func @both_grids() {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [3]
    %b = tirx.scope_id_def kernel -> cta [6]
    %r = tirx.scope_id_def cluster -> cta [2]
  }
  tirx.return
}
