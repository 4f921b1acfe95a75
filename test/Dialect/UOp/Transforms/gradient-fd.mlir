// Every rule of uop-gradient run and compared in f64: against central finite
// differences (all of an argument's in one uop-run) and against torch
// autograd. FD-INPUTS / FD-OPTIONS lines: Inputs/gradient_fd.py's docstring.
// REQUIRES: numpy
// RUN: %python %S/Inputs/gradient_fd.py uop-opt uop-run %s %t | FileCheck %s
// CHECK: all ok
// The same VJPs against torch autograd (skipped, saying so, without torch).
// RUN: %python %S/Inputs/gradient_torch.py uop-opt uop-run %s %t.torch | FileCheck %s --check-prefix=TORCH
// TORCH: {{all match torch|skipped: no torch}}

func.func @elementwise(%a: tensor<2x3xf64>, %b: tensor<2x3xf64>) -> tensor<2x3xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %e = math.exp %a : tensor<2x3xf64>
  %l = math.log %b : tensor<2x3xf64>
  %d = arith.divf %e, %b : tensor<2x3xf64>
  %s = math.sqrt %a : tensor<2x3xf64>
  %m = arith.maximumf %l, %s : tensor<2x3xf64>
  %q = arith.subf %d, %m : tensor<2x3xf64>
  %t = math.tanh %q : tensor<2x3xf64>
  %n = math.sin %t : tensor<2x3xf64>
  %c = arith.cmpf ogt, %a, %b : tensor<2x3xf64>
  %w = arith.select %c, %n, %a : tensor<2x3xi1>, tensor<2x3xf64>
  return %w : tensor<2x3xf64>
}

func.func @movement(%a: tensor<3x4xf64>) -> tensor<5x3xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %f = uop.flip %a [true, false] : tensor<3x4xf64>
  %p = uop.permute %f [1, 0] : tensor<3x4xf64> -> tensor<4x3xf64>
  %s = uop.shrink %p [1, 0] to [4, 3] : tensor<4x3xf64> -> tensor<3x3xf64>
  %q = uop.pad %s low [1, 0] high [1, 0] : tensor<3x3xf64> -> tensor<5x3xf64>
  %sq = arith.mulf %q, %q : tensor<5x3xf64>
  return %sq : tensor<5x3xf64>
}

func.func @reduce(%a: tensor<4x3xf64>) -> tensor<4x1xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %m = uop.reduce_axis max %a [1] : tensor<4x3xf64> -> tensor<4xf64>
  %r = uop.reshape %m : tensor<4xf64> -> tensor<4x1xf64>
  %e = uop.expand %r : tensor<4x1xf64> -> tensor<4x3xf64>
  %x = arith.subf %a, %e : tensor<4x3xf64>
  %ex = math.exp %x : tensor<4x3xf64>
  %s = uop.reduce_axis add %ex [1] : tensor<4x3xf64> -> tensor<4xf64>
  %sr = uop.reshape %s : tensor<4xf64> -> tensor<4x1xf64>
  return %sr : tensor<4x1xf64>
}

// addf, negf, minimumf, maxnumf, minnumf, remf (d/dy = -trunc(x / y)), mulf.
func.func @arith(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %s = arith.addf %a, %b : tensor<3xf64>
  %n = arith.negf %s : tensor<3xf64>
  %mn = arith.minimumf %a, %b : tensor<3xf64>
  %xn = arith.maxnumf %a, %b : tensor<3xf64>
  %nn = arith.minnumf %a, %b : tensor<3xf64>
  %r = arith.remf %s, %b : tensor<3xf64>
  %p1 = arith.mulf %mn, %xn : tensor<3xf64>
  %p2 = arith.mulf %nn, %r : tensor<3xf64>
  %q = arith.addf %p1, %p2 : tensor<3xf64>
  %o = arith.subf %q, %n : tensor<3xf64>
  return %o : tensor<3xf64>
}

