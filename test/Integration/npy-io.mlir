// REQUIRES: numpy
// Real data in and out: numpy writes the inputs (int64 above 2^53, uint32
// above 2^31, float64), uop-run reads them by argument name or index
// (--input), runs on the CPU, checks against the interpreter (exact for
// integers: a double reference would round 2^61 + 1) and writes every output
// as <index>.npy (--output-dir); numpy reads them back and compares dtype,
// shape and values exactly.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy_io.py make %t
// RUN: uop-run %s --target cpu --input a=%t/a.npy --input 1=%t/b.npy --input %%c=%t/c.npy --output-dir %t/out --check --repeat 1 | FileCheck %s
// RUN: %python %S/Inputs/npy_io.py verify %t | FileCheck %s --check-prefix=NUMPY

// CHECK: mismatches=0 check=pass
// NUMPY: verified 5 outputs

func.func @io(%a: tensor<2x3xi64>, %b: tensor<2x3xi32> {uop.unsigned},
              %c: tensor<3xf64>)
    -> (tensor<2x3xi64>, tensor<2x3xi32> {uop.unsigned}, tensor<2xf64>,
        tensor<2x3xi1>, tensor<2x3xi8>) {
  %s = arith.addi %a, %a : tensor<2x3xi64>
  %u = arith.addi %b, %b : tensor<2x3xi32>
  %cr = uop.reshape %c : tensor<3xf64> -> tensor<1x3xf64>
  %ce = uop.expand %cr : tensor<1x3xf64> -> tensor<2x3xf64>
  %r = uop.reduce_axis add %ce [1] : tensor<2x3xf64> -> tensor<2xf64>
  %half = arith.constant dense<-2147483648> : tensor<2x3xi32>
  %lt = arith.cmpi ult, %b, %half : tensor<2x3xi32>
  %t = arith.trunci %a : tensor<2x3xi64> to tensor<2x3xi8>
  return %s, %u, %r, %lt, %t : tensor<2x3xi64>, tensor<2x3xi32>, tensor<2xf64>,
         tensor<2x3xi1>, tensor<2x3xi8>
}
