// RUN: uop-opt %s -split-input-file --uop-outline-collectives -verify-diagnostics | FileCheck %s
//
// uop-outline-collectives on rank programs (what uop-shard makes; shard.mlir
// runs the two together): stage i holds the ops that wait for i all-reduces,
// and the function becomes the schedule of stage calls and all-reduces.

// A row softmax sharded along its rows' length: two all-reduces, three
// stages. The broadcast of each all-reduced statistic is recomputed in the
// stage after it (ops go as late as their readers allow); exp(x - max) is
// passed on to the last stage, which reads it.
// CHECK-LABEL: func.func @softmax_s0(%{{.*}}: tensor<2x4xf32>) -> tensor<2xf32>
// CHECK-NEXT: uop.reduce_axis max
// CHECK-NEXT: return
// CHECK-LABEL: func.func @softmax_s1(%{{.*}}: tensor<2xf32>, %{{.*}}: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>)
// CHECK: uop.expand
// CHECK: arith.subf
// CHECK: %[[E:.*]] = math.exp
// CHECK: %[[S:.*]] = uop.reduce_axis add %[[E]]
// CHECK: return %[[E]], %[[S]]
// CHECK-LABEL: func.func @softmax_s2(%{{.*}}: tensor<2xf32>, %{{.*}}: tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: uop.expand
// CHECK: arith.divf
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x4xf32>
// CHECK-SAME: uop.spmd = #uop.spmd<rank = 0, devices = 2>
// CHECK-NEXT: %[[M:.*]] = call @softmax_s0(%[[X]])
// CHECK-NEXT: %[[D:.*]] = uop.device ("CPU:0", "CPU:1")
// CHECK-NEXT: %[[MG:.*]] = uop.allreduce max %[[M]], %[[D]] : tensor<2xf32>
// CHECK-NEXT: %[[ES:.*]]:2 = call @softmax_s1(%[[MG]], %[[X]])
// CHECK-NEXT: %[[SG:.*]] = uop.allreduce add %[[ES]]#1, %[[D]] : tensor<2xf32>
// CHECK-NEXT: %[[O:.*]] = call @softmax_s2(%[[SG]], %[[ES]]#0)
// CHECK-NEXT: return %[[O]]
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> attributes {uop.spmd = #uop.spmd<rank = 0, devices = 2>} {
  %d = uop.device ("CPU:0", "CPU:1")
  %m = uop.reduce_axis max %x [1] : tensor<2x4xf32> -> tensor<2xf32>
  %mg = uop.allreduce max %m, %d : tensor<2xf32>
  %mr = uop.reshape %mg : tensor<2xf32> -> tensor<2x1xf32>
  %me = uop.expand %mr : tensor<2x1xf32> -> tensor<2x4xf32>
  %e0 = arith.subf %x, %me : tensor<2x4xf32>
  %e = math.exp %e0 : tensor<2x4xf32>
  %s = uop.reduce_axis add %e [1] : tensor<2x4xf32> -> tensor<2xf32>
  %sg = uop.allreduce add %s, %d : tensor<2xf32>
  %sr = uop.reshape %sg : tensor<2xf32> -> tensor<2x1xf32>
  %se = uop.expand %sr : tensor<2x1xf32> -> tensor<2x4xf32>
  %o = arith.divf %e, %se : tensor<2x4xf32>
  return %o : tensor<2x4xf32>
}

// -----

// A constant goes to the stage that reads it, not through the schedule;
// one the function returns is that stage's result.
// CHECK-LABEL: func.func @bias_s0(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: return
// CHECK-LABEL: func.func @bias_s1(%{{.*}}: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[O:.*]] = arith.addf %{{.*}}, %[[C]]
// CHECK-NEXT: return %[[C]], %[[O]]
// CHECK-LABEL: func.func @bias(
// CHECK-NEXT: call @bias_s0
// CHECK-NEXT: uop.device
// CHECK-NEXT: uop.allreduce add
// CHECK-NEXT: %[[R:.*]]:2 = call @bias_s1
// CHECK-NEXT: return %[[R]]#1, %[[R]]#0
func.func @bias(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %d = uop.device ("CPU:0", "CPU:1")
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %p = arith.mulf %a, %a : tensor<4xf32>
  %r = uop.allreduce add %p, %d : tensor<4xf32>
  %o = arith.addf %r, %c : tensor<4xf32>
  return %o, %c : tensor<4xf32>, tensor<4xf32>
}

// -----

// Without all-reduces the function is left as it is.
// CHECK-LABEL: func.func @local(
// CHECK-NEXT: arith.addf
// CHECK-NEXT: return
// CHECK-NOT: func.func @local_s0
func.func @local(%a: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.addf %a, %a : tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @region(%a: tensor<4xf32>) -> tensor<4xf32> {
  %d = uop.device ("CPU:0", "CPU:1")
  // expected-error @+1 {{uop-outline-collectives: expects ops without regions in a rank program}}
  %x = scf.execute_region -> tensor<4xf32> {
    scf.yield %a : tensor<4xf32>
  }
  %r = uop.allreduce add %x, %d : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{uop-outline-collectives: stage 1 reads a value of type 'f32' from the schedule; stages pass tensors}}
func.func @scalar(%a: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  %d = uop.device ("CPU:0", "CPU:1")
  %r = uop.allreduce add %a, %d : tensor<4xf32>
  %b = tensor.splat %s : tensor<4xf32>
  %o = arith.addf %r, %b : tensor<4xf32>
  return %o : tensor<4xf32>
}
