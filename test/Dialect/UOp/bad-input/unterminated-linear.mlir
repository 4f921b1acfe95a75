// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A LINEAR region that is never closed inside a closed function.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// The LINEAR swallows the function's `return`, which is no op of its own.
// CHECK: {{.*}}unterminated-linear.mlir:[[@LINE+6]]:3: error: {{.*}}custom op 'return'
// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
func.func @f() {
  %l = uop.linear {
    %d = uop.device "CUDA"
  return
}
