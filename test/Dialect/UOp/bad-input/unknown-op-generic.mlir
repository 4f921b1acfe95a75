// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// An unknown op of a registered dialect in generic form.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}unknown-op-generic.mlir:[[@LINE+3]]:8: error: unregistered operation 'uop.frobnicate' found in dialect ('uop') that does not allow unknown operations
// CHECK-NOT: Stack dump
func.func @f(%x: index) {
  %0 = "uop.frobnicate"(%x) : (index) -> index
  return
}
