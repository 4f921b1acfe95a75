// RUN: uop-opt %s -split-input-file --uop-simplify | FileCheck %s
// XFAIL: *
//
// Classes of tinygrad's symbolic tests (test/unit/test_symbolic.py) that
// uop-simplify does not simplify yet. Each case says what the result should
// be. When a case starts to pass, move it to simplify.mlir; this file
// fails (XFAIL) as long as any case here is not simplified.
// test_sum_lt_fold: a*4 + b < 16 is a < 4 for b in [0, 3]; test_mul_lt:
// a*4 < 13 is a < 4 (a comparison with a sum divided through by the common
// factor).
// CHECK-LABEL: uop.function @lt_fold
// CHECK-NOT: arith.muli
// CHECK: %[[X:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : index
// CHECK: uop.sink
uop.function @lt_fold() {
  %c4 = arith.constant 4 : index
  %c13 = arith.constant 13 : index
  %c16 = arith.constant 16 : index
  %a = uop.define_var "a" [0, 7]
  %b = uop.define_var "b" [0, 3]
  %a4 = arith.muli %a, %c4 : index
  %s = arith.addi %a4, %b : index
  %x = arith.cmpi slt, %s, %c16 : index
  %y = arith.cmpi slt, %a4, %c13 : index
  uop.sink %x, %y : i1, i1
}


// -----

// Combining split ranges (tinygrad's merge of adjacent ranges): R0 (8) and
// R1 (4) are only read as R0 * 4 + R1 and closed by the same END, so they are
// one RANGE of 32.
// CHECK-LABEL: uop.function @merge_ranges
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[R:.*]] = uop.range %[[C32]]
// CHECK-NOT: uop.range
// CHECK: uop.end %{{.*}}[%[[R]]]
uop.function @merge_ranges(%out: !uop.ptr<f32, global, 32>, %in: !uop.ptr<f32, global, 32>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = uop.range %c8, R0, loop
  %j = uop.range %c4, R1, loop
  %m = arith.muli %i, %c4 : index
  %f = arith.addi %m, %j : index
  %x = uop.index %in[%f] : !uop.ptr<f32, global, 32> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 32> -> f32
  %o = uop.index %out[%f] : !uop.ptr<f32, global, 32> -> f32
  %s = uop.store %o, %v : f32
  %e = uop.end %s[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "merge">
}

