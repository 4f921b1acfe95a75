// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// An op the dialect does not have.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}unknown-op.mlir:[[@LINE+3]]:8: error: custom op 'uop.frobnicate' is unknown
// CHECK-NOT: Stack dump
func.func @f(%x: index) {
  %0 = uop.frobnicate %x : index
  return
}
