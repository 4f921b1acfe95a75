// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// Address spaces are global, local and reg.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-addrspace.mlir:[[@LINE+3]]:{{[0-9]+}}: error: unknown address space 'shared'; expected global, local or reg
// CHECK-NOT: error:
// CHECK-NOT: Stack dump
func.func @f(%p: !uop.ptr<f32, shared>) {
  return
}
