// A graph the pipeline cannot compile: the diagnostic names the op, then
// uop-run says which stage failed; exit status 1.
// RUN: not uop-run %s --target cpu --check 2>&1 | FileCheck %s
// RUN: sh -c 'uop-run %s --target cpu 2>/dev/null; test $? -eq 1'

// CHECK: pipeline-failure.mlir:[[@LINE+3]]:8: error: cannot rangeify a non-splat tensor constant; pass the data as a function argument
// CHECK: uop-run: the uop-to-program pipeline failed
func.func @table(%a: tensor<2xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s = arith.addf %a, %c : tensor<2xf32>
  return %s : tensor<2xf32>
}
