// RUN: uop-opt %s --uop-to-program | FileCheck %s
// RUN: uop-run %s --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
//
// Regression test for a fixed bug, as it was reported:
// A reduction of a value broadcast along an outer axis: sum over axis 1 of
// x[3x8] expanded to [5x3x8] (in Python: Tensor(x).expand(5, 3, 8).sum(1)).
// The reduction does not read the outer output range (extent 5), so the
// register accumulator's initialising store is placed by uop-devectorize
// after only the inner output range; uop-linearize then rejects the kernel:
//
//   error: ranges do not nest: this range is closed inside a different set of
//   loops than its parent
//
// (found by python/tests/test_fuzz_wide.py, seeds 416, 628, 760, 854, 1476,
// 2818 of a 3000-seed run). Expected: the kernel compiles (the accumulator is
// reset inside every enclosing output loop, or the reduction is hoisted out
// of the outer loop consistently) and the result matches the interpreter.

// CHECK: uop.program @outer_broadcast_sum_k0
// EXEC: checked=40 mismatches=0 check=pass
func.func @outer_broadcast_sum(%a: tensor<3x8xf32>) -> tensor<5x8xf32> {
  %r = uop.reshape %a : tensor<3x8xf32> -> tensor<1x3x8xf32>
  %e = uop.expand %r : tensor<1x3x8xf32> -> tensor<5x3x8xf32>
  %s = uop.reduce_axis add %e [1] : tensor<5x3x8xf32> -> tensor<5x8xf32>
  return %s : tensor<5x8xf32>
}
