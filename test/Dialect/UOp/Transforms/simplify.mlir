// RUN: uop-opt %s -split-input-file --uop-simplify | FileCheck %s
//
// uop-simplify: symbolic simplification of index arithmetic with the integer
// ranges of RANGE (0 .. end-1), SPECIAL and DEFINE_VAR ([min, max]). The
// cases port the classes of tinygrad's test/unit/test_symbolic.py (names in
// the comments); a DEFINE_VAR stands for tinygrad's Variable("a", lo, hi),
// and a FUNCTION's SINK collects the expressions under test.
// simplify-unimplemented.mlir lists the classes not simplified yet.

// test_div_remove, test_mod_remove: a // 20 -> 0 and a % 20 -> a for a in
// [0, 7] (x // c and x % c decided by bounds).
// CHECK-LABEL: uop.function @div_mod_remove
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 7]
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: uop.sink %[[C0]], %[[A]] : index, index
uop.function @div_mod_remove() {
  %c20 = arith.constant 20 : index
  %a = uop.define_var "a" [0, 7]
  %d = arith.divui %a, %c20 : index
  %m = arith.remui %a, %c20 : index
  uop.sink %d, %m : index, index
}

// -----

// test_mul_div: (a*4)//4 -> a; test_mul_div_factor_mul: (a*8)//4 -> a*2;
// test_mul_div_factor_div: (a*4)//8 -> a//2 (gcd of term and divisor).
// CHECK-LABEL: uop.function @mul_div
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 10]
// CHECK-DAG: %[[A2:.*]] = arith.muli %[[A]], %[[C2]] : index
// CHECK-DAG: %[[AD2:.*]] = arith.divui %[[A]], %[[C2]] : index
// CHECK: uop.sink %[[A]], %[[A2]], %[[AD2]] : index, index, index
uop.function @mul_div() {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a = uop.define_var "a" [0, 10]
  %m4 = arith.muli %a, %c4 : index
  %m8 = arith.muli %a, %c8 : index
  %d1 = arith.divui %m4, %c4 : index
  %d2 = arith.divui %m8, %c4 : index
  %d3 = arith.divui %m4, %c8 : index
  uop.sink %d1, %d2, %d3 : index, index, index
}

// -----

// test_sum_div_const: (a*4 + 4)//4 -> a+1; test_sum_div_const_big:
// (a*4 + 4)//16 -> (a+1)//4.
// CHECK-LABEL: uop.function @sum_div_const
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 7]
// CHECK-DAG: %[[P1:.*]] = arith.addi %[[A]], %[[C1]] : index
// CHECK-DAG: %[[P2:.*]] = arith.addi %[[A]], %[[C1]] : index
// CHECK-DAG: %[[D:.*]] = arith.divui %[[P2]], %[[C4]] : index
// CHECK: uop.sink %[[P1]], %[[D]] : index, index
uop.function @sum_div_const() {
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %a = uop.define_var "a" [0, 7]
  %m = arith.muli %a, %c4 : index
  %s = arith.addi %m, %c4 : index
  %d1 = arith.divui %s, %c4 : index
  %d2 = arith.divui %s, %c16 : index
  uop.sink %d1, %d2 : index, index
}

// -----

// gcd of terms, constant and divisor: (4*x + 8)//4 -> x + 2, and
// (6*x)//4 -> (3*x)//2.
// CHECK-LABEL: uop.function @gcd
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[X:.*]] = uop.define_var "x"[0, 100]
// CHECK-DAG: %[[XP2:.*]] = arith.addi %[[X]], %[[C2]] : index
// CHECK-DAG: %[[X3:.*]] = arith.muli %[[X]], %[[C3]] : index
// CHECK-DAG: %[[D:.*]] = arith.divui %[[X3]], %[[C2]] : index
// CHECK: uop.sink %[[XP2]], %[[D]] : index, index
uop.function @gcd() {
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %x = uop.define_var "x" [0, 100]
  %m = arith.muli %x, %c4 : index
  %s = arith.addi %m, %c8 : index
  %d1 = arith.divui %s, %c4 : index
  %m6 = arith.muli %x, %c6 : index
  %d2 = arith.divui %m6, %c4 : index
  uop.sink %d1, %d2 : index, index
}

