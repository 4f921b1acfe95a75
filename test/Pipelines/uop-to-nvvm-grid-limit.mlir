// RUN: uop-opt %s --uop-to-nvvm=chip=sm_80 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// uop-gpudims maps each global output range to one grid dimension without
// looking at CUDA's limits: gridDim.x may be up to 2^31 - 1, but gridDim.y and
// gridDim.z at most 65535. A 100000x3 elementwise kernel gets
//
//   uop.special %c100000, blockIdx.y   (gpu.known_grid_size = [3, 100000, 1])
//
// and its launch fails (cuLaunchKernel: CUDA_ERROR_INVALID_VALUE); the same
// for blockIdx.z of a 70000x8x3 tensor. (The innermost extent 3 also gets no
// threads at all: one thread per block.) Expected: the large range goes on
// blockIdx.x, is split over two grid dimensions, or stays a loop; the grid
// never exceeds 65535 in y or z.

// CHECK-LABEL: llvm.func @wide_k0
// CHECK-NOT: known_grid_size = array<i32: {{[0-9]+}}, 100000,
func.func @wide(%a: tensor<100000x3xf32>) -> tensor<100000x3xf32> {
  %e = math.exp %a : tensor<100000x3xf32>
  return %e : tensor<100000x3xf32>
}
