// RUN: uop-run %s --target cpu --check --repeat 1 | FileCheck %s
//
// Each row adds 4096 values near 100 and subtracts their 409600: what is
// left (tens) was carried in f32 sums near 409600, whose unit in the last
// place is 2^-5. A correct f32 program's result then depends on its order
// of summation by far more than f32's tolerance of 1e-5, so the first
// comparison with the reference (which sums in double) finds mismatches.
// uop-run --check then evaluates the program a second time, perturbed
// (elementwise results unrounded, each sum accumulated in f32 in order),
// and allows each element 8 times its spread between the two: the line
// ends with that spread (its RMS relative to the output's), and passes.
//
// CHECK: checked=64 mismatches=0 check=pass rounding_spread={{[0-9]\.[0-9]+e-0[1-4]$}}
func.func @cancel(%x: tensor<64x4096xf32>) -> tensor<64xf32> {
  %c = arith.constant dense<100.0> : tensor<64x4096xf32>
  %y = arith.addf %x, %c : tensor<64x4096xf32>
  %s = uop.reduce_axis add %y [1] : tensor<64x4096xf32> -> tensor<64xf32>
  %n = arith.constant dense<409600.0> : tensor<64xf32>
  %r = arith.subf %s, %n : tensor<64xf32>
  return %r : tensor<64xf32>
}
