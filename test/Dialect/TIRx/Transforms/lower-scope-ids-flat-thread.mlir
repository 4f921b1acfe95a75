// RUN: uop-opt %s -split-input-file --tirx-lower-scope-ids | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a -split-input-file | FileCheck %s --check-prefix=PTX
//
// kernel -> thread and cluster -> thread: the flattened thread id,
// ((bz * ny + by) * nx + bx) * blockDim.x + threadIdx.x with the grid's
// (cluster's) CTA ids and sizes, delinearized over the extents (last fastest).

// CHECK-LABEL: tirx.prim_func @kernel_thread
// CHECK: %[[BZ:.*]] = gpu.block_id z
// CHECK: %[[Z:.*]] = arith.addi %{{.*}}, %[[BZ]] : index
// CHECK: %[[GY:.*]] = gpu.grid_dim y
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[ZY:.*]] = arith.muli %[[Z]], %[[GY]] : index
// CHECK: %[[Y:.*]] = arith.addi %[[ZY]], %[[BY]] : index
// CHECK: %[[GX:.*]] = gpu.grid_dim x
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[YX:.*]] = arith.muli %[[Y]], %[[GX]] : index
// CHECK: %[[CTA:.*]] = arith.addi %[[YX]], %[[BX]] : index
// CHECK: %[[NT:.*]] = gpu.block_dim x
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: %[[M:.*]] = arith.muli %[[CTA]], %[[NT]] : index
// CHECK: %[[FLAT:.*]] = arith.addi %[[M]], %[[T]] : index
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[K1:.*]] = arith.remui %[[FLAT]], %[[C256]] : index
// CHECK: %[[K0:.*]] = arith.divui %[[FLAT]], %{{.*}} : index
// CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%[[K0]], %[[K1]]]
// CHECK-NOT: tirx.scope_id_def
// The grid is 1-D (grid_dims [16]): y and z fold away in the PTX.
// PTX-LABEL: .entry kernel_thread
// PTX: mov.u32 %[[B:r[0-9]+]], %ctaid.x;
// PTX: mov.u32 %[[N:r[0-9]+]], %ntid.x;
// PTX: mov.u32 %[[T:r[0-9]+]], %tid.x;
// PTX: mad.lo.s32 %{{r[0-9]+}}, %[[B]], %[[N]], %[[T]];
tirx.prim_func @kernel_thread(%out: !tirx.buffer<16x256xi32, global>) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [16]
    %t = tirx.scope_id_def cta -> thread [256]
    %k0, %k1 = tirx.scope_id_def kernel -> thread [16, 256]
    %v = arith.index_cast %k1 : index to i32
    tirx.buffer_store %v, %out[%k0, %k1] : !tirx.buffer<16x256xi32, global>
  }
  tirx.return
}

// -----

// CHECK-LABEL: tirx.prim_func @cluster_thread
// CHECK: gpu.cluster_dim_blocks z
// CHECK: gpu.cluster_block_id z
// CHECK: gpu.cluster_dim_blocks y
// CHECK: gpu.cluster_block_id y
// CHECK: gpu.cluster_dim_blocks x
// CHECK: %[[RX:.*]] = gpu.cluster_block_id x
// CHECK: %[[CTA:.*]] = arith.addi %{{.*}}, %[[RX]] : index
// CHECK: %[[NT:.*]] = gpu.block_dim x
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: %[[M:.*]] = arith.muli %[[CTA]], %[[NT]] : index
// CHECK: %[[FLAT:.*]] = arith.addi %[[M]], %[[T]] : index
// CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%[[FLAT]]]
// PTX-LABEL: .entry cluster_thread
// PTX: %cluster_ctaid.z
// PTX: %cluster_nctaid.y
// PTX: %cluster_ctaid.y
// PTX: %cluster_nctaid.x
// PTX: %cluster_ctaid.x
// PTX: %ntid.x
// PTX: %tid.x
tirx.prim_func @cluster_thread(%out: !tirx.buffer<256xi32, global>) {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [4]
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [128]
    %ct = tirx.scope_id_def cluster -> thread [256]
    %v = arith.index_cast %ct : index to i32
    tirx.buffer_store %v, %out[%ct] : !tirx.buffer<256xi32, global>
  }
  tirx.return
}