// -----

// test_sum_div_factor: (a*4 + b*4)//2 -> a*2 + b*2;
// test_sum_div_some_factor: (a*5 + b*4)//2 -> b*2 + (a*5)//2.
// CHECK-LABEL: uop.function @sum_div_factor
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 7]
// CHECK-DAG: %[[B:.*]] = uop.define_var "b"[0, 3]
// CHECK-DAG: %[[A2:.*]] = arith.muli %[[A]], %[[C2]] : index
// CHECK-DAG: %[[B2:.*]] = arith.muli %[[B]], %[[C2]] : index
// CHECK-DAG: %[[S1:.*]] = arith.addi %[[A2]], %[[B2]] : index
// CHECK-DAG: %[[B2b:.*]] = arith.muli %[[B]], %[[C2]] : index
// CHECK-DAG: %[[A5:.*]] = arith.muli %[[A]], %[[C5]] : index
// CHECK-DAG: %[[A5D:.*]] = arith.divui %[[A5]], %[[C2]] : index
// CHECK-DAG: %[[S2:.*]] = arith.addi %[[B2b]], %[[A5D]] : index
// CHECK: uop.sink %[[S1]], %[[S2]] : index, index
uop.function @sum_div_factor() {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = uop.define_var "a" [0, 7]
  %b = uop.define_var "b" [0, 3]
  %a4 = arith.muli %a, %c4 : index
  %b4 = arith.muli %b, %c4 : index
  %s = arith.addi %a4, %b4 : index
  %d1 = arith.divui %s, %c2 : index
  %a5 = arith.muli %a, %c5 : index
  %t = arith.addi %a5, %b4 : index
  %d2 = arith.divui %t, %c2 : index
  uop.sink %d1, %d2 : index, index
}

// -----

// test_sum_div_some_partial_factor: (a*6 + b*16)//16 -> b + (a*3)//8.
// CHECK-LABEL: uop.function @sum_div_partial_factor
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 7]
// CHECK-DAG: %[[B:.*]] = uop.define_var "b"[0, 3]
// CHECK-DAG: %[[A3:.*]] = arith.muli %[[A]], %[[C3]] : index
// CHECK-DAG: %[[Q:.*]] = arith.divui %[[A3]], %[[C8]] : index
// CHECK-DAG: %[[S:.*]] = arith.addi %[[B]], %[[Q]] : index
// CHECK: uop.sink %[[S]] : index
uop.function @sum_div_partial_factor() {
  %c6 = arith.constant 6 : index
  %c16 = arith.constant 16 : index
  %a = uop.define_var "a" [0, 7]
  %b = uop.define_var "b" [0, 3]
  %a6 = arith.muli %a, %c6 : index
  %b16 = arith.muli %b, %c16 : index
  %s = arith.addi %a6, %b16 : index
  %d = arith.divui %s, %c16 : index
  uop.sink %d : index
}

// -----

// test_sum_div_remove: (a + b)//20 -> 0 (the bounds of a sum).
// CHECK-LABEL: uop.function @sum_div_remove
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NOT: arith.divui
// CHECK: uop.sink %[[C0]] : index
uop.function @sum_div_remove() {
  %c20 = arith.constant 20 : index
  %a = uop.define_var "a" [0, 7]
  %b = uop.define_var "b" [0, 3]
  %s = arith.addi %a, %b : index
  %d = arith.divui %s, %c20 : index
  uop.sink %d : index
}

// -----

