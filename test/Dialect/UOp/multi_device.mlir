// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// Multi-device values: COPY to a device, MSTACK / MSELECT of per-device
// buffers, MULTI shards and ALLREDUCE across devices.

// CHECK-LABEL: func.func @shard_and_reduce
// CHECK-SAME: (%[[A:.*]]: tensor<8x16xf32>, %[[B:.*]]: tensor<8x16xf32>)
func.func @shard_and_reduce(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  // CHECK: %[[D0:.*]] = uop.device "CUDA:0"
  %d0 = uop.device "CUDA:0"
  // CHECK: %[[D1:.*]] = uop.device "CUDA:1"
  %d1 = uop.device "CUDA:1"
  // CHECK: %[[C0:.*]] = uop.copy %[[A]], %[[D0]] : tensor<8x16xf32>
  %c0 = uop.copy %a, %d0 : tensor<8x16xf32>
  // CHECK: %[[C1:.*]] = uop.copy %[[B]], %[[D1]] : tensor<8x16xf32>
  %c1 = uop.copy %b, %d1 : tensor<8x16xf32>
  // Sharded along axis 0.
  // CHECK: %[[M:.*]] = uop.multi %[[C0]], %[[C1]] axis 0 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %m = uop.multi %c0, %c1 axis 0 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  // Replicated (no axis).
  // CHECK: uop.multi %[[C0]], %[[C1]] : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %rep = uop.multi %c0, %c1 : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  // CHECK: %[[S:.*]] = uop.mstack %[[C0]], %[[C1]] : tensor<8x16xf32>
  %s = uop.mstack %c0, %c1 : tensor<8x16xf32>
  // CHECK: uop.mselect %[[S]][1] : tensor<8x16xf32>
  %sel = uop.mselect %s [1] : tensor<8x16xf32>
  // CHECK: uop.allreduce max %[[C0]], %[[D0]] : tensor<8x16xf32>
  %r = uop.allreduce max %c0, %d0 : tensor<8x16xf32>
  return %m, %rep, %sel, %r : tensor<16x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}

// COPY of a kernel-level pointer.
// CHECK-LABEL: func.func @copy_ptr
// CHECK: uop.copy %{{.*}}, %{{.*}} : !uop.ptr<f32, global, 64>
func.func @copy_ptr(%p: !uop.ptr<f32, global, 64>) -> !uop.ptr<f32, global, 64> {
  %d = uop.device "CPU"
  %c = uop.copy %p, %d : !uop.ptr<f32, global, 64>
  return %c : !uop.ptr<f32, global, 64>
}

// A DEVICE tuple: device i holds shard i; one device prints as before.
// CHECK-LABEL: func.func @device_tuple
// CHECK: %[[T:.*]] = uop.device ("CPU:0", "CPU:1")
// CHECK: uop.allreduce add %{{.*}}, %[[T]] : tensor<4xf32>
func.func @device_tuple(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %t = uop.device ("CPU:0", "CPU:1")
  %s = uop.mstack %a, %b : tensor<4xf32>
  %r = uop.allreduce add %s, %t : tensor<4xf32>
  return %r : tensor<4xf32>
}

// One rank's program (uop-shard): #uop.spmd and uop.shard_axis.
// CHECK-LABEL: func.func @rank_program
// CHECK-SAME: -> (tensor<4x2xf32> {uop.shard_axis = 1 : i64})
// CHECK-SAME: attributes {uop.spmd = #uop.spmd<rank = 1, devices = 2>}
func.func @rank_program(%a: tensor<4x2xf32>) -> (tensor<4x2xf32> {uop.shard_axis = 1 : i64}) attributes {uop.spmd = #uop.spmd<rank = 1, devices = 2>} {
  return %a : tensor<4x2xf32>
}
