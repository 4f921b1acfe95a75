// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A string attribute without its closing quote.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}unterminated-string.mlir:[[@LINE+3]]:24: error: expected '"' in string literal
// CHECK-NOT: Stack dump
func.func @f() {
  %d = uop.device "CUDA
  return
}
