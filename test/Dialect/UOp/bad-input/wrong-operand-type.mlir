// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A RANGE bound must be an index; the custom form says so at the use.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}wrong-operand-type.mlir:[[@LINE+4]]:18: error: use of value '%x' expects different type than prior uses: 'index' vs 'f32'
// CHECK: {{.*}}wrong-operand-type.mlir:[[@LINE+2]]:14: note: prior use here
// CHECK-NOT: Stack dump
func.func @f(%x: f32) {
  %r = uop.range %x, R0, loop
  return
}
