// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A use of a value that is never defined.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}undefined-value.mlir:[[@LINE+3]]:18: error: use of undeclared SSA value name
// CHECK-NOT: Stack dump
func.func @f() {
  %r = uop.range %nope, R0, loop
  return
}
