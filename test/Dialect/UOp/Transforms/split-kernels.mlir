// RUN: uop-opt %s -split-input-file --uop-rangeify --uop-split-kernels | FileCheck %s
//
// uop-split-kernels: each BUFFERIZE becomes a kernel `uop.function @f_k<i>`
// (its output first, then the buffers it reads, each with its `uop.shape`)
// whose body ends in INDEX / STORE / END / SINK with KernelInfo, and whose
// ranges are renumbered R0, R1, ... The func.func becomes the schedule
// `uop.function @f` (inputs, then outputs) that allocates intermediates with
// BUFFER and CALLs the kernels in dependency order.

// Softmax: three kernels, two intermediates (row max, row sum).

// CHECK-LABEL: uop.function @softmax_k0
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %[[X:.*]]: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>})
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R1, reduce
// CHECK: %[[XI:.*]] = uop.index %[[X]][%[[I]], %[[K]]] : !uop.ptr<f32, global, 32> -> f32
// CHECK: %[[XV:.*]] = uop.load %[[X]], %[[XI]] : !uop.ptr<f32, global, 32> -> f32
// CHECK: %[[MX:.*]] = uop.reduce max %[[XV]][%[[K]]] : f32
// CHECK: %[[OI:.*]] = uop.index %[[OUT]][%[[I]]] : !uop.ptr<f32, global, 4> -> f32
// CHECK: %[[ST:.*]] = uop.store %[[OI]], %[[MX]] : f32
// CHECK: %[[E:.*]] = uop.end %[[ST]][%[[I]]] : !uop.void
// CHECK: uop.sink %[[E]] : !uop.void info <name = "softmax_k0">

// The second kernel reads the input and the row max; its ranges are R0/R1
// again (U2/U3 in the rangeified function).
// CHECK-LABEL: uop.function @softmax_k1
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %[[X:.*]]: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}, %[[M:.*]]: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>})
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R1, reduce
// CHECK: uop.index %[[X]][%[[I]], %[[K]]]
// CHECK: uop.index %[[M]][%[[I]]]
// CHECK: math.exp
// CHECK: %[[S:.*]] = uop.reduce add %{{.*}}[%[[K]]] : f32
// CHECK: %[[OI:.*]] = uop.index %[[OUT]][%[[I]]]
// CHECK: %[[ST:.*]] = uop.store %[[OI]], %[[S]] : f32
// CHECK: %[[E:.*]] = uop.end %[[ST]][%[[I]]] : !uop.void
// CHECK: uop.sink %[[E]] : !uop.void info <name = "softmax_k1">

// CHECK-LABEL: uop.function @softmax_k2
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}, %[[X:.*]]: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}, %[[M:.*]]: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %[[S:.*]]: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>})
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[J:.*]] = uop.range %{{.*}}, R1, loop
// CHECK: uop.index %[[S]][%[[I]]]
// CHECK: %[[D:.*]] = arith.divf
// CHECK: %[[OI:.*]] = uop.index %[[OUT]][%[[I]], %[[J]]]
// CHECK: %[[ST:.*]] = uop.store %[[OI]], %[[D]] : f32
// CHECK: %[[E:.*]] = uop.end %[[ST]][%[[I]], %[[J]]] : !uop.void
// CHECK: uop.sink %[[E]] : !uop.void info <name = "softmax_k2">
// CHECK-NOT: U{{[0-9]}},

