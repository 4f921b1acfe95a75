// RUN: uop-opt %s -split-input-file --uop-rangeify | FileCheck %s
//
// uop-rangeify: every realized tensor gets one RANGE per dimension (U<n>,
// numbered across the function) and its value at those ranges becomes a
// scalar expression. Movement ops only rewrite the index vector, PAD adds a
// gate, REDUCE_AXIS opens reduce RANGEs closed by a REDUCE, reads of inputs
// and of realized tensors are INDEX + LOAD, and each realize point is a
// BUFFERIZE.

// The seed's RESHAPE example: BUFFER[2, 3, 4] seen as [6, 4]. The output
// index (r0, r1) is flattened row-major (r0 * 4 + r1) and unflattened over
// the source shape: [flat / 12, (flat / 4) % 3, flat % 4].
//
//   RESHAPE(new_shape=[6, 4]) : Shape[6, 4]
//   ├── BUFFER[2, 3, 4] : Float32
//   └── CONST([6, 4]) : Shape

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK: %[[C6:.*]] = arith.constant 6 : index
// CHECK: %[[R0:.*]] = uop.range %[[C6]], U0, loop
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[R1:.*]] = uop.range %[[C4]], U1, loop
// CHECK: %[[M:.*]] = arith.muli %[[R0]], %[[C4]] : index
// CHECK: %[[FLAT:.*]] = arith.addi %[[M]], %[[R1]] : index
// CHECK: %[[I2:.*]] = arith.remui %[[FLAT]], %[[C4]] : index
// CHECK: %[[Q4:.*]] = arith.divui %[[FLAT]], %[[C4]] : index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[I1:.*]] = arith.remui %[[Q4]], %[[C3]] : index
// CHECK: %[[C12:.*]] = arith.constant 12 : index
// CHECK: %[[I0:.*]] = arith.divui %[[FLAT]], %[[C12]] : index
// CHECK: %[[IDX:.*]] = uop.index %[[A]][%[[I0]], %[[I1]], %[[I2]]] : tensor<2x3x4xf32> -> f32
// CHECK: %[[V:.*]] = uop.load %[[A]], %[[IDX]] : tensor<2x3x4xf32> -> f32
// CHECK: %[[B:.*]] = uop.bufferize %[[V]][%[[R0]], %[[R1]]] opts <> : f32 -> tensor<6x4xf32>
// CHECK: return %[[B]] : tensor<6x4xf32>
// CHECK-NOT: uop.reshape
func.func @reshape(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %r = uop.reshape %a : tensor<2x3x4xf32> -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// -----

// PERMUTE [2, 0, 1]: output axis i reads source axis perm[i], so the source
// index is [r1, r2, r0].

// CHECK-LABEL: func.func @permute
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[R1:.*]] = uop.range %{{.*}}, U1, loop
// CHECK: %[[R2:.*]] = uop.range %{{.*}}, U2, loop
// CHECK: %[[IDX:.*]] = uop.index %[[A]][%[[R1]], %[[R2]], %[[R0]]] : tensor<2x3x4xf32> -> f32
// CHECK: %[[V:.*]] = uop.load %[[A]], %[[IDX]]
// CHECK: uop.bufferize %[[V]][%[[R0]], %[[R1]], %[[R2]]] opts <> : f32 -> tensor<4x2x3xf32>
// CHECK-NOT: uop.permute
func.func @permute(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %r = uop.permute %a [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}

// -----

// EXPAND of a size-1 axis: the broadcast axis reads index 0, the output
// range of that axis is not read at all.

// CHECK-LABEL: func.func @expand
// CHECK-SAME: (%[[A:.*]]: tensor<1x4xf32>)
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[R1:.*]] = uop.range %{{.*}}, U1, loop
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[IDX:.*]] = uop.index %[[A]][%[[C0]], %[[R1]]] : tensor<1x4xf32> -> f32
// CHECK: %[[V:.*]] = uop.load %[[A]], %[[IDX]]
// CHECK: uop.bufferize %[[V]][%[[R0]], %[[R1]]] opts <> : f32 -> tensor<3x4xf32>
func.func @expand(%a: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %r = uop.expand %a : tensor<1x4xf32> -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// SHRINK [1, 1, 0] to [2, 3, 4]: each index is offset by its begin; an axis
// that starts at 0 is read as is.

// CHECK-LABEL: func.func @shrink
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[R0:.*]] = uop.range %[[C1]], U0, loop
// CHECK: %[[R1:.*]] = uop.range %{{.*}}, U1, loop
// CHECK: %[[R2:.*]] = uop.range %{{.*}}, U2, loop
// CHECK: %[[I0:.*]] = arith.addi %[[R0]], %[[C1]] : index
// CHECK: %[[I1:.*]] = arith.addi %[[R1]], %[[C1]] : index
// CHECK: %[[IDX:.*]] = uop.index %[[A]][%[[I0]], %[[I1]], %[[R2]]] : tensor<2x3x4xf32> -> f32
// CHECK: uop.bufferize %{{.*}}[%[[R0]], %[[R1]], %[[R2]]] opts <> : f32 -> tensor<1x2x4xf32>
func.func @shrink(%a: tensor<2x3x4xf32>) -> tensor<1x2x4xf32> {
  %r = uop.shrink %a [1, 1, 0] to [2, 3, 4] : tensor<2x3x4xf32> -> tensor<1x2x4xf32>
  return %r : tensor<1x2x4xf32>
}

