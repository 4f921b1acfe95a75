// RUN: awk 'BEGIN { n = 30000; print "func.func @deep(%%a: tensor<4xf32>) -> tensor<4xf32> {"; print "  %%c = arith.constant dense<0.5> : tensor<4xf32>"; print "  %%v0 = arith.addf %%a, %%c : tensor<4xf32>"; for (i = 1; i < n; i++) print "  %%v" i " = arith." (i - 2 * int(i / 2) ? "mulf" : "addf") " %%v" (i - 1) ", %%c : tensor<4xf32>"; print "  return %%v" (n - 1) " : tensor<4xf32>"; print "}" }' > %t.mlir
// RUN: uop-opt %t.mlir --uop-to-program | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// A chain of 30000 elementwise ops (generated above; each value has one use,
// so none is realized) crashes uop-rangeify with a stack overflow (SIGSEGV):
// Rangeifier::emit -> emitOp -> emit recurses once per op of the chain, and
// the 8 MB default stack runs out between 8000 and 10000 ops. Through the C
// API this kills the calling process: a uop.Tensor built by 20000
// `t = t * 0.5 + 0.25` steps segfaults the Python interpreter in .numpy().
// Expected: the expression is built with an explicit worklist (no recursion
// proportional to the graph depth) and the program compiles.

// CHECK: uop.program @deep_k0
