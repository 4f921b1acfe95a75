// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A STORE whose result is not Void (generic form reaches the verifier).

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}wrong-result-type.mlir:[[@LINE+4]]:8: error: 'uop.store' op result #0 must be !uop.void, but got 'f32'
// CHECK-NOT: Stack dump
func.func @f(%p: !uop.ptr<f32, global>, %i: index, %v: f32) {
  %x = uop.index %p[%i] : !uop.ptr<f32, global> -> f32
  %s = "uop.store"(%x, %v) : (f32, f32) -> f32
  return
}
