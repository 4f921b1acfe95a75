// RUN: uop-opt --uop-to-program %uop_src_root/examples/uop/elementwise.mlir | FileCheck %s --check-prefix=EW
// RUN: uop-opt --uop-to-program %uop_src_root/examples/uop/reduce.mlir | FileCheck %s --check-prefix=RED
// RUN: uop-opt --uop-to-program %uop_src_root/examples/uop/matmul.mlir | FileCheck %s --check-prefix=MM
// RUN: uop-opt --uop-to-program %uop_src_root/examples/uop/softmax.mlir | FileCheck %s --check-prefix=SM
// RUN: uop-opt --uop-to-program %uop_src_root/examples/uop/matmul_bias_relu.mlir | FileCheck %s --check-prefix=MBR
// RUN: uop-opt --uop-to-program=target=cuda %uop_src_root/examples/uop/matmul.mlir | FileCheck %s --check-prefix=CUDA
// RUN: uop-opt --uop-to-program %s | FileCheck %s --check-prefix=SMALL
//
// The uop-to-program pipeline (rangeify, split-kernels, simplify, optimize,
// expand, simplify, devectorize, simplify, [gpudims,] cse, linearize) on the
// bundled examples: the kernels, their options, and the schedule with a
// LINEAR + PROGRAM before each CALL.

// Elementwise: one kernel, no reduction; the bias row is read at the column
// only. The innermost output range is upcast by 16 and computes on
// vector<16xf32>: one vector load per input, one exp of the vector (the C
// has a vector helper for the f32 polynomials), one vector store.
// EW-LABEL: uop.function @elementwise_k0
// EW-SAME: (%{{.*}}: !uop.ptr<f32, global, 98304> {uop.shape = array<i64: 256, 384>}, %{{.*}}: !uop.ptr<f32, global, 98304> {uop.shape = array<i64: 256, 384>}, %{{.*}}: !uop.ptr<f32, global, 98304> {uop.shape = array<i64: 256, 384>}, %{{.*}}: !uop.ptr<f32, global, 384> {uop.shape = array<i64: 384>})
// EW-NOT: uop.reduce
// EW-NOT: uop.define_reg
// EW: uop.load %{{.*}} -> vector<16xf32>
// EW: math.exp %{{.*}} : vector<16xf32>
// EW-NOT: math.exp
// EW: uop.store %{{.*}}, %{{.*}} : vector<16xf32>
// EW: info <name = "elementwise_k0", applied_opts = [<UPCAST, 1, 16>]>
// EW-LABEL: uop.function @elementwise
// EW-SAME: (%[[A:.*]]: !uop.ptr<f32, global, 98304>, %[[B:.*]]: !uop.ptr<f32, global, 98304>, %[[C:.*]]: !uop.ptr<f32, global, 384>, %[[OUT:.*]]: !uop.ptr<f32, global, 98304>)
// EW: %[[DEV:.*]] = uop.device "CPU"
// EW: %[[LIN:.*]] = uop.linear @elementwise_k0 {
// EW: uop.range %{{.*}}, R0, loop
// EW: uop.range %{{.*}}, R2, loop
// EW: math.exp %{{.*}} : vector<16xf32>
// EW-NOT: math.exp
// EW: uop.store %{{.*}}, %{{.*}} : vector<16xf32>
// EW: uop.end
// EW: uop.end
// EW-NEXT: }
// EW-NEXT: uop.program @elementwise_k0 device %[[DEV]] linear %[[LIN]]
// EW-NEXT: %[[CALL:.*]] = uop.call @elementwise_k0(%[[OUT]], %[[A]], %[[B]], %[[C]])
// EW-NEXT: uop.sink %[[CALL]] : !uop.void