// -----

// FLIP [false, true, false]: the flipped axis of extent 3 reads 2 - r1.

// CHECK-LABEL: func.func @flip
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[R0:.*]] = uop.range %[[C2]], U0, loop
// CHECK: %[[R1:.*]] = uop.range %{{.*}}, U1, loop
// CHECK: %[[R2:.*]] = uop.range %{{.*}}, U2, loop
// CHECK: %[[I1:.*]] = arith.subi %[[C2]], %[[R1]] : index
// CHECK: %[[IDX:.*]] = uop.index %[[A]][%[[R0]], %[[I1]], %[[R2]]] : tensor<2x3x4xf32> -> f32
// CHECK: uop.bufferize %{{.*}}[%[[R0]], %[[R1]], %[[R2]]] opts <> : f32 -> tensor<2x3x4xf32>
func.func @flip(%a: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %r = uop.flip %a [false, true, false] : tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// -----

// PAD low [1, 1, 0] high [1, 1, 0] of the seed's [2, 3, 4] buffer: each
// padded axis reads r - lo and is valid for lo <= r < lo + d; the validity
// is the INDEX's gate and the LOAD's alt (0) is the pad value. The axis
// without padding adds no condition.

// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[R1:.*]] = uop.range %{{.*}}, U1, loop
// CHECK: %[[R2:.*]] = uop.range %{{.*}}, U2, loop
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[S0:.*]] = arith.subi %[[R0]], %[[C1]] : index
// CHECK: %[[GE0:.*]] = arith.cmpi sge, %[[R0]], %[[C1]] : index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[LT0:.*]] = arith.cmpi slt, %[[R0]], %[[C3]] : index
// CHECK: %[[V0:.*]] = arith.andi %[[GE0]], %[[LT0]] : i1
// CHECK: %[[S1:.*]] = arith.subi %[[R1]], %[[C1]] : index
// CHECK: %[[GE1:.*]] = arith.cmpi sge, %[[R1]], %[[C1]] : index
// CHECK: %[[LT1:.*]] = arith.cmpi slt, %[[R1]], %{{.*}} : index
// CHECK: %[[V1:.*]] = arith.andi %[[GE1]], %[[LT1]] : i1
// CHECK: %[[G:.*]] = arith.andi %[[V0]], %[[V1]] : i1
// CHECK: %[[IDX:.*]] = uop.index %[[A]][%[[S0]], %[[S1]], %[[R2]]] gate %[[G]] : tensor<2x3x4xf32> -> f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[V:.*]] = uop.load %[[A]], %[[IDX]] alt %[[ZERO]] : tensor<2x3x4xf32> -> f32
// CHECK-NOT: arith.select
// CHECK: uop.bufferize %[[V]][%[[R0]], %[[R1]], %[[R2]]] opts <> : f32 -> tensor<4x5x4xf32>
func.func @pad(%a: tensor<2x3x4xf32>) -> tensor<4x5x4xf32> {
  %r = uop.pad %a low [1, 1, 0] high [1, 1, 0] : tensor<2x3x4xf32> -> tensor<4x5x4xf32>
  return %r : tensor<4x5x4xf32>
}

