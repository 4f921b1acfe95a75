// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// CUSTOM_FUNCTION kinds are enc_dec and graph.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-custom-function-kind.mlir:[[@LINE+3]]:28: error: custom op 'uop.custom_function' unknown custom function kind 'encdec'
// CHECK-NOT: Stack dump
func.func @f(%x: f32) {
  %c = uop.custom_function encdec(%x) : (f32)
  return
}