// exp2, log2, rsqrt, cos, erf; floor/ceil/trunc/roundeven pass no gradient
// (their values scale the other terms').
func.func @math(%a: tensor<4xf64>) -> tensor<4xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %e2 = math.exp2 %a : tensor<4xf64>
  %l2 = math.log2 %a : tensor<4xf64>
  %rs = math.rsqrt %a : tensor<4xf64>
  %c = math.cos %a : tensor<4xf64>
  %er = math.erf %a : tensor<4xf64>
  %fl = math.floor %e2 : tensor<4xf64>
  %ce = math.ceil %l2 : tensor<4xf64>
  %tr = math.trunc %rs : tensor<4xf64>
  %re = math.roundeven %er : tensor<4xf64>
  %t1 = arith.mulf %fl, %l2 : tensor<4xf64>
  %t2 = arith.mulf %ce, %rs : tensor<4xf64>
  %t3 = arith.mulf %tr, %c : tensor<4xf64>
  %t4 = arith.mulf %re, %er : tensor<4xf64>
  %s1 = arith.addf %t1, %t2 : tensor<4xf64>
  %s2 = arith.addf %t3, %t4 : tensor<4xf64>
  %s3 = arith.addf %s1, %s2 : tensor<4xf64>
  %o = arith.addf %s3, %e2 : tensor<4xf64>
  return %o : tensor<4xf64>
}

// absf on both signs and at 0 (sign 0, also the central difference there);
// maximumf/minimumf/maxnumf/minnumf at ties (a[0] == b[0], a[2] == b[2])
// give each side half, the central difference of either (h small: a kink's
// one-sided error is O(h)).
// FD-INPUTS @abs_ties: [[-1.25, 0.0, 0.75, -0.5, 1.5], [-1.25, 0.25, 0.75, 0.5, 1.0]]
// FD-OPTIONS @abs_ties: h=1e-8
func.func @abs_ties(%a: tensor<5xf64>, %b: tensor<5xf64>) -> tensor<5xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %ab = math.absf %a : tensor<5xf64>
  %mx = arith.maximumf %a, %b : tensor<5xf64>
  %mn = arith.minimumf %a, %b : tensor<5xf64>
  %xn = arith.maxnumf %a, %b : tensor<5xf64>
  %nn = arith.minnumf %a, %b : tensor<5xf64>
  %mn2 = arith.mulf %mn, %mn : tensor<5xf64>
  %xn2 = arith.mulf %xn, %xn : tensor<5xf64>
  %xn3 = arith.mulf %xn2, %xn : tensor<5xf64>
  %nn2 = arith.mulf %nn, %nn : tensor<5xf64>
  %s1 = arith.addf %ab, %mx : tensor<5xf64>
  %s2 = arith.addf %mn2, %xn3 : tensor<5xf64>
  %s3 = arith.addf %s1, %s2 : tensor<5xf64>
  %o = arith.addf %s3, %nn2 : tensor<5xf64>
  return %o : tensor<5xf64>
}

// maximumf/minimumf/maxnumf/minnumf with NaN operands (p, q infinite make
// p - p NaN): maximumf/minimumf pass the cotangent to both operands where one
// is NaN (torch.maximum/minimum), maxnumf/minnumf to the one that is not NaN
// (torch.fmax/fmin; a NaN pair gives it to the first). Lanes: a tie, a NaN,
// b NaN, both NaN, a wins, b wins. Weights 1, 2, 4, 8 tell the rules apart.
// FD-INPUTS @minmax_nan: [[1.0, 1.0, 1.0, 1.0, 2.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 2.0], [0.0, 1e999, 0.0, 1e999, 0.0, 0.0], [0.0, 0.0, 1e999, 1e999, 0.0, 0.0]]
// FD-OPTIONS @minmax_nan: fd=0
func.func @minmax_nan(%a: tensor<6xf64>, %b: tensor<6xf64>, %p: tensor<6xf64>, %q: tensor<6xf64>) -> tensor<6xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %np = arith.subf %p, %p : tensor<6xf64>
  %nq = arith.subf %q, %q : tensor<6xf64>
  %an = arith.addf %a, %np : tensor<6xf64>
  %bn = arith.addf %b, %nq : tensor<6xf64>
  %mx = arith.maximumf %an, %bn : tensor<6xf64>
  %mn = arith.minimumf %an, %bn : tensor<6xf64>
  %xn = arith.maxnumf %an, %bn : tensor<6xf64>
  %nn = arith.minnumf %an, %bn : tensor<6xf64>
  %c2 = arith.constant dense<2.0> : tensor<6xf64>
  %c4 = arith.constant dense<4.0> : tensor<6xf64>
  %c8 = arith.constant dense<8.0> : tensor<6xf64>
  %mn2 = arith.mulf %mn, %c2 : tensor<6xf64>
  %xn4 = arith.mulf %xn, %c4 : tensor<6xf64>
  %nn8 = arith.mulf %nn, %c8 : tensor<6xf64>
  %s1 = arith.addf %mx, %mn2 : tensor<6xf64>
  %s2 = arith.addf %xn4, %nn8 : tensor<6xf64>
  %o = arith.addf %s1, %s2 : tensor<6xf64>
  return %o : tensor<6xf64>
}

