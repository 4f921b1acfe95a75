// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// WMMA metadata with two dims instead of (N, M, K).

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-wmma-dims.mlir:[[@LINE+3]]:{{[0-9]+}}: error: {{.*}}wmma dims must be (N, M, K), got 2 values
// CHECK-NOT: Stack dump
func.func @f(%a: vector<8xf16>, %c: vector<8xf32>) {
  %d = uop.wmma %a, %a, %c <name = "w", dims = [16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return
}
