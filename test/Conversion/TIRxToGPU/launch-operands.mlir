// RUN: uop-opt %s --split-input-file --tirx-lower-scope-ids --convert-tirx-to-gpu | FileCheck %s
//
// Every launch parameter is an operand of gpu.launch_func: the runtime reads
// the launch configuration from the host IR only, never from the kernel's
// attributes (issue 43, step 3). The grid is the kernel's compiled-in grid,
// or the preferred one of a free grid (which the kernel does not know); a
// clustered kernel launches with `clusters in`; a kernel with dynamic shared
// memory with `dynamic_shared_memory_size`; a tensor-map parameter is passed
// the buffer it maps (the launcher encodes the map over it).

// Grid and block from the scope ids, x first, padded with 1s.
// CHECK-LABEL: func.func @fixed
// CHECK-DAG: %[[G0:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[G1:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[B0:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: gpu.launch_func @tirx_kernels::@k2d blocks in (%[[G0]], %[[G1]], %[[ONE]]) threads in (%[[B0]], %{{.*}}, %{{.*}}) args(
// CHECK-NOT: dynamic_shared_memory_size
// CHECK-NOT: clusters
tirx.prim_func @fixed(%a: !tirx.buffer<64xf32, global>) {
  tirx.launch @k2d(%a) : (!tirx.buffer<64xf32, global>)
  tirx.return
}
tirx.prim_func @k2d(%a: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %bx, %by = tirx.scope_id_def kernel -> cta [4, 3]
    %t = tirx.scope_id_def cta -> thread [64]
  }
  tirx.return
}

// -----

// A free grid: the operand is the preferred extent; the kernel carries no
// known grid (it reads %nctaid at run time).
// CHECK-LABEL: func.func @free
// CHECK-DAG: %[[P:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[B:.*]] = arith.constant 128 : index
// CHECK: gpu.launch_func @tirx_kernels::@persistent blocks in (%[[P]], %{{.*}}, %{{.*}}) threads in (%[[B]], %{{.*}}, %{{.*}})
// CHECK: gpu.func @persistent
// CHECK-NOT: known_grid_size
// CHECK: gpu.grid_dim x
tirx.prim_func @free(%a: !tirx.buffer<64xf32, global>) {
  tirx.launch @persistent(%a) : (!tirx.buffer<64xf32, global>)
  tirx.return
}
tirx.prim_func @persistent(%a: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %cta = tirx.scope_id_def kernel -> cta [?] preferred [6]
    %n = tirx.scope_extent %cta
    %t = tirx.scope_id_def cta -> thread [128]
    %x = arith.constant 1.0 : f32
    scf.for %i = %cta to %t step %n {
      tirx.buffer_store %x, %a[%i] : !tirx.buffer<64xf32, global>
    }
  }
  tirx.return
}

// -----

// Clusters: the grid in CTAs (clusters times the cluster shape) and the
// cluster shape as `clusters in`; the kernel keeps nvvm.cluster_dim for
// .reqnctapercluster.
// CHECK-LABEL: func.func @clustered
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[G:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[T:.*]] = arith.constant 32 : index
// CHECK: gpu.launch_func @tirx_kernels::@pairs clusters in (%[[C2]], %{{.*}}, %{{.*}}) blocks in (%[[G]], %{{.*}}, %{{.*}}) threads in (%[[T]], %{{.*}}, %{{.*}})
// CHECK: gpu.func @pairs
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
tirx.prim_func @clustered() {
  tirx.launch @pairs()
  tirx.return
}
tirx.prim_func @pairs() {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [4]
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [32]
  }
  tirx.return
}

// -----

// Dynamic shared memory: the bytes to launch with (buffers plus the
// 1024-byte realignment pad) as an i32 operand.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[S:.*]] = arith.constant [[BYTES:[0-9]+]] : i32
// CHECK: gpu.launch_func @tirx_kernels::@placed blocks in ({{.*}}) threads in ({{.*}}) dynamic_shared_memory_size %[[S]] args(%{{.*}} : f32)
// CHECK: gpu.func @placed
// CHECK-SAME: tirx.dynamic_shared_bytes = [[BYTES]] : i64
tirx.prim_func @dynamic(%x: f32) {
  tirx.launch @placed(%x) : (f32)
  tirx.return
}
tirx.prim_func @placed(%x: f32) {
  tirx.device_entry {
    %P = tirx.alloc_buffer : !tirx.buffer<64xf32, shared, allocated_addr = 2048>
    %c0 = arith.constant 0 : index
    tirx.buffer_store %x, %P[%c0] : !tirx.buffer<64xf32, shared, allocated_addr = 2048>
  }
  tirx.return
}

// -----

// A kernel that takes a tensor map: its map parameter (after the buffer) is
// passed the address of the buffer it maps, so host code launches TMA
// kernels too; the launcher encodes the map over that buffer.
// CHECK-LABEL: func.func @host_tma
// CHECK-SAME: (%[[A:.*]]: memref<4096xf32, #gpu.address_space<global>>)
// CHECK: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[I64:.*]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK: %[[PTR:.*]] = llvm.inttoptr %[[I64]] : i64 to !llvm.ptr
// CHECK: gpu.launch_func @tirx_kernels::@tma {{.*}} args(%[[A]] : memref<4096xf32, #gpu.address_space<global>>, %[[PTR]] : !llvm.ptr)
// CHECK: gpu.func @tma(%{{.*}}: memref<4096xf32, #gpu.address_space<global>>, %{{.*}}: !llvm.ptr)
tirx.prim_func @host_tma(%a: !tirx.buffer<64x64xf32, global>) {
  tirx.launch @tma(%a) : (!tirx.buffer<64x64xf32, global>)
  tirx.return
}
tirx.prim_func @tma(%a: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %m = tirx.tensor_map %a box [32, 32] swizzle 0 : !tirx.buffer<64x64xf32, global> -> !llvm.ptr
    %p = llvm.ptrtoint %m : !llvm.ptr to i64
  }
  tirx.return
}