// powf in both operands.
func.func @pow(%b: tensor<3xf64>, %e: tensor<3xf64>) -> tensor<3xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %p = math.powf %b, %e : tensor<3xf64>
  return %p : tensor<3xf64>
}

// powf's base gradient at base 0 (0 where e == 0, e * 0^(e-1) else) and
// exponent 0.
// FD-INPUTS @pow_base0: [[0.0, 0.0, 0.0, 1.25], [0.0, 2.0, 3.0, -2.0]]
func.func @pow_base0(%b: tensor<4xf64>, %e: tensor<4xf64>) -> tensor<4xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %p = math.powf %b, %e : tensor<4xf64>
  return %p : tensor<4xf64>
}

// powf's exponent gradient at base 0: 0 for e > 0.
// FD-INPUTS @pow_exp0: [[0.0, 0.0, 1.25, 0.75], [2.0, 0.5, -0.5, 1.5]]
func.func @pow_exp0(%b: tensor<4xf64>, %e: tensor<4xf64>) -> tensor<4xf64> attributes {uop.grad_wrt = array<i64: 1>} {
  %p = math.powf %b, %e : tensor<4xf64>
  return %p : tensor<4xf64>
}

// ... and -inf for e < 0, where 0^e is infinite: against torch only.
// FD-INPUTS @pow_exp0_neg: [[0.0, 0.0, 0.5], [-1.5, 0.0, -1.0]]
// FD-OPTIONS @pow_exp0_neg: fd=0
func.func @pow_exp0_neg(%b: tensor<3xf64>, %e: tensor<3xf64>) -> tensor<3xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %p = math.powf %b, %e : tensor<3xf64>
  return %p : tensor<3xf64>
}

// REDUCE_AXIS min (a softmin).
func.func @reduce_min(%a: tensor<2x3xf64>) -> tensor<2xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %m = uop.reduce_axis min %a [1] : tensor<2x3xf64> -> tensor<2xf64>
  %r = uop.reshape %m : tensor<2xf64> -> tensor<2x1xf64>
  %e = uop.expand %r : tensor<2x1xf64> -> tensor<2x3xf64>
  %x = arith.subf %e, %a : tensor<2x3xf64>
  %ex = math.exp %x : tensor<2x3xf64>
  %s = uop.reduce_axis add %ex [1] : tensor<2x3xf64> -> tensor<2xf64>
  return %s : tensor<2xf64>
}

// REDUCE_AXIS max/min among ties: three equal elements (an EXPAND) each get
// a third, adding back to 1; two equal inputs each get half, which is also
// the central difference of either.
// FD-INPUTS @reduce_ties: [None, [[1.0, 1.0, 0.5], [0.25, 0.75, 0.75]]]
func.func @reduce_ties(%a: tensor<3x1xf64>, %b: tensor<2x3xf64>) -> tensor<5xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %e = uop.expand %a : tensor<3x1xf64> -> tensor<3x4xf64>
  %mx = uop.reduce_axis max %e [1] : tensor<3x4xf64> -> tensor<3xf64>
  %mn = uop.reduce_axis min %e [1] : tensor<3x4xf64> -> tensor<3xf64>
  %p = arith.mulf %mx, %mn : tensor<3xf64>
  %bx = uop.reduce_axis max %b [1] : tensor<2x3xf64> -> tensor<2xf64>
  %bn = uop.reduce_axis min %b [1] : tensor<2x3xf64> -> tensor<2xf64>
  %q = arith.mulf %bx, %bn : tensor<2xf64>
  %pp = uop.pad %p low [0] high [2] : tensor<3xf64> -> tensor<5xf64>
  %qp = uop.pad %q low [3] high [0] : tensor<2xf64> -> tensor<5xf64>
  %o = arith.addf %pp, %qp : tensor<5xf64>
  return %o : tensor<5xf64>
}

