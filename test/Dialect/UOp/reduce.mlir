// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// The seed's REDUCE and REDUCE_AXIS examples:
//
//   REDUCE(Add)
//   ├── MUL                      — value to accumulate
//   │   ├── LOAD(A, ...)
//   │   └── LOAD(B, ...)
//   └── RANGE(R2, Reduce)        — range being reduced
//       └── CONST(64)
//
//   REDUCE_AXIS(Add, axes=[1])
//   └── BUFFER[10, 20] : Float32     ([10, 20] -> [10])

// CHECK-LABEL: uop.function @dot
// CHECK-SAME: (%[[A:.*]]: !uop.ptr<f32, global, 64>, %[[B:.*]]: !uop.ptr<f32, global, 64>)
uop.function @dot(%a: !uop.ptr<f32, global, 64>, %b: !uop.ptr<f32, global, 64>) {
  // CHECK: %[[C64:.*]] = arith.constant 64 : index
  %c64 = arith.constant 64 : index
  // CHECK: %[[R2:.*]] = uop.range %[[C64]], R2, reduce
  %r2 = uop.range %c64, R2, reduce
  // CHECK: %[[IA:.*]] = uop.index %[[A]][%[[R2]]]
  %ia = uop.index %a[%r2] : !uop.ptr<f32, global, 64> -> f32
  // CHECK: %[[LA:.*]] = uop.load %[[A]], %[[IA]]
  %la = uop.load %a, %ia : !uop.ptr<f32, global, 64> -> f32
  // CHECK: %[[IB:.*]] = uop.index %[[B]][%[[R2]]]
  %ib = uop.index %b[%r2] : !uop.ptr<f32, global, 64> -> f32
  // CHECK: %[[LB:.*]] = uop.load %[[B]], %[[IB]]
  %lb = uop.load %b, %ib : !uop.ptr<f32, global, 64> -> f32
  // CHECK: %[[MUL:.*]] = arith.mulf %[[LA]], %[[LB]] : f32
  %mul = arith.mulf %la, %lb : f32
  // CHECK: %[[ACC:.*]] = uop.reduce add %[[MUL]][%[[R2]]] : f32
  %acc = uop.reduce add %mul [%r2] : f32
  // CHECK: uop.sink %[[ACC]] : f32
  uop.sink %acc : f32
}

// Every reduce operator (Min is Morok's extension), over several ranges and
// on vectors.
// CHECK-LABEL: func.func @reduce_ops
func.func @reduce_ops(%x: f32, %v: vector<4xi32>, %n: index) -> (f32, f32, f32, vector<4xi32>) {
  %r0 = uop.range %n, R0, reduce
  %r1 = uop.range %n, R1, reduce
  // CHECK: uop.reduce mul %{{.*}}[%{{.*}}] : f32
  %m = uop.reduce mul %x [%r0] : f32
  // CHECK: uop.reduce max %{{.*}}[%{{.*}}, %{{.*}}] : f32
  %mx = uop.reduce max %x [%r0, %r1] : f32
  // CHECK: uop.reduce min %{{.*}}[%{{.*}}] : f32
  %mn = uop.reduce min %x [%r1] : f32
  // CHECK: uop.reduce add %{{.*}}[%{{.*}}] : vector<4xi32>
  %vs = uop.reduce add %v [%r0] : vector<4xi32>
  return %m, %mx, %mn, %vs : f32, f32, f32, vector<4xi32>
}

// CHECK-LABEL: func.func @reduce_axis
// CHECK-SAME: (%[[T:.*]]: tensor<10x20xf32>)
func.func @reduce_axis(%t: tensor<10x20xf32>) -> (tensor<10xf32>, tensor<20xf32>, tensor<f32>, tensor<10xf32>) {
  // CHECK: uop.reduce_axis add %[[T]] [1] : tensor<10x20xf32> -> tensor<10xf32>
  %s = uop.reduce_axis add %t [1] : tensor<10x20xf32> -> tensor<10xf32>
  // CHECK: uop.reduce_axis mul %[[T]] [0] : tensor<10x20xf32> -> tensor<20xf32>
  %p = uop.reduce_axis mul %t [0] : tensor<10x20xf32> -> tensor<20xf32>
  // CHECK: uop.reduce_axis max %[[T]] [1, 0] : tensor<10x20xf32> -> tensor<f32>
  %m = uop.reduce_axis max %t [1, 0] : tensor<10x20xf32> -> tensor<f32>
  // CHECK: uop.reduce_axis min %[[T]] [1] : tensor<10x20xf32> -> tensor<10xf32>
  %n = uop.reduce_axis min %t [1] : tensor<10x20xf32> -> tensor<10xf32>
  return %s, %p, %m, %n : tensor<10xf32>, tensor<20xf32>, tensor<f32>, tensor<10xf32>
}

// The seed's REDUCE_AXIS over a BUFFER[10, 20].
// CHECK-LABEL: func.func @reduce_axis_of_buffer
func.func @reduce_axis_of_buffer() -> tensor<10xf32> {
  %u = uop.unique 0
  %d = uop.device "CPU"
  // CHECK: %[[BUF:.*]] = uop.buffer %{{.*}}, %{{.*}} size 200 : tensor<10x20xf32>
  %buf = uop.buffer %u, %d size 200 : tensor<10x20xf32>
  // CHECK: uop.reduce_axis add %[[BUF]] [1] : tensor<10x20xf32> -> tensor<10xf32>
  %s = uop.reduce_axis add %buf [1] : tensor<10x20xf32> -> tensor<10xf32>
  return %s : tensor<10xf32>
}

// ALLREDUCE across devices.
// CHECK-LABEL: func.func @allreduce
func.func @allreduce(%x: tensor<16xf32>) -> tensor<16xf32> {
  // CHECK: %[[D:.*]] = uop.device "CUDA:0"
  %d = uop.device "CUDA:0"
  // CHECK: uop.allreduce add %{{.*}}, %[[D]] : tensor<16xf32>
  %r = uop.allreduce add %x, %d : tensor<16xf32>
  return %r : tensor<16xf32>
}
