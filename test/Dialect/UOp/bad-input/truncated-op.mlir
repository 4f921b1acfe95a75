// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// The input ends in the middle of an op.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}truncated-op.mlir:[[@LINE+6]]:1: error: custom op 'uop.range' expected valid keyword
// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
func.func @f() {
  %c = arith.constant 4 : index
  %r = uop.range %c, R0,