// test_mod_factor: (a*100 + b*50) % 100 -> (b*50) % 100 (multiples of the
// divisor drop out of a mod).
// CHECK-LABEL: uop.function @mod_factor
// CHECK-DAG: %[[C50:.*]] = arith.constant 50 : index
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK-DAG: %[[B:.*]] = uop.define_var "b"[0, 3]
// CHECK-NOT: uop.define_var "a"
// CHECK-DAG: %[[B50:.*]] = arith.muli %[[B]], %[[C50]] : index
// CHECK-DAG: %[[M:.*]] = arith.remui %[[B50]], %[[C100]] : index
// CHECK: uop.sink %[[M]] : index
uop.function @mod_factor() {
  %c50 = arith.constant 50 : index
  %c100 = arith.constant 100 : index
  %a = uop.define_var "a" [0, 7]
  %b = uop.define_var "b" [0, 3]
  %a100 = arith.muli %a, %c100 : index
  %b50 = arith.muli %b, %c50 : index
  %s = arith.addi %a100, %b50 : index
  %m = arith.remui %s, %c100 : index
  uop.sink %m : index
}

// -----

// A coefficient reduced modulo the divisor: (kw*59 + ow) % 58 -> kw + ow
// for kw in [0, 2], ow in [0, 55] (a padded conv's input column, where
// 58 = 56 + 2 pads and 59 = 58 + 1): the reduced sum stays below 58, so
// the mod goes; (kw*59 + ow) % 58 with ow up to 57 keeps a mod of kw + ow.
// CHECK-LABEL: uop.function @mod_coefficient
// CHECK-DAG: %[[KW:.*]] = uop.define_var "kw"[0, 2]
// CHECK-DAG: %[[OW:.*]] = uop.define_var "ow"[0, 55]
// CHECK-DAG: %[[OW2:.*]] = uop.define_var "ow2"[0, 57]
// CHECK-DAG: %[[C58:.*]] = arith.constant 58 : index
// CHECK-DAG: %[[S:.*]] = arith.addi %[[KW]], %[[OW]] : index
// CHECK-DAG: %[[S2:.*]] = arith.addi %[[KW]], %[[OW2]] : index
// CHECK-DAG: %[[M2:.*]] = arith.remui %[[S2]], %[[C58]] : index
// CHECK: uop.sink %[[S]], %[[M2]] : index, index
uop.function @mod_coefficient() {
  %c59 = arith.constant 59 : index
  %c58 = arith.constant 58 : index
  %kw = uop.define_var "kw" [0, 2]
  %ow = uop.define_var "ow" [0, 55]
  %ow2 = uop.define_var "ow2" [0, 57]
  %k59 = arith.muli %kw, %c59 : index
  %s = arith.addi %k59, %ow : index
  %m = arith.remui %s, %c58 : index
  %s2 = arith.addi %k59, %ow2 : index
  %m2 = arith.remui %s2, %c58 : index
  uop.sink %m, %m2 : index, index
}

// -----

// test_mod_mul: (a*100) % 10 -> 0.
// CHECK-LABEL: uop.function @mod_mul
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NOT: arith.remui
// CHECK: uop.sink %[[C0]] : index
uop.function @mod_mul() {
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %a = uop.define_var "a" [0, 7]
  %a100 = arith.muli %a, %c100 : index
  %m = arith.remui %a100, %c10 : index
  uop.sink %m : index
}

// -----

// Nested mod: (a % 12) % 4 -> a % 4 (12 is a multiple of 4), and
// (a % 4) % 12 -> a % 4 (the inner mod is already below 12).
// CHECK-LABEL: uop.function @nested_mod
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 31]
// CHECK-DAG: %[[M1:.*]] = arith.remui %[[A]], %[[C4]] : index
// CHECK-DAG: %[[M2:.*]] = arith.remui %[[A]], %[[C4]] : index
// CHECK-NOT: arith.constant 12
// CHECK: uop.sink %[[M1]], %[[M2]] : index, index
uop.function @nested_mod() {
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %a = uop.define_var "a" [0, 31]
  %m12 = arith.remui %a, %c12 : index
  %m = arith.remui %m12, %c4 : index
  %m4 = arith.remui %a, %c4 : index
  %n = arith.remui %m4, %c12 : index
  uop.sink %m, %n : index, index
}

