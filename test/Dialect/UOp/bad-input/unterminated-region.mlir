// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A FUNCTION body that is never closed.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}unterminated-region.mlir:[[@LINE+6]]:{{[0-9]+}}: error: expected operation name in quotes
// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
uop.function @f() {
  %d = uop.device "CUDA"
  %t = uop.tuple(%d) : !uop.void
  uop.sink %t : !uop.void
