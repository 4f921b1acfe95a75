// RUN: uop-run %s --entry nan_half --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry nan_matched --target cpu --check --repeat 1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported: uop-run --check took
// the RMS of the reference, NaNs included, as the floor of its relative
// error, so one NaN in the reference made the floor NaN and judged every
// element near zero against its own tiny magnitude (@nan_half: 2 mismatches
// on (x + 1) - 1, whose f32 rounding error is ~6e-8 absolute); and a NaN
// matched by NaN printed max_abs_err=inf on a pass (@nan_matched).
//
// Expected: NaN in the reference is matched by NaN at that element only and
// stays out of the floor and of the printed errors, which are finite.

// CHECK: max_abs_err={{[0-9]\.[0-9]+e[-+][0-9]+}} max_rel_err={{[0-9]\.[0-9]+e[-+][0-9]+}} checked=1024 mismatches=0 check=pass

// sqrt(x) * 0 is NaN for the negative half of x and 0 elsewhere.
func.func @nan_half(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %p = arith.addf %a, %one : tensor<1024xf32>
  %q = arith.subf %p, %one : tensor<1024xf32>
  %s = math.sqrt %a : tensor<1024xf32>
  %n = arith.mulf %s, %zero : tensor<1024xf32>
  %r = arith.addf %q, %n : tensor<1024xf32>
  return %r : tensor<1024xf32>
}

func.func @nan_matched(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %s = math.sqrt %a : tensor<1024xf32>
  return %s : tensor<1024xf32>
}
