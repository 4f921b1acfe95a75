// RUN: uop-opt %s -split-input-file --tirx-lower-scope-ids | FileCheck %s
//
// tirx-lower-scope-ids binds every supported scope pair to GPU ids and
// records the launch dimensions the ids imply on the prim_func.

// kernel -> cta: one block id per grid dimension; the grid is recorded.
// CHECK-LABEL: tirx.prim_func @grid
// CHECK-SAME: attributes {tirx.grid_dims = array<i64: 8, 4, 2>}
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT: %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT: %[[BZ:.*]] = gpu.block_id z
// CHECK-NEXT: %[[S0:.*]] = arith.addi %[[BX]], %[[BY]] : index
// CHECK-NEXT: arith.addi %[[S0]], %[[BZ]] : index
// CHECK-NOT: tirx.scope_id_def
// CHECK-NOT: tirx.block_dims
tirx.prim_func @grid() {
  tirx.device_entry {
    %bx, %by, %bz = tirx.scope_id_def kernel -> cta [8, 4, 2]
    %s0 = arith.addi %bx, %by : index
    %s1 = arith.addi %s0, %bz : index
  }
  tirx.return
}

// -----

// cta -> thread over [8, 32]: threadIdx.x split row-major (the last extent
// fastest); 256 threads per CTA are recorded.
// CHECK-LABEL: tirx.prim_func @cta_thread
// CHECK-SAME: attributes {tirx.block_dims = array<i64: 256>}
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[T1:.*]] = arith.remui %[[TID]], %[[C32]] : index
// CHECK-NEXT: %[[C32B:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[T0:.*]] = arith.divui %[[TID]], %[[C32B]] : index
// CHECK-NEXT: arith.subi %[[T0]], %[[T1]] : index
tirx.prim_func @cta_thread() {
  tirx.device_entry {
    %t0, %t1 = tirx.scope_id_def cta -> thread [8, 32]
    %d = arith.subi %t0, %t1 : index
  }
  tirx.return
}

// -----

// cta -> warp: threadIdx.x / 32 made warp-uniform by a shuffle from lane 0
// (shfl.sync idx, full mask, lane 0, clamp 31); 4 warps = 128 threads.
// CHECK-LABEL: tirx.prim_func @cta_warp
// CHECK-SAME: attributes {tirx.block_dims = array<i64: 128>}
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT: %[[Q32:.*]] = arith.index_castui %[[Q]] : index to i32
// CHECK-NEXT: %[[CLAMP:.*]] = arith.constant 31 : i32
// CHECK-NEXT: %[[LANE0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[MASK:.*]] = arith.constant -1 : i32
// CHECK-NEXT: %[[SH:.*]] = nvvm.shfl.sync idx %[[MASK]], %[[Q32]], %[[LANE0]], %[[CLAMP]] : i32 -> i32
// CHECK-NEXT: %[[W:.*]] = arith.index_castui %[[SH]] : i32 to index
// CHECK-NEXT: arith.muli %[[W]], %[[W]] : index
tirx.prim_func @cta_warp() {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [4]
    %x = arith.muli %w, %w : index
  }
  tirx.return
}

// -----

// cta -> warpgroup: threadIdx.x / 128, warp-uniform; 2 warpgroups = 256.
// CHECK-LABEL: tirx.prim_func @cta_warpgroup
// CHECK-SAME: attributes {tirx.block_dims = array<i64: 256>}
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[TID]], %[[C128]] : index
// CHECK-NEXT: %[[Q32:.*]] = arith.index_castui %[[Q]] : index to i32
// CHECK: %[[SH:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[Q32]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK-NEXT: %[[WG:.*]] = arith.index_castui %[[SH]] : i32 to index
// CHECK-NEXT: arith.muli %[[WG]], %[[WG]] : index
tirx.prim_func @cta_warpgroup() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [2]
    %x = arith.muli %wg, %wg : index
  }
  tirx.return
}

// -----

// warpgroup -> warp: the warp-uniform warp id modulo 4. It says nothing about
// the CTA size, so no block_dims (no cta -> * pair here).
// CHECK-LABEL: tirx.prim_func @warpgroup_warp
// CHECK-NOT: tirx.block_dims
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT: %[[Q32:.*]] = arith.index_castui %[[Q]] : index to i32
// CHECK: %[[SH:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[Q32]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK-NEXT: %[[W:.*]] = arith.index_castui %[[SH]] : i32 to index
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[WW:.*]] = arith.remui %[[W]], %[[C4]] : index
// CHECK-NEXT: arith.muli %[[WW]], %[[WW]] : index
tirx.prim_func @warpgroup_warp() {
  tirx.device_entry {
    %w = tirx.scope_id_def warpgroup -> warp [4]
    %x = arith.muli %w, %w : index
  }
  tirx.return
}

// -----

