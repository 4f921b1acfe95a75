// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A FUNCTION body must end in a terminator, its SINK. The FUNCTION verifier
// reports a body without one on the function itself.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}missing-terminator.mlir:[[@LINE+2]]:1: error: 'uop.function' op body must end in a uop.sink
// CHECK-NOT: Stack dump
uop.function @f() {
  %d = uop.device "CUDA"
}
