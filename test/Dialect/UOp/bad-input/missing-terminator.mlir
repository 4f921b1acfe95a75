// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A FUNCTION body must end in a terminator (its SINK).

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}missing-terminator.mlir:[[@LINE+3]]:8: error: block with no terminator
// CHECK-NOT: Stack dump
uop.function @f() {
  %d = uop.device "CUDA"
}
