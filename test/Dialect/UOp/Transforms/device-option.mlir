// RUN: uop-opt %s --uop-rangeify --uop-split-kernels | FileCheck %s --check-prefix=CPU
// RUN: uop-opt %s --uop-rangeify --uop-split-kernels=device=CUDA | FileCheck %s --check-prefix=SPLIT
// RUN: uop-opt %s --uop-to-program=target=cuda | FileCheck %s --check-prefix=PROGRAM
//
// The schedule's DEVICE follows the target: uop-split-kernels and
// uop-linearize take it as an option, uop-to-program sets it from target.

// CPU: uop.function @f(
// CPU: uop.device "CPU"
// SPLIT: uop.function @f(
// SPLIT: uop.device "CUDA"
// PROGRAM: uop.function @f(
// PROGRAM-NOT: uop.device "CPU"
// PROGRAM: uop.program @f_k0 device
func.func @f(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %s : tensor<4xf32>
}
