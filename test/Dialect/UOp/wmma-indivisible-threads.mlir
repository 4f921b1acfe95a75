// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// When a fragment's element count does not divide by the thread count, the
// WMMA verifier says so ("cannot be split evenly") instead of printing the
// truncated quotient ("expected 0 elements in the A fragment").

// CHECK: wmma-indivisible-threads.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'uop.wmma' op the A fragment's 64 elements cannot be split evenly over 128 threads
// CHECK-NOT: expected 0 elements
func.func @wmma_threads_do_not_divide(%a: f16, %b: f16, %c: f32) -> f32 {
  %d = uop.wmma %a, %b, %c <name = "w", dims = [8, 8, 8], dtype_in = f16, dtype_out = f32, device = "AMD", threads = 128> : f16, f16, f32
  return %d : f32
}