// warpgroup -> thread: threadIdx.x % 128.
// CHECK-LABEL: tirx.prim_func @warpgroup_thread
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[T:.*]] = arith.remui %[[TID]], %[[C128]] : index
// CHECK-NEXT: arith.muli %[[T]], %[[T]] : index
tirx.prim_func @warpgroup_thread() {
  tirx.device_entry {
    %t = tirx.scope_id_def warpgroup -> thread [128]
    %x = arith.muli %t, %t : index
  }
  tirx.return
}

// -----

// warp -> thread over [8, 4]: the lane id split row-major.
// CHECK-LABEL: tirx.prim_func @warp_thread
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[LANE:.*]] = gpu.lane_id
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[L1:.*]] = arith.remui %[[LANE]], %[[C4]] : index
// CHECK-NEXT: %[[C4B:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[L0:.*]] = arith.divui %[[LANE]], %[[C4B]] : index
// CHECK-NEXT: arith.subi %[[L0]], %[[L1]] : index
tirx.prim_func @warp_thread() {
  tirx.device_entry {
    %l0, %l1 = tirx.scope_id_def warp -> thread [8, 4]
    %d = arith.subi %l0, %l1 : index
  }
  tirx.return
}

// -----

// kernel -> cluster and cluster -> cta: cluster ids and the CTA's id in its
// cluster; the cluster shape and the grid in CTAs (4 x 2 clusters of 2 x 1 x
// 1) are recorded (lower-scope-ids-cluster.mlir has more).
// CHECK-LABEL: tirx.prim_func @clusters
// CHECK-SAME: attributes {tirx.cluster_dims = array<i64: 2, 1, 1>, tirx.grid_dims = array<i64: 8, 2, 1>}
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[CX:.*]] = gpu.cluster_id x
// CHECK-NEXT: %[[CY:.*]] = gpu.cluster_id y
// CHECK-NEXT: %[[RX:.*]] = gpu.cluster_block_id x
// CHECK-NEXT: %[[RY:.*]] = gpu.cluster_block_id y
// CHECK-NEXT: %[[RZ:.*]] = gpu.cluster_block_id z
// CHECK-NEXT: %[[S0:.*]] = arith.addi %[[CX]], %[[CY]] : index
// CHECK-NEXT: %[[S1:.*]] = arith.addi %[[S0]], %[[RX]] : index
// CHECK-NEXT: %[[S2:.*]] = arith.addi %[[S1]], %[[RY]] : index
// CHECK-NEXT: arith.addi %[[S2]], %[[RZ]] : index
tirx.prim_func @clusters() {
  tirx.device_entry {
    %cx, %cy = tirx.scope_id_def kernel -> cluster [4, 2]
    %rx, %ry, %rz = tirx.scope_id_def cluster -> cta [2, 1, 1]
    %s0 = arith.addi %cx, %cy : index
    %s1 = arith.addi %s0, %rx : index
    %s2 = arith.addi %s1, %ry : index
    %s3 = arith.addi %s2, %rz : index
  }
  tirx.return
}

// -----

// Several pairs agreeing on 256 threads per CTA (cta -> thread [256],
// cta -> warp [8], cta -> warpgroup [2]), ids used inside nested regions, and
// a grid: both dims recorded, every scope_id_def replaced.
// CHECK-LABEL: tirx.prim_func @consistent
// CHECK-SAME: attributes {tirx.block_dims = array<i64: 256>, tirx.grid_dims = array<i64: 16>}
// CHECK-NOT: tirx.scope_id_def
// CHECK: gpu.block_id x
// CHECK: scf.for
// CHECK: gpu.thread_id x
// CHECK: nvvm.shfl.sync
// CHECK: scf.if
// CHECK: gpu.thread_id x
// CHECK: nvvm.shfl.sync
// CHECK-NOT: tirx.scope_id_def
// CHECK: tirx.return
tirx.prim_func @consistent(%n: index) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [16]
    %t = tirx.scope_id_def cta -> thread [256]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %w = tirx.scope_id_def cta -> warp [8]
      %c = arith.cmpi eq, %w, %i : index
      scf.if %c {
        %wg = tirx.scope_id_def cta -> warpgroup [2]
        %x = arith.addi %wg, %bx : index
      }
    }
  }
  tirx.return
}

// -----

// Two prim_funcs keep their own dims.
// CHECK-LABEL: tirx.prim_func @first
// CHECK-SAME: attributes {tirx.block_dims = array<i64: 64>}
// CHECK-LABEL: tirx.prim_func @second
// CHECK-SAME: attributes {tirx.block_dims = array<i64: 1024>, tirx.grid_dims = array<i64: 2, 3>}
tirx.prim_func @first() {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
  }
  tirx.return
}
tirx.prim_func @second() {
  tirx.device_entry {
    %bx, %by = tirx.scope_id_def kernel -> cta [2, 3]
    %w = tirx.scope_id_def cta -> warp [32]
  }
  tirx.return
}
