// RUN: uop-run %s --entry relu_of_sum --target cpu --check --repeat 1 | FileCheck %s --check-prefix=ONE
// RUN: uop-run %s --entry variance --target cpu --check --repeat 1 | FileCheck %s --check-prefix=ONE
// RUN: uop-run %s --entry centered_sum_of_squares --target cpu --check --repeat 1 | FileCheck %s --check-prefix=ONE
// RUN: uop-run %s --entry sum_minus_itself --target cpu --check --repeat 1 | FileCheck %s --check-prefix=ONE
// RUN: uop-run %s --entry layernorm --target cpu --check --repeat 1 | FileCheck %s --check-prefix=THREE
// RUN: uop-opt %s --uop-to-program=target=cpu | uop-translate --uop-to-c | FileCheck %s --check-prefix=C
//
// Fusion where tinygrad fuses (issue 12's fusion note). Each program is
// checked against the interpreter and its kernel count is pinned:
// - a sum read twice by elementwise ops that meet again (relu(s) + s) is
//   computed once in its consumer's kernel (it used to get its own kernel);
// - a reduction broadcast into another reduction over the broadcast axis
//   (the mean inside a variance) is computed inside the outer reduction's
//   kernel, once per row: uop-devectorize runs it before the outer
//   reduction's loop, not inside it (the C check below);
// - when such a twice-read sum folds away (s - s is 0), the loads of its
//   dead reduction are dropped with it (uop-simplify): a kept load held its
//   reduce range open ("range is never closed by an END", fuzz seed 854);
// - a layernorm's mean and variance are broadcast to every output element:
//   fusing them would recompute both per element (per thread on a GPU), so
//   the mean and the variance are each realized: three kernels.

// ONE: kernels=1
// THREE: kernels=3
// ONE: mismatches=0 check=pass
// THREE: mismatches=0 check=pass

func.func @relu_of_sum(%a: tensor<32x64xf32>) -> tensor<32xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<32x64xf32> -> tensor<32xf32>
  %z = arith.constant dense<0.0> : tensor<32xf32>
  %r = arith.maximumf %s, %z : tensor<32xf32>
  %o = arith.addf %r, %s : tensor<32xf32>
  return %o : tensor<32xf32>
}

func.func @sum_minus_itself(%a: tensor<12x12xi32>) -> tensor<2x13xi32> {
  %e = uop.reshape %a : tensor<12x12xi32> -> tensor<1x12x12xi32>
  %p = uop.pad %e low [1, 2, 0] high [0, 2, 1] : tensor<1x12x12xi32> -> tensor<2x16x13xi32>
  %s = uop.reduce_axis max %p [1] : tensor<2x16x13xi32> -> tensor<2x13xi32>
  %d = arith.subi %s, %s : tensor<2x13xi32>
  return %d : tensor<2x13xi32>
}

// The variance kernel: the row loop holds two reduction loops one after the
// other (the mean's, then the variance's), not one inside the other.
// C-LABEL: static void uopk_variance_k0(
// C: for (int64_t [[ROW:r[0-9]+]] = 0;
// C: for (int64_t [[MEAN:r[0-9]+]] = 0;
// C: }
// C: for (int64_t [[VAR:r[0-9]+]] = 0;
// C: }
// C-NEXT: const uoph_f32x{{[0-9]+}} {{v[0-9]+}} = acc1;
// C-LABEL: static void uopk_centered_sum_of_squares_k0(
func.func @variance(%a: tensor<32x64xf32>) -> tensor<32xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<32x64xf32> -> tensor<32xf32>
  %n = arith.constant dense<64.0> : tensor<32xf32>
  %m = arith.divf %s, %n : tensor<32xf32>
  %mr = uop.reshape %m : tensor<32xf32> -> tensor<32x1xf32>
  %me = uop.expand %mr : tensor<32x1xf32> -> tensor<32x64xf32>
  %d = arith.subf %a, %me : tensor<32x64xf32>
  %q = arith.mulf %d, %d : tensor<32x64xf32>
  %v = uop.reduce_axis add %q [1] : tensor<32x64xf32> -> tensor<32xf32>
  %r = arith.divf %v, %n : tensor<32xf32>
  return %r : tensor<32xf32>
}

// The broadcast axis is the first one: sum over rows of (a - column sum)^2.
func.func @centered_sum_of_squares(%a: tensor<16x24xf32>) -> tensor<24xf32> {
  %s = uop.reduce_axis add %a [0] : tensor<16x24xf32> -> tensor<24xf32>
  %sr = uop.reshape %s : tensor<24xf32> -> tensor<1x24xf32>
  %se = uop.expand %sr : tensor<1x24xf32> -> tensor<16x24xf32>
  %d = arith.subf %a, %se : tensor<16x24xf32>
  %q = arith.mulf %d, %d : tensor<16x24xf32>
  %v = uop.reduce_axis add %q [0] : tensor<16x24xf32> -> tensor<24xf32>
  return %v : tensor<24xf32>
}

func.func @layernorm(%a: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<32x64xf32> -> tensor<32xf32>
  %n = arith.constant dense<64.0> : tensor<32xf32>
  %m = arith.divf %s, %n : tensor<32xf32>
  %mr = uop.reshape %m : tensor<32xf32> -> tensor<32x1xf32>
  %me = uop.expand %mr : tensor<32x1xf32> -> tensor<32x64xf32>
  %d = arith.subf %a, %me : tensor<32x64xf32>
  %q = arith.mulf %d, %d : tensor<32x64xf32>
  %v = uop.reduce_axis add %q [1] : tensor<32x64xf32> -> tensor<32xf32>
  %w = arith.divf %v, %n : tensor<32xf32>
  %eps = arith.constant dense<1.0e-5> : tensor<32xf32>
  %we = arith.addf %w, %eps : tensor<32xf32>
  %rs = math.rsqrt %we : tensor<32xf32>
  %rr = uop.reshape %rs : tensor<32xf32> -> tensor<32x1xf32>
  %re = uop.expand %rr : tensor<32x1xf32> -> tensor<32x64xf32>
  %o = arith.mulf %d, %re : tensor<32x64xf32>
  return %o : tensor<32x64xf32>
}
