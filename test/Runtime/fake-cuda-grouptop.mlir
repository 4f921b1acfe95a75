// A column sum of 1024 x 64 on --target cuda through the fake CUDA driver.
// Its reads stride a row along the reduction, so GROUP's coalescing test
// fails, and with 64 outputs LOCAL would run 64 threads in all; uop-optimize
// picks GROUPTOP: a block of 256 threads per column, each summing four
// consecutive rows (the partials, 8 warp sums and the result: 1280 bytes).
// The kernel's numbers are checked on a GPU by validate.sh's uop examples
// and test/Integration/cuda-group-reduce.test; here the CPU runs the same
// program and checks it.
// RUN: env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx uop-run %s --target cuda --repeat 1 2>&1 | FileCheck %s
// RUN: uop-opt %s --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX
// RUN: uop-run %s --target cpu --check --repeat 1 | FileCheck %s --check-prefix=CPU
// CHECK: uop-fake-cuda: launch colsum_k0 grid=(64,1,1) block=(256,1,1) cluster=(1,1,1) shared=1280+0 params=2 ok
// PTX: shfl.sync.bfly
// CPU: check=pass
func.func @colsum(%a: tensor<1024x64xf32>) -> tensor<64xf32> {
  %s = uop.reduce_axis add %a [0] : tensor<1024x64xf32> -> tensor<64xf32>
  return %s : tensor<64xf32>
}
