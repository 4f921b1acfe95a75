// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A FUNCTION with an empty body region.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}empty-function-body.mlir:[[@LINE+2]]:1: error: 'uop.function' op region #0 ('body') failed to verify constraint: region with 1 blocks
// CHECK-NOT: Stack dump
uop.function @f()
