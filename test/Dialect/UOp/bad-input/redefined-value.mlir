// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// Two RANGEs bound to one SSA name.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}redefined-value.mlir:[[@LINE+5]]:3: error: redefinition of SSA value '%r'
// CHECK: {{.*}}redefined-value.mlir:[[@LINE+3]]:3: note: previously defined here
// CHECK-NOT: Stack dump
func.func @f(%x: index) {
  %r = uop.range %x, R0, loop
  %r = uop.range %x, R1, loop
  return
}
