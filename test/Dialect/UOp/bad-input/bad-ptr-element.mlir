// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A pointer to a Void.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-ptr-element.mlir:[[@LINE+2]]:{{[0-9]+}}: error: pointer element type must be a scalar or vector, got '!uop.void'
// CHECK-NOT: Stack dump
func.func @f(%p: !uop.ptr<!uop.void, global>) {
  return
}
