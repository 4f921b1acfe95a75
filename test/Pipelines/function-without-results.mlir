// RUN: not uop-opt %s --uop-to-program 2>&1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// A tensor-level func.func without results: uop-rangeify accepts it and
// realizes nothing, then uop-split-kernels reports
//
//   error: uop-split-kernels found no BUFFERIZE; run uop-rangeify first
//
// which is misleading (rangeify did run). (A func.func with neither tensor
// arguments nor results is skipped silently by the pipeline and only fails
// later, in --uop-to-c, with "no schedule function".) Expected: a diagnostic
// at the function that says it has no results to compute.

// CHECK: function-without-results.mlir:[[@LINE+2]]:1: error: {{.*}}no results
// CHECK-NOT: run uop-rangeify first
func.func @nothing(%a: tensor<4xf32>) {
  %e = math.exp %a : tensor<4xf32>
  return
}
