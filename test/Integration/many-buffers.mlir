// RUN: uop-run %s --target cpu --check --repeat 1 | FileCheck %s
//
// Ten inputs and one output: the compiled entry is called through its
// packed form (uop_<name>_packed(void *const *)), so the number of buffers
// is not limited.
// CHECK: entry=many target=cpu kernels=1
// CHECK: checked=4 mismatches=0 check=pass
func.func @many(%a0: tensor<4xf32>, %a1: tensor<4xf32>, %a2: tensor<4xf32>, %a3: tensor<4xf32>, %a4: tensor<4xf32>, %a5: tensor<4xf32>, %a6: tensor<4xf32>, %a7: tensor<4xf32>, %a8: tensor<4xf32>, %a9: tensor<4xf32>) -> tensor<4xf32> {
  %s1 = arith.addf %a0, %a1 : tensor<4xf32>
  %s2 = arith.addf %s1, %a2 : tensor<4xf32>
  %s3 = arith.addf %s2, %a3 : tensor<4xf32>
  %s4 = arith.addf %s3, %a4 : tensor<4xf32>
  %s5 = arith.addf %s4, %a5 : tensor<4xf32>
  %s6 = arith.addf %s5, %a6 : tensor<4xf32>
  %s7 = arith.addf %s6, %a7 : tensor<4xf32>
  %s8 = arith.addf %s7, %a8 : tensor<4xf32>
  %s9 = arith.addf %s8, %a9 : tensor<4xf32>
  return %s9 : tensor<4xf32>
}
