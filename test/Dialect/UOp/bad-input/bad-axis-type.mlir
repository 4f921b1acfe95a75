// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// An axis type keyword that does not exist.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-axis-type.mlir:[[@LINE+3]]:26: error: custom op 'uop.range' unknown axis type 'grid'
// CHECK-NOT: Stack dump
func.func @f(%x: index) {
  %r = uop.range %x, R0, grid
  return
}
