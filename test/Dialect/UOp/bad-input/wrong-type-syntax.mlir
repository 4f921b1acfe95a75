// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A VECTORIZE typed with a scalar where a vector type is required.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}wrong-type-syntax.mlir:[[@LINE+3]]:29: error: {{.*}}invalid kind of type specified: expected builtin.vector, but found 'f32'
// CHECK-NOT: Stack dump
func.func @f(%a: f32) {
  %v = uop.vectorize %a, %a : f32
  return
}
