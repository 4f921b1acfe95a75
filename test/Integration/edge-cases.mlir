// Edge cases of the tensor-level pipeline, each run on the CPU (uop-to-program,
// --uop-to-c, cc) and checked element by element against the reference
// interpreter (outputs are poisoned with NaN first, so `checked=N` with N the
// number of output elements means every element was written and matched).
// RUN: uop-run %s --entry prime3d --check --repeat 1 | FileCheck %s --check-prefix=PRIME3D
// RUN: uop-run %s --entry prime3d_reduce_mid --check --repeat 1 | FileCheck %s --check-prefix=PRIME3D-REDUCE-MID
// RUN: uop-run %s --entry prime3d_reduce_outer --check --repeat 1 | FileCheck %s --check-prefix=PRIME3D-REDUCE-OUTER
// RUN: uop-run %s --entry zero_d --check --repeat 1 | FileCheck %s --check-prefix=ZERO-D
// RUN: uop-run %s --entry zero_d_expand --check --repeat 1 | FileCheck %s --check-prefix=ZERO-D-EXPAND
// RUN: uop-run %s --entry expand_0d_reduce --check --repeat 1 | FileCheck %s --check-prefix=EXPAND-0D-REDUCE
// RUN: uop-run %s --entry reduce_all_axes --check --repeat 1 | FileCheck %s --check-prefix=REDUCE-ALL-AXES
// RUN: uop-run %s --entry reduce_all_axes_max --check --repeat 1 | FileCheck %s --check-prefix=REDUCE-ALL-AXES-MAX
// RUN: uop-run %s --entry reduce_outer_inner --check --repeat 1 | FileCheck %s --check-prefix=REDUCE-OUTER-INNER
// RUN: uop-run %s --entry big_pad --check --repeat 1 | FileCheck %s --check-prefix=BIG-PAD
// RUN: uop-run %s --entry big_pad_reduce --check --repeat 1 | FileCheck %s --check-prefix=BIG-PAD-REDUCE
// RUN: uop-run %s --entry pad_1elem --check --repeat 1 | FileCheck %s --check-prefix=PAD-1ELEM
// RUN: uop-run %s --entry shrink_single --check --repeat 1 | FileCheck %s --check-prefix=SHRINK-SINGLE
// RUN: uop-run %s --entry shrink_single_reshape0d --check --repeat 1 | FileCheck %s --check-prefix=SHRINK-SINGLE-RESHAPE0D
// RUN: uop-run %s --entry flip_all --check --repeat 1 | FileCheck %s --check-prefix=FLIP-ALL
// RUN: uop-run %s --entry flip_each --check --repeat 1 | FileCheck %s --check-prefix=FLIP-EACH
// RUN: uop-run %s --entry flip_reduced_add --check --repeat 1 | FileCheck %s --check-prefix=FLIP-REDUCED-ADD
// RUN: uop-run %s --entry reshape_chain --check --repeat 1 | FileCheck %s --check-prefix=RESHAPE-CHAIN
// RUN: uop-run %s --entry reshape_chain_perm --check --repeat 1 | FileCheck %s --check-prefix=RESHAPE-CHAIN-PERM
// RUN: uop-run %s --entry reshape_split_merge --check --repeat 1 | FileCheck %s --check-prefix=RESHAPE-SPLIT-MERGE
// RUN: uop-run %s --entry max_negative --check --repeat 1 | FileCheck %s --check-prefix=MAX-NEGATIVE
// RUN: uop-run %s --entry max_negative_all --check --repeat 1 | FileCheck %s --check-prefix=MAX-NEGATIVE-ALL
// RUN: uop-run %s --entry min_reduce --check --repeat 1 | FileCheck %s --check-prefix=MIN-REDUCE
// RUN: uop-run %s --entry mul_reduce --check --repeat 1 | FileCheck %s --check-prefix=MUL-REDUCE
// RUN: uop-run %s --entry mul_reduce_expanded --check --repeat 1 | FileCheck %s --check-prefix=MUL-REDUCE-EXPANDED
// RUN: uop-run %s --entry min_reduce_expanded --check --repeat 1 | FileCheck %s --check-prefix=MIN-REDUCE-EXPANDED
// RUN: uop-run %s --entry expand_then_reduce --check --repeat 1 | FileCheck %s --check-prefix=EXPAND-THEN-REDUCE
// RUN: uop-run %s --entry f32_min_big --check --repeat 1 | FileCheck %s --check-prefix=F32-MIN-BIG
// RUN: uop-run %s --entry f64_max_neg --check --repeat 1 | FileCheck %s --check-prefix=F64-MAX-NEG
// RUN: uop-run %s --entry i32_graph --check --repeat 1 | FileCheck %s --check-prefix=I32-GRAPH
// RUN: uop-run %s --entry i32_reduce --check --repeat 1 | FileCheck %s --check-prefix=I32-REDUCE
// RUN: uop-run %s --entry i32_pad --check --repeat 1 | FileCheck %s --check-prefix=I32-PAD
// RUN: uop-run %s --entry i32_min_reduce --check --repeat 1 | FileCheck %s --check-prefix=I32-MIN-REDUCE
// RUN: uop-run %s --entry i32_mul_reduce --check --repeat 1 | FileCheck %s --check-prefix=I32-MUL-REDUCE
// RUN: uop-run %s --entry i32_sum_expanded --check --repeat 1 | FileCheck %s --check-prefix=I32-SUM-EXPANDED
// RUN: uop-run %s --entry i32_mul_expanded --check --repeat 1 | FileCheck %s --check-prefix=I32-MUL-EXPANDED
// RUN: uop-run %s --entry i32_div_rem --check --repeat 1 | FileCheck %s --check-prefix=I32-DIV-REM
// RUN: uop-run %s --entry i64_graph --check --repeat 1 | FileCheck %s --check-prefix=I64-GRAPH
// RUN: uop-run %s --entry i64_min_pos --check --repeat 1 | FileCheck %s --check-prefix=I64-MIN-POS
// RUN: uop-run %s --entry f64_graph --check --repeat 1 | FileCheck %s --check-prefix=F64-GRAPH
// RUN: uop-run %s --entry f64_f32_mix --check --repeat 1 | FileCheck %s --check-prefix=F64-F32-MIX
// RUN: uop-run %s --entry cast_int --check --repeat 1 | FileCheck %s --check-prefix=CAST-INT
// RUN: uop-run %s --entry fptosi_i64 --check --repeat 1 | FileCheck %s --check-prefix=FPTOSI-I64
// RUN: uop-run %s --entry f64_reduce_i32_mix --check --repeat 1 | FileCheck %s --check-prefix=F64-REDUCE-I32-MIX
// RUN: uop-run %s --entry same_input_twice --check --repeat 1 | FileCheck %s --check-prefix=SAME-INPUT-TWICE
// RUN: uop-run %s --entry identity --check --repeat 1 | FileCheck %s --check-prefix=IDENTITY
// RUN: uop-run %s --entry identity_two --check --repeat 1 | FileCheck %s --check-prefix=IDENTITY-TWO
// RUN: uop-run %s --entry identity_and_compute --check --repeat 1 | FileCheck %s --check-prefix=IDENTITY-AND-COMPUTE
// RUN: uop-run %s --entry output_twice --check --repeat 1 | FileCheck %s --check-prefix=OUTPUT-TWICE
// RUN: uop-run %s --entry input_twice_output --check --repeat 1 | FileCheck %s --check-prefix=INPUT-TWICE-OUTPUT
// RUN: uop-run %s --entry output_permuted_input --check --repeat 1 | FileCheck %s --check-prefix=OUTPUT-PERMUTED-INPUT
// RUN: uop-run %s --entry output_and_intermediate --check --repeat 1 | FileCheck %s --check-prefix=OUTPUT-AND-INTERMEDIATE
// RUN: uop-run %s --entry two_outputs_shared_reduce --check --repeat 1 | FileCheck %s --check-prefix=TWO-OUTPUTS-SHARED-REDUCE
// RUN: uop-run %s --entry deep_chain --check --repeat 1 | FileCheck %s --check-prefix=DEEP-CHAIN
// RUN: uop-run %s --entry deep_dag --check --repeat 1 | FileCheck %s --check-prefix=DEEP-DAG
// RUN: uop-run %s --entry wide_fanout --check --repeat 1 | FileCheck %s --check-prefix=WIDE-FANOUT
// RUN: uop-run %s --entry contiguous_mid --check --repeat 1 | FileCheck %s --check-prefix=CONTIGUOUS-MID
// RUN: uop-run %s --entry contiguous_twice --check --repeat 1 | FileCheck %s --check-prefix=CONTIGUOUS-TWICE
// RUN: uop-run %s --entry matmul_1 --check --repeat 1 | FileCheck %s --check-prefix=MATMUL-1
// RUN: uop-run %s --entry matmul_odd --check --repeat 1 | FileCheck %s --check-prefix=MATMUL-ODD
// RUN: uop-run %s --entry prime_matmul_big --check --repeat 1 | FileCheck %s --check-prefix=PRIME-MATMUL-BIG
// RUN: uop-run %s --entry matmul_transposed_out --check --repeat 1 | FileCheck %s --check-prefix=MATMUL-TRANSPOSED-OUT
// RUN: uop-run %s --entry matmul_flip_pad --check --repeat 1 | FileCheck %s --check-prefix=MATMUL-FLIP-PAD
// RUN: uop-run %s --entry reduce_keepdim_expand_pad --check --repeat 1 | FileCheck %s --check-prefix=REDUCE-KEEPDIM-EXPAND-PAD
// RUN: uop-run %s --entry pad_computed_reduced --check --repeat 1 | FileCheck %s --check-prefix=PAD-COMPUTED-REDUCED
// RUN: uop-run %s --entry pad_shrink_pad --check --repeat 1 | FileCheck %s --check-prefix=PAD-SHRINK-PAD
// RUN: uop-run %s --entry pad_of_reduce --check --repeat 1 | FileCheck %s --check-prefix=PAD-OF-REDUCE
// RUN: uop-run %s --entry pad_of_exp_max --check --repeat 1 | FileCheck %s --check-prefix=PAD-OF-EXP-MAX
// RUN: uop-run %s --entry shrink_reduce_shrink --check --repeat 1 | FileCheck %s --check-prefix=SHRINK-REDUCE-SHRINK
// RUN: uop-run %s --entry reshape_after_pad --check --repeat 1 | FileCheck %s --check-prefix=RESHAPE-AFTER-PAD
// RUN: uop-run %s --entry reduce_reshape_split --check --repeat 1 | FileCheck %s --check-prefix=REDUCE-RESHAPE-SPLIT
// RUN: uop-run %s --entry reduce_of_reshaped_reduce --check --repeat 1 | FileCheck %s --check-prefix=REDUCE-OF-RESHAPED-REDUCE
// RUN: uop-run %s --entry self_outer --check --repeat 1 | FileCheck %s --check-prefix=SELF-OUTER
// RUN: uop-run %s --entry diag_via_reshape --check --repeat 1 | FileCheck %s --check-prefix=DIAG-VIA-RESHAPE
// RUN: uop-run %s --entry conv_like --check --repeat 1 | FileCheck %s --check-prefix=CONV-LIKE
// RUN: uop-run %s --entry select_pad --check --repeat 1 | FileCheck %s --check-prefix=SELECT-PAD
// RUN: uop-run %s --entry cmp_pad_select --check --repeat 1 | FileCheck %s --check-prefix=CMP-PAD-SELECT
// RUN: uop-run %s --entry rank6 --check --repeat 1 | FileCheck %s --check-prefix=RANK6
// RUN: uop-run %s --entry rank6_reduce --check --repeat 1 | FileCheck %s --check-prefix=RANK6-REDUCE
// RUN: uop-run %s --entry div_sqrt --check --repeat 1 | FileCheck %s --check-prefix=DIV-SQRT
// RUN: uop-run %s --entry math_misc --check --repeat 1 | FileCheck %s --check-prefix=MATH-MISC

// Prime extents 7x13x17 (no upcast divides them) with a broadcast operand.
// PRIME3D: entry=prime3d target=cpu
// PRIME3D: checked=1547 mismatches=0 check=pass
func.func @prime3d(%a: tensor<7x13x17xf32>, %b: tensor<17xf32>) -> tensor<7x13x17xf32> {
  %br = uop.reshape %b : tensor<17xf32> -> tensor<1x1x17xf32>
  %be = uop.expand %br : tensor<1x1x17xf32> -> tensor<7x13x17xf32>
  %m = arith.mulf %a, %be : tensor<7x13x17xf32>
  %s = arith.subf %m, %a : tensor<7x13x17xf32>
  return %s : tensor<7x13x17xf32>
}

// A reduction over the middle axis of a 7x13x17 tensor.
// PRIME3D-REDUCE-MID: entry=prime3d_reduce_mid target=cpu
// PRIME3D-REDUCE-MID: checked=119 mismatches=0 check=pass
func.func @prime3d_reduce_mid(%a: tensor<7x13x17xf32>) -> tensor<7x17xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<7x13x17xf32> -> tensor<7x17xf32>
  return %s : tensor<7x17xf32>
}

// A max over the outermost axis of a 7x13x17 tensor.
// PRIME3D-REDUCE-OUTER: entry=prime3d_reduce_outer target=cpu
// PRIME3D-REDUCE-OUTER: checked=221 mismatches=0 check=pass
func.func @prime3d_reduce_outer(%a: tensor<7x13x17xf32>) -> tensor<13x17xf32> {
  %s = uop.reduce_axis max %a [0] : tensor<7x13x17xf32> -> tensor<13x17xf32>
  return %s : tensor<13x17xf32>
}

// 0-d inputs and output.
// ZERO-D: entry=zero_d target=cpu
// ZERO-D: checked=1 mismatches=0 check=pass
func.func @zero_d(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %e = arith.mulf %a, %b : tensor<f32>
  return %e : tensor<f32>
}

// A 0-d input broadcast to 3x4.
// ZERO-D-EXPAND: entry=zero_d_expand target=cpu
// ZERO-D-EXPAND: checked=12 mismatches=0 check=pass
func.func @zero_d_expand(%a: tensor<f32>) -> tensor<3x4xf32> {
  %r = uop.reshape %a : tensor<f32> -> tensor<1x1xf32>
  %e = uop.expand %r : tensor<1x1xf32> -> tensor<3x4xf32>
  return %e : tensor<3x4xf32>
}

