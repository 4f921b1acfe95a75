// RUN: uop-run %s --target cpu --check --repeat 1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// A reduction whose body folds to a constant: `x - x` on i32 is 0, so the
// padded sum below adds zeros. After uop-simplify the kernel still has the
// gated uop.load of x (now unused, reading the output range R0 and the
// reduce range R1), while the register accumulator of the reduction no
// longer depends on R0, so uop-devectorize / uop-linearize put the reduce loop
// outside the R0 loop and the dead load has no loop nest to live in:
//
//   error: op reads ranges that are never open together
//
// (found by python/tests/test_fuzz_wide.py, seeds 3775 and 4934; the same
// family as reduce-broadcast-outer.mlir: an accumulator placed by the
// ranges its value reads rather than the output loops it sits in.)
// Expected: the dead load is erased (or placed), the kernel compiles, and the
// result (0) matches the interpreter.

// CHECK: checked=1 mismatches=0 check=pass
func.func @folded_body(%x: tensor<1x1xi32>) -> tensor<i32> {
  %z = arith.subi %x, %x : tensor<1x1xi32>
  %p = uop.pad %z low [0, 1] high [1, 0] : tensor<1x1xi32> -> tensor<2x2xi32>
  %s = uop.reduce_axis add %p [1] : tensor<2x2xi32> -> tensor<2xi32>
  %m = uop.reduce_axis max %s [0] : tensor<2xi32> -> tensor<i32>
  return %m : tensor<i32>
}