// -----

// test_mul_mul: (a*2)*3 -> a*6; test_distribute_mul: (a+3)*4 -> a*4 + 12.
// CHECK-LABEL: uop.function @mul_mul
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 100]
// CHECK-DAG: %[[A6:.*]] = arith.muli %[[A]], %[[C6]] : index
// CHECK-DAG: %[[A4:.*]] = arith.muli %[[A]], %[[C4]] : index
// CHECK-DAG: %[[S:.*]] = arith.addi %[[A4]], %[[C12]] : index
// CHECK: uop.sink %[[A6]], %[[S]] : index, index
uop.function @mul_mul() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = uop.define_var "a" [0, 100]
  %m = arith.muli %a, %c2 : index
  %n = arith.muli %m, %c3 : index
  %s = arith.addi %a, %c3 : index
  %t = arith.muli %s, %c4 : index
  uop.sink %n, %t : index, index
}

// -----

// test_sum_combine_num: (a + 29) + -23 -> a + 6.
// CHECK-LABEL: uop.function @combine_constants
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 10]
// CHECK-DAG: %[[S:.*]] = arith.addi %[[A]], %[[C6]] : index
// CHECK: uop.sink %[[S]] : index
uop.function @combine_constants() {
  %c29 = arith.constant 29 : index
  %cm23 = arith.constant -23 : index
  %a = uop.define_var "a" [0, 10]
  %s = arith.addi %a, %c29 : index
  %t = arith.addi %s, %cm23 : index
  uop.sink %t : index
}

// -----

// Constant folding and identities: 7//3, 7%3, a*0, a*1, a+0.
// CHECK-LABEL: uop.function @const_fold
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 7]
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.addi
// CHECK: uop.sink %[[C2]], %[[C1]], %[[C0]], %[[A]], %[[A]] : index, index, index, index, index
uop.function @const_fold() {
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = uop.define_var "a" [0, 7]
  %x = arith.divui %c7, %c3 : index
  %y = arith.remui %c7, %c3 : index
  %z = arith.muli %a, %c0 : index
  %w = arith.muli %a, %c1 : index
  %v = arith.addi %a, %c0 : index
  uop.sink %x, %y, %z, %w, %v : index, index, index, index, index
}

// -----

// test_ge / test_lt: comparisons the bounds of a in [3, 8] decide fold to
// constants; a < 8 is not decided and stays.
// CHECK-LABEL: uop.function @compare
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[3, 8]
// CHECK-DAG: %[[LT:.*]] = arith.cmpi slt, %[[A]], %[[C8]] : index
// CHECK: uop.sink %[[F]], %[[T]], %[[T]], %[[LT]] : i1, i1, i1, i1
uop.function @compare() {
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %a = uop.define_var "a" [3, 8]
  %x = arith.cmpi sge, %a, %c9 : index
  %y = arith.cmpi sge, %a, %c3 : index
  %z = arith.cmpi slt, %a, %c9 : index
  %w = arith.cmpi slt, %a, %c8 : index
  uop.sink %x, %y, %z, %w : i1, i1, i1, i1
}

// -----

// RANGE bounds: (a*4 + b)//4 -> a and (a*4 + b)%4 -> b for a split index
// (b < 4), through divui / remui, divsi / remsi and floordivsi alike.
// CHECK-LABEL: uop.function @split_index
// CHECK: %[[A:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[B:.*]] = uop.range %{{.*}}, R1, loop
// CHECK-NOT: arith.
// CHECK: uop.sink %[[A]], %[[B]], %[[A]], %[[B]], %[[A]] : index, index, index, index, index
uop.function @split_index() {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a = uop.range %c8, R0, loop
  %b = uop.range %c4, R1, loop
  %m = arith.muli %a, %c4 : index
  %x = arith.addi %m, %b : index
  %d = arith.divui %x, %c4 : index
  %r = arith.remui %x, %c4 : index
  %ds = arith.divsi %x, %c4 : index
  %rs = arith.remsi %x, %c4 : index
  %f = arith.floordivsi %x, %c4 : index
  uop.sink %d, %r, %ds, %rs, %f : index, index, index, index, index
}

