// Reference throughput for benchmarks/gpu/run.sh: cuBLASLt GEMM and
// cudaMemcpy device-to-device, timed with CUDA events (median of REPEAT
// timed runs after WARMUP untimed ones). run.sh compiles this with the CUDA
// toolkit's nvcc at run time; nothing is downloaded.
//
//   cublas_ref gemm M N K DTYPE LAYOUT [REPEAT]
//     Row-major C (MxN, f32) = A (MxK, DTYPE) * op(B), f32 accumulation.
//     DTYPE: bf16 | f16. LAYOUT: nt (B stored N x K, C = A * B^T, as
//     gemm_wgmma / gemm_tcgen05) | nn (B stored K x N, C = A * B, as
//     gemm_mma_sync).
//     Prints: kind=gemm m= n= k= dtype= layout= time_ms_median= tflops=
//     (tflops = 2*M*N*K / time / 1e12).
//
//   cublas_ref copy BYTES [REPEAT]
//     Prints: kind=copy bytes= time_ms_median= gbps=
//     (gbps = 2 * BYTES / time / 1e9: bytes read plus bytes written).
//
// Exit status: 0 on success, 2 on bad usage, 3 without a usable CUDA device,
// 1 on any other CUDA / cuBLAS error.
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kWarmup = 5;

[[noreturn]] void die(int status, const char *what, const char *detail) {
  std::fprintf(stderr, "cublas_ref: %s: %s\n", what, detail);
  std::exit(status);
}

void checkCuda(cudaError_t err, const char *what) {
  if (err != cudaSuccess)
    die(1, what, cudaGetErrorString(err));
}

void checkLt(cublasStatus_t st, const char *what) {
  if (st != CUBLAS_STATUS_SUCCESS)
    die(1, what, cublasLtGetStatusString(st));
}

// Deterministic values in [-1, 1): a hash of the index. The values only have
// to be non-trivial (all-zero inputs draw less power and clock higher).
__device__ float hashValue(uint64_t i, uint32_t salt) {
  uint32_t x = static_cast<uint32_t>(i) * 2654435761u ^
               static_cast<uint32_t>(i >> 32) ^ salt;
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return static_cast<float>(x >> 8) * (2.0f / 16777216.0f) - 1.0f;
}

template <typename T>
__global__ void fillKernel(T *p, uint64_t n, uint32_t salt) {
  uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
  for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x +
                    threadIdx.x;
       i < n; i += stride)
    p[i] = static_cast<T>(hashValue(i, salt));
}

template <typename T> void fill(T *p, uint64_t n, uint32_t salt) {
  fillKernel<T><<<4096, 256>>>(p, n, salt);
  checkCuda(cudaGetLastError(), "fill kernel launch");
}

