// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// An (axis, factor) pair without its comma.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-pair-list.mlir:[[@LINE+3]]:27: error: expected ','
// CHECK-NOT: Stack dump
func.func @f(%x: f32) {
  %c = uop.contract %x [(0 4)] : f32 -> vector<4xf32>
  return
}
