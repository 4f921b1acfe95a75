// RUN: uop-opt %s --uop-rangeify --uop-split-kernels | FileCheck %s --check-prefix=CPU
// RUN: uop-opt %s --uop-rangeify --uop-split-kernels=target=cuda | FileCheck %s --check-prefix=SPLIT
// RUN: not uop-opt %s --uop-rangeify --uop-split-kernels=target=CUDA 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not uop-opt %s --uop-rangeify --uop-split-kernels --uop-linearize=target=gpu 2>&1 | FileCheck %s --check-prefix=BAD-LIN
// RUN: not uop-opt %s --uop-optimize=target=tpu 2>&1 | FileCheck %s --check-prefix=BAD-OPT
// RUN: not uop-opt %s --uop-to-program=target=gpu 2>&1 | FileCheck %s --check-prefix=BAD-PROG
// RUN: not uop-opt %s --pass-pipeline='builtin.module(uop-to-program{target=Cpu})' 2>&1 | FileCheck %s --check-prefix=BAD-PIPE
// RUN: uop-opt %s --uop-to-program=target=cuda | FileCheck %s --check-prefix=PROGRAM
//
// The schedule's DEVICE follows the target: uop-split-kernels and
// uop-linearize take `target=cpu|cuda` (the one spelling of every uop option)
// and record DEVICE "CPU" / "CUDA"; uop-to-program passes its own target.
// `target` is an enum option (uop::Target, include/uop/Support/Target.h):
// any other spelling is the option parser's error, before any pass runs.
// BAD: for the --target option: Cannot find option named 'CUDA'!
// BAD-LIN: for the --target option: Cannot find option named 'gpu'!
// BAD-OPT: for the --target option: Cannot find option named 'tpu'!
// BAD-PROG: for the --target option: Cannot find option named 'gpu'!
// BAD-PIPE: for the --target option: Cannot find option named 'Cpu'!
// BAD-PIPE: error: failed to add `uop-to-program` with options `target=Cpu`

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
