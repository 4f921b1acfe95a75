// RUN: uop-opt %s -split-input-file --uop-shard=rank=0 | FileCheck %s --check-prefix=R0
// RUN: uop-opt %s -split-input-file --uop-shard=rank=1 | FileCheck %s --check-prefix=R1
// RUN: uop-opt %s -split-input-file --uop-shard=rank=1 --uop-outline-collectives | FileCheck %s --check-prefix=OUT
//
// uop-shard: each rank's part of a multi-device program, and
// uop-outline-collectives: the rank program cut into one-device stages at
// its all-reduces.

// Sharded along K: the REDUCE_AXIS over the sharded axis is the local sum
// and an ALLREDUCE of the partial sums; the result is whole on each rank.
// R0-LABEL: func.func @dot
// R0-SAME: (%[[A0:.*]]: tensor<4x3xf32>, %[[A1:.*]]: tensor<4x3xf32>, %[[B0:.*]]: tensor<3xf32>, %[[B1:.*]]: tensor<3xf32>) -> tensor<4xf32>
// R0-SAME: attributes {uop.spmd = #uop.spmd<rank = 0, devices = 2>}
// R0: %[[D:.*]] = uop.device ("CPU:0", "CPU:1")
// R0: %[[BR:.*]] = uop.reshape %[[B0]] : tensor<3xf32> -> tensor<1x3xf32>
// R0: %[[BE:.*]] = uop.expand %[[BR]] : tensor<1x3xf32> -> tensor<4x3xf32>
// R0: %[[P:.*]] = arith.mulf %[[A0]], %[[BE]] : tensor<4x3xf32>
// R0: %[[S:.*]] = uop.reduce_axis add %[[P]] [1] : tensor<4x3xf32> -> tensor<4xf32>
// R0: %[[R:.*]] = uop.allreduce add %[[S]], %[[D]] : tensor<4xf32>
// R0: arith.addf %[[R]], %{{.*}} : tensor<4xf32>
// R1-LABEL: func.func @dot
// R1: arith.mulf %arg1, %{{.*}} : tensor<4x3xf32>
// R1: uop.allreduce add
// The schedule: stage 0 (the partial sum), the all-reduce, stage 1.
// OUT-LABEL: func.func @dot_s0(%{{.*}}: tensor<3xf32>, %{{.*}}: tensor<4x3xf32>) -> tensor<4xf32>
// OUT: uop.reduce_axis add
// OUT: return
// OUT-LABEL: func.func @dot_s1(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// OUT: arith.constant dense<1.000000e+00>
// OUT: arith.addf
// OUT-LABEL: func.func @dot(
// OUT-SAME: uop.spmd = #uop.spmd<rank = 1, devices = 2>
// OUT-NEXT: %[[P:.*]] = call @dot_s0(%arg3, %arg1)
// OUT-NEXT: %[[D:.*]] = uop.device ("CPU:0", "CPU:1")
// OUT-NEXT: %[[R:.*]] = uop.allreduce add %[[P]], %[[D]] : tensor<4xf32>
// OUT-NEXT: %[[O:.*]] = call @dot_s1(%[[R]])
// OUT-NEXT: return %[[O]]
func.func @dot(%a0: tensor<4x3xf32>, %a1: tensor<4x3xf32>,
               %b0: tensor<3xf32>, %b1: tensor<3xf32>) -> tensor<4xf32> {
  %devs = uop.device ("CPU:0", "CPU:1")
  %a = uop.multi %a0, %a1 axis 1 : tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x6xf32>
  %b = uop.multi %b0, %b1 axis 0 : tensor<3xf32>, tensor<3xf32> -> tensor<6xf32>
  %br = uop.reshape %b : tensor<6xf32> -> tensor<1x6xf32>
  %be = uop.expand %br : tensor<1x6xf32> -> tensor<4x6xf32>
  %p = arith.mulf %a, %be : tensor<4x6xf32>
  %s = uop.reduce_axis add %p [1] : tensor<4x6xf32> -> tensor<4xf32>
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %r = arith.addf %s, %one : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Sharded rows stay sharded through elementwise ops, a permute and a reduction
// over another axis; a replicated operand is shrunk to the rank's rows.
// R0-LABEL: func.func @rows
// R0-SAME: -> (tensor<2xf32> {uop.shard_axis = 0 : i64})
// R0: %[[W:.*]] = uop.shrink %arg2 [0, 0] to [2, 8] : tensor<4x8xf32> -> tensor<2x8xf32>
// R0: %[[Y:.*]] = arith.mulf %arg0, %[[W]] : tensor<2x8xf32>
// R0: %[[T:.*]] = uop.permute %[[Y]] [1, 0] : tensor<2x8xf32> -> tensor<8x2xf32>
// R0: uop.reduce_axis max %[[T]] [0] : tensor<8x2xf32> -> tensor<2xf32>
// R0-NOT: uop.allreduce
// R1-LABEL: func.func @rows
// R1: uop.shrink %arg2 [2, 0] to [4, 8]
// R1: arith.mulf %arg1,
// No all-reduce: the function is left as it is.
// OUT-LABEL: func.func @rows
// OUT-NOT: call
func.func @rows(%x0: tensor<2x8xf32>, %x1: tensor<2x8xf32>, %w: tensor<4x8xf32>) -> tensor<4xf32> {
  %x = uop.multi %x0, %x1 axis 0 : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<4x8xf32>
  %y = arith.mulf %x, %w : tensor<4x8xf32>
  %t = uop.permute %y [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %m = uop.reduce_axis max %t [0] : tensor<8x4xf32> -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// -----

// Per-device values: the rank keeps its own; MSELECT of device 1 reaches
// every rank as an ALLREDUCE add of device 1's value and zeros elsewhere;
// COPY of a sharded value to one device gathers it the same way.
// R0-LABEL: func.func @stacked
// R0: %[[D:.*]] = uop.device ("CPU:0", "CPU:1")
// R0: %[[E:.*]] = math.exp %arg0 : tensor<4xf32>
// R0: uop.allreduce add %[[E]], %[[D]] : tensor<4xf32>
// R0: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
// R0: uop.allreduce add %[[Z]], %[[D]] : tensor<4xf32>
// R0: %[[G:.*]] = uop.pad %arg0 low [0] high [4] : tensor<4xf32> -> tensor<8xf32>
// R0: uop.allreduce add %[[G]], %[[D]] : tensor<8xf32>
// R1-LABEL: func.func @stacked
// R1: %[[D:.*]] = uop.device ("CPU:0", "CPU:1")
// R1: math.exp %arg1
// R1: uop.allreduce add %arg1, %[[D]] : tensor<4xf32>
// R1: uop.pad %arg1 low [4] high [0]
// OUT-LABEL: func.func @stacked_s0(%{{.*}}: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>)
// OUT-LABEL: func.func @stacked(
// OUT: call @stacked_s0(%arg1)
// OUT-COUNT-3: uop.allreduce add
func.func @stacked(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<8xf32>) {
  %devs = uop.device ("CPU:0", "CPU:1")
  %cpu = uop.device "CPU"
  %s = uop.mstack %a, %b : tensor<4xf32>
  %e = math.exp %s : tensor<4xf32>
  %sum = uop.allreduce add %e, %devs : tensor<4xf32>
  %one = uop.mselect %s [1] : tensor<4xf32>
  %m = uop.multi %a, %b axis 0 : tensor<4xf32>, tensor<4xf32> -> tensor<8xf32>
  %g = uop.copy %m, %cpu : tensor<8xf32>
  return %sum, %one, %g : tensor<4xf32>, tensor<4xf32>, tensor<8xf32>
}

// -----

// A one-device program is left as it is.
// R0-LABEL: func.func @plain
// R0-NOT: uop.spmd
// R0: arith.addf
func.func @plain(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %a, %a : tensor<4xf32>
  return %r : tensor<4xf32>
}
