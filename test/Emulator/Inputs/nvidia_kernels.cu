// Kernels written with NVIDIA's own CUDA 13 headers (CUB) and one inline
// mma.sync written from the PTX ISA's m16n8k16 fragment table, compiled to
// PTX by nvcc: code our compiler did not write, run in the emulator by
// nvidia-kernels.cpp against a CPU result (test/Emulator/nvcc-kernels.test).
#include <cub/cub.cuh>
#include <cuda_fp16.h>

extern "C" __global__ void warp_sum(const int *in, int *out) {
  using WarpReduce = cub::WarpReduce<int>;
  __shared__ typename WarpReduce::TempStorage tmp[4];
  int w = threadIdx.x / 32;
  int s = WarpReduce(tmp[w]).Sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    out[blockIdx.x * 4 + w] = s;
}

extern "C" __global__ void warp_max_float(const float *in, float *out) {
  using WarpReduce = cub::WarpReduce<float>;
  __shared__ typename WarpReduce::TempStorage tmp[4];
  int w = threadIdx.x / 32;
  float s = WarpReduce(tmp[w]).Reduce(in[blockIdx.x * blockDim.x + threadIdx.x],
                                      cuda::maximum<>{});
  if (threadIdx.x % 32 == 0)
    out[blockIdx.x * 4 + w] = s;
}

extern "C" __global__ void block_sum(const float *in, float *out) {
  using BlockReduce = cub::BlockReduce<float, 256>;
  __shared__ typename BlockReduce::TempStorage tmp;
  float s = BlockReduce(tmp).Sum(in[blockIdx.x * 256 + threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}

extern "C" __global__ void block_scan(const int *in, int *out) {
  using BlockScan = cub::BlockScan<int, 128>;
  __shared__ typename BlockScan::TempStorage tmp;
  int r;
  BlockScan(tmp).ExclusiveSum(in[blockIdx.x * 128 + threadIdx.x], r);
  out[blockIdx.x * 128 + threadIdx.x] = r;
}

// D (16x8, f32) = A (16x16, f16, row-major) * B (16x8, f16, stored
// column-major), one warp, fragments placed by the ISA's table (9.7.14.5.8).
extern "C" __global__ void mma_m16n8k16(const __half *A, const __half *B,
                                        float *D) {
  unsigned lane = threadIdx.x, g = lane >> 2, t = lane & 3;
  unsigned a[4], b[2];
  auto pack = [](__half lo, __half hi) {
    return unsigned(__half_as_ushort(lo)) |
           (unsigned(__half_as_ushort(hi)) << 16);
  };
  const unsigned rows[4] = {g, g + 8, g, g + 8};
  const unsigned cols[4] = {2 * t, 2 * t, 2 * t + 8, 2 * t + 8};
  for (int i = 0; i < 4; ++i)
    a[i] = pack(A[rows[i] * 16 + cols[i]], A[rows[i] * 16 + cols[i] + 1]);
  b[0] = pack(B[g * 16 + 2 * t], B[g * 16 + 2 * t + 1]);
  b[1] = pack(B[g * 16 + 2 * t + 8], B[g * 16 + 2 * t + 9]);
  float d[4] = {0, 0, 0, 0};
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]));
  D[g * 8 + 2 * t] = d[0];
  D[g * 8 + 2 * t + 1] = d[1];
  D[(g + 8) * 8 + 2 * t] = d[2];
  D[(g + 8) * 8 + 2 * t + 1] = d[3];
}