// -----

// SPECIAL bounds: threadIdx.x in [0, 31] is below 64.
// CHECK-LABEL: uop.function @special_bounds
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[T:.*]] = uop.special %{{.*}}, threadIdx.x
// CHECK: uop.sink %[[C0]], %[[T]] : index, index
uop.function @special_bounds() {
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %t = uop.special %c32, threadIdx.x
  %d = arith.divui %t, %c64 : index
  %m = arith.remui %t, %c64 : index
  uop.sink %d, %m : index, index
}

// -----

// The index arithmetic rangeify writes for a matmul's broadcasts (RESHAPE of
// A to 8x1x6, PERMUTE + RESHAPE of B): (i*6 + k) // 6 -> i, (i*6 + k) % 6 -> k,
// and likewise for B. The kernel reads A[i, k] and B[k, j].
// CHECK-LABEL: uop.function @matmul_k0
// CHECK-SAME: (%[[C:.*]]: !uop.ptr<f32, global, 40> {uop.shape = array<i64: 8, 5>}, %[[A:.*]]: !uop.ptr<f32, global, 48> {uop.shape = array<i64: 8, 6>}, %[[B:.*]]: !uop.ptr<f32, global, 30> {uop.shape = array<i64: 6, 5>})
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[J:.*]] = uop.range %{{.*}}, R1, loop
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R2, reduce
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: uop.index %[[A]][%[[I]], %[[K]]]
// CHECK: uop.index %[[B]][%[[K]], %[[J]]]
// CHECK: uop.reduce add %{{.*}}[%[[K]]] : f32
// CHECK: uop.index %[[C]][%[[I]], %[[J]]]
uop.function @matmul_k0(%arg0: !uop.ptr<f32, global, 40> {uop.shape = array<i64: 8, 5>}, %arg1: !uop.ptr<f32, global, 48> {uop.shape = array<i64: 8, 6>}, %arg2: !uop.ptr<f32, global, 30> {uop.shape = array<i64: 6, 5>}) {
  %c8 = arith.constant 8 : index
  %0 = uop.range %c8, R0, loop
  %c5 = arith.constant 5 : index
  %1 = uop.range %c5, R1, loop
  %c6 = arith.constant 6 : index
  %2 = uop.range %c6, R2, reduce
  %3 = arith.muli %0, %c6 : index
  %4 = arith.addi %3, %2 : index
  %5 = arith.remui %4, %c6 : index
  %6 = arith.divui %4, %c6 : index
  %7 = uop.index %arg1[%6, %5] : !uop.ptr<f32, global, 48> -> f32
  %8 = uop.load %arg1, %7 : !uop.ptr<f32, global, 48> -> f32
  %9 = arith.muli %1, %c6 : index
  %10 = arith.addi %9, %2 : index
  %11 = arith.remui %10, %c6 : index
  %12 = arith.divui %10, %c6 : index
  %13 = uop.index %arg2[%11, %12] : !uop.ptr<f32, global, 30> -> f32
  %14 = uop.load %arg2, %13 : !uop.ptr<f32, global, 30> -> f32
  %15 = arith.mulf %8, %14 : f32
  %16 = uop.reduce add %15[%2] : f32
  %17 = uop.index %arg0[%0, %1] : !uop.ptr<f32, global, 40> -> f32
  %18 = uop.store %17, %16 : f32
  %19 = uop.end %18[%0, %1] : !uop.void
  uop.sink %19 : !uop.void info <name = "matmul_k0">
}

// -----