// Row sums: four rows per iteration (four load streams), each with a
// vector<16xf32> accumulator along it (the reduction's range split reduce x
// upcast(16)), whose lanes are summed in lane order after the loop (one
// vector.reduction each, the lane-order chain in the C); one reduction loop
// holds the four rows.
// RED-LABEL: uop.function @reduce_k0
// RED-NOT: uop.reduce
// RED: uop.define_reg size 1 id 0 : !uop.ptr<vector<16xf32>, reg, 1>
// RED: vector.reduction <add>, %{{.*}} : vector<16xf32> into f32
// RED: uop.define_reg size 1 id 1 : !uop.ptr<vector<16xf32>, reg, 1>
// RED: vector.reduction <add>, %{{.*}} : vector<16xf32> into f32
// RED: uop.define_reg size 1 id 2 : !uop.ptr<vector<16xf32>, reg, 1>
// RED: vector.reduction <add>, %{{.*}} : vector<16xf32> into f32
// RED: uop.define_reg size 1 id 3 : !uop.ptr<vector<16xf32>, reg, 1>
// RED: vector.reduction <add>, %{{.*}} : vector<16xf32> into f32
// RED-NOT: uop.define_reg
// RED-NOT: vector.extract
// RED: info <name = "reduce_k0", applied_opts = [<UPCAST, 0, 4>, <UPCAST, 1, 16>]>
// RED-LABEL: uop.function @reduce
// RED: uop.linear @reduce_k0 {
// RED: %[[I:.*]] = uop.range %{{.*}}, R2, loop
// RED: %[[K:.*]] = uop.range %{{.*}}, R4, reduce
// RED: uop.end %{{.*}}[%[[K]]] : !uop.void
// RED: uop.end %{{.*}}[%[[I]]] : !uop.void
// RED-NEXT: }
// RED-NEXT: uop.program @reduce_k0
// RED-NEXT: uop.call @reduce_k0

// Matmul: one kernel (the 3-D broadcast is never stored), a 8 x 16 register
// tile over the reduction: 8 vector<16xf32> accumulators, one per row, each
// the broadcast A element times one vector load of B.
// MM-LABEL: uop.function @matmul_k0
// MM-NOT: uop.reduce
// MM: uop.load %{{.*}} -> vector<16xf32>
// MM-COUNT-8: uop.define_reg size 1 id {{[0-9]+}} : !uop.ptr<vector<16xf32>, reg, 1>
// MM-NOT: uop.define_reg
// MM: info <name = "matmul_k0", applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>]>
// MM-LABEL: uop.function @matmul
// MM-SAME: (%[[A:.*]]: !uop.ptr<f32, global, 49152>, %[[B:.*]]: !uop.ptr<f32, global, 61440>, %[[C:.*]]: !uop.ptr<f32, global, 81920>)
// MM-NOT: uop.buffer
// MM: %[[LIN:.*]] = uop.linear @matmul_k0 {
// MM: uop.range %{{.*}}, loop
// MM: uop.range %{{.*}}, loop
// MM: uop.range %{{.*}}, R2, reduce
// MM: }
// MM-NEXT: uop.program @matmul_k0 device %{{.*}} linear %[[LIN]]
// MM-NEXT: uop.call @matmul_k0(%[[C]], %[[A]], %[[B]])

// Softmax: four kernels and three intermediates, each kernel's LINEAR and
// PROGRAM right before its CALL. exp(x - max) is kept in a buffer for the
// sum and the division (uop-rangeify{math-cost=16} on the cpu: the C's exp is
// a polynomial, dearer to compute twice than to store).
// SM-LABEL: uop.function @softmax_k0
// SM: arith.maximumf
// SM: info <name = "softmax_k0"
// SM-LABEL: uop.function @softmax_k1
// SM: math.exp
// SM: info <name = "softmax_k1"
// SM-LABEL: uop.function @softmax_k2
// SM-NOT: math.exp
// SM: info <name = "softmax_k2"
// SM-LABEL: uop.function @softmax_k3
// SM-NOT: math.exp
// SM: arith.divf
// SM: info <name = "softmax_k3"
// SM-LABEL: uop.function @softmax
// SM-SAME: (%[[X:.*]]: !uop.ptr<f32, global, 98304>, %[[OUT:.*]]: !uop.ptr<f32, global, 98304>)
// SM: %[[M:.*]] = uop.buffer %{{.*}}, %{{.*}} size 256 : !uop.ptr<f32, global, 256>
// SM: uop.linear @softmax_k0
// SM: uop.program @softmax_k0
// SM-NEXT: uop.call @softmax_k0(%[[M]], %[[X]])
// SM: %[[E:.*]] = uop.buffer %{{.*}}, %{{.*}} size 98304 : !uop.ptr<f32, global, 98304>
// SM: uop.linear @softmax_k1
// SM: uop.program @softmax_k1
// SM-NEXT: uop.call @softmax_k1(%[[E]], %[[X]], %[[M]])
// SM: %[[S:.*]] = uop.buffer %{{.*}}, %{{.*}} size 256 : !uop.ptr<f32, global, 256>
// SM: uop.linear @softmax_k2
// SM: uop.program @softmax_k2
// SM-NEXT: uop.call @softmax_k2(%[[S]], %[[E]])
// SM: uop.linear @softmax_k3
// SM: uop.program @softmax_k3
// SM-NEXT: uop.call @softmax_k3(%[[OUT]], %[[E]], %[[S]])
// SM-NEXT: uop.sink