// The schedule: parameters are the input then the output; the intermediates
// are BUFFERs (one UNIQUE each) allocated before the call that writes them.
// CHECK-LABEL: uop.function @softmax
// CHECK-SAME: (%[[IN:.*]]: !uop.ptr<f32, global, 32>, %[[RES:.*]]: !uop.ptr<f32, global, 32>)
// CHECK: %[[DEV:.*]] = uop.device "CPU"
// CHECK: %[[U0:.*]] = uop.unique 0
// CHECK: %[[B0:.*]] = uop.buffer %[[U0]], %[[DEV]] size 4 : !uop.ptr<f32, global, 4>
// CHECK: %[[C0:.*]] = uop.call @softmax_k0(%[[B0]], %[[IN]])
// CHECK: %[[U1:.*]] = uop.unique 1
// CHECK: %[[B1:.*]] = uop.buffer %[[U1]], %[[DEV]] size 4 : !uop.ptr<f32, global, 4>
// CHECK: %[[C1:.*]] = uop.call @softmax_k1(%[[B1]], %[[IN]], %[[B0]])
// CHECK: %[[C2:.*]] = uop.call @softmax_k2(%[[RES]], %[[IN]], %[[B0]], %[[B1]])
// CHECK: uop.sink %[[C0]], %[[C1]], %[[C2]] : !uop.void, !uop.void, !uop.void
// CHECK-NOT: func.func
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %m = uop.reduce_axis max %x [1] : tensor<4x8xf32> -> tensor<4xf32>
  %mr = uop.reshape %m : tensor<4xf32> -> tensor<4x1xf32>
  %me = uop.expand %mr : tensor<4x1xf32> -> tensor<4x8xf32>
  %d = arith.subf %x, %me : tensor<4x8xf32>
  %e = math.exp %d : tensor<4x8xf32>
  %s = uop.reduce_axis add %e [1] : tensor<4x8xf32> -> tensor<4xf32>
  %sr = uop.reshape %s : tensor<4xf32> -> tensor<4x1xf32>
  %se = uop.expand %sr : tensor<4x1xf32> -> tensor<4x8xf32>
  %o = arith.divf %e, %se : tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

// -----

// Two outputs: the schedule's parameters are (a, b, out0, out1); the second
// kernel reads the first output straight from its parameter, and no BUFFER
// is needed.

// CHECK-LABEL: uop.function @two_outputs_k0
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}, %[[A:.*]]: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}, %[[B:.*]]: !uop.ptr<f32, global, 8> {uop.shape = array<i64: 8>})
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[J:.*]] = uop.range %{{.*}}, R1, loop
// CHECK: uop.index %[[B]][%[[J]]]
// CHECK: uop.end %{{.*}}[%[[I]], %[[J]]]
// CHECK: info <name = "two_outputs_k0">
// CHECK-LABEL: uop.function @two_outputs_k1
// CHECK-SAME: (%{{.*}}: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %{{.*}}: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>})
// CHECK: uop.range %{{.*}}, R0, loop
// CHECK: uop.range %{{.*}}, R1, reduce
// CHECK: info <name = "two_outputs_k1">
// CHECK-LABEL: uop.function @two_outputs
// CHECK-SAME: (%[[A:.*]]: !uop.ptr<f32, global, 32>, %[[B:.*]]: !uop.ptr<f32, global, 8>, %[[O0:.*]]: !uop.ptr<f32, global, 32>, %[[O1:.*]]: !uop.ptr<f32, global, 4>)
// CHECK-NOT: uop.buffer
// CHECK: %[[C0:.*]] = uop.call @two_outputs_k0(%[[O0]], %[[A]], %[[B]])
// CHECK: %[[C1:.*]] = uop.call @two_outputs_k1(%[[O1]], %[[O0]])
// CHECK: uop.sink %[[C0]], %[[C1]]
func.func @two_outputs(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %br = uop.reshape %b : tensor<8xf32> -> tensor<1x8xf32>
  %be = uop.expand %br : tensor<1x8xf32> -> tensor<4x8xf32>
  %p = arith.mulf %a, %be : tensor<4x8xf32>
  %s = uop.reduce_axis add %p [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %p, %s : tensor<4x8xf32>, tensor<4xf32>
}

// -----

// A function without BUFFERIZE (not tensor-level) is not a schedule: it is
// left alone.

// CHECK-LABEL: func.func @other
// CHECK-NEXT: return
func.func @other(%p: !uop.ptr<f32, global, 4>) {
  return
}

// -----

// A function that returns the same tensor twice is a valid tensor-level
// program (the interpreter runs it): both outputs are written (a copy, or one
// kernel storing both) rather than "the same value is returned twice; return
// a copy".
// CHECK: uop.function @same(%{{.*}}: !uop.ptr<f32, global, 4>, %{{.*}}: !uop.ptr<f32, global, 4>, %{{.*}}: !uop.ptr<f32, global, 4>)
func.func @same(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = uop.contiguous %a : tensor<4xf32>
  return %e, %e : tensor<4xf32>, tensor<4xf32>
}
