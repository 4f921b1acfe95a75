// Kernels written with CUDA 13's cuda::ptx and cuda::barrier wrappers
// (mbarrier init / arrive / expect_tx / try_wait, a non-tensor bulk copy),
// compiled by nvcc for sm_90a; nvidia_kernels.cpp runs them in the emulator
// against a CPU result (test/Emulator/nvcc-kernels.test).
#include <cuda/barrier>
#include <cuda/ptx>
namespace ptx = cuda::ptx;
// A bulk copy global -> shared completing on an mbarrier, written with
// cuda::ptx's wrappers of mbarrier.init, mbarrier.arrive.expect_tx,
// cp.async.bulk and mbarrier.try_wait.parity; then every thread doubles
// its element.
extern "C" __global__ void bulk_copy(const float *in, float *out) {
  __shared__ alignas(128) float buf[256];
  __shared__ alignas(8) uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf,
                       in + blockIdx.x * 256, sizeof(buf), &bar);
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta,
                                   ptx::space_shared, &bar, sizeof(buf));
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  out[blockIdx.x * 256 + threadIdx.x] = 2 * buf[threadIdx.x];
}
// cuda::barrier with arrive/wait across the block.
extern "C" __global__ void block_barrier(const int *in, int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int s[128];
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  s[threadIdx.x] = in[threadIdx.x];
  bar.arrive_and_wait();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 128];
}
