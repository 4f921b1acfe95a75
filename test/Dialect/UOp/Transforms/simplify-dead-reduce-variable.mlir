// RUN: uop-opt %s --uop-simplify | FileCheck %s
//
// Regression test for a fixed bug, as it was reported: uop-simplify fails with no diagnostic (exit status 1, no output) on a
// REDUCE add with two dead ranges, the first of constant extent and the
// second of DEFINE_VAR extent. DeadReduceRange creates the arith.mulf for the
// first range, then returns failure() at the second (not a constant): a
// pattern that changes the IR and reports failure, so the greedy driver never
// converges and the pass fails silently.
//
// Expected: the pass succeeds. The constant range is folded into a multiply
// by 16 (the variable one may stay in the REDUCE, or become a multiply by
// its extent).

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