// Times `body` REPEAT times after kWarmup untimed runs; returns the median
// in milliseconds.
template <typename F> double medianMs(int repeat, F body) {
  for (int i = 0; i < kWarmup; ++i)
    body();
  checkCuda(cudaDeviceSynchronize(), "warm-up");
  cudaEvent_t start, stop;
  checkCuda(cudaEventCreate(&start), "cudaEventCreate");
  checkCuda(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<float> ms(repeat);
  for (int i = 0; i < repeat; ++i) {
    checkCuda(cudaEventRecord(start), "cudaEventRecord");
    body();
    checkCuda(cudaEventRecord(stop), "cudaEventRecord");
    checkCuda(cudaEventSynchronize(stop), "cudaEventSynchronize");
    checkCuda(cudaEventElapsedTime(&ms[i], start, stop),
              "cudaEventElapsedTime");
  }
  checkCuda(cudaEventDestroy(start), "cudaEventDestroy");
  checkCuda(cudaEventDestroy(stop), "cudaEventDestroy");
  std::sort(ms.begin(), ms.end());
  return repeat % 2 ? ms[repeat / 2]
                    : 0.5 * (ms[repeat / 2 - 1] + ms[repeat / 2]);
}

uint64_t parseCount(const char *s, const char *what) {
  char *end = nullptr;
  unsigned long long v = std::strtoull(s, &end, 10);
  if (!*s || *end || v == 0)
    die(2, "bad argument", what);
  return v;
}

int runGemm(uint64_t m, uint64_t n, uint64_t k, const std::string &dtype,
            const std::string &layout, int repeat) {
  cudaDataType_t inType;
  size_t inBytes;
  if (dtype == "bf16") {
    inType = CUDA_R_16BF;
    inBytes = sizeof(__nv_bfloat16);
  } else if (dtype == "f16") {
    inType = CUDA_R_16F;
    inBytes = sizeof(__half);
  } else {
    die(2, "bad dtype (bf16 | f16)", dtype.c_str());
  }
  if (layout != "nt" && layout != "nn")
    die(2, "bad layout (nt | nn)", layout.c_str());
  bool bTransposed = layout == "nt";

  void *a, *b;
  float *c;
  void *workspace;
  size_t workspaceBytes = 64ull << 20;
  checkCuda(cudaMalloc(&a, m * k * inBytes), "cudaMalloc A");
  checkCuda(cudaMalloc(&b, k * n * inBytes), "cudaMalloc B");
  checkCuda(cudaMalloc(reinterpret_cast<void **>(&c), m * n * sizeof(float)),
            "cudaMalloc C");
  checkCuda(cudaMalloc(&workspace, workspaceBytes), "cudaMalloc workspace");
  if (inType == CUDA_R_16BF) {
    fill(static_cast<__nv_bfloat16 *>(a), m * k, 1);
    fill(static_cast<__nv_bfloat16 *>(b), k * n, 2);
  } else {
    fill(static_cast<__half *>(a), m * k, 1);
    fill(static_cast<__half *>(b), k * n, 2);
  }
  checkCuda(cudaMemset(c, 0, m * n * sizeof(float)), "cudaMemset C");

  // cuBLASLt is column-major. Row-major C (MxN) is column-major C^T (NxM),
  // and C^T = op(B)^T * A^T, so the Lt "A" operand is our B and the Lt "B"
  // operand is our A (column-major K x M, ld K, not transposed).
  //   nt: B row-major N x K = column-major K x N (ld K), transposed by Lt.
  //   nn: B row-major K x N = column-major N x K (ld N), not transposed.
  cublasLtHandle_t lt;
  checkLt(cublasLtCreate(&lt), "cublasLtCreate");
  cublasLtMatmulDesc_t op;
  checkLt(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F),
          "cublasLtMatmulDescCreate");
  cublasOperation_t transA = bTransposed ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t transB = CUBLAS_OP_N;
  checkLt(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA,
                                         &transA, sizeof(transA)),
          "set TRANSA");
  checkLt(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB,
                                         &transB, sizeof(transB)),
          "set TRANSB");
  cublasLtMatrixLayout_t la, lb, lc;
  if (bTransposed)
    checkLt(cublasLtMatrixLayoutCreate(&la, inType, k, n, k), "layout A");
  else
    checkLt(cublasLtMatrixLayoutCreate(&la, inType, n, k, n), "layout A");
  checkLt(cublasLtMatrixLayoutCreate(&lb, inType, k, m, k), "layout B");
  checkLt(cublasLtMatrixLayoutCreate(&lc, CUDA_R_32F, n, m, n), "layout C");

  cublasLtMatmulPreference_t pref;
  checkLt(cublasLtMatmulPreferenceCreate(&pref), "preference");
  checkLt(cublasLtMatmulPreferenceSetAttribute(
              pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceBytes,
              sizeof(workspaceBytes)),
          "set workspace");
  cublasLtMatmulHeuristicResult_t heuristic{};
  int found = 0;
  checkLt(cublasLtMatmulAlgoGetHeuristic(lt, op, la, lb, lc, lc, pref, 1,
                                         &heuristic, &found),
          "cublasLtMatmulAlgoGetHeuristic");
  if (found == 0)
    die(1, "cublasLtMatmulAlgoGetHeuristic", "no algorithm");

  float alpha = 1.0f, beta = 0.0f;
  double ms = medianMs(repeat, [&] {
    checkLt(cublasLtMatmul(lt, op, &alpha, b, la, a, lb, &beta, c, lc, c, lc,
                           &heuristic.algo, workspace, workspaceBytes,
                           /*stream=*/0),
            "cublasLtMatmul");
  });
  double tflops = 2.0 * double(m) * double(n) * double(k) / (ms * 1e-3) /
                  1e12;
  std::printf("kind=gemm m=%" PRIu64 " n=%" PRIu64 " k=%" PRIu64
              " dtype=%s layout=%s time_ms_median=%.4f tflops=%.2f\n",
              m, n, k, dtype.c_str(), layout.c_str(), ms, tflops);

  cublasLtMatmulPreferenceDestroy(pref);
  cublasLtMatrixLayoutDestroy(la);
  cublasLtMatrixLayoutDestroy(lb);
  cublasLtMatrixLayoutDestroy(lc);
  cublasLtMatmulDescDestroy(op);
  cublasLtDestroy(lt);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  cudaFree(workspace);
  return 0;
}

