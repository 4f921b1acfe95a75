// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// Line noise where an op should be.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}garbled.mlir:[[@LINE+3]]:4: error: @ identifier expected to start with letter or '_'
// CHECK-NOT: Stack dump
func.func @f() {
  @@@ ### $$$ uop.range ,,, ]]] >>>
}
