// RUN: uop-opt %s -split-input-file --uop-simplify | FileCheck %s
//
// More classes of tinygrad's symbolic rules (test/unit/test_symbolic.py):
// nested division, cancelling terms, negative constants, sums with subi, a
// split index put back together, a gate that is always false.

// test_mod_to_sub: (a + 1) % 2 for a in [1, 2] is a - 1 (the operand stays
// within one period [2, 3], so the mod is a subtraction).
// CHECK-LABEL: uop.function @mod_to_sub
// CHECK-NOT: arith.remui
// CHECK: uop.sink
uop.function @mod_to_sub() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = uop.define_var "a" [1, 2]
  %s = arith.addi %a, %c1 : index
  %m = arith.remui %s, %c2 : index
  uop.sink %m : index
}


// -----

// test_div_div: (a // 2) // 3 is a // 6 (nested divisions of non-negative
// values compose).
// CHECK-LABEL: uop.function @div_div
// CHECK: %[[C6:.*]] = arith.constant 6 : index
// CHECK: %[[D:.*]] = arith.divui %{{.*}}, %[[C6]] : index
// CHECK-NOT: arith.divui
// CHECK: uop.sink %[[D]] : index
uop.function @div_div() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = uop.define_var "a" [0, 100]
  %d = arith.divui %a, %c2 : index
  %e = arith.divui %d, %c3 : index
  uop.sink %e : index
}


// -----

// test_sum_num_hoisted_and_factors_cancel_out: (a*-4 + 1) + a*4 is 1 (like
// terms of a sum are combined outside a div/mod too).
// CHECK-LABEL: uop.function @factors_cancel
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NOT: arith.muli
// CHECK: uop.sink %[[C1]] : index
uop.function @factors_cancel() {
  %c4 = arith.constant 4 : index
  %cm4 = arith.constant -4 : index
  %c1 = arith.constant 1 : index
  %a = uop.define_var "a" [0, 10]
  %x = arith.muli %a, %cm4 : index
  %y = arith.addi %x, %c1 : index
  %z = arith.muli %a, %c4 : index
  %w = arith.addi %y, %z : index
  uop.sink %w : index
}


// -----

// test_div_factor (negative constant): (a*2 + b*40 - 40) // 40 with a in
// [0, 10], b in [1, 10] is b - 1 + (a*2) // 40 = b - 1: a negative constant
// that is a multiple of the divisor moves out of the division (floor
// semantics), and a*2 <= 20 < 40.
// CHECK-LABEL: uop.function @div_negative_constant
// CHECK-NOT: arith.floordivsi
// CHECK: uop.sink
uop.function @div_negative_constant() {
  %cm40 = arith.constant -40 : index
  %c2 = arith.constant 2 : index
  %c40 = arith.constant 40 : index
  %a = uop.define_var "a" [0, 10]
  %b = uop.define_var "b" [1, 10]
  %a2 = arith.muli %a, %c2 : index
  %b40 = arith.muli %b, %c40 : index
  %s = arith.addi %a2, %b40 : index
  %t = arith.addi %s, %cm40 : index
  %d = arith.floordivsi %t, %c40 : index
  uop.sink %d : index
}


// -----

// Sums written with SUBI: (a*4 - 4 + b) // 4 is a - 1 and (a*4 - 4 + b) % 4
// is b for a in [1, 7], b in [0, 3]. (Simplify.cpp's collect() says it looks
// through subi; it only looks through addi and muli by a constant.)
// CHECK-LABEL: uop.function @sub_terms
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: uop.sink
uop.function @sub_terms() {
  %c4 = arith.constant 4 : index
  %a = uop.define_var "a" [1, 7]
  %b = uop.define_var "b" [0, 3]
  %a4 = arith.muli %a, %c4 : index
  %s = arith.subi %a4, %c4 : index
  %t = arith.addi %s, %b : index
  %d = arith.divui %t, %c4 : index
  %m = arith.remui %t, %c4 : index
  uop.sink %d, %m : index, index
}


// -----

// Recombining a split index: (a // 4) * 4 + a % 4 is a.
// CHECK-LABEL: uop.function @recombine_div_mod
// CHECK: %[[A:.*]] = uop.define_var "a"[0, 63]
// CHECK-NEXT: uop.sink %[[A]] : index
uop.function @recombine_div_mod() {
  %c4 = arith.constant 4 : index
  %a = uop.define_var "a" [0, 63]
  %d = arith.divui %a, %c4 : index
  %m = arith.remui %a, %c4 : index
  %d4 = arith.muli %d, %c4 : index
  %x = arith.addi %d4, %m : index
  uop.sink %x : index
}


// -----

// A gate that is always false: the LOAD is its alt and touches no memory.
// CHECK-LABEL: uop.function @false_gate
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT: uop.load
// CHECK: uop.sink %[[Z]] : f32
uop.function @false_gate(%in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %zero = arith.constant 0.0 : f32
  %i = uop.range %c8, R0, loop
  %g = arith.cmpi sge, %i, %c9 : index
  %x = uop.index %in[%i] gate %g : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x alt %zero : !uop.ptr<f32, global, 8> -> f32
  uop.sink %v : f32
}
