// RUN: uop-opt --uop-gradient %s | FileCheck %s
// RUN: uop-opt --uop-gradient %s | uop-run - --entry mm_tanh_vjp --check --repeat 1 | FileCheck %s --check-prefix=EXEC

// tanh(A @ B): the matmul's adjoints are EXPAND's REDUCE_AXIS adds.
// CHECK-LABEL: func.func @mm_tanh_vjp(%arg0: tensor<3x4xf64>, %arg1: tensor<4x5xf64>, %arg2: tensor<3x5xf64>) -> (tensor<3x4xf64>, tensor<4x5xf64>)
// CHECK: %[[Y:.*]] = math.tanh
// CHECK: %[[YY:.*]] = arith.mulf %[[Y]], %[[Y]]
// CHECK: arith.subf %{{.*}}, %[[YY]]
// CHECK: uop.reduce_axis add %{{.*}} [0] : tensor<3x5x4xf64> -> tensor<5x4xf64>
// CHECK: uop.permute %{{.*}} [1, 0] : tensor<5x4xf64> -> tensor<4x5xf64>
// CHECK: uop.reduce_axis add %{{.*}} [1] : tensor<3x5x4xf64> -> tensor<3x4xf64>
// EXEC: checked=32 mismatches=0 check=pass
func.func @mm_tanh(%a: tensor<3x4xf64>, %b: tensor<4x5xf64>) -> tensor<3x5xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %ar = uop.reshape %a : tensor<3x4xf64> -> tensor<3x1x4xf64>
  %ae = uop.expand %ar : tensor<3x1x4xf64> -> tensor<3x5x4xf64>
  %bt = uop.permute %b [1, 0] : tensor<4x5xf64> -> tensor<5x4xf64>
  %br = uop.reshape %bt : tensor<5x4xf64> -> tensor<1x5x4xf64>
  %be = uop.expand %br : tensor<1x5x4xf64> -> tensor<3x5x4xf64>
  %p = arith.mulf %ae, %be : tensor<3x5x4xf64>
  %c = uop.reduce_axis add %p [2] : tensor<3x5x4xf64> -> tensor<3x5xf64>
  %e = math.tanh %c : tensor<3x5xf64>
  return %e : tensor<3x5xf64>
}

// x read twice (x * x): the cotangents add; the detached use carries none.
// CHECK-LABEL: func.func @square_vjp
// CHECK: %[[A:.*]] = arith.mulf %[[G:.*]], %arg0
// CHECK: %[[B:.*]] = arith.mulf %[[G]], %arg0
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]]
// CHECK: return %[[S]]
func.func @square(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>} {
  %d = uop.detach %x : tensor<4xf32>
  %s = arith.mulf %x, %x : tensor<4xf32>
  %t = arith.addf %s, %d : tensor<4xf32>
  return %t : tensor<4xf32>
}

// An op off the differentiated path (atan has no rule) is only recomputed.
// CHECK-LABEL: func.func @off_path_vjp
// CHECK: %[[A:.*]] = math.atan %arg1
// CHECK: %[[G:.*]] = arith.mulf %arg2, %[[A]]
// CHECK: return %[[G]]
func.func @off_path(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>} {
  %a = math.atan %y : tensor<4xf32>
  %r = arith.mulf %x, %a : tensor<4xf32>
  return %r : tensor<4xf32>
}

// COPY of a COPY: the cotangent goes back to the first COPY's device; the
// first's source, an argument, takes it as it is. CONTIGUOUS_BACKWARD makes
// its cotangent CONTIGUOUS.
// CHECK-LABEL: func.func @copies_vjp
// CHECK: %[[D:.*]] = uop.device "CPU"
// CHECK: %[[C:.*]] = uop.contiguous %arg1
// CHECK: %[[B:.*]] = uop.copy %[[C]], %[[D]]
// CHECK: return %[[B]]
func.func @copies(%x: tensor<4xf32>) -> tensor<4xf32> attributes {uop.grad_wrt = array<i64: 0>} {
  %d = uop.device "CPU"
  %c1 = uop.copy %x, %d : tensor<4xf32>
  %c2 = uop.copy %c1, %d : tensor<4xf32>
  %k = uop.contiguous_backward %c2 : tensor<4xf32>
  return %k : tensor<4xf32>
}
