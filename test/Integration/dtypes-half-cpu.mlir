// f16 and bf16 on the CPU against the interpreter, which models how a target
// without half arithmetic computes them (in f32, each result rounded to
// nearest-even): add, mul, max, compare, a reduction, casts to i32 and f32.
// Checked to four units in the last place of the dtype.
// RUN: uop-run %s --entry f16 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry bf16 --target cpu --check --repeat 1 | FileCheck %s

// CHECK: mismatches=0 check=pass

func.func @f16(%a: tensor<4x16xf16>, %b: tensor<4x16xf16>)
    -> (tensor<4x16xf16>, tensor<4x16xf16>, tensor<4x16xf16>, tensor<4x16xi1>, tensor<4xf16>, tensor<4x16xi32>, tensor<4x16xf32>) {
  %s = arith.addf %a, %b : tensor<4x16xf16>
  %m = arith.mulf %a, %b : tensor<4x16xf16>
  %x = arith.maximumf %a, %b : tensor<4x16xf16>
  %c = arith.cmpf olt, %a, %b : tensor<4x16xf16>
  %r = uop.reduce_axis add %m [1] : tensor<4x16xf16> -> tensor<4xf16>
  %eight = arith.constant dense<8.0> : tensor<4x16xf16>
  %sc = arith.mulf %a, %eight : tensor<4x16xf16>
  %i = arith.fptosi %sc : tensor<4x16xf16> to tensor<4x16xi32>
  %f = arith.extf %a : tensor<4x16xf16> to tensor<4x16xf32>
  return %s, %m, %x, %c, %r, %i, %f : tensor<4x16xf16>, tensor<4x16xf16>, tensor<4x16xf16>, tensor<4x16xi1>, tensor<4xf16>, tensor<4x16xi32>, tensor<4x16xf32>
}


func.func @bf16(%a: tensor<4x16xbf16>, %b: tensor<4x16xbf16>)
    -> (tensor<4x16xbf16>, tensor<4x16xbf16>, tensor<4x16xbf16>, tensor<4x16xi1>, tensor<4xbf16>, tensor<4x16xi32>, tensor<4x16xf32>) {
  %s = arith.addf %a, %b : tensor<4x16xbf16>
  %m = arith.mulf %a, %b : tensor<4x16xbf16>
  %x = arith.maximumf %a, %b : tensor<4x16xbf16>
  %c = arith.cmpf olt, %a, %b : tensor<4x16xbf16>
  %r = uop.reduce_axis add %m [1] : tensor<4x16xbf16> -> tensor<4xbf16>
  %eight = arith.constant dense<8.0> : tensor<4x16xbf16>
  %sc = arith.mulf %a, %eight : tensor<4x16xbf16>
  %i = arith.fptosi %sc : tensor<4x16xbf16> to tensor<4x16xi32>
  %f = arith.extf %a : tensor<4x16xbf16> to tensor<4x16xf32>
  return %s, %m, %x, %c, %r, %i, %f : tensor<4x16xbf16>, tensor<4x16xbf16>, tensor<4x16xbf16>, tensor<4x16xi1>, tensor<4xbf16>, tensor<4x16xi32>, tensor<4x16xf32>
}