// A 0-d input broadcast to 3x4 and summed back (a reduce over ranges nothing reads: x * 12).
// EXPAND-0D-REDUCE: entry=expand_0d_reduce target=cpu
// EXPAND-0D-REDUCE: checked=1 mismatches=0 check=pass
func.func @expand_0d_reduce(%a: tensor<f32>) -> tensor<f32> {
  %r = uop.reshape %a : tensor<f32> -> tensor<1x1xf32>
  %e = uop.expand %r : tensor<1x1xf32> -> tensor<3x4xf32>
  %s = uop.reduce_axis add %e [0, 1] : tensor<3x4xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// A sum over every axis (0-d result).
// REDUCE-ALL-AXES: entry=reduce_all_axes target=cpu
// REDUCE-ALL-AXES: checked=1 mismatches=0 check=pass
func.func @reduce_all_axes(%a: tensor<5x6x7xf32>) -> tensor<f32> {
  %s = uop.reduce_axis add %a [0, 1, 2] : tensor<5x6x7xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// A max over every axis.
// REDUCE-ALL-AXES-MAX: entry=reduce_all_axes_max target=cpu
// REDUCE-ALL-AXES-MAX: checked=1 mismatches=0 check=pass
func.func @reduce_all_axes_max(%a: tensor<5x6x7xf32>) -> tensor<f32> {
  %s = uop.reduce_axis max %a [0, 1, 2] : tensor<5x6x7xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// A sum over the first and last axes, keeping the middle one.
// REDUCE-OUTER-INNER: entry=reduce_outer_inner target=cpu
// REDUCE-OUTER-INNER: checked=6 mismatches=0 check=pass
func.func @reduce_outer_inner(%a: tensor<5x6x7xf32>) -> tensor<6xf32> {
  %s = uop.reduce_axis add %a [0, 2] : tensor<5x6x7xf32> -> tensor<6xf32>
  return %s : tensor<6xf32>
}

// Pads much larger than the tensor (3x2 -> 40x35).
// BIG-PAD: entry=big_pad target=cpu
// BIG-PAD: checked=1400 mismatches=0 check=pass
func.func @big_pad(%a: tensor<3x2xf32>) -> tensor<40x35xf32> {
  %p = uop.pad %a low [17, 0] high [20, 33] : tensor<3x2xf32> -> tensor<40x35xf32>
  return %p : tensor<40x35xf32>
}

// exp of a padded value is masked back to 0 before the sum (large pads).
// BIG-PAD-REDUCE: entry=big_pad_reduce target=cpu
// BIG-PAD-REDUCE: checked=40 mismatches=0 check=pass
func.func @big_pad_reduce(%a: tensor<3x2xf32>) -> tensor<40xf32> {
  %e = math.exp %a : tensor<3x2xf32>
  %p = uop.pad %e low [17, 5] high [20, 28] : tensor<3x2xf32> -> tensor<40x35xf32>
  %s = uop.reduce_axis add %p [1] : tensor<40x35xf32> -> tensor<40xf32>
  return %s : tensor<40xf32>
}

// Pad of a one-element tensor.
// PAD-1ELEM: entry=pad_1elem target=cpu
// PAD-1ELEM: checked=9 mismatches=0 check=pass
func.func @pad_1elem(%a: tensor<1xf32>) -> tensor<9xf32> {
  %p = uop.pad %a low [4] high [4] : tensor<1xf32> -> tensor<9xf32>
  return %p : tensor<9xf32>
}

// Shrink to the last single element.
// SHRINK-SINGLE: entry=shrink_single target=cpu
// SHRINK-SINGLE: checked=1 mismatches=0 check=pass
func.func @shrink_single(%a: tensor<7x13xf32>) -> tensor<1x1xf32> {
  %s = uop.shrink %a [6, 12] to [7, 13] : tensor<7x13xf32> -> tensor<1x1xf32>
  return %s : tensor<1x1xf32>
}

// Shrink to one element, then reshape to 0-d.
// SHRINK-SINGLE-RESHAPE0D: entry=shrink_single_reshape0d target=cpu
// SHRINK-SINGLE-RESHAPE0D: checked=1 mismatches=0 check=pass
func.func @shrink_single_reshape0d(%a: tensor<7x13xf32>) -> tensor<f32> {
  %s = uop.shrink %a [3, 5] to [4, 6] : tensor<7x13xf32> -> tensor<1x1xf32>
  %r = uop.reshape %s : tensor<1x1xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// Flip on every axis.
// FLIP-ALL: entry=flip_all target=cpu
// FLIP-ALL: checked=105 mismatches=0 check=pass
func.func @flip_all(%a: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %f = uop.flip %a [true, true, true] : tensor<3x5x7xf32>
  return %f : tensor<3x5x7xf32>
}

// Each axis flipped separately, the three combined.
// FLIP-EACH: entry=flip_each target=cpu
// FLIP-EACH: checked=105 mismatches=0 check=pass
func.func @flip_each(%a: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %f0 = uop.flip %a [true, false, false] : tensor<3x5x7xf32>
  %f1 = uop.flip %a [false, true, false] : tensor<3x5x7xf32>
  %f2 = uop.flip %a [false, false, true] : tensor<3x5x7xf32>
  %s = arith.addf %f0, %f1 : tensor<3x5x7xf32>
  %t = arith.mulf %s, %f2 : tensor<3x5x7xf32>
  return %t : tensor<3x5x7xf32>
}

// A reduced value read flipped and straight (realized once).
// FLIP-REDUCED-ADD: entry=flip_reduced_add target=cpu
// FLIP-REDUCED-ADD: checked=6 mismatches=0 check=pass
func.func @flip_reduced_add(%a: tensor<6x5xf32>) -> tensor<6xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<6x5xf32> -> tensor<6xf32>
  %f = uop.flip %s [true] : tensor<6xf32>
  %o = arith.addf %f, %s : tensor<6xf32>
  return %o : tensor<6xf32>
}

// Reshape chain 2x3x4 -> 4x6 -> 24 -> 3x8 with ALU ops between.
// RESHAPE-CHAIN: entry=reshape_chain target=cpu
// RESHAPE-CHAIN: checked=24 mismatches=0 check=pass
func.func @reshape_chain(%a: tensor<2x3x4xf32>) -> tensor<3x8xf32> {
  %r1 = uop.reshape %a : tensor<2x3x4xf32> -> tensor<4x6xf32>
  %e = math.exp %r1 : tensor<4x6xf32>
  %r2 = uop.reshape %e : tensor<4x6xf32> -> tensor<24xf32>
  %n = arith.negf %r2 : tensor<24xf32>
  %r3 = uop.reshape %n : tensor<24xf32> -> tensor<3x8xf32>
  return %r3 : tensor<3x8xf32>
}

// Reshapes mixed with permutes and a flip.
// RESHAPE-CHAIN-PERM: entry=reshape_chain_perm target=cpu
// RESHAPE-CHAIN-PERM: checked=24 mismatches=0 check=pass
func.func @reshape_chain_perm(%a: tensor<2x3x4xf32>) -> tensor<3x8xf32> {
  %p = uop.permute %a [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %r1 = uop.reshape %p : tensor<4x2x3xf32> -> tensor<4x6xf32>
  %t = uop.permute %r1 [1, 0] : tensor<4x6xf32> -> tensor<6x4xf32>
  %r2 = uop.reshape %t : tensor<6x4xf32> -> tensor<24xf32>
  %f = uop.flip %r2 [true] : tensor<24xf32>
  %r3 = uop.reshape %f : tensor<24xf32> -> tensor<3x8xf32>
  return %r3 : tensor<3x8xf32>
}

// Split 6x35 into 2x3x5x7, permute, merge into 21x10, transpose.
// RESHAPE-SPLIT-MERGE: entry=reshape_split_merge target=cpu
// RESHAPE-SPLIT-MERGE: checked=210 mismatches=0 check=pass
func.func @reshape_split_merge(%a: tensor<6x35xf32>) -> tensor<10x21xf32> {
  %r = uop.reshape %a : tensor<6x35xf32> -> tensor<2x3x5x7xf32>
  %p = uop.permute %r [3, 1, 0, 2] : tensor<2x3x5x7xf32> -> tensor<7x3x2x5xf32>
  %q = uop.reshape %p : tensor<7x3x2x5xf32> -> tensor<21x10xf32>
  %t = uop.permute %q [1, 0] : tensor<21x10xf32> -> tensor<10x21xf32>
  %e = math.exp %t : tensor<10x21xf32>
  return %e : tensor<10x21xf32>
}

// A max over negative values: the identity must be -inf, not 0.
// MAX-NEGATIVE: entry=max_negative target=cpu
// MAX-NEGATIVE: checked=4 mismatches=0 check=pass
func.func @max_negative(%a: tensor<4x9xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<3.0> : tensor<4x9xf32>
  %x = arith.subf %a, %c : tensor<4x9xf32>
  %m = uop.reduce_axis max %x [1] : tensor<4x9xf32> -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// The same over all axes.
// MAX-NEGATIVE-ALL: entry=max_negative_all target=cpu
// MAX-NEGATIVE-ALL: checked=1 mismatches=0 check=pass
func.func @max_negative_all(%a: tensor<4x9xf32>) -> tensor<f32> {
  %c = arith.constant dense<3.0> : tensor<4x9xf32>
  %x = arith.subf %a, %c : tensor<4x9xf32>
  %m = uop.reduce_axis max %x [0, 1] : tensor<4x9xf32> -> tensor<f32>
  return %m : tensor<f32>
}

// A min reduction over positive values (identity +inf).
// MIN-REDUCE: entry=min_reduce target=cpu
// MIN-REDUCE: checked=4 mismatches=0 check=pass
func.func @min_reduce(%a: tensor<4x9xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<3.0> : tensor<4x9xf32>
  %x = arith.addf %a, %c : tensor<4x9xf32>
  %m = uop.reduce_axis min %x [1] : tensor<4x9xf32> -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// A product reduction.
// MUL-REDUCE: entry=mul_reduce target=cpu
// MUL-REDUCE: checked=4 mismatches=0 check=pass
func.func @mul_reduce(%a: tensor<4x9xf32>) -> tensor<4xf32> {
  %m = uop.reduce_axis mul %a [1] : tensor<4x9xf32> -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// A product over a broadcast axis is x^3 (not x * 3).
// MUL-REDUCE-EXPANDED: entry=mul_reduce_expanded target=cpu
// MUL-REDUCE-EXPANDED: checked=5 mismatches=0 check=pass
func.func @mul_reduce_expanded(%a: tensor<5xf32>) -> tensor<5xf32> {
  %r = uop.reshape %a : tensor<5xf32> -> tensor<1x5xf32>
  %e = uop.expand %r : tensor<1x5xf32> -> tensor<3x5xf32>
  %s = uop.reduce_axis mul %e [0] : tensor<3x5xf32> -> tensor<5xf32>
  return %s : tensor<5xf32>
}

// A min over a broadcast axis is x.
// MIN-REDUCE-EXPANDED: entry=min_reduce_expanded target=cpu
// MIN-REDUCE-EXPANDED: checked=5 mismatches=0 check=pass
func.func @min_reduce_expanded(%a: tensor<5xf32>) -> tensor<5xf32> {
  %r = uop.reshape %a : tensor<5xf32> -> tensor<1x5xf32>
  %e = uop.expand %r : tensor<1x5xf32> -> tensor<3x5xf32>
  %s = uop.reduce_axis min %e [0] : tensor<3x5xf32> -> tensor<5xf32>
  return %s : tensor<5xf32>
}

// A sum over a broadcast axis is x * 9.
// EXPAND-THEN-REDUCE: entry=expand_then_reduce target=cpu
// EXPAND-THEN-REDUCE: checked=5 mismatches=0 check=pass
func.func @expand_then_reduce(%a: tensor<5xf32>) -> tensor<5xf32> {
  %r = uop.reshape %a : tensor<5xf32> -> tensor<1x5xf32>
  %e = uop.expand %r : tensor<1x5xf32> -> tensor<9x5xf32>
  %s = uop.reduce_axis add %e [0] : tensor<9x5xf32> -> tensor<5xf32>
  return %s : tensor<5xf32>
}

// A min over values near FLT_MAX.
// F32-MIN-BIG: entry=f32_min_big target=cpu
// F32-MIN-BIG: checked=5 mismatches=0 check=pass
func.func @f32_min_big(%a: tensor<5x6xf32>) -> tensor<5xf32> {
  %c = arith.constant dense<3.0e38> : tensor<5x6xf32>
  %x = arith.addf %a, %c : tensor<5x6xf32>
  %s = uop.reduce_axis min %x [1] : tensor<5x6xf32> -> tensor<5xf32>
  return %s : tensor<5xf32>
}

// An f64 max over values near -1e300.
// F64-MAX-NEG: entry=f64_max_neg target=cpu
// F64-MAX-NEG: checked=5 mismatches=0 check=pass
func.func @f64_max_neg(%a: tensor<5x6xf64>) -> tensor<5xf64> {
  %c = arith.constant dense<-1.0e300> : tensor<5x6xf64>
  %x = arith.mulf %a, %c : tensor<5x6xf64>
  %y = math.absf %x : tensor<5x6xf64>
  %z = arith.negf %y : tensor<5x6xf64>
  %s = uop.reduce_axis max %z [1] : tensor<5x6xf64> -> tensor<5xf64>
  return %s : tensor<5xf64>
}

// i32 add / mul / max / sub with a broadcast operand.
// I32-GRAPH: entry=i32_graph target=cpu
// I32-GRAPH: checked=35 mismatches=0 check=pass
func.func @i32_graph(%a: tensor<5x7xi32>, %b: tensor<7xi32>) -> tensor<5x7xi32> {
  %br = uop.reshape %b : tensor<7xi32> -> tensor<1x7xi32>
  %be = uop.expand %br : tensor<1x7xi32> -> tensor<5x7xi32>
  %s = arith.addi %a, %be : tensor<5x7xi32>
  %m = arith.muli %s, %a : tensor<5x7xi32>
  %x = arith.maxsi %m, %be : tensor<5x7xi32>
  %y = arith.subi %x, %a : tensor<5x7xi32>
  return %y : tensor<5x7xi32>
}

// i32 max (identity INT32_MIN) and sum of negative values.
// I32-REDUCE: entry=i32_reduce target=cpu
// I32-REDUCE: checked=5 mismatches=0 check=pass
func.func @i32_reduce(%a: tensor<5x7xi32>) -> tensor<5xi32> {
  %c = arith.constant dense<-20> : tensor<5x7xi32>
  %x = arith.addi %a, %c : tensor<5x7xi32>
  %m = uop.reduce_axis max %x [1] : tensor<5x7xi32> -> tensor<5xi32>
  %s = uop.reduce_axis add %x [1] : tensor<5x7xi32> -> tensor<5xi32>
  %o = arith.addi %m, %s : tensor<5xi32>
  return %o : tensor<5xi32>
}

// An i32 max over a padded axis: the pad value 0 takes part.
// I32-PAD: entry=i32_pad target=cpu
// I32-PAD: checked=7 mismatches=0 check=pass
func.func @i32_pad(%a: tensor<5x7xi32>) -> tensor<7xi32> {
  %c = arith.constant dense<-20> : tensor<5x7xi32>
  %x = arith.addi %a, %c : tensor<5x7xi32>
  %p = uop.pad %x low [1, 0] high [1, 0] : tensor<5x7xi32> -> tensor<7x7xi32>
  %m = uop.reduce_axis max %p [0] : tensor<7x7xi32> -> tensor<7xi32>
  return %m : tensor<7xi32>
}

// An i32 min (identity INT32_MAX).
// I32-MIN-REDUCE: entry=i32_min_reduce target=cpu
// I32-MIN-REDUCE: checked=5 mismatches=0 check=pass
func.func @i32_min_reduce(%a: tensor<5x6xi32>) -> tensor<5xi32> {
  %c = arith.constant dense<100> : tensor<5x6xi32>
  %x = arith.addi %a, %c : tensor<5x6xi32>
  %s = uop.reduce_axis min %x [1] : tensor<5x6xi32> -> tensor<5xi32>
  return %s : tensor<5xi32>
}

// An i32 product.
// I32-MUL-REDUCE: entry=i32_mul_reduce target=cpu
// I32-MUL-REDUCE: checked=5 mismatches=0 check=pass
func.func @i32_mul_reduce(%a: tensor<5x6xi32>) -> tensor<5xi32> {
  %s = uop.reduce_axis mul %a [1] : tensor<5x6xi32> -> tensor<5xi32>
  return %s : tensor<5xi32>
}

// An i32 sum over a broadcast axis is x * 7.
// I32-SUM-EXPANDED: entry=i32_sum_expanded target=cpu
// I32-SUM-EXPANDED: checked=5 mismatches=0 check=pass
func.func @i32_sum_expanded(%a: tensor<5xi32>) -> tensor<5xi32> {
  %r = uop.reshape %a : tensor<5xi32> -> tensor<1x5xi32>
  %e = uop.expand %r : tensor<1x5xi32> -> tensor<7x5xi32>
  %s = uop.reduce_axis add %e [0] : tensor<7x5xi32> -> tensor<5xi32>
  return %s : tensor<5xi32>
}

// An i32 product over a broadcast axis is x^3.
// I32-MUL-EXPANDED: entry=i32_mul_expanded target=cpu
// I32-MUL-EXPANDED: checked=5 mismatches=0 check=pass
func.func @i32_mul_expanded(%a: tensor<5xi32>) -> tensor<5xi32> {
  %r = uop.reshape %a : tensor<5xi32> -> tensor<1x5xi32>
  %e = uop.expand %r : tensor<1x5xi32> -> tensor<3x5xi32>
  %s = uop.reduce_axis mul %e [0] : tensor<3x5xi32> -> tensor<5xi32>
  return %s : tensor<5xi32>
}

// i32 divsi / remsi of negative values (truncating).
// I32-DIV-REM: entry=i32_div_rem target=cpu
// I32-DIV-REM: checked=35 mismatches=0 check=pass
func.func @i32_div_rem(%a: tensor<5x7xi32>) -> tensor<5x7xi32> {
  %c = arith.constant dense<3> : tensor<5x7xi32>
  %d = arith.divsi %a, %c : tensor<5x7xi32>
  %r = arith.remsi %a, %c : tensor<5x7xi32>
  %o = arith.addi %d, %r : tensor<5x7xi32>
  return %o : tensor<5x7xi32>
}

// i64 multiply and sum.
// I64-GRAPH: entry=i64_graph target=cpu
// I64-GRAPH: checked=5 mismatches=0 check=pass
func.func @i64_graph(%a: tensor<5x7xi64>) -> tensor<5xi64> {
  %m = arith.muli %a, %a : tensor<5x7xi64>
  %s = uop.reduce_axis add %m [1] : tensor<5x7xi64> -> tensor<5xi64>
  return %s : tensor<5xi64>
}

// An i64 min over values near 1e10.
// I64-MIN-POS: entry=i64_min_pos target=cpu
// I64-MIN-POS: checked=5 mismatches=0 check=pass
func.func @i64_min_pos(%a: tensor<5x6xi64>) -> tensor<5xi64> {
  %c = arith.constant dense<10000000000> : tensor<5x6xi64>
  %x = arith.addi %a, %c : tensor<5x6xi64>
  %s = uop.reduce_axis min %x [1] : tensor<5x6xi64> -> tensor<5xi64>
  return %s : tensor<5xi64>
}

// An f64 graph: broadcast, exp, sum, log.
// F64-GRAPH: entry=f64_graph target=cpu
// F64-GRAPH: checked=9 mismatches=0 check=pass
func.func @f64_graph(%a: tensor<9x11xf64>, %b: tensor<11xf64>) -> tensor<9xf64> {
  %br = uop.reshape %b : tensor<11xf64> -> tensor<1x11xf64>
  %be = uop.expand %br : tensor<1x11xf64> -> tensor<9x11xf64>
  %m = arith.mulf %a, %be : tensor<9x11xf64>
  %e = math.exp %m : tensor<9x11xf64>
  %s = uop.reduce_axis add %e [1] : tensor<9x11xf64> -> tensor<9xf64>
  %l = math.log %s : tensor<9xf64>
  return %l : tensor<9xf64>
}

// f32 widened to f64, summed, narrowed back.
// F64-F32-MIX: entry=f64_f32_mix target=cpu
// F64-F32-MIX: checked=9 mismatches=0 check=pass
func.func @f64_f32_mix(%a: tensor<9x11xf32>) -> tensor<9xf32> {
  %w = arith.extf %a : tensor<9x11xf32> to tensor<9x11xf64>
  %s = uop.reduce_axis add %w [1] : tensor<9x11xf64> -> tensor<9xf64>
  %n = arith.truncf %s : tensor<9xf64> to tensor<9xf32>
  return %n : tensor<9xf32>
}

// fptosi of scaled values (truncation toward zero).
// CAST-INT: entry=cast_int target=cpu
// CAST-INT: checked=99 mismatches=0 check=pass
func.func @cast_int(%a: tensor<9x11xf32>) -> tensor<9x11xi32> {
  %c = arith.constant dense<7.5> : tensor<9x11xf32>
  %x = arith.mulf %a, %c : tensor<9x11xf32>
  %i = arith.fptosi %x : tensor<9x11xf32> to tensor<9x11xi32>
  return %i : tensor<9x11xi32>
}

// fptosi f64 -> i64 of values near 1e12.
// FPTOSI-I64: entry=fptosi_i64 target=cpu
// FPTOSI-I64: checked=8 mismatches=0 check=pass
func.func @fptosi_i64(%a: tensor<8xf64>) -> tensor<8xi64> {
  %c = arith.constant dense<1.0e12> : tensor<8xf64>
  %x = arith.mulf %a, %c : tensor<8xf64>
  %i = arith.fptosi %x : tensor<8xf64> to tensor<8xi64>
  return %i : tensor<8xi64>
}

// sitofp i32 -> f64 times an f64 input, summed.
// F64-REDUCE-I32-MIX: entry=f64_reduce_i32_mix target=cpu
// F64-REDUCE-I32-MIX: checked=8 mismatches=0 check=pass
func.func @f64_reduce_i32_mix(%a: tensor<8x9xi32>, %b: tensor<8x9xf64>) -> tensor<8xf64> {
  %f = arith.sitofp %a : tensor<8x9xi32> to tensor<8x9xf64>
  %m = arith.mulf %f, %b : tensor<8x9xf64>
  %s = uop.reduce_axis add %m [1] : tensor<8x9xf64> -> tensor<8xf64>
  return %s : tensor<8xf64>
}

// The same input read straight and transposed.
// SAME-INPUT-TWICE: entry=same_input_twice target=cpu
// SAME-INPUT-TWICE: checked=16 mismatches=0 check=pass
func.func @same_input_twice(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %t = uop.permute %a [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %s = arith.addf %a, %t : tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// The output is the input (a copy kernel).
// IDENTITY: entry=identity target=cpu
// IDENTITY: checked=20 mismatches=0 check=pass
func.func @identity(%a: tensor<4x5xf32>) -> tensor<4x5xf32> {
  return %a : tensor<4x5xf32>
}

// Two inputs returned as is, in swapped order.
// IDENTITY-TWO: entry=identity_two target=cpu
// IDENTITY-TWO: checked=23 mismatches=0 check=pass
func.func @identity_two(%a: tensor<4x5xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<4x5xf32>) {
  return %b, %a : tensor<3xf32>, tensor<4x5xf32>
}

// An input returned next to a computed value.
// IDENTITY-AND-COMPUTE: entry=identity_and_compute target=cpu
// IDENTITY-AND-COMPUTE: checked=40 mismatches=0 check=pass
func.func @identity_and_compute(%a: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %e = math.exp %a : tensor<4x5xf32>
  return %a, %e : tensor<4x5xf32>, tensor<4x5xf32>
}

// One value returned twice (two output buffers).
// OUTPUT-TWICE: entry=output_twice target=cpu
// OUTPUT-TWICE: checked=40 mismatches=0 check=pass
func.func @output_twice(%a: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %e = math.exp %a : tensor<4x5xf32>
  return %e, %e : tensor<4x5xf32>, tensor<4x5xf32>
}

// One input returned twice.
// INPUT-TWICE-OUTPUT: entry=input_twice_output target=cpu
// INPUT-TWICE-OUTPUT: checked=40 mismatches=0 check=pass
func.func @input_twice_output(%a: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  return %a, %a : tensor<4x5xf32>, tensor<4x5xf32>
}

// The output is a transpose of the input.
// OUTPUT-PERMUTED-INPUT: entry=output_permuted_input target=cpu
// OUTPUT-PERMUTED-INPUT: checked=20 mismatches=0 check=pass
func.func @output_permuted_input(%a: tensor<4x5xf32>) -> tensor<5x4xf32> {
  %r = uop.permute %a [1, 0] : tensor<4x5xf32> -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}

// A reduction returned and also used by another output.
// OUTPUT-AND-INTERMEDIATE: entry=output_and_intermediate target=cpu
// OUTPUT-AND-INTERMEDIATE: checked=72 mismatches=0 check=pass
func.func @output_and_intermediate(%a: tensor<8x8xf32>) -> (tensor<8xf32>, tensor<8x8xf32>) {
  %m = uop.reduce_axis max %a [1] : tensor<8x8xf32> -> tensor<8xf32>
  %mr = uop.reshape %m : tensor<8xf32> -> tensor<8x1xf32>
  %me = uop.expand %mr : tensor<8x1xf32> -> tensor<8x8xf32>
  %d = arith.subf %a, %me : tensor<8x8xf32>
  return %m, %d : tensor<8xf32>, tensor<8x8xf32>
}

// Three outputs sharing one reduction.
// TWO-OUTPUTS-SHARED-REDUCE: entry=two_outputs_shared_reduce target=cpu
// TWO-OUTPUTS-SHARED-REDUCE: checked=17 mismatches=0 check=pass
func.func @two_outputs_shared_reduce(%a: tensor<8x9xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<f32>) {
  %s = uop.reduce_axis add %a [1] : tensor<8x9xf32> -> tensor<8xf32>
  %e = math.exp %s : tensor<8xf32>
  %t = uop.reduce_axis max %e [0] : tensor<8xf32> -> tensor<f32>
  return %s, %e, %t : tensor<8xf32>, tensor<8xf32>, tensor<f32>
}

// A chain of 500 elementwise ops.
// DEEP-CHAIN: entry=deep_chain target=cpu
// DEEP-CHAIN: checked=64 mismatches=0 check=pass
func.func @deep_chain(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = arith.constant dense<0.999> : tensor<8x8xf32>
  %v0 = arith.addf %a, %a : tensor<8x8xf32>
  %v1 = arith.addf %v0, %c : tensor<8x8xf32>
  %v2 = arith.subf %v1, %c : tensor<8x8xf32>
  %v3 = arith.maximumf %v2, %a : tensor<8x8xf32>
  %v4 = arith.mulf %v3, %c : tensor<8x8xf32>
  %v5 = arith.addf %v4, %c : tensor<8x8xf32>
  %v6 = arith.subf %v5, %a : tensor<8x8xf32>
  %v7 = arith.maximumf %v6, %c : tensor<8x8xf32>
  %v8 = arith.mulf %v7, %c : tensor<8x8xf32>
  %v9 = arith.addf %v8, %a : tensor<8x8xf32>
  %v10 = arith.subf %v9, %c : tensor<8x8xf32>
  %v11 = arith.maximumf %v10, %c : tensor<8x8xf32>
  %v12 = arith.mulf %v11, %a : tensor<8x8xf32>
  %v13 = arith.addf %v12, %c : tensor<8x8xf32>
  %v14 = arith.subf %v13, %c : tensor<8x8xf32>
  %v15 = arith.maximumf %v14, %a : tensor<8x8xf32>
  %v16 = arith.mulf %v15, %c : tensor<8x8xf32>
  %v17 = arith.addf %v16, %c : tensor<8x8xf32>
  %v18 = arith.subf %v17, %a : tensor<8x8xf32>
  %v19 = arith.maximumf %v18, %c : tensor<8x8xf32>
  %v20 = arith.mulf %v19, %c : tensor<8x8xf32>
  %v21 = arith.addf %v20, %a : tensor<8x8xf32>
  %v22 = arith.subf %v21, %c : tensor<8x8xf32>
  %v23 = arith.maximumf %v22, %c : tensor<8x8xf32>
  %v24 = arith.mulf %v23, %a : tensor<8x8xf32>
  %v25 = arith.addf %v24, %c : tensor<8x8xf32>
  %v26 = arith.subf %v25, %c : tensor<8x8xf32>
  %v27 = arith.maximumf %v26, %a : tensor<8x8xf32>
  %v28 = arith.mulf %v27, %c : tensor<8x8xf32>
  %v29 = arith.addf %v28, %c : tensor<8x8xf32>
  %v30 = arith.subf %v29, %a : tensor<8x8xf32>
  %v31 = arith.maximumf %v30, %c : tensor<8x8xf32>
  %v32 = arith.mulf %v31, %c : tensor<8x8xf32>
  %v33 = arith.addf %v32, %a : tensor<8x8xf32>
  %v34 = arith.subf %v33, %c : tensor<8x8xf32>
  %v35 = arith.maximumf %v34, %c : tensor<8x8xf32>
  %v36 = arith.mulf %v35, %a : tensor<8x8xf32>
  %v37 = arith.addf %v36, %c : tensor<8x8xf32>
  %v38 = arith.subf %v37, %c : tensor<8x8xf32>
  %v39 = arith.maximumf %v38, %a : tensor<8x8xf32>
  %v40 = arith.mulf %v39, %c : tensor<8x8xf32>
  %v41 = arith.addf %v40, %c : tensor<8x8xf32>
  %v42 = arith.subf %v41, %a : tensor<8x8xf32>
  %v43 = arith.maximumf %v42, %c : tensor<8x8xf32>
  %v44 = arith.mulf %v43, %c : tensor<8x8xf32>
  %v45 = arith.addf %v44, %a : tensor<8x8xf32>
  %v46 = arith.subf %v45, %c : tensor<8x8xf32>
  %v47 = arith.maximumf %v46, %c : tensor<8x8xf32>
  %v48 = arith.mulf %v47, %a : tensor<8x8xf32>
  %v49 = arith.addf %v48, %c : tensor<8x8xf32>
  %v50 = arith.subf %v49, %c : tensor<8x8xf32>
  %v51 = arith.maximumf %v50, %a : tensor<8x8xf32>
  %v52 = arith.mulf %v51, %c : tensor<8x8xf32>
  %v53 = arith.addf %v52, %c : tensor<8x8xf32>
  %v54 = arith.subf %v53, %a : tensor<8x8xf32>
  %v55 = arith.maximumf %v54, %c : tensor<8x8xf32>
  %v56 = arith.mulf %v55, %c : tensor<8x8xf32>
  %v57 = arith.addf %v56, %a : tensor<8x8xf32>
  %v58 = arith.subf %v57, %c : tensor<8x8xf32>
  %v59 = arith.maximumf %v58, %c : tensor<8x8xf32>
  %v60 = arith.mulf %v59, %a : tensor<8x8xf32>
  %v61 = arith.addf %v60, %c : tensor<8x8xf32>
  %v62 = arith.subf %v61, %c : tensor<8x8xf32>
  %v63 = arith.maximumf %v62, %a : tensor<8x8xf32>
  %v64 = arith.mulf %v63, %c : tensor<8x8xf32>
  %v65 = arith.addf %v64, %c : tensor<8x8xf32>
  %v66 = arith.subf %v65, %a : tensor<8x8xf32>
  %v67 = arith.maximumf %v66, %c : tensor<8x8xf32>
  %v68 = arith.mulf %v67, %c : tensor<8x8xf32>
  %v69 = arith.addf %v68, %a : tensor<8x8xf32>
  %v70 = arith.subf %v69, %c : tensor<8x8xf32>
  %v71 = arith.maximumf %v70, %c : tensor<8x8xf32>
  %v72 = arith.mulf %v71, %a : tensor<8x8xf32>
  %v73 = arith.addf %v72, %c : tensor<8x8xf32>
  %v74 = arith.subf %v73, %c : tensor<8x8xf32>
  %v75 = arith.maximumf %v74, %a : tensor<8x8xf32>
  %v76 = arith.mulf %v75, %c : tensor<8x8xf32>
  %v77 = arith.addf %v76, %c : tensor<8x8xf32>
  %v78 = arith.subf %v77, %a : tensor<8x8xf32>
  %v79 = arith.maximumf %v78, %c : tensor<8x8xf32>
  %v80 = arith.mulf %v79, %c : tensor<8x8xf32>
  %v81 = arith.addf %v80, %a : tensor<8x8xf32>
  %v82 = arith.subf %v81, %c : tensor<8x8xf32>
  %v83 = arith.maximumf %v82, %c : tensor<8x8xf32>
  %v84 = arith.mulf %v83, %a : tensor<8x8xf32>
  %v85 = arith.addf %v84, %c : tensor<8x8xf32>
  %v86 = arith.subf %v85, %c : tensor<8x8xf32>
  %v87 = arith.maximumf %v86, %a : tensor<8x8xf32>
  %v88 = arith.mulf %v87, %c : tensor<8x8xf32>
  %v89 = arith.addf %v88, %c : tensor<8x8xf32>
  %v90 = arith.subf %v89, %a : tensor<8x8xf32>
  %v91 = arith.maximumf %v90, %c : tensor<8x8xf32>
  %v92 = arith.mulf %v91, %c : tensor<8x8xf32>
  %v93 = arith.addf %v92, %a : tensor<8x8xf32>
  %v94 = arith.subf %v93, %c : tensor<8x8xf32>
  %v95 = arith.maximumf %v94, %c : tensor<8x8xf32>
  %v96 = arith.mulf %v95, %a : tensor<8x8xf32>
  %v97 = arith.addf %v96, %c : tensor<8x8xf32>
  %v98 = arith.subf %v97, %c : tensor<8x8xf32>
  %v99 = arith.maximumf %v98, %a : tensor<8x8xf32>
  %v100 = arith.mulf %v99, %c : tensor<8x8xf32>
  %v101 = arith.addf %v100, %c : tensor<8x8xf32>
  %v102 = arith.subf %v101, %a : tensor<8x8xf32>
  %v103 = arith.maximumf %v102, %c : tensor<8x8xf32>
  %v104 = arith.mulf %v103, %c : tensor<8x8xf32>
  %v105 = arith.addf %v104, %a : tensor<8x8xf32>
  %v106 = arith.subf %v105, %c : tensor<8x8xf32>
  %v107 = arith.maximumf %v106, %c : tensor<8x8xf32>
  %v108 = arith.mulf %v107, %a : tensor<8x8xf32>
  %v109 = arith.addf %v108, %c : tensor<8x8xf32>
  %v110 = arith.subf %v109, %c : tensor<8x8xf32>
  %v111 = arith.maximumf %v110, %a : tensor<8x8xf32>
  %v112 = arith.mulf %v111, %c : tensor<8x8xf32>
  %v113 = arith.addf %v112, %c : tensor<8x8xf32>
  %v114 = arith.subf %v113, %a : tensor<8x8xf32>
  %v115 = arith.maximumf %v114, %c : tensor<8x8xf32>
  %v116 = arith.mulf %v115, %c : tensor<8x8xf32>
  %v117 = arith.addf %v116, %a : tensor<8x8xf32>
  %v118 = arith.subf %v117, %c : tensor<8x8xf32>
  %v119 = arith.maximumf %v118, %c : tensor<8x8xf32>
  %v120 = arith.mulf %v119, %a : tensor<8x8xf32>
  %v121 = arith.addf %v120, %c : tensor<8x8xf32>
  %v122 = arith.subf %v121, %c : tensor<8x8xf32>
  %v123 = arith.maximumf %v122, %a : tensor<8x8xf32>
  %v124 = arith.mulf %v123, %c : tensor<8x8xf32>
  %v125 = arith.addf %v124, %c : tensor<8x8xf32>
  %v126 = arith.subf %v125, %a : tensor<8x8xf32>
  %v127 = arith.maximumf %v126, %c : tensor<8x8xf32>
  %v128 = arith.mulf %v127, %c : tensor<8x8xf32>
  %v129 = arith.addf %v128, %a : tensor<8x8xf32>
  %v130 = arith.subf %v129, %c : tensor<8x8xf32>
  %v131 = arith.maximumf %v130, %c : tensor<8x8xf32>
  %v132 = arith.mulf %v131, %a : tensor<8x8xf32>
  %v133 = arith.addf %v132, %c : tensor<8x8xf32>
  %v134 = arith.subf %v133, %c : tensor<8x8xf32>
  %v135 = arith.maximumf %v134, %a : tensor<8x8xf32>
  %v136 = arith.mulf %v135, %c : tensor<8x8xf32>
  %v137 = arith.addf %v136, %c : tensor<8x8xf32>
  %v138 = arith.subf %v137, %a : tensor<8x8xf32>
  %v139 = arith.maximumf %v138, %c : tensor<8x8xf32>
  %v140 = arith.mulf %v139, %c : tensor<8x8xf32>
  %v141 = arith.addf %v140, %a : tensor<8x8xf32>
  %v142 = arith.subf %v141, %c : tensor<8x8xf32>
  %v143 = arith.maximumf %v142, %c : tensor<8x8xf32>
  %v144 = arith.mulf %v143, %a : tensor<8x8xf32>
  %v145 = arith.addf %v144, %c : tensor<8x8xf32>
  %v146 = arith.subf %v145, %c : tensor<8x8xf32>
  %v147 = arith.maximumf %v146, %a : tensor<8x8xf32>
  %v148 = arith.mulf %v147, %c : tensor<8x8xf32>
  %v149 = arith.addf %v148, %c : tensor<8x8xf32>
  %v150 = arith.subf %v149, %a : tensor<8x8xf32>
  %v151 = arith.maximumf %v150, %c : tensor<8x8xf32>
  %v152 = arith.mulf %v151, %c : tensor<8x8xf32>
  %v153 = arith.addf %v152, %a : tensor<8x8xf32>
  %v154 = arith.subf %v153, %c : tensor<8x8xf32>
  %v155 = arith.maximumf %v154, %c : tensor<8x8xf32>
  %v156 = arith.mulf %v155, %a : tensor<8x8xf32>
  %v157 = arith.addf %v156, %c : tensor<8x8xf32>
  %v158 = arith.subf %v157, %c : tensor<8x8xf32>
  %v159 = arith.maximumf %v158, %a : tensor<8x8xf32>
  %v160 = arith.mulf %v159, %c : tensor<8x8xf32>
  %v161 = arith.addf %v160, %c : tensor<8x8xf32>
  %v162 = arith.subf %v161, %a : tensor<8x8xf32>
  %v163 = arith.maximumf %v162, %c : tensor<8x8xf32>
  %v164 = arith.mulf %v163, %c : tensor<8x8xf32>
  %v165 = arith.addf %v164, %a : tensor<8x8xf32>
  %v166 = arith.subf %v165, %c : tensor<8x8xf32>
  %v167 = arith.maximumf %v166, %c : tensor<8x8xf32>
  %v168 = arith.mulf %v167, %a : tensor<8x8xf32>
  %v169 = arith.addf %v168, %c : tensor<8x8xf32>
  %v170 = arith.subf %v169, %c : tensor<8x8xf32>
  %v171 = arith.maximumf %v170, %a : tensor<8x8xf32>
  %v172 = arith.mulf %v171, %c : tensor<8x8xf32>
  %v173 = arith.addf %v172, %c : tensor<8x8xf32>
  %v174 = arith.subf %v173, %a : tensor<8x8xf32>
  %v175 = arith.maximumf %v174, %c : tensor<8x8xf32>
  %v176 = arith.mulf %v175, %c : tensor<8x8xf32>
  %v177 = arith.addf %v176, %a : tensor<8x8xf32>
  %v178 = arith.subf %v177, %c : tensor<8x8xf32>
  %v179 = arith.maximumf %v178, %c : tensor<8x8xf32>
  %v180 = arith.mulf %v179, %a : tensor<8x8xf32>
  %v181 = arith.addf %v180, %c : tensor<8x8xf32>
  %v182 = arith.subf %v181, %c : tensor<8x8xf32>
  %v183 = arith.maximumf %v182, %a : tensor<8x8xf32>
  %v184 = arith.mulf %v183, %c : tensor<8x8xf32>
  %v185 = arith.addf %v184, %c : tensor<8x8xf32>
  %v186 = arith.subf %v185, %a : tensor<8x8xf32>
  %v187 = arith.maximumf %v186, %c : tensor<8x8xf32>
  %v188 = arith.mulf %v187, %c : tensor<8x8xf32>
  %v189 = arith.addf %v188, %a : tensor<8x8xf32>
  %v190 = arith.subf %v189, %c : tensor<8x8xf32>
  %v191 = arith.maximumf %v190, %c : tensor<8x8xf32>
  %v192 = arith.mulf %v191, %a : tensor<8x8xf32>
  %v193 = arith.addf %v192, %c : tensor<8x8xf32>
  %v194 = arith.subf %v193, %c : tensor<8x8xf32>
  %v195 = arith.maximumf %v194, %a : tensor<8x8xf32>
  %v196 = arith.mulf %v195, %c : tensor<8x8xf32>
  %v197 = arith.addf %v196, %c : tensor<8x8xf32>
  %v198 = arith.subf %v197, %a : tensor<8x8xf32>
  %v199 = arith.maximumf %v198, %c : tensor<8x8xf32>
  %v200 = arith.mulf %v199, %c : tensor<8x8xf32>
  %v201 = arith.addf %v200, %a : tensor<8x8xf32>
  %v202 = arith.subf %v201, %c : tensor<8x8xf32>
  %v203 = arith.maximumf %v202, %c : tensor<8x8xf32>
  %v204 = arith.mulf %v203, %a : tensor<8x8xf32>
  %v205 = arith.addf %v204, %c : tensor<8x8xf32>
  %v206 = arith.subf %v205, %c : tensor<8x8xf32>
  %v207 = arith.maximumf %v206, %a : tensor<8x8xf32>
  %v208 = arith.mulf %v207, %c : tensor<8x8xf32>
  %v209 = arith.addf %v208, %c : tensor<8x8xf32>
  %v210 = arith.subf %v209, %a : tensor<8x8xf32>
  %v211 = arith.maximumf %v210, %c : tensor<8x8xf32>
  %v212 = arith.mulf %v211, %c : tensor<8x8xf32>
  %v213 = arith.addf %v212, %a : tensor<8x8xf32>
  %v214 = arith.subf %v213, %c : tensor<8x8xf32>
  %v215 = arith.maximumf %v214, %c : tensor<8x8xf32>
  %v216 = arith.mulf %v215, %a : tensor<8x8xf32>
  %v217 = arith.addf %v216, %c : tensor<8x8xf32>
  %v218 = arith.subf %v217, %c : tensor<8x8xf32>
  %v219 = arith.maximumf %v218, %a : tensor<8x8xf32>
  %v220 = arith.mulf %v219, %c : tensor<8x8xf32>
  %v221 = arith.addf %v220, %c : tensor<8x8xf32>
  %v222 = arith.subf %v221, %a : tensor<8x8xf32>
  %v223 = arith.maximumf %v222, %c : tensor<8x8xf32>
  %v224 = arith.mulf %v223, %c : tensor<8x8xf32>
  %v225 = arith.addf %v224, %a : tensor<8x8xf32>
  %v226 = arith.subf %v225, %c : tensor<8x8xf32>
  %v227 = arith.maximumf %v226, %c : tensor<8x8xf32>
  %v228 = arith.mulf %v227, %a : tensor<8x8xf32>
  %v229 = arith.addf %v228, %c : tensor<8x8xf32>
  %v230 = arith.subf %v229, %c : tensor<8x8xf32>
  %v231 = arith.maximumf %v230, %a : tensor<8x8xf32>
  %v232 = arith.mulf %v231, %c : tensor<8x8xf32>
  %v233 = arith.addf %v232, %c : tensor<8x8xf32>
  %v234 = arith.subf %v233, %a : tensor<8x8xf32>
  %v235 = arith.maximumf %v234, %c : tensor<8x8xf32>
  %v236 = arith.mulf %v235, %c : tensor<8x8xf32>
  %v237 = arith.addf %v236, %a : tensor<8x8xf32>
  %v238 = arith.subf %v237, %c : tensor<8x8xf32>
  %v239 = arith.maximumf %v238, %c : tensor<8x8xf32>
  %v240 = arith.mulf %v239, %a : tensor<8x8xf32>
  %v241 = arith.addf %v240, %c : tensor<8x8xf32>
  %v242 = arith.subf %v241, %c : tensor<8x8xf32>
  %v243 = arith.maximumf %v242, %a : tensor<8x8xf32>
  %v244 = arith.mulf %v243, %c : tensor<8x8xf32>
  %v245 = arith.addf %v244, %c : tensor<8x8xf32>
  %v246 = arith.subf %v245, %a : tensor<8x8xf32>
  %v247 = arith.maximumf %v246, %c : tensor<8x8xf32>
  %v248 = arith.mulf %v247, %c : tensor<8x8xf32>
  %v249 = arith.addf %v248, %a : tensor<8x8xf32>
  %v250 = arith.subf %v249, %c : tensor<8x8xf32>
  %v251 = arith.maximumf %v250, %c : tensor<8x8xf32>
  %v252 = arith.mulf %v251, %a : tensor<8x8xf32>
  %v253 = arith.addf %v252, %c : tensor<8x8xf32>
  %v254 = arith.subf %v253, %c : tensor<8x8xf32>
  %v255 = arith.maximumf %v254, %a : tensor<8x8xf32>
  %v256 = arith.mulf %v255, %c : tensor<8x8xf32>
  %v257 = arith.addf %v256, %c : tensor<8x8xf32>
  %v258 = arith.subf %v257, %a : tensor<8x8xf32>
  %v259 = arith.maximumf %v258, %c : tensor<8x8xf32>
  %v260 = arith.mulf %v259, %c : tensor<8x8xf32>
  %v261 = arith.addf %v260, %a : tensor<8x8xf32>
  %v262 = arith.subf %v261, %c : tensor<8x8xf32>
  %v263 = arith.maximumf %v262, %c : tensor<8x8xf32>
  %v264 = arith.mulf %v263, %a : tensor<8x8xf32>
  %v265 = arith.addf %v264, %c : tensor<8x8xf32>
  %v266 = arith.subf %v265, %c : tensor<8x8xf32>
  %v267 = arith.maximumf %v266, %a : tensor<8x8xf32>
  %v268 = arith.mulf %v267, %c : tensor<8x8xf32>
  %v269 = arith.addf %v268, %c : tensor<8x8xf32>
  %v270 = arith.subf %v269, %a : tensor<8x8xf32>
  %v271 = arith.maximumf %v270, %c : tensor<8x8xf32>
  %v272 = arith.mulf %v271, %c : tensor<8x8xf32>
  %v273 = arith.addf %v272, %a : tensor<8x8xf32>
  %v274 = arith.subf %v273, %c : tensor<8x8xf32>
  %v275 = arith.maximumf %v274, %c : tensor<8x8xf32>
  %v276 = arith.mulf %v275, %a : tensor<8x8xf32>
  %v277 = arith.addf %v276, %c : tensor<8x8xf32>
  %v278 = arith.subf %v277, %c : tensor<8x8xf32>
  %v279 = arith.maximumf %v278, %a : tensor<8x8xf32>
  %v280 = arith.mulf %v279, %c : tensor<8x8xf32>
  %v281 = arith.addf %v280, %c : tensor<8x8xf32>
  %v282 = arith.subf %v281, %a : tensor<8x8xf32>
  %v283 = arith.maximumf %v282, %c : tensor<8x8xf32>
  %v284 = arith.mulf %v283, %c : tensor<8x8xf32>
  %v285 = arith.addf %v284, %a : tensor<8x8xf32>
  %v286 = arith.subf %v285, %c : tensor<8x8xf32>
  %v287 = arith.maximumf %v286, %c : tensor<8x8xf32>
  %v288 = arith.mulf %v287, %a : tensor<8x8xf32>
  %v289 = arith.addf %v288, %c : tensor<8x8xf32>
  %v290 = arith.subf %v289, %c : tensor<8x8xf32>
  %v291 = arith.maximumf %v290, %a : tensor<8x8xf32>
  %v292 = arith.mulf %v291, %c : tensor<8x8xf32>
  %v293 = arith.addf %v292, %c : tensor<8x8xf32>
  %v294 = arith.subf %v293, %a : tensor<8x8xf32>
  %v295 = arith.maximumf %v294, %c : tensor<8x8xf32>
  %v296 = arith.mulf %v295, %c : tensor<8x8xf32>
  %v297 = arith.addf %v296, %a : tensor<8x8xf32>
  %v298 = arith.subf %v297, %c : tensor<8x8xf32>
  %v299 = arith.maximumf %v298, %c : tensor<8x8xf32>
  %v300 = arith.mulf %v299, %a : tensor<8x8xf32>
  %v301 = arith.addf %v300, %c : tensor<8x8xf32>
  %v302 = arith.subf %v301, %c : tensor<8x8xf32>
  %v303 = arith.maximumf %v302, %a : tensor<8x8xf32>
  %v304 = arith.mulf %v303, %c : tensor<8x8xf32>
  %v305 = arith.addf %v304, %c : tensor<8x8xf32>
  %v306 = arith.subf %v305, %a : tensor<8x8xf32>
  %v307 = arith.maximumf %v306, %c : tensor<8x8xf32>
  %v308 = arith.mulf %v307, %c : tensor<8x8xf32>
  %v309 = arith.addf %v308, %a : tensor<8x8xf32>
  %v310 = arith.subf %v309, %c : tensor<8x8xf32>
  %v311 = arith.maximumf %v310, %c : tensor<8x8xf32>
  %v312 = arith.mulf %v311, %a : tensor<8x8xf32>
  %v313 = arith.addf %v312, %c : tensor<8x8xf32>
  %v314 = arith.subf %v313, %c : tensor<8x8xf32>
  %v315 = arith.maximumf %v314, %a : tensor<8x8xf32>
  %v316 = arith.mulf %v315, %c : tensor<8x8xf32>
  %v317 = arith.addf %v316, %c : tensor<8x8xf32>
  %v318 = arith.subf %v317, %a : tensor<8x8xf32>
  %v319 = arith.maximumf %v318, %c : tensor<8x8xf32>
  %v320 = arith.mulf %v319, %c : tensor<8x8xf32>
  %v321 = arith.addf %v320, %a : tensor<8x8xf32>
  %v322 = arith.subf %v321, %c : tensor<8x8xf32>
  %v323 = arith.maximumf %v322, %c : tensor<8x8xf32>
  %v324 = arith.mulf %v323, %a : tensor<8x8xf32>
  %v325 = arith.addf %v324, %c : tensor<8x8xf32>
  %v326 = arith.subf %v325, %c : tensor<8x8xf32>
  %v327 = arith.maximumf %v326, %a : tensor<8x8xf32>
  %v328 = arith.mulf %v327, %c : tensor<8x8xf32>
  %v329 = arith.addf %v328, %c : tensor<8x8xf32>
  %v330 = arith.subf %v329, %a : tensor<8x8xf32>
  %v331 = arith.maximumf %v330, %c : tensor<8x8xf32>
  %v332 = arith.mulf %v331, %c : tensor<8x8xf32>
  %v333 = arith.addf %v332, %a : tensor<8x8xf32>
  %v334 = arith.subf %v333, %c : tensor<8x8xf32>
  %v335 = arith.maximumf %v334, %c : tensor<8x8xf32>
  %v336 = arith.mulf %v335, %a : tensor<8x8xf32>
  %v337 = arith.addf %v336, %c : tensor<8x8xf32>
  %v338 = arith.subf %v337, %c : tensor<8x8xf32>
  %v339 = arith.maximumf %v338, %a : tensor<8x8xf32>
  %v340 = arith.mulf %v339, %c : tensor<8x8xf32>
  %v341 = arith.addf %v340, %c : tensor<8x8xf32>
  %v342 = arith.subf %v341, %a : tensor<8x8xf32>
  %v343 = arith.maximumf %v342, %c : tensor<8x8xf32>
  %v344 = arith.mulf %v343, %c : tensor<8x8xf32>
  %v345 = arith.addf %v344, %a : tensor<8x8xf32>
  %v346 = arith.subf %v345, %c : tensor<8x8xf32>
  %v347 = arith.maximumf %v346, %c : tensor<8x8xf32>
  %v348 = arith.mulf %v347, %a : tensor<8x8xf32>
  %v349 = arith.addf %v348, %c : tensor<8x8xf32>
  %v350 = arith.subf %v349, %c : tensor<8x8xf32>
  %v351 = arith.maximumf %v350, %a : tensor<8x8xf32>
  %v352 = arith.mulf %v351, %c : tensor<8x8xf32>
  %v353 = arith.addf %v352, %c : tensor<8x8xf32>
  %v354 = arith.subf %v353, %a : tensor<8x8xf32>
  %v355 = arith.maximumf %v354, %c : tensor<8x8xf32>
  %v356 = arith.mulf %v355, %c : tensor<8x8xf32>
  %v357 = arith.addf %v356, %a : tensor<8x8xf32>
  %v358 = arith.subf %v357, %c : tensor<8x8xf32>
  %v359 = arith.maximumf %v358, %c : tensor<8x8xf32>
  %v360 = arith.mulf %v359, %a : tensor<8x8xf32>
  %v361 = arith.addf %v360, %c : tensor<8x8xf32>
  %v362 = arith.subf %v361, %c : tensor<8x8xf32>
  %v363 = arith.maximumf %v362, %a : tensor<8x8xf32>
  %v364 = arith.mulf %v363, %c : tensor<8x8xf32>
  %v365 = arith.addf %v364, %c : tensor<8x8xf32>
  %v366 = arith.subf %v365, %a : tensor<8x8xf32>
  %v367 = arith.maximumf %v366, %c : tensor<8x8xf32>
  %v368 = arith.mulf %v367, %c : tensor<8x8xf32>
  %v369 = arith.addf %v368, %a : tensor<8x8xf32>
  %v370 = arith.subf %v369, %c : tensor<8x8xf32>
  %v371 = arith.maximumf %v370, %c : tensor<8x8xf32>
  %v372 = arith.mulf %v371, %a : tensor<8x8xf32>
  %v373 = arith.addf %v372, %c : tensor<8x8xf32>
  %v374 = arith.subf %v373, %c : tensor<8x8xf32>
  %v375 = arith.maximumf %v374, %a : tensor<8x8xf32>
  %v376 = arith.mulf %v375, %c : tensor<8x8xf32>
  %v377 = arith.addf %v376, %c : tensor<8x8xf32>
  %v378 = arith.subf %v377, %a : tensor<8x8xf32>
  %v379 = arith.maximumf %v378, %c : tensor<8x8xf32>
  %v380 = arith.mulf %v379, %c : tensor<8x8xf32>
  %v381 = arith.addf %v380, %a : tensor<8x8xf32>
  %v382 = arith.subf %v381, %c : tensor<8x8xf32>
  %v383 = arith.maximumf %v382, %c : tensor<8x8xf32>
  %v384 = arith.mulf %v383, %a : tensor<8x8xf32>
  %v385 = arith.addf %v384, %c : tensor<8x8xf32>
  %v386 = arith.subf %v385, %c : tensor<8x8xf32>
  %v387 = arith.maximumf %v386, %a : tensor<8x8xf32>
  %v388 = arith.mulf %v387, %c : tensor<8x8xf32>
  %v389 = arith.addf %v388, %c : tensor<8x8xf32>
  %v390 = arith.subf %v389, %a : tensor<8x8xf32>
  %v391 = arith.maximumf %v390, %c : tensor<8x8xf32>
  %v392 = arith.mulf %v391, %c : tensor<8x8xf32>
  %v393 = arith.addf %v392, %a : tensor<8x8xf32>
  %v394 = arith.subf %v393, %c : tensor<8x8xf32>
  %v395 = arith.maximumf %v394, %c : tensor<8x8xf32>
  %v396 = arith.mulf %v395, %a : tensor<8x8xf32>
  %v397 = arith.addf %v396, %c : tensor<8x8xf32>
  %v398 = arith.subf %v397, %c : tensor<8x8xf32>
  %v399 = arith.maximumf %v398, %a : tensor<8x8xf32>
  %v400 = arith.mulf %v399, %c : tensor<8x8xf32>
  %v401 = arith.addf %v400, %c : tensor<8x8xf32>
  %v402 = arith.subf %v401, %a : tensor<8x8xf32>
  %v403 = arith.maximumf %v402, %c : tensor<8x8xf32>
  %v404 = arith.mulf %v403, %c : tensor<8x8xf32>
  %v405 = arith.addf %v404, %a : tensor<8x8xf32>
  %v406 = arith.subf %v405, %c : tensor<8x8xf32>
  %v407 = arith.maximumf %v406, %c : tensor<8x8xf32>
  %v408 = arith.mulf %v407, %a : tensor<8x8xf32>
  %v409 = arith.addf %v408, %c : tensor<8x8xf32>
  %v410 = arith.subf %v409, %c : tensor<8x8xf32>
  %v411 = arith.maximumf %v410, %a : tensor<8x8xf32>
  %v412 = arith.mulf %v411, %c : tensor<8x8xf32>
  %v413 = arith.addf %v412, %c : tensor<8x8xf32>
  %v414 = arith.subf %v413, %a : tensor<8x8xf32>
  %v415 = arith.maximumf %v414, %c : tensor<8x8xf32>
  %v416 = arith.mulf %v415, %c : tensor<8x8xf32>
  %v417 = arith.addf %v416, %a : tensor<8x8xf32>
  %v418 = arith.subf %v417, %c : tensor<8x8xf32>
  %v419 = arith.maximumf %v418, %c : tensor<8x8xf32>
  %v420 = arith.mulf %v419, %a : tensor<8x8xf32>
  %v421 = arith.addf %v420, %c : tensor<8x8xf32>
  %v422 = arith.subf %v421, %c : tensor<8x8xf32>
  %v423 = arith.maximumf %v422, %a : tensor<8x8xf32>
  %v424 = arith.mulf %v423, %c : tensor<8x8xf32>
  %v425 = arith.addf %v424, %c : tensor<8x8xf32>
  %v426 = arith.subf %v425, %a : tensor<8x8xf32>
  %v427 = arith.maximumf %v426, %c : tensor<8x8xf32>
  %v428 = arith.mulf %v427, %c : tensor<8x8xf32>
  %v429 = arith.addf %v428, %a : tensor<8x8xf32>
  %v430 = arith.subf %v429, %c : tensor<8x8xf32>
  %v431 = arith.maximumf %v430, %c : tensor<8x8xf32>
  %v432 = arith.mulf %v431, %a : tensor<8x8xf32>
  %v433 = arith.addf %v432, %c : tensor<8x8xf32>
  %v434 = arith.subf %v433, %c : tensor<8x8xf32>
  %v435 = arith.maximumf %v434, %a : tensor<8x8xf32>
  %v436 = arith.mulf %v435, %c : tensor<8x8xf32>
  %v437 = arith.addf %v436, %c : tensor<8x8xf32>
  %v438 = arith.subf %v437, %a : tensor<8x8xf32>
  %v439 = arith.maximumf %v438, %c : tensor<8x8xf32>
  %v440 = arith.mulf %v439, %c : tensor<8x8xf32>
  %v441 = arith.addf %v440, %a : tensor<8x8xf32>
  %v442 = arith.subf %v441, %c : tensor<8x8xf32>
  %v443 = arith.maximumf %v442, %c : tensor<8x8xf32>
  %v444 = arith.mulf %v443, %a : tensor<8x8xf32>
  %v445 = arith.addf %v444, %c : tensor<8x8xf32>
  %v446 = arith.subf %v445, %c : tensor<8x8xf32>
  %v447 = arith.maximumf %v446, %a : tensor<8x8xf32>
  %v448 = arith.mulf %v447, %c : tensor<8x8xf32>
  %v449 = arith.addf %v448, %c : tensor<8x8xf32>
  %v450 = arith.subf %v449, %a : tensor<8x8xf32>
  %v451 = arith.maximumf %v450, %c : tensor<8x8xf32>
  %v452 = arith.mulf %v451, %c : tensor<8x8xf32>
  %v453 = arith.addf %v452, %a : tensor<8x8xf32>
  %v454 = arith.subf %v453, %c : tensor<8x8xf32>
  %v455 = arith.maximumf %v454, %c : tensor<8x8xf32>
  %v456 = arith.mulf %v455, %a : tensor<8x8xf32>
  %v457 = arith.addf %v456, %c : tensor<8x8xf32>
  %v458 = arith.subf %v457, %c : tensor<8x8xf32>
  %v459 = arith.maximumf %v458, %a : tensor<8x8xf32>
  %v460 = arith.mulf %v459, %c : tensor<8x8xf32>
  %v461 = arith.addf %v460, %c : tensor<8x8xf32>
  %v462 = arith.subf %v461, %a : tensor<8x8xf32>
  %v463 = arith.maximumf %v462, %c : tensor<8x8xf32>
  %v464 = arith.mulf %v463, %c : tensor<8x8xf32>
  %v465 = arith.addf %v464, %a : tensor<8x8xf32>
  %v466 = arith.subf %v465, %c : tensor<8x8xf32>
  %v467 = arith.maximumf %v466, %c : tensor<8x8xf32>
  %v468 = arith.mulf %v467, %a : tensor<8x8xf32>
  %v469 = arith.addf %v468, %c : tensor<8x8xf32>
  %v470 = arith.subf %v469, %c : tensor<8x8xf32>
  %v471 = arith.maximumf %v470, %a : tensor<8x8xf32>
  %v472 = arith.mulf %v471, %c : tensor<8x8xf32>
  %v473 = arith.addf %v472, %c : tensor<8x8xf32>
  %v474 = arith.subf %v473, %a : tensor<8x8xf32>
  %v475 = arith.maximumf %v474, %c : tensor<8x8xf32>
  %v476 = arith.mulf %v475, %c : tensor<8x8xf32>
  %v477 = arith.addf %v476, %a : tensor<8x8xf32>
  %v478 = arith.subf %v477, %c : tensor<8x8xf32>
  %v479 = arith.maximumf %v478, %c : tensor<8x8xf32>
  %v480 = arith.mulf %v479, %a : tensor<8x8xf32>
  %v481 = arith.addf %v480, %c : tensor<8x8xf32>
  %v482 = arith.subf %v481, %c : tensor<8x8xf32>
  %v483 = arith.maximumf %v482, %a : tensor<8x8xf32>
  %v484 = arith.mulf %v483, %c : tensor<8x8xf32>
  %v485 = arith.addf %v484, %c : tensor<8x8xf32>
  %v486 = arith.subf %v485, %a : tensor<8x8xf32>
  %v487 = arith.maximumf %v486, %c : tensor<8x8xf32>
  %v488 = arith.mulf %v487, %c : tensor<8x8xf32>
  %v489 = arith.addf %v488, %a : tensor<8x8xf32>
  %v490 = arith.subf %v489, %c : tensor<8x8xf32>
  %v491 = arith.maximumf %v490, %c : tensor<8x8xf32>
  %v492 = arith.mulf %v491, %a : tensor<8x8xf32>
  %v493 = arith.addf %v492, %c : tensor<8x8xf32>
  %v494 = arith.subf %v493, %c : tensor<8x8xf32>
  %v495 = arith.maximumf %v494, %a : tensor<8x8xf32>
  %v496 = arith.mulf %v495, %c : tensor<8x8xf32>
  %v497 = arith.addf %v496, %c : tensor<8x8xf32>
  %v498 = arith.subf %v497, %a : tensor<8x8xf32>
  %v499 = arith.maximumf %v498, %c : tensor<8x8xf32>
  return %v499 : tensor<8x8xf32>
}

// A DAG where every value has two consumers (realized when recomputing gets expensive).
// DEEP-DAG: entry=deep_dag target=cpu
// DEEP-DAG: checked=16 mismatches=0 check=pass
func.func @deep_dag(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c = arith.constant dense<0.5> : tensor<4x4xf32>
  %v0 = arith.mulf %a, %c : tensor<4x4xf32>
  %v1 = arith.addf %a, %c : tensor<4x4xf32>
  %t2 = arith.addf %v1, %v0 : tensor<4x4xf32>
  %v2 = arith.mulf %t2, %c : tensor<4x4xf32>
  %t3 = arith.addf %v2, %v1 : tensor<4x4xf32>
  %v3 = arith.mulf %t3, %c : tensor<4x4xf32>
  %t4 = arith.addf %v3, %v2 : tensor<4x4xf32>
  %v4 = arith.mulf %t4, %c : tensor<4x4xf32>
  %t5 = arith.addf %v4, %v3 : tensor<4x4xf32>
  %v5 = arith.mulf %t5, %c : tensor<4x4xf32>
  %t6 = arith.addf %v5, %v4 : tensor<4x4xf32>
  %v6 = arith.mulf %t6, %c : tensor<4x4xf32>
  %t7 = arith.addf %v6, %v5 : tensor<4x4xf32>
  %v7 = arith.mulf %t7, %c : tensor<4x4xf32>
  %t8 = arith.addf %v7, %v6 : tensor<4x4xf32>
  %v8 = arith.mulf %t8, %c : tensor<4x4xf32>
  %t9 = arith.addf %v8, %v7 : tensor<4x4xf32>
  %v9 = arith.mulf %t9, %c : tensor<4x4xf32>
  %t10 = arith.addf %v9, %v8 : tensor<4x4xf32>
  %v10 = arith.mulf %t10, %c : tensor<4x4xf32>
  %t11 = arith.addf %v10, %v9 : tensor<4x4xf32>
  %v11 = arith.mulf %t11, %c : tensor<4x4xf32>
  %t12 = arith.addf %v11, %v10 : tensor<4x4xf32>
  %v12 = arith.mulf %t12, %c : tensor<4x4xf32>
  %t13 = arith.addf %v12, %v11 : tensor<4x4xf32>
  %v13 = arith.mulf %t13, %c : tensor<4x4xf32>
  %t14 = arith.addf %v13, %v12 : tensor<4x4xf32>
  %v14 = arith.mulf %t14, %c : tensor<4x4xf32>
  %t15 = arith.addf %v14, %v13 : tensor<4x4xf32>
  %v15 = arith.mulf %t15, %c : tensor<4x4xf32>
  %t16 = arith.addf %v15, %v14 : tensor<4x4xf32>
  %v16 = arith.mulf %t16, %c : tensor<4x4xf32>
  %t17 = arith.addf %v16, %v15 : tensor<4x4xf32>
  %v17 = arith.mulf %t17, %c : tensor<4x4xf32>
  %t18 = arith.addf %v17, %v16 : tensor<4x4xf32>
  %v18 = arith.mulf %t18, %c : tensor<4x4xf32>
  %t19 = arith.addf %v18, %v17 : tensor<4x4xf32>
  %v19 = arith.mulf %t19, %c : tensor<4x4xf32>
  %t20 = arith.addf %v19, %v18 : tensor<4x4xf32>
  %v20 = arith.mulf %t20, %c : tensor<4x4xf32>
  %t21 = arith.addf %v20, %v19 : tensor<4x4xf32>
  %v21 = arith.mulf %t21, %c : tensor<4x4xf32>
  %t22 = arith.addf %v21, %v20 : tensor<4x4xf32>
  %v22 = arith.mulf %t22, %c : tensor<4x4xf32>
  %t23 = arith.addf %v22, %v21 : tensor<4x4xf32>
  %v23 = arith.mulf %t23, %c : tensor<4x4xf32>
  %t24 = arith.addf %v23, %v22 : tensor<4x4xf32>
  %v24 = arith.mulf %t24, %c : tensor<4x4xf32>
  %t25 = arith.addf %v24, %v23 : tensor<4x4xf32>
  %v25 = arith.mulf %t25, %c : tensor<4x4xf32>
  %t26 = arith.addf %v25, %v24 : tensor<4x4xf32>
  %v26 = arith.mulf %t26, %c : tensor<4x4xf32>
  %t27 = arith.addf %v26, %v25 : tensor<4x4xf32>
  %v27 = arith.mulf %t27, %c : tensor<4x4xf32>
  %t28 = arith.addf %v27, %v26 : tensor<4x4xf32>
  %v28 = arith.mulf %t28, %c : tensor<4x4xf32>
  %t29 = arith.addf %v28, %v27 : tensor<4x4xf32>
  %v29 = arith.mulf %t29, %c : tensor<4x4xf32>
  %t30 = arith.addf %v29, %v28 : tensor<4x4xf32>
  %v30 = arith.mulf %t30, %c : tensor<4x4xf32>
  %t31 = arith.addf %v30, %v29 : tensor<4x4xf32>
  %v31 = arith.mulf %t31, %c : tensor<4x4xf32>
  %t32 = arith.addf %v31, %v30 : tensor<4x4xf32>
  %v32 = arith.mulf %t32, %c : tensor<4x4xf32>
  %t33 = arith.addf %v32, %v31 : tensor<4x4xf32>
  %v33 = arith.mulf %t33, %c : tensor<4x4xf32>
  %t34 = arith.addf %v33, %v32 : tensor<4x4xf32>
  %v34 = arith.mulf %t34, %c : tensor<4x4xf32>
  %t35 = arith.addf %v34, %v33 : tensor<4x4xf32>
  %v35 = arith.mulf %t35, %c : tensor<4x4xf32>
  %t36 = arith.addf %v35, %v34 : tensor<4x4xf32>
  %v36 = arith.mulf %t36, %c : tensor<4x4xf32>
  %t37 = arith.addf %v36, %v35 : tensor<4x4xf32>
  %v37 = arith.mulf %t37, %c : tensor<4x4xf32>
  %t38 = arith.addf %v37, %v36 : tensor<4x4xf32>
  %v38 = arith.mulf %t38, %c : tensor<4x4xf32>
  %t39 = arith.addf %v38, %v37 : tensor<4x4xf32>
  %v39 = arith.mulf %t39, %c : tensor<4x4xf32>
  %t40 = arith.addf %v39, %v38 : tensor<4x4xf32>
  %v40 = arith.mulf %t40, %c : tensor<4x4xf32>
  %t41 = arith.addf %v40, %v39 : tensor<4x4xf32>
  %v41 = arith.mulf %t41, %c : tensor<4x4xf32>
  %t42 = arith.addf %v41, %v40 : tensor<4x4xf32>
  %v42 = arith.mulf %t42, %c : tensor<4x4xf32>
  %t43 = arith.addf %v42, %v41 : tensor<4x4xf32>
  %v43 = arith.mulf %t43, %c : tensor<4x4xf32>
  %t44 = arith.addf %v43, %v42 : tensor<4x4xf32>
  %v44 = arith.mulf %t44, %c : tensor<4x4xf32>
  %t45 = arith.addf %v44, %v43 : tensor<4x4xf32>
  %v45 = arith.mulf %t45, %c : tensor<4x4xf32>
  %t46 = arith.addf %v45, %v44 : tensor<4x4xf32>
  %v46 = arith.mulf %t46, %c : tensor<4x4xf32>
  %t47 = arith.addf %v46, %v45 : tensor<4x4xf32>
  %v47 = arith.mulf %t47, %c : tensor<4x4xf32>
  %t48 = arith.addf %v47, %v46 : tensor<4x4xf32>
  %v48 = arith.mulf %t48, %c : tensor<4x4xf32>
  %t49 = arith.addf %v48, %v47 : tensor<4x4xf32>
  %v49 = arith.mulf %t49, %c : tensor<4x4xf32>
  %t50 = arith.addf %v49, %v48 : tensor<4x4xf32>
  %v50 = arith.mulf %t50, %c : tensor<4x4xf32>
  %t51 = arith.addf %v50, %v49 : tensor<4x4xf32>
  %v51 = arith.mulf %t51, %c : tensor<4x4xf32>
  %t52 = arith.addf %v51, %v50 : tensor<4x4xf32>
  %v52 = arith.mulf %t52, %c : tensor<4x4xf32>
  %t53 = arith.addf %v52, %v51 : tensor<4x4xf32>
  %v53 = arith.mulf %t53, %c : tensor<4x4xf32>
  %t54 = arith.addf %v53, %v52 : tensor<4x4xf32>
  %v54 = arith.mulf %t54, %c : tensor<4x4xf32>
  %t55 = arith.addf %v54, %v53 : tensor<4x4xf32>
  %v55 = arith.mulf %t55, %c : tensor<4x4xf32>
  %t56 = arith.addf %v55, %v54 : tensor<4x4xf32>
  %v56 = arith.mulf %t56, %c : tensor<4x4xf32>
  %t57 = arith.addf %v56, %v55 : tensor<4x4xf32>
  %v57 = arith.mulf %t57, %c : tensor<4x4xf32>
  %t58 = arith.addf %v57, %v56 : tensor<4x4xf32>
  %v58 = arith.mulf %t58, %c : tensor<4x4xf32>
  %t59 = arith.addf %v58, %v57 : tensor<4x4xf32>
  %v59 = arith.mulf %t59, %c : tensor<4x4xf32>
  return %v59 : tensor<4x4xf32>
}

// One value consumed by 40 ops.
// WIDE-FANOUT: entry=wide_fanout target=cpu
// WIDE-FANOUT: checked=256 mismatches=0 check=pass
func.func @wide_fanout(%a: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %e = math.exp %a : tensor<16x16xf32>
  %s = uop.reduce_axis add %e [1] : tensor<16x16xf32> -> tensor<16xf32>
  %sr = uop.reshape %s : tensor<16xf32> -> tensor<16x1xf32>
  %se = uop.expand %sr : tensor<16x1xf32> -> tensor<16x16xf32>
  %f0 = arith.mulf %e, %se : tensor<16x16xf32>
  %g0 = arith.addf %se, %f0 : tensor<16x16xf32>
  %f1 = arith.mulf %e, %se : tensor<16x16xf32>
  %g1 = arith.addf %g0, %f1 : tensor<16x16xf32>
  %f2 = arith.mulf %e, %se : tensor<16x16xf32>
  %g2 = arith.addf %g1, %f2 : tensor<16x16xf32>
  %f3 = arith.mulf %e, %se : tensor<16x16xf32>
  %g3 = arith.addf %g2, %f3 : tensor<16x16xf32>
  %f4 = arith.mulf %e, %se : tensor<16x16xf32>
  %g4 = arith.addf %g3, %f4 : tensor<16x16xf32>
  %f5 = arith.mulf %e, %se : tensor<16x16xf32>
  %g5 = arith.addf %g4, %f5 : tensor<16x16xf32>
  %f6 = arith.mulf %e, %se : tensor<16x16xf32>
  %g6 = arith.addf %g5, %f6 : tensor<16x16xf32>
  %f7 = arith.mulf %e, %se : tensor<16x16xf32>
  %g7 = arith.addf %g6, %f7 : tensor<16x16xf32>
  %f8 = arith.mulf %e, %se : tensor<16x16xf32>
  %g8 = arith.addf %g7, %f8 : tensor<16x16xf32>
  %f9 = arith.mulf %e, %se : tensor<16x16xf32>
  %g9 = arith.addf %g8, %f9 : tensor<16x16xf32>
  %f10 = arith.mulf %e, %se : tensor<16x16xf32>
  %g10 = arith.addf %g9, %f10 : tensor<16x16xf32>
  %f11 = arith.mulf %e, %se : tensor<16x16xf32>
  %g11 = arith.addf %g10, %f11 : tensor<16x16xf32>
  %f12 = arith.mulf %e, %se : tensor<16x16xf32>
  %g12 = arith.addf %g11, %f12 : tensor<16x16xf32>
  %f13 = arith.mulf %e, %se : tensor<16x16xf32>
  %g13 = arith.addf %g12, %f13 : tensor<16x16xf32>
  %f14 = arith.mulf %e, %se : tensor<16x16xf32>
  %g14 = arith.addf %g13, %f14 : tensor<16x16xf32>
  %f15 = arith.mulf %e, %se : tensor<16x16xf32>
  %g15 = arith.addf %g14, %f15 : tensor<16x16xf32>
  %f16 = arith.mulf %e, %se : tensor<16x16xf32>
  %g16 = arith.addf %g15, %f16 : tensor<16x16xf32>
  %f17 = arith.mulf %e, %se : tensor<16x16xf32>
  %g17 = arith.addf %g16, %f17 : tensor<16x16xf32>
  %f18 = arith.mulf %e, %se : tensor<16x16xf32>
  %g18 = arith.addf %g17, %f18 : tensor<16x16xf32>
  %f19 = arith.mulf %e, %se : tensor<16x16xf32>
  %g19 = arith.addf %g18, %f19 : tensor<16x16xf32>
  %f20 = arith.mulf %e, %se : tensor<16x16xf32>
  %g20 = arith.addf %g19, %f20 : tensor<16x16xf32>
  %f21 = arith.mulf %e, %se : tensor<16x16xf32>
  %g21 = arith.addf %g20, %f21 : tensor<16x16xf32>
  %f22 = arith.mulf %e, %se : tensor<16x16xf32>
  %g22 = arith.addf %g21, %f22 : tensor<16x16xf32>
  %f23 = arith.mulf %e, %se : tensor<16x16xf32>
  %g23 = arith.addf %g22, %f23 : tensor<16x16xf32>
  %f24 = arith.mulf %e, %se : tensor<16x16xf32>
  %g24 = arith.addf %g23, %f24 : tensor<16x16xf32>
  %f25 = arith.mulf %e, %se : tensor<16x16xf32>
  %g25 = arith.addf %g24, %f25 : tensor<16x16xf32>
  %f26 = arith.mulf %e, %se : tensor<16x16xf32>
  %g26 = arith.addf %g25, %f26 : tensor<16x16xf32>
  %f27 = arith.mulf %e, %se : tensor<16x16xf32>
  %g27 = arith.addf %g26, %f27 : tensor<16x16xf32>
  %f28 = arith.mulf %e, %se : tensor<16x16xf32>
  %g28 = arith.addf %g27, %f28 : tensor<16x16xf32>
  %f29 = arith.mulf %e, %se : tensor<16x16xf32>
  %g29 = arith.addf %g28, %f29 : tensor<16x16xf32>
  %f30 = arith.mulf %e, %se : tensor<16x16xf32>
  %g30 = arith.addf %g29, %f30 : tensor<16x16xf32>
  %f31 = arith.mulf %e, %se : tensor<16x16xf32>
  %g31 = arith.addf %g30, %f31 : tensor<16x16xf32>
  %f32 = arith.mulf %e, %se : tensor<16x16xf32>
  %g32 = arith.addf %g31, %f32 : tensor<16x16xf32>
  %f33 = arith.mulf %e, %se : tensor<16x16xf32>
  %g33 = arith.addf %g32, %f33 : tensor<16x16xf32>
  %f34 = arith.mulf %e, %se : tensor<16x16xf32>
  %g34 = arith.addf %g33, %f34 : tensor<16x16xf32>
  %f35 = arith.mulf %e, %se : tensor<16x16xf32>
  %g35 = arith.addf %g34, %f35 : tensor<16x16xf32>
  %f36 = arith.mulf %e, %se : tensor<16x16xf32>
  %g36 = arith.addf %g35, %f36 : tensor<16x16xf32>
  %f37 = arith.mulf %e, %se : tensor<16x16xf32>
  %g37 = arith.addf %g36, %f37 : tensor<16x16xf32>
  %f38 = arith.mulf %e, %se : tensor<16x16xf32>
  %g38 = arith.addf %g37, %f38 : tensor<16x16xf32>
  %f39 = arith.mulf %e, %se : tensor<16x16xf32>
  %g39 = arith.addf %g38, %f39 : tensor<16x16xf32>
  return %g39 : tensor<16x16xf32>
}

// uop.contiguous in the middle of a graph.
// CONTIGUOUS-MID: entry=contiguous_mid target=cpu
// CONTIGUOUS-MID: checked=60 mismatches=0 check=pass
func.func @contiguous_mid(%a: tensor<6x10xf32>) -> tensor<10x6xf32> {
  %e = math.exp %a : tensor<6x10xf32>
  %c = uop.contiguous %e : tensor<6x10xf32>
  %t = uop.permute %c [1, 0] : tensor<6x10xf32> -> tensor<10x6xf32>
  %n = arith.negf %t : tensor<10x6xf32>
  return %n : tensor<10x6xf32>
}

// uop.contiguous of uop.contiguous, both read.
// CONTIGUOUS-TWICE: entry=contiguous_twice target=cpu
// CONTIGUOUS-TWICE: checked=60 mismatches=0 check=pass
func.func @contiguous_twice(%a: tensor<6x10xf32>) -> tensor<6x10xf32> {
  %e = math.exp %a : tensor<6x10xf32>
  %c = uop.contiguous %e : tensor<6x10xf32>
  %d = uop.contiguous %c : tensor<6x10xf32>
  %s = arith.addf %c, %d : tensor<6x10xf32>
  return %s : tensor<6x10xf32>
}

// A matmul with unit M and K.
// MATMUL-1: entry=matmul_1 target=cpu
// MATMUL-1: checked=7 mismatches=0 check=pass
func.func @matmul_1(%a: tensor<1x1xf32>, %b: tensor<1x7xf32>) -> tensor<1x7xf32> {
  %ar = uop.reshape %a : tensor<1x1xf32> -> tensor<1x1x1xf32>
  %ae = uop.expand %ar : tensor<1x1x1xf32> -> tensor<1x7x1xf32>
  %bt = uop.permute %b [1, 0] : tensor<1x7xf32> -> tensor<7x1xf32>
  %br = uop.reshape %bt : tensor<7x1xf32> -> tensor<1x7x1xf32>
  %p = arith.mulf %ae, %br : tensor<1x7x1xf32>
  %c = uop.reduce_axis add %p [2] : tensor<1x7x1xf32> -> tensor<1x7xf32>
  return %c : tensor<1x7xf32>
}

// A 13x17 @ 17x7 matmul.
// MATMUL-ODD: entry=matmul_odd target=cpu
// MATMUL-ODD: checked=91 mismatches=0 check=pass
func.func @matmul_odd(%a: tensor<13x17xf32>, %b: tensor<17x7xf32>) -> tensor<13x7xf32> {
  %ar = uop.reshape %a : tensor<13x17xf32> -> tensor<13x1x17xf32>
  %ae = uop.expand %ar : tensor<13x1x17xf32> -> tensor<13x7x17xf32>
  %bt = uop.permute %b [1, 0] : tensor<17x7xf32> -> tensor<7x17xf32>
  %br = uop.reshape %bt : tensor<7x17xf32> -> tensor<1x7x17xf32>
  %be = uop.expand %br : tensor<1x7x17xf32> -> tensor<13x7x17xf32>
  %p = arith.mulf %ae, %be : tensor<13x7x17xf32>
  %c = uop.reduce_axis add %p [2] : tensor<13x7x17xf32> -> tensor<13x7xf32>
  return %c : tensor<13x7xf32>
}

// A 31x37 @ 37x41 matmul.
// PRIME-MATMUL-BIG: entry=prime_matmul_big target=cpu
// PRIME-MATMUL-BIG: checked=1271 mismatches=0 check=pass
func.func @prime_matmul_big(%a: tensor<31x37xf32>, %b: tensor<37x41xf32>) -> tensor<31x41xf32> {
  %ar = uop.reshape %a : tensor<31x37xf32> -> tensor<31x1x37xf32>
  %ae = uop.expand %ar : tensor<31x1x37xf32> -> tensor<31x41x37xf32>
  %bt = uop.permute %b [1, 0] : tensor<37x41xf32> -> tensor<41x37xf32>
  %br = uop.reshape %bt : tensor<41x37xf32> -> tensor<1x41x37xf32>
  %be = uop.expand %br : tensor<1x41x37xf32> -> tensor<31x41x37xf32>
  %p = arith.mulf %ae, %be : tensor<31x41x37xf32>
  %c = uop.reduce_axis add %p [2] : tensor<31x41x37xf32> -> tensor<31x41xf32>
  return %c : tensor<31x41xf32>
}

// A matmul read back transposed.
// MATMUL-TRANSPOSED-OUT: entry=matmul_transposed_out target=cpu
// MATMUL-TRANSPOSED-OUT: checked=512 mismatches=0 check=pass
func.func @matmul_transposed_out(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>) -> tensor<32x16xf32> {
  %ar = uop.reshape %a : tensor<16x8xf32> -> tensor<16x1x8xf32>
  %ae = uop.expand %ar : tensor<16x1x8xf32> -> tensor<16x32x8xf32>
  %bt = uop.permute %b [1, 0] : tensor<8x32xf32> -> tensor<32x8xf32>
  %br = uop.reshape %bt : tensor<32x8xf32> -> tensor<1x32x8xf32>
  %be = uop.expand %br : tensor<1x32x8xf32> -> tensor<16x32x8xf32>
  %p = arith.mulf %ae, %be : tensor<16x32x8xf32>
  %c = uop.reduce_axis add %p [2] : tensor<16x32x8xf32> -> tensor<16x32xf32>
  %t = uop.permute %c [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
  return %t : tensor<32x16xf32>
}

// A matmul read flipped and padded.
// MATMUL-FLIP-PAD: entry=matmul_flip_pad target=cpu
// MATMUL-FLIP-PAD: checked=576 mismatches=0 check=pass
func.func @matmul_flip_pad(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>) -> tensor<18x32xf32> {
  %ar = uop.reshape %a : tensor<16x8xf32> -> tensor<16x1x8xf32>
  %ae = uop.expand %ar : tensor<16x1x8xf32> -> tensor<16x32x8xf32>
  %bt = uop.permute %b [1, 0] : tensor<8x32xf32> -> tensor<32x8xf32>
  %br = uop.reshape %bt : tensor<32x8xf32> -> tensor<1x32x8xf32>
  %be = uop.expand %br : tensor<1x32x8xf32> -> tensor<16x32x8xf32>
  %p = arith.mulf %ae, %be : tensor<16x32x8xf32>
  %c = uop.reduce_axis add %p [2] : tensor<16x32x8xf32> -> tensor<16x32xf32>
  %f = uop.flip %c [true, true] : tensor<16x32xf32>
  %q = uop.pad %f low [1, 0] high [1, 0] : tensor<16x32xf32> -> tensor<18x32xf32>
  return %q : tensor<18x32xf32>
}

// x - sum(x) (keepdim), then padded.
// REDUCE-KEEPDIM-EXPAND-PAD: entry=reduce_keepdim_expand_pad target=cpu
// REDUCE-KEEPDIM-EXPAND-PAD: checked=72 mismatches=0 check=pass
func.func @reduce_keepdim_expand_pad(%a: tensor<6x10xf32>) -> tensor<6x12xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<6x10xf32> -> tensor<6xf32>
  %r = uop.reshape %s : tensor<6xf32> -> tensor<6x1xf32>
  %e = uop.expand %r : tensor<6x1xf32> -> tensor<6x10xf32>
  %d = arith.subf %a, %e : tensor<6x10xf32>
  %p = uop.pad %d low [0, 1] high [0, 1] : tensor<6x10xf32> -> tensor<6x12xf32>
  return %p : tensor<6x12xf32>
}

// A log-sum-exp padded and exponentiated (the padded value is masked).
// PAD-COMPUTED-REDUCED: entry=pad_computed_reduced target=cpu
// PAD-COMPUTED-REDUCED: checked=8 mismatches=0 check=pass
func.func @pad_computed_reduced(%a: tensor<6x10xf32>) -> tensor<8xf32> {
  %e = math.exp %a : tensor<6x10xf32>
  %s = uop.reduce_axis add %e [1] : tensor<6x10xf32> -> tensor<6xf32>
  %l = math.log %s : tensor<6xf32>
  %p = uop.pad %l low [1] high [1] : tensor<6xf32> -> tensor<8xf32>
  %q = math.exp %p : tensor<8xf32>
  return %q : tensor<8xf32>
}

// pad, shrink, exp, pad.
// PAD-SHRINK-PAD: entry=pad_shrink_pad target=cpu
// PAD-SHRINK-PAD: checked=64 mismatches=0 check=pass
func.func @pad_shrink_pad(%a: tensor<4x4xf32>) -> tensor<8x8xf32> {
  %p = uop.pad %a low [2, 2] high [2, 2] : tensor<4x4xf32> -> tensor<8x8xf32>
  %s = uop.shrink %p [1, 3] to [7, 7] : tensor<8x8xf32> -> tensor<6x4xf32>
  %e = math.exp %s : tensor<6x4xf32>
  %q = uop.pad %e low [1, 3] high [1, 1] : tensor<6x4xf32> -> tensor<8x8xf32>
  return %q : tensor<8x8xf32>
}

// A reduced value padded.
// PAD-OF-REDUCE: entry=pad_of_reduce target=cpu
// PAD-OF-REDUCE: checked=8 mismatches=0 check=pass
func.func @pad_of_reduce(%a: tensor<4x6xf32>) -> tensor<8xf32> {
  %s = uop.reduce_axis max %a [1] : tensor<4x6xf32> -> tensor<4xf32>
  %p = uop.pad %s low [3] high [1] : tensor<4xf32> -> tensor<8xf32>
  return %p : tensor<8xf32>
}

// A max over a padded negative value (the pad value 0 wins).
// PAD-OF-EXP-MAX: entry=pad_of_exp_max target=cpu
// PAD-OF-EXP-MAX: checked=4 mismatches=0 check=pass
func.func @pad_of_exp_max(%a: tensor<4x6xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<-3.0> : tensor<4x6xf32>
  %x = arith.addf %a, %c : tensor<4x6xf32>
  %p = uop.pad %x low [0, 3] high [0, 1] : tensor<4x6xf32> -> tensor<4x10xf32>
  %m = uop.reduce_axis max %p [1] : tensor<4x10xf32> -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// shrink, sum, shrink.
// SHRINK-REDUCE-SHRINK: entry=shrink_reduce_shrink target=cpu
// SHRINK-REDUCE-SHRINK: checked=3 mismatches=0 check=pass
func.func @shrink_reduce_shrink(%a: tensor<9x11xf32>) -> tensor<3xf32> {
  %s = uop.shrink %a [2, 3] to [8, 10] : tensor<9x11xf32> -> tensor<6x7xf32>
  %r = uop.reduce_axis add %s [1] : tensor<6x7xf32> -> tensor<6xf32>
  %t = uop.shrink %r [2] to [5] : tensor<6xf32> -> tensor<3xf32>
  return %t : tensor<3xf32>
}

// A padded tensor flattened, flipped and reshaped back.
// RESHAPE-AFTER-PAD: entry=reshape_after_pad target=cpu
// RESHAPE-AFTER-PAD: checked=35 mismatches=0 check=pass
func.func @reshape_after_pad(%a: tensor<3x5xf32>) -> tensor<5x7xf32> {
  %p = uop.pad %a low [1, 1] high [1, 1] : tensor<3x5xf32> -> tensor<5x7xf32>
  %r = uop.reshape %p : tensor<5x7xf32> -> tensor<35xf32>
  %f = uop.flip %r [true] : tensor<35xf32>
  %q = uop.reshape %f : tensor<35xf32> -> tensor<5x7xf32>
  %e = math.exp %q : tensor<5x7xf32>
  return %e : tensor<5x7xf32>
}

// A max over an axis made by splitting one.
// REDUCE-RESHAPE-SPLIT: entry=reduce_reshape_split target=cpu
// REDUCE-RESHAPE-SPLIT: checked=20 mismatches=0 check=pass
func.func @reduce_reshape_split(%a: tensor<24x5xf32>) -> tensor<4x5xf32> {
  %r = uop.reshape %a : tensor<24x5xf32> -> tensor<4x6x5xf32>
  %s = uop.reduce_axis max %r [1] : tensor<4x6x5xf32> -> tensor<4x5xf32>
  return %s : tensor<4x5xf32>
}

// A max over a reshaped sum.
// REDUCE-OF-RESHAPED-REDUCE: entry=reduce_of_reshaped_reduce target=cpu
// REDUCE-OF-RESHAPED-REDUCE: checked=2 mismatches=0 check=pass
func.func @reduce_of_reshaped_reduce(%a: tensor<4x6x5xf32>) -> tensor<2xf32> {
  %s = uop.reduce_axis add %a [2] : tensor<4x6x5xf32> -> tensor<4x6xf32>
  %r = uop.reshape %s : tensor<4x6xf32> -> tensor<2x12xf32>
  %t = uop.reduce_axis max %r [1] : tensor<2x12xf32> -> tensor<2xf32>
  return %t : tensor<2xf32>
}

// x[i] - x[j] (an outer difference of one input).
// SELF-OUTER: entry=self_outer target=cpu
// SELF-OUTER: checked=49 mismatches=0 check=pass
func.func @self_outer(%a: tensor<7xf32>) -> tensor<7x7xf32> {
  %r = uop.reshape %a : tensor<7xf32> -> tensor<7x1xf32>
  %e = uop.expand %r : tensor<7x1xf32> -> tensor<7x7xf32>
  %c = uop.reshape %a : tensor<7xf32> -> tensor<1x7xf32>
  %f = uop.expand %c : tensor<1x7xf32> -> tensor<7x7xf32>
  %m = arith.subf %e, %f : tensor<7x7xf32>
  return %m : tensor<7x7xf32>
}

// The diagonal through pad + reshape + shrink.
// DIAG-VIA-RESHAPE: entry=diag_via_reshape target=cpu
// DIAG-VIA-RESHAPE: checked=5 mismatches=0 check=pass
func.func @diag_via_reshape(%a: tensor<5x5xf32>) -> tensor<5xf32> {
  %r = uop.reshape %a : tensor<5x5xf32> -> tensor<25xf32>
  %p = uop.pad %r low [0] high [5] : tensor<25xf32> -> tensor<30xf32>
  %q = uop.reshape %p : tensor<30xf32> -> tensor<5x6xf32>
  %s = uop.shrink %q [0, 0] to [5, 1] : tensor<5x6xf32> -> tensor<5x1xf32>
  %o = uop.reshape %s : tensor<5x1xf32> -> tensor<5xf32>
  return %o : tensor<5xf32>
}

// A 1-d convolution written with expand, pad, reshape and shrink.
// CONV-LIKE: entry=conv_like target=cpu
// CONV-LIKE: checked=10 mismatches=0 check=pass
func.func @conv_like(%x: tensor<12xf32>, %w: tensor<3xf32>) -> tensor<10xf32> {
  %xr = uop.reshape %x : tensor<12xf32> -> tensor<1x12xf32>
  %xe = uop.expand %xr : tensor<1x12xf32> -> tensor<3x12xf32>
  %xf = uop.reshape %xe : tensor<3x12xf32> -> tensor<36xf32>
  %xp = uop.pad %xf low [0] high [3] : tensor<36xf32> -> tensor<39xf32>
  %xq = uop.reshape %xp : tensor<39xf32> -> tensor<3x13xf32>
  %xs = uop.shrink %xq [0, 0] to [3, 10] : tensor<3x13xf32> -> tensor<3x10xf32>
  %wr = uop.reshape %w : tensor<3xf32> -> tensor<3x1xf32>
  %we = uop.expand %wr : tensor<3x1xf32> -> tensor<3x10xf32>
  %m = arith.mulf %xs, %we : tensor<3x10xf32>
  %s = uop.reduce_axis add %m [0] : tensor<3x10xf32> -> tensor<10xf32>
  return %s : tensor<10xf32>
}

// A float select, padded.
// SELECT-PAD: entry=select_pad target=cpu
// SELECT-PAD: checked=30 mismatches=0 check=pass
func.func @select_pad(%a: tensor<4x5xf32>, %b: tensor<4x5xf32>) -> tensor<6x5xf32> {
  %c = arith.cmpf ogt, %a, %b : tensor<4x5xf32>
  %s = arith.select %c, %a, %b : tensor<4x5xi1>, tensor<4x5xf32>
  %p = uop.pad %s low [1, 0] high [1, 0] : tensor<4x5xf32> -> tensor<6x5xf32>
  return %p : tensor<6x5xf32>
}

// A padded i1 mask (false in the padding) selecting between values.
// CMP-PAD-SELECT: entry=cmp_pad_select target=cpu
// CMP-PAD-SELECT: checked=30 mismatches=0 check=pass
func.func @cmp_pad_select(%a: tensor<4x5xf32>, %b: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %z = arith.constant dense<0.0> : tensor<4x5xf32>
  %c = arith.cmpf ogt, %a, %z : tensor<4x5xf32>
  %p = uop.pad %c low [1, 0] high [1, 0] : tensor<4x5xi1> -> tensor<6x5xi1>
  %n = arith.negf %b : tensor<6x5xf32>
  %s = arith.select %p, %b, %n : tensor<6x5xi1>, tensor<6x5xf32>
  return %s : tensor<6x5xf32>
}

// Rank-6 input with unit dims, reshaped, permuted and flipped.
// RANK6: entry=rank6 target=cpu
// RANK6: checked=210 mismatches=0 check=pass
func.func @rank6(%a: tensor<2x3x1x5x1x7xf32>) -> tensor<7x5x3x2xf32> {
  %r = uop.reshape %a : tensor<2x3x1x5x1x7xf32> -> tensor<2x3x5x7xf32>
  %p = uop.permute %r [3, 2, 1, 0] : tensor<2x3x5x7xf32> -> tensor<7x5x3x2xf32>
  %f = uop.flip %p [true, false, true, false] : tensor<7x5x3x2xf32>
  return %f : tensor<7x5x3x2xf32>
}

// A sum over three of six axes.
// RANK6-REDUCE: entry=rank6_reduce target=cpu
// RANK6-REDUCE: checked=45 mismatches=0 check=pass
func.func @rank6_reduce(%a: tensor<2x3x4x5x2x3xf32>) -> tensor<3x5x3xf32> {
  %s = uop.reduce_axis add %a [0, 2, 4] : tensor<2x3x4x5x2x3xf32> -> tensor<3x5x3xf32>
  return %s : tensor<3x5x3xf32>
}

// divf by sqrt.
// DIV-SQRT: entry=div_sqrt target=cpu
// DIV-SQRT: checked=21 mismatches=0 check=pass
func.func @div_sqrt(%a: tensor<7x3xf32>) -> tensor<7x3xf32> {
  %c = arith.constant dense<2.0> : tensor<7x3xf32>
  %x = arith.addf %a, %c : tensor<7x3xf32>
  %s = math.sqrt %x : tensor<7x3xf32>
  %d = arith.divf %a, %s : tensor<7x3xf32>
  return %d : tensor<7x3xf32>
}

// tanh, sin, cos, exp2, log2, absf.
// MATH-MISC: entry=math_misc target=cpu
// MATH-MISC: checked=12 mismatches=0 check=pass
func.func @math_misc(%a: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %t = math.tanh %a : tensor<4x3xf32>
  %s = math.sin %t : tensor<4x3xf32>
  %c = math.cos %s : tensor<4x3xf32>
  %e = math.exp2 %c : tensor<4x3xf32>
  %l = math.log2 %e : tensor<4x3xf32>
  %ab = math.absf %a : tensor<4x3xf32>
  %o = arith.addf %l, %ab : tensor<4x3xf32>
  return %o : tensor<4x3xf32>
}
