// REQUIRES: ptxas
// RUN: uop-opt %s --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: FileCheck %s --input-file=%t.ptx
//
// The fused variance (test/Integration/fusion.mlir) as one CUDA kernel: one
// thread per row runs the mean's loop, then the variance's loop.

// CHECK: .visible .entry variance_k0(
// CHECK-NOT: .entry
func.func @variance(%a: tensor<32x64xf32>) -> tensor<32xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<32x64xf32> -> tensor<32xf32>
  %sr = uop.reshape %s : tensor<32xf32> -> tensor<32x1xf32>
  %se = uop.expand %sr : tensor<32x1xf32> -> tensor<32x64xf32>
  %d = arith.subf %a, %se : tensor<32x64xf32>
  %q = arith.mulf %d, %d : tensor<32x64xf32>
  %v = uop.reduce_axis add %q [1] : tensor<32x64xf32> -> tensor<32xf32>
  return %v : tensor<32xf32>
}