// Dead reduce ranges: the source does not read R1. ADD over it multiplies by
// the trip count (16), MAX and MIN drop it (and a REDUCE left with no range
// is its source); MUL is kept.
// CHECK-LABEL: uop.function @dead_reduce_range
// CHECK-DAG: %[[C16:.*]] = arith.constant 1.600000e+01 : f32
// CHECK-DAG: %[[K:.*]] = uop.range %{{.*}}, R1, reduce
// CHECK-DAG: %[[V:.*]] = uop.load
// CHECK-DAG: %[[S:.*]] = arith.mulf %[[V]], %[[C16]] : f32
// CHECK-DAG: %[[P:.*]] = uop.reduce mul %[[V]][%[[K]]] : f32
// CHECK-NOT: uop.reduce add
// CHECK-NOT: uop.reduce max
// CHECK-NOT: uop.reduce min
// CHECK: uop.sink %[[S]], %[[V]], %[[V]], %[[P]] : f32, f32, f32, f32
uop.function @dead_reduce_range(%in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %i = uop.range %c8, R0, loop
  %k = uop.range %c16, R1, reduce
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 8> -> f32
  %s = uop.reduce add %v [%k] : f32
  %m = uop.reduce max %v [%k] : f32
  %n = uop.reduce min %v [%k] : f32
  %p = uop.reduce mul %v [%k] : f32
  uop.sink %s, %m, %n, %p : f32, f32, f32, f32
}

// -----

// Only the dead range of a REDUCE goes; an integer ADD multiplies by an
// integer trip count.
// CHECK-LABEL: uop.function @dead_reduce_partial
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i32
// CHECK-DAG: %[[J:.*]] = uop.range %{{.*}}, R2, reduce
// CHECK-NOT: R1
// CHECK-DAG: %[[V:.*]] = uop.load
// CHECK-DAG: %[[M:.*]] = arith.muli %[[V]], %[[C16]] : i32
// CHECK-DAG: %[[S:.*]] = uop.reduce add %[[M]][%[[J]]] : i32
// CHECK: uop.sink %[[S]] : i32
uop.function @dead_reduce_partial(%in: !uop.ptr<i32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %i = uop.range %c8, R0, loop
  %k = uop.range %c16, R1, reduce
  %j = uop.range %c8, R2, reduce
  %x = uop.index %in[%j] : !uop.ptr<i32, global, 8> -> i32
  %v = uop.load %in, %x : !uop.ptr<i32, global, 8> -> i32
  %s = uop.reduce add %v [%k, %j] : i32
  uop.sink %s : i32
}

// -----

// Dead END ranges: the STORE does not read R1, so one iteration of it is
// enough; an END left with no range is its computation.
// CHECK-LABEL: uop.function @dead_end_range
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK-NOT: R1
// CHECK: %[[ST:.*]] = uop.store
// CHECK: %[[E:.*]] = uop.end %[[ST]][%[[I]]] : !uop.void
// CHECK: uop.sink %[[E]]
uop.function @dead_end_range(%out: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c8, R0, loop
  %j = uop.range %c4, R1, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %one : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

// CHECK-LABEL: uop.function @dead_end_all
// CHECK-NOT: uop.range
// CHECK-NOT: uop.end
// CHECK: %[[ST:.*]] = uop.store
// CHECK: uop.sink %[[ST]] : !uop.void info <name = "k">
uop.function @dead_end_all(%out: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c8, R0, loop
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %one : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

// -----

// A RANGE of one iteration is the constant 0 and leaves the END and REDUCE
// lists that closed it (the lists stay RANGEs).
// CHECK-LABEL: uop.function @unit_range
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 4>, %[[IN:.*]]: !uop.ptr<f32, global, 8>)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[J:.*]] = uop.range %{{.*}}, R1, loop
// CHECK-NOT: R0
// CHECK-NOT: R2
// CHECK: %[[X:.*]] = uop.index %[[IN]][%[[C1]], %[[J]]]
// CHECK: %[[V:.*]] = uop.load %[[IN]], %[[X]]
// CHECK-NOT: uop.reduce
// CHECK: %[[O:.*]] = uop.index %[[OUT]][%{{.*}}, %[[J]]]
// CHECK: %[[ST:.*]] = uop.store %[[O]], %[[V]] : f32
// CHECK: %[[E:.*]] = uop.end %[[ST]][%[[J]]] : !uop.void
uop.function @unit_range(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 8>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %i = uop.range %c1, R0, loop
  %j = uop.range %c4, R1, loop
  %k = uop.range %c1, R2, reduce
  %r = arith.addi %i, %c1 : index
  %rk = arith.addi %r, %k : index
  %x = uop.index %in[%rk, %j] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 8> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%i, %j] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

