// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A BUFFERIZE options struct with a parameter it does not have.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-struct-attr.mlir:[[@LINE+4]]:{{[0-9]+}}: error: {{.*}}duplicate or unknown struct parameter name: size
// CHECK-NOT: Stack dump
func.func @f(%x: f32, %n: index) {
  %r = uop.range %n, R0, global
  %b = uop.bufferize %x [%r] opts <size = 4> : f32 -> tensor<4xf32>
  return
}
