// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// Address spaces are global, local and reg.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-addrspace.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected one of [global, local, reg] for memory address space, got: shared
// CHECK-NOT: Stack dump
func.func @f(%p: !uop.ptr<f32, shared>) {
  return
}