// -----

// Gates that are always true go away, and with them the LOAD's alt:
// r < 8 and r >= 0 hold for r in [0, 7].
// CHECK-LABEL: uop.function @true_gate
// CHECK: %[[R:.*]] = uop.range
// CHECK-NOT: arith.cmpi
// CHECK: %[[X:.*]] = uop.index %{{.*}}[%[[R]]] : !uop.ptr<f32, global, 8> -> f32
// CHECK: %[[V:.*]] = uop.load %{{.*}}, %[[X]] : !uop.ptr<f32, global, 8> -> f32
// CHECK: uop.sink %[[V]] : f32
uop.function @true_gate(%in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %i = uop.range %c8, R0, loop
  %g1 = arith.cmpi slt, %i, %c8 : index
  %g2 = arith.cmpi sge, %i, %c0 : index
  %g = arith.andi %g1, %g2 : i1
  %x = uop.index %in[%i] gate %g : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x alt %zero : !uop.ptr<f32, global, 8> -> f32
  uop.sink %v : f32
}

// -----

// A PAD gate (1 <= r < 10) on r in [0, 9]: the upper half is always true and
// goes, the lower half stays and so do the gate and the alt.
// CHECK-LABEL: uop.function @partial_gate
// CHECK: %[[R:.*]] = uop.range
// CHECK: %[[G:.*]] = arith.cmpi sge, %[[R]], %{{.*}} : index
// CHECK-NOT: arith.cmpi
// CHECK-NOT: arith.andi
// CHECK: %[[X:.*]] = uop.index %{{.*}}[%{{.*}}] gate %[[G]]
// CHECK: uop.load %{{.*}}, %[[X]] alt %{{.*}}
uop.function @partial_gate(%in: !uop.ptr<f32, global, 9>) {
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %i = uop.range %c10, R0, loop
  %g1 = arith.cmpi sge, %i, %c1 : index
  %g2 = arith.cmpi slt, %i, %c10 : index
  %g = arith.andi %g1, %g2 : i1
  %s = arith.subi %i, %c1 : index
  %x = uop.index %in[%s] gate %g : !uop.ptr<f32, global, 9> -> f32
  %v = uop.load %in, %x alt %zero : !uop.ptr<f32, global, 9> -> f32
  uop.sink %v : f32
}

// -----

//===----------------------------------------------------------------------===//
// Further classes of tinygrad's symbolic rules (test/unit/test_symbolic.py):
// nested division, cancelling terms, negative constants, sums with subi, a
// split index put back together, a gate that is always false.
//===----------------------------------------------------------------------===//

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

// -----

// A split index put back together, (x / c) * c + x % c, is x again (a
// reshape round trip produces it); it needs x >= 0, which the range gives.
// CHECK-LABEL: uop.function @recombine
// CHECK: %[[R:.*]] = uop.range
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: uop.index %{{.*}}[%[[R]]]
uop.function @recombine(%p: !uop.ptr<f32, global, 96>) {
  %c96 = arith.constant 96 : index
  %c8 = arith.constant 8 : index
  %r = uop.range %c96, R0, loop
  %d = arith.divui %r, %c8 : index
  %m = arith.muli %d, %c8 : index
  %q = arith.remui %r, %c8 : index
  %x = arith.addi %q, %m : index
  %i = uop.index %p[%x] : !uop.ptr<f32, global, 96> -> f32
  %z = arith.constant 0.0 : f32
  %s = uop.store %i, %z : f32
  %e = uop.end %s [%r] : !uop.void
  uop.sink %e : !uop.void info <name = "recombine">
}