// -----

// PAD of a computed value: exp(0) is not 0, so the padded result is a
// SELECT on the gate around the computation (the load inside is gated too).

// CHECK-LABEL: func.func @pad_computed
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>)
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[S:.*]] = arith.subi %[[R0]], %[[C2]] : index
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[R0]], %[[C2]] : index
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[R0]], %{{.*}} : index
// CHECK: %[[G:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: %[[IDX:.*]] = uop.index %[[A]][%[[S]]] gate %[[G]] : tensor<3xf32> -> f32
// CHECK: %[[L:.*]] = uop.load %[[A]], %[[IDX]] alt %{{.*}} : tensor<3xf32> -> f32
// CHECK: %[[E:.*]] = math.exp %[[L]] : f32
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SEL:.*]] = arith.select %[[G]], %[[E]], %[[Z]] : f32
// CHECK: uop.bufferize %[[SEL]][%[[R0]]] opts <> : f32 -> tensor<5xf32>
func.func @pad_computed(%a: tensor<3xf32>) -> tensor<5xf32> {
  %e = math.exp %a : tensor<3xf32>
  %r = uop.pad %e low [2] high [0] : tensor<3xf32> -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

// A PAD read as overlapping windows (here every padded element by 3 rows of
// the expand: 18 elements read from 6) is realized: the sum reads a plain
// buffer, its loads ungated, instead of gating each read on the border.

// CHECK-LABEL: func.func @pad_windowed
// CHECK: %[[P:.*]] = uop.bufferize %{{.*}} : f32 -> tensor<6xf32>
// CHECK: uop.index %[[P]][%{{.*}}] : tensor<6xf32> -> f32
// CHECK-NOT: gate
// CHECK: uop.reduce add
func.func @pad_windowed(%a: tensor<4xf32>) -> tensor<6xf32> {
  %p = uop.pad %a low [1] high [1] : tensor<4xf32> -> tensor<6xf32>
  %r = uop.reshape %p : tensor<6xf32> -> tensor<1x6xf32>
  %e = uop.expand %r : tensor<1x6xf32> -> tensor<3x6xf32>
  %s = uop.reduce_axis add %e [0] : tensor<3x6xf32> -> tensor<6xf32>
  return %s : tensor<6xf32>
}

// -----

// A 1-D PAD read as strided windows (every other element) stays gated: it
// has no second axis to split into phases (@pad_phases), and ungated, such
// reads became gathers, slower than the gated scalar loads.

// CHECK-LABEL: func.func @pad_strided
// CHECK-NOT: tensor<6xf32>
// CHECK: gate
// CHECK: uop.reduce add
func.func @pad_strided(%a: tensor<4xf32>) -> tensor<3xf32> {
  %p = uop.pad %a low [1] high [1] : tensor<4xf32> -> tensor<6xf32>
  %r = uop.reshape %p : tensor<6xf32> -> tensor<3x2xf32>
  %s = uop.shrink %r [0, 0] to [3, 1] : tensor<3x2xf32> -> tensor<3x1xf32>
  %e = uop.expand %s : tensor<3x1xf32> -> tensor<3x4xf32>
  %t = uop.reduce_axis add %e [1] : tensor<3x4xf32> -> tensor<3xf32>
  return %t : tensor<3xf32>
}

// -----

// A strided view (every other element, as a 1x1 stride-2 convolution reads
// its input), smaller than its source and broadcast by an EXPAND, is
// realized without its unit axes: the sum reads a contiguous buffer of 4
// elements (its pixel the innermost index) instead of the source at stride 2.

// CHECK-LABEL: func.func @strided_subsample
// CHECK: %[[S:.*]] = uop.bufferize %{{.*}} : f32 -> tensor<4xf32>
// CHECK: uop.index %[[S]][%{{[0-9]+}}] : tensor<4xf32> -> f32
// CHECK: uop.reduce add
func.func @strided_subsample(%a: tensor<8xf32>) -> tensor<4xf32> {
  %r = uop.reshape %a : tensor<8xf32> -> tensor<4x2xf32>
  %s = uop.shrink %r [0, 0] to [4, 1] : tensor<4x2xf32> -> tensor<4x1xf32>
  %e = uop.expand %s : tensor<4x1xf32> -> tensor<4x3xf32>
  %t = uop.reduce_axis add %e [1] : tensor<4x3xf32> -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// A contiguous view (the first half) broadcast the same way stays a read of
// the source.

// CHECK-LABEL: func.func @contiguous_view
// CHECK-NOT: tensor<4x1xf32>
// CHECK: uop.reduce add
func.func @contiguous_view(%a: tensor<8xf32>) -> tensor<4xf32> {
  %s = uop.shrink %a [0] to [4] : tensor<8xf32> -> tensor<4xf32>
  %r = uop.reshape %s : tensor<4xf32> -> tensor<4x1xf32>
  %e = uop.expand %r : tensor<4x1xf32> -> tensor<4x3xf32>
  %t = uop.reduce_axis add %e [1] : tensor<4x3xf32> -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// A 2-D PAD read as windows of stride 2 along both axes (a stride-2
// convolution's padded input, its extents even) is split into 2 x 2 phases,
// realized as one [2, 2, 3, 3] buffer: element (h, w) of the pad is element
// (h % 2, w % 2, h / 2, w / 2) of it, so a window's row of every other pixel
// is a contiguous row of one phase and the sum reads it ungated.

// CHECK-LABEL: func.func @pad_phases
// CHECK: uop.index %{{.*}} gate
// CHECK: %[[P:.*]] = uop.bufferize %{{.*}} : f32 -> tensor<2x2x3x3xf32>
// CHECK: uop.index %[[P]][%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}] : tensor<2x2x3x3xf32> -> f32
// CHECK-NOT: gate
func.func @pad_phases(%a: tensor<4x4xf32>) -> tensor<3x3xf32> {
  %p = uop.pad %a low [1, 1] high [1, 1] : tensor<4x4xf32> -> tensor<6x6xf32>
  %r = uop.reshape %p : tensor<6x6xf32> -> tensor<3x2x3x2xf32>
  %s = uop.shrink %r [0, 0, 0, 0] to [3, 1, 3, 1] : tensor<3x2x3x2xf32> -> tensor<3x1x3x1xf32>
  %e = uop.expand %s : tensor<3x1x3x1xf32> -> tensor<3x8x3x1xf32>
  %t = uop.reduce_axis add %e [1, 3] : tensor<3x8x3x1xf32> -> tensor<3x3xf32>
  return %t : tensor<3x3xf32>
}

// -----

// A PAD read once per element (tinygrad's concatenation: pads added
// together) stays in its consumer's kernel, the reads gated.

// CHECK-LABEL: func.func @pad_concat
// CHECK-COUNT-2: gate
// CHECK: uop.bufferize
// CHECK-NOT: uop.bufferize
func.func @pad_concat(%a: tensor<4xf32>, %b: tensor<2xf32>) -> tensor<6xf32> {
  %p = uop.pad %a low [0] high [2] : tensor<4xf32> -> tensor<6xf32>
  %q = uop.pad %b low [4] high [0] : tensor<2xf32> -> tensor<6xf32>
  %s = arith.addf %p, %q : tensor<6xf32>
  return %s : tensor<6xf32>
}

// -----

// The seed's REDUCE_AXIS example: [10, 20] summed over axis 1. The reduced
// axis gets a RANGE of type reduce that the REDUCE closes; the kept axis is
// the output range.
//
//   REDUCE_AXIS(Add, axes=[1])
//   └── BUFFER[10, 20] : Float32

// CHECK-LABEL: func.func @reduce_axis
// CHECK-SAME: (%[[A:.*]]: tensor<10x20xf32>) -> tensor<10xf32>
// CHECK: %[[C10:.*]] = arith.constant 10 : index
// CHECK: %[[R0:.*]] = uop.range %[[C10]], U0, loop
// CHECK: %[[C20:.*]] = arith.constant 20 : index
// CHECK: %[[R1:.*]] = uop.range %[[C20]], U1, reduce
// CHECK: %[[IDX:.*]] = uop.index %[[A]][%[[R0]], %[[R1]]] : tensor<10x20xf32> -> f32
// CHECK: %[[V:.*]] = uop.load %[[A]], %[[IDX]]
// CHECK: %[[S:.*]] = uop.reduce add %[[V]][%[[R1]]] : f32
// CHECK: %[[B:.*]] = uop.bufferize %[[S]][%[[R0]]] opts <> : f32 -> tensor<10xf32>
// CHECK: return %[[B]]
// CHECK-NOT: uop.reduce_axis
func.func @reduce_axis(%a: tensor<10x20xf32>) -> tensor<10xf32> {
  %r = uop.reduce_axis add %a [1] : tensor<10x20xf32> -> tensor<10xf32>
  return %r : tensor<10xf32>
}

// -----

// The seed's REDUCE example, produced from a 64-long dot product written the
// tinygrad way (broadcast, multiply, reduce): REDUCE(Add) of MUL(LOAD A,
// LOAD B) over a reduce RANGE of extent 64.
//
//   REDUCE(Add)
//   ├── MUL
//   │   ├── LOAD(A, ...)
//   │   └── LOAD(B, ...)
//   └── RANGE(R2, Reduce)
//       └── CONST(64)

// CHECK-LABEL: func.func @dot
// CHECK-SAME: (%[[A:.*]]: tensor<8x64xf32>, %[[B:.*]]: tensor<64xf32>)
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[K:.*]] = uop.range %[[C64]], U1, reduce
// CHECK: %[[IA:.*]] = uop.index %[[A]][%[[R0]], %[[K]]]
// CHECK: %[[LA:.*]] = uop.load %[[A]], %[[IA]]
// CHECK: %[[IB:.*]] = uop.index %[[B]][%[[K]]]
// CHECK: %[[LB:.*]] = uop.load %[[B]], %[[IB]]
// CHECK: %[[P:.*]] = arith.mulf %[[LA]], %[[LB]] : f32
// CHECK: %[[S:.*]] = uop.reduce add %[[P]][%[[K]]] : f32
// CHECK: uop.bufferize %[[S]][%[[R0]]] opts <> : f32 -> tensor<8xf32>
func.func @dot(%a: tensor<8x64xf32>, %b: tensor<64xf32>) -> tensor<8xf32> {
  %br = uop.reshape %b : tensor<64xf32> -> tensor<1x64xf32>
  %be = uop.expand %br : tensor<1x64xf32> -> tensor<8x64xf32>
  %p = arith.mulf %a, %be : tensor<8x64xf32>
  %s = uop.reduce_axis add %p [1] : tensor<8x64xf32> -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Realize point: CONTIGUOUS. Its source is bufferized, and the consumer
// reads it back through a fresh set of ranges.

// CHECK-LABEL: func.func @contiguous
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>)
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[R1:.*]] = uop.range %{{.*}}, U1, loop
// CHECK: %[[E:.*]] = math.exp %{{.*}} : f32
// CHECK: %[[B0:.*]] = uop.bufferize %[[E]][%[[R0]], %[[R1]]] opts <> : f32 -> tensor<4x8xf32>
// CHECK: %[[R2:.*]] = uop.range %{{.*}}, U2, loop
// CHECK: %[[R3:.*]] = uop.range %{{.*}}, U3, loop
// CHECK: %[[I:.*]] = uop.index %[[B0]][%[[R2]], %[[R3]]] : tensor<4x8xf32> -> f32
// CHECK: %[[L:.*]] = uop.load %[[B0]], %[[I]]
// CHECK: %[[N:.*]] = arith.negf %[[L]] : f32
// CHECK: %[[B1:.*]] = uop.bufferize %[[N]][%[[R2]], %[[R3]]] opts <> : f32 -> tensor<4x8xf32>
// CHECK: return %[[B1]]
// CHECK-NOT: uop.contiguous
func.func @contiguous(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = math.exp %a : tensor<4x8xf32>
  %c = uop.contiguous %e : tensor<4x8xf32>
  %n = arith.negf %c : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// Realize points: every returned value. %e is both returned and read by %n,
// which reads it from its buffer.

// CHECK-LABEL: func.func @two_results
// CHECK: %[[C:.*]] = uop.bufferize %{{.*}} opts <> : f32 -> tensor<4xf32>
// CHECK: %[[E:.*]] = uop.bufferize %{{.*}} opts <> : f32 -> tensor<4xf32>
// CHECK: uop.index %[[E]][%{{.*}}] : tensor<4xf32> -> f32
// CHECK: arith.negf
// CHECK: %[[N:.*]] = uop.bufferize %{{.*}} opts <> : f32 -> tensor<4xf32>
// CHECK: return %[[E]], %[[N]] : tensor<4xf32>, tensor<4xf32>
func.func @two_results(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = uop.contiguous %a : tensor<4xf32>
  %e = math.exp %c : tensor<4xf32>
  %n = arith.negf %e : tensor<4xf32>
  return %e, %n : tensor<4xf32>, tensor<4xf32>
}

// -----

// Fusion: an elementwise chain, even one whose values are used twice, is one
// expression (recomputed, not stored), and splat tensor constants become
// scalar constants.

// CHECK-LABEL: func.func @elementwise_chain
// CHECK: math.exp
// CHECK: arith.mulf
// CHECK: arith.constant 2.000000e+00 : f32
// CHECK: arith.subf
// CHECK: uop.bufferize
// CHECK-NOT: uop.bufferize
// CHECK: return
func.func @elementwise_chain(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = math.exp %a : tensor<4x8xf32>
  %m = arith.mulf %e, %e : tensor<4x8xf32>
  %two = arith.constant dense<2.0> : tensor<4x8xf32>
  %s = arith.subf %m, %two : tensor<4x8xf32>
  %k = uop.contiguous %s : tensor<4x8xf32>
  return %k : tensor<4x8xf32>
}

// -----

// A reduction consumed elementwise (bias add, relu) fuses: one BUFFERIZE,
// whose value is computed from the REDUCE.

// CHECK-LABEL: func.func @reduce_then_elementwise
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[K:.*]] = uop.range %{{.*}}, U1, reduce
// CHECK: %[[S:.*]] = uop.reduce add %{{.*}}[%[[K]]] : f32
// CHECK: %[[T:.*]] = arith.addf %[[S]], %{{.*}} : f32
// CHECK: %[[M:.*]] = arith.maximumf %[[T]], %{{.*}} : f32
// CHECK: %[[B:.*]] = uop.bufferize %[[M]][%[[R0]]] opts <> : f32 -> tensor<4xf32>
// CHECK-NOT: uop.bufferize
// CHECK: return %[[B]]
func.func @reduce_then_elementwise(%a: tensor<4x8xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<4x8xf32> -> tensor<4xf32>
  %t = arith.addf %s, %b : tensor<4xf32>
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %r = arith.maximumf %t, %z : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A reduction read twice at the same index by elementwise ops that meet
// again (s * s, relu(s) + s) is not realized: the memo computes it once in
// the consumer's kernel.

// CHECK-LABEL: func.func @reduce_used_twice
// CHECK: %[[S:.*]] = uop.reduce add
// CHECK-NOT: uop.bufferize
// CHECK: %[[M:.*]] = arith.mulf %[[S]], %[[S]] : f32
// CHECK: uop.bufferize %[[M]]
func.func @reduce_used_twice(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<4x8xf32> -> tensor<4xf32>
  %t = arith.mulf %s, %s : tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// A reduction whose uses part ways (two results) is realized once and read
// by both, rather than recomputed in two kernels.

// CHECK-LABEL: func.func @reduce_used_by_two_results
// CHECK: %[[S:.*]] = uop.reduce add
// CHECK: %[[B0:.*]] = uop.bufferize %[[S]][%{{.*}}] opts <> : f32 -> tensor<4xf32>
// CHECK: uop.load %[[B0]]
// CHECK: uop.bufferize
// CHECK: uop.load %[[B0]]
// CHECK: uop.bufferize
func.func @reduce_used_by_two_results(%a: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = uop.reduce_axis add %a [1] : tensor<4x8xf32> -> tensor<4xf32>
  %t = arith.mulf %s, %s : tensor<4xf32>
  %u = math.exp %s : tensor<4xf32>
  return %t, %u : tensor<4xf32>, tensor<4xf32>
}

// -----

// A reduction broadcast into another reduction over the broadcast axis (the
// mean inside a variance) stays in the outer reduction's kernel: it is read
// once per row, not once per output element.

// CHECK-LABEL: func.func @reduce_inside_reduce
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[K1:.*]] = uop.range %{{.*}}, U1, reduce
// CHECK: %[[K2:.*]] = uop.range %{{.*}}, U2, reduce
// CHECK: %[[MEAN:.*]] = uop.reduce add %{{.*}}[%[[K2]]] : f32
// CHECK: arith.subf %{{.*}}, %[[MEAN]]
// CHECK: %[[V:.*]] = uop.reduce add %{{.*}}[%[[K1]]] : f32
// CHECK: uop.bufferize %[[V]][%[[R0]]]
// CHECK-NOT: uop.bufferize
func.func @reduce_inside_reduce(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<4x8xf32> -> tensor<4xf32>
  %sr = uop.reshape %s : tensor<4xf32> -> tensor<4x1xf32>
  %se = uop.expand %sr : tensor<4x1xf32> -> tensor<4x8xf32>
  %d = arith.subf %a, %se : tensor<4x8xf32>
  %q = arith.mulf %d, %d : tensor<4x8xf32>
  %v = uop.reduce_axis add %q [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %v : tensor<4xf32>
}

// -----

// A reduction inside another reduction is realized: the inner max is a
// buffer that the outer sum reads over its own reduce range. (A rank-0 result
// has no ranges.)

// CHECK-LABEL: func.func @reduce_of_reduce
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[K:.*]] = uop.range %{{.*}}, U1, reduce
// CHECK: %[[MX:.*]] = uop.reduce max %{{.*}}[%[[K]]] : f32
// CHECK: %[[B0:.*]] = uop.bufferize %[[MX]][%[[R0]]] opts <> : f32 -> tensor<4xf32>
// CHECK: %[[K2:.*]] = uop.range %{{.*}}, U2, reduce
// CHECK: %[[I:.*]] = uop.index %[[B0]][%[[K2]]]
// CHECK: %[[L:.*]] = uop.load %[[B0]], %[[I]]
// CHECK: %[[S:.*]] = uop.reduce add %[[L]][%[[K2]]] : f32
// CHECK: uop.bufferize %[[S]] opts <> : f32 -> tensor<f32>
func.func @reduce_of_reduce(%a: tensor<4x8xf32>) -> tensor<f32> {
  %m = uop.reduce_axis max %a [1] : tensor<4x8xf32> -> tensor<4xf32>
  %s = uop.reduce_axis add %m [0] : tensor<4xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// Softmax: the row max and the row sum are read back through RESHAPE +
// EXPAND (a different index space), so each is its own BUFFERIZE: three in
// all. exp(x - max) has no unrealized reduction left in it and is recomputed
// in the last one.

// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK: %[[A0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[K0:.*]] = uop.range %{{.*}}, U1, reduce
// CHECK: %[[MX:.*]] = uop.reduce max %{{.*}}[%[[K0]]] : f32
// CHECK: %[[M:.*]] = uop.bufferize %[[MX]][%[[A0]]] opts <> : f32 -> tensor<4xf32>
// CHECK: %[[A1:.*]] = uop.range %{{.*}}, U2, loop
// CHECK: %[[K1:.*]] = uop.range %{{.*}}, U3, reduce
// CHECK: uop.index %[[M]][%[[A1]]] : tensor<4xf32> -> f32
// CHECK: math.exp
// CHECK: %[[SM:.*]] = uop.reduce add %{{.*}}[%[[K1]]] : f32
// CHECK: %[[S:.*]] = uop.bufferize %[[SM]][%[[A1]]] opts <> : f32 -> tensor<4xf32>
// CHECK: %[[A2:.*]] = uop.range %{{.*}}, U4, loop
// CHECK: %[[A3:.*]] = uop.range %{{.*}}, U5, loop
// CHECK: uop.index %[[X]][%[[A2]], %[[A3]]]
// CHECK: uop.index %[[M]][%[[A2]]]
// CHECK: math.exp
// CHECK: uop.index %[[S]][%[[A2]]]
// CHECK: %[[D:.*]] = arith.divf
// CHECK: %[[O:.*]] = uop.bufferize %[[D]][%[[A2]], %[[A3]]] opts <> : f32 -> tensor<4x8xf32>
// CHECK: return %[[O]]
// CHECK-NOT: uop.reshape
// CHECK-NOT: uop.expand
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

// Functions that are not tensor-level are left alone.

// CHECK-LABEL: func.func @not_tensor_level
// CHECK-NEXT: uop.device "CPU"
// CHECK-NEXT: return
func.func @not_tensor_level(%p: !uop.ptr<f32, global, 4>) {
  %d = uop.device "CPU"
  return
}

// -----

// A tensor-level function made only of arith / math ops (nothing in this
// split loads the uop dialect): uop-rangeify loads what it creates (its
// dependent dialects include uop) and gives the same result as with a uop op
// in the input, instead of crashing in AxisTypeAttr::get.
// CHECK-LABEL: func.func @exp
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[R1:.*]] = uop.range %{{.*}}, U1, loop
// CHECK: %[[E:.*]] = math.exp
// CHECK: uop.bufferize %[[E]][%[[R0]], %[[R1]]]
func.func @exp(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = math.exp %a : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}

// -----

// A function that returns one of its arguments: the returned argument gets
// its own BUFFERIZE, a copy that reads the argument at the output ranges
// ("an argument returned as is still needs its own output buffer").
// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[CB:.*]] = uop.bufferize
// CHECK: %[[R:.*]] = uop.range
// CHECK: %[[I:.*]] = uop.index %[[A]][%[[R]]]
// CHECK: %[[V:.*]] = uop.load %[[A]], %[[I]]
// CHECK: %[[CA:.*]] = uop.bufferize %[[V]][%[[R]]]
// CHECK: return %[[CA]], %[[CB]]
func.func @identity(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = uop.contiguous %b : tensor<4xf32>
  return %a, %c : tensor<4xf32>, tensor<4xf32>
}
