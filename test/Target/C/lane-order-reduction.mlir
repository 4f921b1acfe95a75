// RUN: uop-opt %s --uop-to-program="target=cpu vector-bits=512 vector-registers=32" | uop-translate --uop-to-c > %t.c
// RUN: FileCheck %s < %t.c
// RUN: gcc -std=c11 -O2 -march=native -Wall -Wextra -Werror -c %t.c -o %t.o
// RUN: env UOP_VECTOR_BITS=512 uop-run %s --entry rows --target cpu --check | FileCheck %s --check-prefix=EXEC
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry rows --target cpu --check | FileCheck %s --check-prefix=EXEC
// RUN: env CC=gcc UOP_VECTOR_BITS=512 uop-run %s --entry rows --target cpu --check | FileCheck %s --check-prefix=EXEC
// RUN: env UOP_VECTOR_BITS=512 uop-run %s --entry rows_f64 --target cpu --check | FileCheck %s --check-prefix=EXEC
//
// A row reduction whose lanes are a vector (uop-expand{vectorize}: the
// reduce range split reduce x upcast) combines them in lane order after
// the loop: one vector.reduction in the IR, written by uop-to-c as the chain
// ((v[0] op v[1]) op v[2]) ... that the scalar expansion writes, for add
// (+) and max (the prelude's IEEE maximum: NaN wins, -0 < +0; the row of
// 512 x 256 gets 16 lanes for the sums, 32 for the max); the product's rows
// take another tile and keep scalar lanes.
// Each row runs against the double-precision interpreter with Clang and
// GCC at both vector widths.
// EXEC-NOT: FAIL
// EXEC: check=pass

// CHECK-DAG: const float v{{[0-9]+}} = ((((((((((((((((v{{[0-9]+}})[0] + (v{{[0-9]+}})[1]) + (v{{[0-9]+}})[2]) + (v{{[0-9]+}})[3]) + (v{{[0-9]+}})[4]) + (v{{[0-9]+}})[5]) + (v{{[0-9]+}})[6]) + (v{{[0-9]+}})[7]) + (v{{[0-9]+}})[8]) + (v{{[0-9]+}})[9]) + (v{{[0-9]+}})[10]) + (v{{[0-9]+}})[11]) + (v{{[0-9]+}})[12]) + (v{{[0-9]+}})[13]) + (v{{[0-9]+}})[14]) + (v{{[0-9]+}})[15]);
// CHECK-DAG: const float v{{[0-9]+}} = uoph_maximum_f32(uoph_maximum_f32({{.*}}uoph_maximum_f32((v{{[0-9]+}})[0], (v{{[0-9]+}})[1]), (v{{[0-9]+}})[2]){{.*}}, (v{{[0-9]+}})[31]);
// CHECK-DAG: const double v{{[0-9]+}} = ((((((((((((((((v{{[0-9]+}})[0] + (v{{[0-9]+}})[1]) + (v{{[0-9]+}})[2])
func.func @rows(%x: tensor<512x256xf32>) -> (tensor<512xf32>, tensor<512xf32>, tensor<512xf32>) {
  %s = uop.reduce_axis add %x [1] : tensor<512x256xf32> -> tensor<512xf32>
  %p = uop.reduce_axis mul %x [1] : tensor<512x256xf32> -> tensor<512xf32>
  %m = uop.reduce_axis max %x [1] : tensor<512x256xf32> -> tensor<512xf32>
  return %s, %p, %m : tensor<512xf32>, tensor<512xf32>, tensor<512xf32>
}

func.func @rows_f64(%x: tensor<512x256xf64>) -> tensor<512xf64> {
  %s = uop.reduce_axis add %x [1] : tensor<512x256xf64> -> tensor<512xf64>
  return %s : tensor<512xf64>
}
