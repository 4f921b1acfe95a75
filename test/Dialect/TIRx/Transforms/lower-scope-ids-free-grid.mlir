// RUN: uop-opt %s -split-input-file --tirx-lower-scope-ids | FileCheck %s
//
// A free grid extent (`?`) is read at run time, so the kernel is correct on
// any grid, and the launch takes the preferred extent: tirx-lower-scope-ids
// records it as tirx.preferred_grid_dims (where the launcher starts), not as
// tirx.grid_dims (which becomes gpu.known_grid_size and folds
// gpu.grid_dim to a constant). Static extents fold to constants.
// test/Runtime/fake-cuda-free-grid.mlir launches one.

// CHECK-LABEL: tirx.prim_func @persistent
// CHECK-SAME: tirx.block_dims = array<i64: 128>
// CHECK-SAME: tirx.preferred_grid_dims = array<i64: 132>
// CHECK-NOT: tirx.grid_dims
// CHECK-DAG: %[[B:.*]] = gpu.block_id x
// CHECK-DAG: %[[N:.*]] = gpu.grid_dim x
// CHECK: scf.for %{{.*}} = %[[B]] to %{{.*}} step %[[N]]
tirx.prim_func @persistent(%A: !tirx.buffer<4096xf32, global>) {
  tirx.device_entry {
    %cta = tirx.scope_id_def kernel -> cta [?] preferred [132]
    %ctas = tirx.scope_extent %cta
    %t = tirx.scope_id_def cta -> thread [128]
    %tiles = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %x = arith.constant 1.0 : f32
    scf.for %tile = %cta to %tiles step %ctas {
      %base = arith.muli %tile, %c128 : index
      %i = arith.addi %base, %t : index
      tirx.buffer_store %x, %A[%i] : !tirx.buffer<4096xf32, global>
    }
  }
  tirx.return
}

// -----

// Two dimensions, one free: each is read where it is free and a constant
// where it is static; the launch is the preferred extents.
// CHECK-LABEL: tirx.prim_func @half_free
// CHECK-SAME: tirx.preferred_grid_dims = array<i64: 16, 4>
// CHECK-NOT: tirx.grid_dims
// CHECK-DAG: %[[NX:.*]] = gpu.grid_dim x
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: arith.muli %[[NX]], %[[C4]]
tirx.prim_func @half_free() {
  tirx.device_entry {
    %bx, %by = tirx.scope_id_def kernel -> cta [?, 4] preferred [16, 4]
    %nx = tirx.scope_extent %bx
    %ny = tirx.scope_extent %by
    %n = arith.muli %nx, %ny : index
    %t = tirx.scope_id_def cta -> thread [32]
  }
  tirx.return
}

// -----

// A def that fixes the grid compiles it in, even where another leaves it
// free (they agree on the launch).
// CHECK-LABEL: tirx.prim_func @fixed_by_one
// CHECK-SAME: tirx.grid_dims = array<i64: 8>
// CHECK-NOT: preferred_grid_dims
tirx.prim_func @fixed_by_one() {
  tirx.device_entry {
    %a = tirx.scope_id_def kernel -> cta [?] preferred [8]
    %b = tirx.scope_id_def kernel -> cta [8]
  }
  tirx.return
}

// -----

// A free grid of clusters reads the clusters per grid (gpu.cluster_dim);
// the grid in CTAs launched is the preferred clusters times the cluster
// shape. A static extent is a constant.
// CHECK-LABEL: tirx.prim_func @free_clusters
// CHECK-SAME: tirx.cluster_dims = array<i64: 2>
// CHECK-SAME: tirx.preferred_grid_dims = array<i64: 132>
// CHECK: %[[NC:.*]] = gpu.cluster_dim x
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: arith.muli %[[NC]], %[[C2]]
tirx.prim_func @free_clusters() {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [?] preferred [66]
    %r = tirx.scope_id_def cluster -> cta [2]
    %nc = tirx.scope_extent %c
    %nr = tirx.scope_extent %r
    %n = arith.muli %nc, %nr : index
    %t = tirx.scope_id_def cta -> thread [64]
  }
  tirx.return
}
