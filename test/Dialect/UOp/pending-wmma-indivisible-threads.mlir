// XFAIL: *
// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// BUG (wrong diagnostic): when a fragment's element count does not divide by
// the thread count, WmmaOp::verify still prints the truncated quotient:
//   'uop.wmma' op expected 0 elements in the A fragment (64 over 128 threads),
//   got 1
// "expected 0 elements" is not a fragment anyone can write; the diagnostic
// should say that 64 elements do not split over 128 threads.

// CHECK: pending-wmma-indivisible-threads.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'uop.wmma' op
// CHECK-NOT: expected 0 elements
func.func @wmma_threads_do_not_divide(%a: f16, %b: f16, %c: f32) -> f32 {
  %d = uop.wmma %a, %b, %c <name = "w", dims = [8, 8, 8], dtype_in = f16, dtype_out = f32, device = "AMD", threads = 128> : f16, f16, f32
  return %d : f32
}
