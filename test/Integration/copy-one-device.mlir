// A COPY to a device in a one-device program: the copy holds its source's
// elements, so the program computes 2 * a + a with no copy kernel; it is
// compiled, run and checked against the reference interpreter, on the CPU
// and (PTX) for the GPU. Before, uop-rangeify rejected the DEVICE the COPY
// names ("expects tensor-level ops with one ranked tensor result").
// RUN: uop-run %s --check --repeat 1 | FileCheck %s
// RUN: uop-opt %s --uop-to-program=target=cpu | FileCheck %s --check-prefix=IR
// RUN: uop-opt %s --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX
// CHECK: kernels=1
// CHECK: check=pass
// IR-NOT: uop.copy
// PTX: .visible .entry copied_k0(
func.func @copied(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %d = uop.device "CPU"
  %c = uop.copy %a, %d : tensor<4x8xf32>
  %t = arith.addf %c, %c : tensor<4x8xf32>
  %e = arith.addf %t, %a : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}
