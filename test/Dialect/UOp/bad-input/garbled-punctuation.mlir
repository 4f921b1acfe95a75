// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A RANGE whose commas went missing.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}garbled-punctuation.mlir:[[@LINE+3]]:20: error: expected ','
// CHECK-NOT: Stack dump
func.func @f(%x: index) {
  %r = uop.range %x R0 global
  return
}
