// Every ALU op of the bestiary on f32, f64, i32 and i64, run on the CPU
// (uop-to-program, --uop-to-c, cc) and checked element by element against the
// double-precision reference interpreter. Inputs are uniform in [-1, 1]
// (integers in [-8, 8]); each function shapes them into the op's domain
// (scaled by 4.5 so rounding sees halves and negatives, positive bases for
// powf and rsqrt, divisors away from 0).
// RUN: uop-run %s --entry rounding_f32 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=ROUNDING-F32
// RUN: uop-run %s --entry math_f32 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=MATH-F32
// RUN: uop-run %s --entry rounding_f64 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=ROUNDING-F64
// RUN: uop-run %s --entry math_f64 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=MATH-F64
// RUN: uop-run %s --entry int_i32 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=INT-I32
// RUN: uop-run %s --entry casts_i32 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=CASTS-I32
// RUN: uop-run %s --entry int_i64 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=INT-I64
// RUN: uop-run %s --entry casts_i64 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=CASTS-I64

// ROUNDING-F32: checked=320 mismatches=0 check=pass
func.func @rounding_f32(%a: tensor<64xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %k = arith.constant dense<4.5> : tensor<64xf32>
  %x = arith.mulf %a, %k : tensor<64xf32>
  %fl = math.floor %x : tensor<64xf32>
  %ce = math.ceil %x : tensor<64xf32>
  %ro = math.round %x : tensor<64xf32>
  %re = math.roundeven %x : tensor<64xf32>
  %tr = math.trunc %x : tensor<64xf32>
  return %fl, %ce, %ro, %re, %tr : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// MATH-F32: checked=640 mismatches=0 check=pass
func.func @math_f32(%a: tensor<64xf32>, %b: tensor<64xf32>, %c: tensor<64xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %half = arith.constant dense<0.5> : tensor<64xf32>
  %k = arith.constant dense<3.0> : tensor<64xf32>
  %pa = math.absf %a : tensor<64xf32>
  %pos = arith.addf %pa, %half : tensor<64xf32>
  %x3 = arith.mulf %b, %k : tensor<64xf32>
  %fma = math.fma %a, %b, %c : tensor<64xf32>
  %erf = math.erf %x3 : tensor<64xf32>
  %rem = arith.remf %x3, %pos : tensor<64xf32>
  %pow = math.powf %pos, %x3 : tensor<64xf32>
  %exp2 = math.exp2 %x3 : tensor<64xf32>
  %log2 = math.log2 %pos : tensor<64xf32>
  %sin = math.sin %x3 : tensor<64xf32>
  %cos = math.cos %x3 : tensor<64xf32>
  %rsqrt = math.rsqrt %pos : tensor<64xf32>
  return %fma, %erf, %rem, %pow, %exp2, %log2, %sin, %cos, %rsqrt, %pa : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// ROUNDING-F64: checked=320 mismatches=0 check=pass
func.func @rounding_f64(%a: tensor<64xf64>)
    -> (tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>) {
  %k = arith.constant dense<4.5> : tensor<64xf64>
  %x = arith.mulf %a, %k : tensor<64xf64>
  %fl = math.floor %x : tensor<64xf64>
  %ce = math.ceil %x : tensor<64xf64>
  %ro = math.round %x : tensor<64xf64>
  %re = math.roundeven %x : tensor<64xf64>
  %tr = math.trunc %x : tensor<64xf64>
  return %fl, %ce, %ro, %re, %tr : tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>
}

// MATH-F64: checked=640 mismatches=0 check=pass
func.func @math_f64(%a: tensor<64xf64>, %b: tensor<64xf64>, %c: tensor<64xf64>)
    -> (tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>) {
  %half = arith.constant dense<0.5> : tensor<64xf64>
  %k = arith.constant dense<3.0> : tensor<64xf64>
  %pa = math.absf %a : tensor<64xf64>
  %pos = arith.addf %pa, %half : tensor<64xf64>
  %x3 = arith.mulf %b, %k : tensor<64xf64>
  %fma = math.fma %a, %b, %c : tensor<64xf64>
  %erf = math.erf %x3 : tensor<64xf64>
  %rem = arith.remf %x3, %pos : tensor<64xf64>
  %pow = math.powf %pos, %x3 : tensor<64xf64>
  %exp2 = math.exp2 %x3 : tensor<64xf64>
  %log2 = math.log2 %pos : tensor<64xf64>
  %sin = math.sin %x3 : tensor<64xf64>
  %cos = math.cos %x3 : tensor<64xf64>
  %rsqrt = math.rsqrt %pos : tensor<64xf64>
  return %fma, %erf, %rem, %pow, %exp2, %log2, %sin, %cos, %rsqrt, %pa : tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>
}

// INT-I32: checked=384 mismatches=0 check=pass
func.func @int_i32(%a: tensor<64xi32>, %b: tensor<64xi32>)
    -> (tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>) {
  %abs = math.absi %a : tensor<64xi32>
  %c = arith.cmpi ult, %a, %b : tensor<64xi32>
  %sel = arith.select %c, %a, %b : tensor<64xi1>, tensor<64xi32>
  %c2 = arith.cmpi uge, %a, %b : tensor<64xi32>
  %sel2 = arith.select %c2, %b, %a : tensor<64xi1>, tensor<64xi32>
  %one = arith.constant dense<1> : tensor<64xi32>
  %odd = arith.ori %b, %one : tensor<64xi32>
  %divu = arith.divui %a, %odd : tensor<64xi32>
  %remu = arith.remui %a, %odd : tensor<64xi32>
  %shrs = arith.shrsi %a, %one : tensor<64xi32>
  return %abs, %sel, %sel2, %divu, %remu, %shrs : tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>
}

// CASTS-I32: checked=256 mismatches=0 check=pass
func.func @casts_i32(%a: tensor<64xi32>, %x: tensor<64xf32>)
    -> (tensor<64xf32>, tensor<64xi32>, tensor<64xi32>, tensor<64xf32>) {
  %pa = math.absi %a : tensor<64xi32>
  %uf = arith.uitofp %pa : tensor<64xi32> to tensor<64xf32>
  %k = arith.constant dense<100.0> : tensor<64xf32>
  %px = math.absf %x : tensor<64xf32>
  %sx = arith.mulf %px, %k : tensor<64xf32>
  %ui = arith.fptoui %sx : tensor<64xf32> to tensor<64xi32>
  %bits = arith.bitcast %x : tensor<64xf32> to tensor<64xi32>
  %back = arith.bitcast %bits : tensor<64xi32> to tensor<64xf32>
  return %uf, %ui, %bits, %back : tensor<64xf32>, tensor<64xi32>, tensor<64xi32>, tensor<64xf32>
}

// INT-I64: checked=384 mismatches=0 check=pass
func.func @int_i64(%a: tensor<64xi64>, %b: tensor<64xi64>)
    -> (tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>) {
  %abs = math.absi %a : tensor<64xi64>
  %c = arith.cmpi ult, %a, %b : tensor<64xi64>
  %sel = arith.select %c, %a, %b : tensor<64xi1>, tensor<64xi64>
  %c2 = arith.cmpi uge, %a, %b : tensor<64xi64>
  %sel2 = arith.select %c2, %b, %a : tensor<64xi1>, tensor<64xi64>
  %one = arith.constant dense<1> : tensor<64xi64>
  %odd = arith.ori %b, %one : tensor<64xi64>
  %divu = arith.divui %a, %odd : tensor<64xi64>
  %remu = arith.remui %a, %odd : tensor<64xi64>
  %shrs = arith.shrsi %a, %one : tensor<64xi64>
  return %abs, %sel, %sel2, %divu, %remu, %shrs : tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>
}

// CASTS-I64: checked=256 mismatches=0 check=pass
func.func @casts_i64(%a: tensor<64xi64>, %x: tensor<64xf64>)
    -> (tensor<64xf64>, tensor<64xi64>, tensor<64xi64>, tensor<64xf64>) {
  %pa = math.absi %a : tensor<64xi64>
  %uf = arith.uitofp %pa : tensor<64xi64> to tensor<64xf64>
  %k = arith.constant dense<100.0> : tensor<64xf64>
  %px = math.absf %x : tensor<64xf64>
  %sx = arith.mulf %px, %k : tensor<64xf64>
  %ui = arith.fptoui %sx : tensor<64xf64> to tensor<64xi64>
  %bits = arith.bitcast %x : tensor<64xf64> to tensor<64xi64>
  %back = arith.bitcast %bits : tensor<64xi64> to tensor<64xf64>
  return %uf, %ui, %bits, %back : tensor<64xf64>, tensor<64xi64>, tensor<64xi64>, tensor<64xf64>
}