int runCopy(uint64_t bytes, int repeat) {
  if (bytes % sizeof(float))
    die(2, "bad argument", "BYTES must be a multiple of 4");
  void *src, *dst;
  checkCuda(cudaMalloc(&src, bytes), "cudaMalloc src");
  checkCuda(cudaMalloc(&dst, bytes), "cudaMalloc dst");
  fill(static_cast<float *>(src), bytes / sizeof(float), 3);
  checkCuda(cudaMemset(dst, 0, bytes), "cudaMemset dst");
  double ms = medianMs(repeat, [&] {
    checkCuda(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, 0),
              "cudaMemcpyAsync");
  });
  double gbps = 2.0 * double(bytes) / (ms * 1e-3) / 1e9;
  std::printf("kind=copy bytes=%" PRIu64 " time_ms_median=%.4f gbps=%.1f\n",
              bytes, ms, gbps);
  cudaFree(src);
  cudaFree(dst);
  return 0;
}

void usage() {
  std::fprintf(stderr,
               "usage: cublas_ref gemm M N K bf16|f16 nt|nn [REPEAT]\n"
               "       cublas_ref copy BYTES [REPEAT]\n");
  std::exit(2);
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    usage();
  std::string mode = argv[1];
  bool gemm = mode == "gemm" && (argc == 7 || argc == 8);
  bool copy = mode == "copy" && (argc == 3 || argc == 4);
  if (!gemm && !copy)
    usage();
  int repeatArg = gemm ? 7 : 3;
  int repeat =
      argc > repeatArg ? int(parseCount(argv[repeatArg], "REPEAT")) : 20;
  if (gemm && std::strcmp(argv[5], "bf16") && std::strcmp(argv[5], "f16"))
    die(2, "bad dtype (bf16 | f16)", argv[5]);
  if (gemm && std::strcmp(argv[6], "nt") && std::strcmp(argv[6], "nn"))
    die(2, "bad layout (nt | nn)", argv[6]);
  int devices = 0;
  cudaError_t err = cudaGetDeviceCount(&devices);
  if (err != cudaSuccess || devices == 0)
    die(3, "no CUDA device",
        err != cudaSuccess ? cudaGetErrorString(err) : "device count is 0");
  if (gemm)
    return runGemm(parseCount(argv[2], "M"), parseCount(argv[3], "N"),
                   parseCount(argv[4], "K"), argv[5], argv[6], repeat);
  return runCopy(parseCount(argv[2], "BYTES"), repeat);
}
