// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A reduce operator keyword that does not exist (add, mul, max, min only).

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-reduce-op.mlir:[[@LINE+4]]:19: error: custom op 'uop.reduce' unknown reduce op 'avg'
// CHECK-NOT: Stack dump
func.func @f(%x: f32, %n: index) {
  %r = uop.range %n, R0, reduce
  %s = uop.reduce avg %x [%r] : f32
  return
}