// -----

// Different divisors are not a split of one index: kept.
// CHECK-LABEL: uop.function @different_divisors
// CHECK: arith.divui
// CHECK: arith.remui
uop.function @different_divisors(%p: !uop.ptr<f32, global, 96>) {
  %c96 = arith.constant 96 : index
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %r = uop.range %c96, R0, loop
  %d = arith.divui %r, %c8 : index
  %m = arith.muli %d, %c8 : index
  %q = arith.remui %r, %c4 : index
  %x = arith.addi %m, %q : index
  %i = uop.index %p[%x] : !uop.ptr<f32, global, 96> -> f32
  %z = arith.constant 0.0 : f32
  %s = uop.store %i, %z : f32
  %e = uop.end %s [%r] : !uop.void
  uop.sink %e : !uop.void info <name = "different_divisors">
}

// -----

// DeadReduceRange on a REDUCE add with two dead ranges, the first of
// constant extent, the second of DEFINE_VAR extent: the constant one becomes
// a multiply by 16 (the variable one may stay in the REDUCE, or become a
// multiply by its extent) and the pass succeeds. A pattern that changed the
// IR and then reported failure at the second range kept the greedy driver
// from converging: the pass failed with no diagnostic.
// CHECK-LABEL: uop.function @dead_ranges
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NOT: R1
// CHECK: uop.sink
uop.function @dead_ranges(%in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %n = uop.define_var "n" [1, 8]
  %i = uop.range %c8, R0, loop
  %k = uop.range %c16, R1, reduce
  %l = uop.range %n, R2, reduce
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 8> -> f32
  %s = uop.reduce add %v [%k, %l] : f32
  uop.sink %s : f32
}

// -----

// DeadEndRange drops an END range that the stored value does not read only
// when the body is the same on each iteration, which a STORE reading what the
// loop writes is not: out[i] += 1 runs 4 times per i (R1), so R1 stays in the
// END list.
// CHECK-LABEL: uop.function @accumulate
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[J:.*]] = uop.range %{{.*}}, R1, loop
// CHECK: uop.end %{{.*}}[%[[I]], %[[J]]]
uop.function @accumulate(%out: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c8, R0, loop
  %j = uop.range %c4, R1, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %out, %o : !uop.ptr<f32, global, 8> -> f32
  %n = arith.addf %v, %one : f32
  %st = uop.store %o, %n : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "accumulate">
}

// -----

// A factor of the divisor that some coefficients share, the other terms
// within it: (58 a + b + 2 c) / 116 = a / 2 for b + 2 c < 58 (b in [0, 2],
// c in [0, 27]): how a stride-2 window reads its input's phases.
// CHECK-LABEL: uop.function @div_shared_factor
// CHECK-DAG: %[[A:.*]] = uop.define_var "a"[0, 2]
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[D:.*]] = arith.divui %[[A]], %[[C2]] : index
// CHECK-NOT: arith.divui
// CHECK: uop.sink %[[D]] : index
uop.function @div_shared_factor() {
  %c2 = arith.constant 2 : index
  %c58 = arith.constant 58 : index
  %c116 = arith.constant 116 : index
  %a = uop.define_var "a" [0, 2]
  %b = uop.define_var "b" [0, 2]
  %c = uop.define_var "c" [0, 27]
  %a58 = arith.muli %a, %c58 : index
  %c2x = arith.muli %c, %c2 : index
  %s0 = arith.addi %a58, %b : index
  %s1 = arith.addi %s0, %c2x : index
  %d = arith.divui %s1, %c116 : index
  uop.sink %d : index
}
