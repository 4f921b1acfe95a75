// RUN: uop-run %s --entry floats --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry doubles --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry ints --target cpu --check --repeat 1 | FileCheck %s
//
// The ALU ops the other --check tests leave out, compiled to C and compared
// with the interpreter (f32/f64 to a few ulp, integers exactly): rsqrt,
// powf, cbrt, expm1, log10, log1p, tan, atan, atan2, copysign on random
// floats (log10 / rsqrt on |x| + 1), and minsi, uitofp, trunci on random
// integers.

// CHECK: mismatches=0 check=pass
func.func @floats(%x: tensor<256xf32>, %y: tensor<256xf32>)
    -> (tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>,
        tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>,
        tensor<256xf32>, tensor<256xf32>) {
  %one = arith.constant dense<1.0> : tensor<256xf32>
  %ax = math.absf %x : tensor<256xf32>
  %pos = arith.addf %ax, %one : tensor<256xf32>
  %0 = math.rsqrt %pos : tensor<256xf32>
  %1 = math.powf %pos, %y : tensor<256xf32>
  %2 = math.cbrt %x : tensor<256xf32>
  %3 = math.expm1 %x : tensor<256xf32>
  %4 = math.log10 %pos : tensor<256xf32>
  %5 = math.log1p %ax : tensor<256xf32>
  %6 = math.tan %x : tensor<256xf32>
  %7 = math.atan %x : tensor<256xf32>
  %8 = math.atan2 %x, %y : tensor<256xf32>
  %9 = math.copysign %x, %y : tensor<256xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<256xf32>,
      tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>,
      tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>,
      tensor<256xf32>
}

func.func @doubles(%x: tensor<256xf64>, %y: tensor<256xf64>)
    -> (tensor<256xf64>, tensor<256xf64>, tensor<256xf64>, tensor<256xf64>) {
  %one = arith.constant dense<1.0> : tensor<256xf64>
  %ax = math.absf %x : tensor<256xf64>
  %pos = arith.addf %ax, %one : tensor<256xf64>
  %0 = math.rsqrt %pos : tensor<256xf64>
  %1 = math.powf %pos, %y : tensor<256xf64>
  %2 = math.cbrt %x : tensor<256xf64>
  %3 = math.atan2 %x, %y : tensor<256xf64>
  return %0, %1, %2, %3 : tensor<256xf64>, tensor<256xf64>, tensor<256xf64>,
      tensor<256xf64>
}

func.func @ints(%a: tensor<256xi32>, %b: tensor<256xi32>, %c: tensor<256xi64>)
    -> (tensor<256xi32>, tensor<256xf32>, tensor<256xf64>, tensor<256xi8>,
        tensor<256xi16>) {
  %0 = arith.minsi %a, %b : tensor<256xi32>
  %1 = arith.uitofp %a : tensor<256xi32> to tensor<256xf32>
  %2 = arith.uitofp %c : tensor<256xi64> to tensor<256xf64>
  %3 = arith.trunci %a : tensor<256xi32> to tensor<256xi8>
  %4 = arith.trunci %c : tensor<256xi64> to tensor<256xi16>
  return %0, %1, %2, %3, %4 : tensor<256xi32>, tensor<256xf32>,
      tensor<256xf64>, tensor<256xi8>, tensor<256xi16>
}