// REDUCE_AXIS mul (prod) over one axis and over two.
func.func @prod(%a: tensor<2x3xf64>) -> tensor<3xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %p = uop.reduce_axis mul %a [0] : tensor<2x3xf64> -> tensor<3xf64>
  %q = uop.reduce_axis mul %a [0, 1] : tensor<2x3xf64> -> tensor<f64>
  %r = uop.reshape %q : tensor<f64> -> tensor<1xf64>
  %e = uop.expand %r : tensor<1xf64> -> tensor<3xf64>
  %o = arith.addf %p, %e : tensor<3xf64>
  return %o : tensor<3xf64>
}

// prod with zeros: one zero gets the product of the others, the rest 0;
// two zeros give everything 0.
// FD-INPUTS @prod_zeros: [[[0.0, 1.25, 0.5], [0.0, 0.0, 2.0], [0.75, 1.5, 0.5]]]
func.func @prod_zeros(%a: tensor<3x3xf64>) -> tensor<3xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %p = uop.reduce_axis mul %a [1] : tensor<3x3xf64> -> tensor<3xf64>
  return %p : tensor<3xf64>
}

// truncf/extf: the cotangent is cast back (f32 rounds the step, hence h).
// FD-OPTIONS @casts: h=1e-2 tol=1e-4 torch_tol=1e-6
func.func @casts(%a: tensor<3xf64>) -> tensor<3xf64> attributes {uop.grad_wrt = array<i64: 0>} {
  %t = arith.truncf %a : tensor<3xf64> to tensor<3xf32>
  %s = arith.mulf %t, %t : tensor<3xf32>
  %e = arith.extf %s : tensor<3xf32> to tensor<3xf64>
  %o = arith.addf %e, %a : tensor<3xf64>
  return %o : tensor<3xf64>
}

// COPY (of a COPY: back to the first's device), CONTIGUOUS and
// CONTIGUOUS_BACKWARD pass the cotangent.
func.func @passthrough(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %d = uop.device "CPU"
  %c1 = uop.copy %a, %d : tensor<3xf64>
  %c2 = uop.copy %c1, %d : tensor<3xf64>
  %k = uop.contiguous %c2 : tensor<3xf64>
  %kb = uop.contiguous_backward %b : tensor<3xf64>
  %m = arith.mulf %k, %kb : tensor<3xf64>
  %o = arith.mulf %m, %k : tensor<3xf64>
  return %o : tensor<3xf64>
}

// DETACH stops the gradient and an unused argument gets zeros, which are not
// the derivative: against torch only.
// FD-OPTIONS @stop: fd=0
func.func @stop(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %d = uop.detach %a : tensor<3xf64>
  %m = arith.mulf %a, %d : tensor<3xf64>
  return %m : tensor<3xf64>
}

// Matmul: EXPAND * EXPAND -> REDUCE_AXIS add, then tanh.
func.func @matmul(%a: tensor<2x3xf64>, %b: tensor<3x2xf64>) -> tensor<2x2xf64> attributes {uop.grad_wrt = array<i64: 0, 1>} {
  %ar = uop.reshape %a : tensor<2x3xf64> -> tensor<2x1x3xf64>
  %ae = uop.expand %ar : tensor<2x1x3xf64> -> tensor<2x2x3xf64>
  %bt = uop.permute %b [1, 0] : tensor<3x2xf64> -> tensor<2x3xf64>
  %br = uop.reshape %bt : tensor<2x3xf64> -> tensor<1x2x3xf64>
  %be = uop.expand %br : tensor<1x2x3xf64> -> tensor<2x2x3xf64>
  %p = arith.mulf %ae, %be : tensor<2x2x3xf64>
  %c = uop.reduce_axis add %p [2] : tensor<2x2x3xf64> -> tensor<2x2xf64>
  %t = math.tanh %c : tensor<2x2xf64>
  return %t : tensor<2x2xf64>
}
