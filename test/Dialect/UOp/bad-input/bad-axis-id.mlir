// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// Axis ids are R<n> (renumbered) or U<n> (unrenumbered).

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-axis-id.mlir:[[@LINE+3]]:22: error: {{.*}}expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'X3'
// CHECK-NOT: Stack dump
func.func @f(%x: index) {
  %r = uop.range %x, X3, loop
  return
}
