// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// The standalone #uop.axis_id attribute rejects a bare letter.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-axis-id-attr.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'U'
// CHECK-NOT: Stack dump
func.func private @f() attributes {a = #uop.axis_id<U>}