// Matmul + bias + relu: still one kernel; the bias add and the relu are
// applied to each accumulator after the reduction.
// MBR-LABEL: uop.function @matmul_bias_relu_k0
// MBR-COUNT-8: uop.define_reg size 1 id {{[0-9]+}} : !uop.ptr<vector<16xf32>, reg, 1>
// MBR: arith.maximumf %{{.*}}, %{{.*}} : f32
// MBR: info <name = "matmul_bias_relu_k0", applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>]>
// MBR-NOT: uop.function @matmul_bias_relu_k1
// MBR-LABEL: uop.function @matmul_bias_relu(
// MBR: uop.program @matmul_bias_relu_k0
// MBR-NEXT: uop.call @matmul_bias_relu_k0

// target=cuda: global/local ranges become SPECIALs; each thread computes a
// 4 x 4 register tile (16 accumulators, one loop over K).
// CUDA-LABEL: uop.function @matmul_k0
// CUDA: uop.special %c64, blockIdx.y
// CUDA: uop.special %c5, blockIdx.x
// CUDA: uop.special %c16, threadIdx.x
// CUDA: %[[K:.*]] = uop.range %{{.*}}, R2, reduce
// CUDA-COUNT-16: uop.define_reg size 1
// CUDA-NOT: uop.define_reg
// CUDA: info <name = "matmul_k0", applied_opts = [<UPCAST, 1, 4>, <UPCAST, 0, 4>, <LOCAL, 3, 16>]>
// CUDA-LABEL: uop.function @matmul
// CUDA: uop.linear @matmul_k0
// CUDA: uop.special
// CUDA: uop.program @matmul_k0

// A small padded, reduced and broadcast graph end to end (SMALL): the row
// max of a padded input is realized (it is read through RESHAPE + EXPAND);
// the pad's gate survives simplification as a gated INDEX + LOAD with alt
// in the LINEAR.
// SMALL-LABEL: uop.function @small_k0
// SMALL: uop.index %{{.*}}[%{{.*}}] gate %{{.*}}
// SMALL: uop.load %{{.*}}, %{{.*}} alt %{{.*}}
// SMALL: info <name = "small_k0"
// SMALL-LABEL: uop.function @small_k1
// SMALL: info <name = "small_k1"
// SMALL-LABEL: uop.function @small(
// SMALL: uop.buffer %{{.*}}, %{{.*}} size 8 : !uop.ptr<f32, global, 8>
// SMALL: uop.linear @small_k0
// SMALL: uop.index %{{.*}}[%{{.*}}] gate %{{.*}}
// SMALL: uop.program @small_k0
// SMALL-NEXT: uop.call @small_k0
// SMALL: uop.linear @small_k1
// SMALL: uop.program @small_k1
// SMALL-NEXT: uop.call @small_k1
func.func @small(%x: tensor<8x14xf32>) -> tensor<8x16xf32> {
  %p = uop.pad %x low [0, 1] high [0, 1] : tensor<8x14xf32> -> tensor<8x16xf32>
  %m = uop.reduce_axis max %p [1] : tensor<8x16xf32> -> tensor<8xf32>
  %mr = uop.reshape %m : tensor<8xf32> -> tensor<8x1xf32>
  %me = uop.expand %mr : tensor<8x1xf32> -> tensor<8x16xf32>
  %d = arith.subf %p, %me : tensor<8x16xf32>
  return %d : tensor<8x16xf32>
}
