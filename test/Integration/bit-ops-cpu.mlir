// REQUIRES: numpy
// math.ctlz / cttz / ctpop and math.ipowi in C (the prelude's helpers) on
// values at the edges (0, 1, the sign bit, all ones) for i32 and i8, checked
// against the interpreter (--check) and against Python's integers. ipowi
// follows convert-math-to-funcs: a negative power is 1 for base 1, +-1 for
// base -1 and 0 otherwise; powers wrap.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/bit_ops.py make %t
// RUN: uop-run %s --target cpu --input a=%t/a.npy --input b=%t/b.npy --input p=%t/p.npy --output-dir %t/out --check --repeat 1 | FileCheck %s
// RUN: %python %S/Inputs/bit_ops.py verify %t | FileCheck %s --check-prefix=PY

// CHECK: checked=80 mismatches=0 check=pass
// PY: verified 8 outputs
func.func @bits(%a: tensor<10xi32>, %b: tensor<10xi8>, %p: tensor<10xi32>)
    -> (tensor<10xi32>, tensor<10xi32>, tensor<10xi32>, tensor<10xi8>,
        tensor<10xi8>, tensor<10xi8>, tensor<10xi32>, tensor<10xi8>) {
  %0 = math.ctlz %a : tensor<10xi32>
  %1 = math.cttz %a : tensor<10xi32>
  %2 = math.ctpop %a : tensor<10xi32>
  %3 = math.ctlz %b : tensor<10xi8>
  %4 = math.cttz %b : tensor<10xi8>
  %5 = math.ctpop %b : tensor<10xi8>
  %6 = math.ipowi %a, %p : tensor<10xi32>
  %one = arith.constant dense<1> : tensor<10xi8>
  %b1 = arith.ori %b, %one : tensor<10xi8>
  %p8 = arith.trunci %p : tensor<10xi32> to tensor<10xi8>
  %7 = math.ipowi %b1, %p8 : tensor<10xi8>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<10xi32>, tensor<10xi32>,
      tensor<10xi32>, tensor<10xi8>, tensor<10xi8>, tensor<10xi8>,
      tensor<10xi32>, tensor<10xi8>
}
