// Runs the nvcc-compiled kernels of nvidia_kernels.cu (and, with a second
// file, of nvidia_barriers.cu) through the CUDA driver API (cuda.h, linked
// against libuop-emu-cuda.so) and compares each with a CPU result. Prints
// "<kernel> ok" per kernel; exits 1 on a mismatch or driver error.
//
//   nvidia_kernels FILE.ptx [BARRIERS.ptx]
#include <cuda.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

CUmodule module;

void check(CUresult rc, const char *what) {
  if (rc == CUDA_SUCCESS)
    return;
  const char *msg = "?";
  cuGetErrorString(rc, &msg);
  std::fprintf(stderr, "%s failed: %s\n", what, msg);
  std::exit(1);
}

template <typename T> CUdeviceptr upload(const std::vector<T> &h) {
  CUdeviceptr d;
  check(cuMemAlloc(&d, h.size() * sizeof(T)), "cuMemAlloc");
  check(cuMemcpyHtoD(d, h.data(), h.size() * sizeof(T)), "cuMemcpyHtoD");
  return d;
}

template <typename T> std::vector<T> download(CUdeviceptr d, size_t n) {
  std::vector<T> h(n);
  check(cuMemcpyDtoH(h.data(), d, n * sizeof(T)), "cuMemcpyDtoH");
  check(cuMemFree(d), "cuMemFree");
  return h;
}

void run(const char *name, unsigned grid, unsigned block, CUdeviceptr a,
         CUdeviceptr b, CUdeviceptr c = 0) {
  CUfunction f;
  check(cuModuleGetFunction(&f, module, name), name);
  void *args[] = {&a, &b, &c};
  check(cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, nullptr, args, nullptr),
        name);
  check(cuCtxSynchronize(), name);
}

bool report(const char *name, bool ok) {
  std::printf("%s %s\n", name, ok ? "ok" : "MISMATCH");
  return ok;
}

bool warpSum(std::mt19937 &rng) {
  std::vector<int> in(2 * 128);
  for (int &v : in)
    v = int(rng() % 2001) - 1000;
  CUdeviceptr din = upload(in), dout = upload(std::vector<int>(8, 0));
  run("warp_sum", 2, 128, din, dout);
  auto out = download<int>(dout, 8);
  check(cuMemFree(din), "cuMemFree");
  bool ok = true;
  for (int w = 0; w < 8; ++w) {
    int s = 0;
    for (int l = 0; l < 32; ++l)
      s += in[w * 32 + l];
    ok &= out[w] == s;
  }
  return report("warp_sum", ok);
}

bool warpMax(std::mt19937 &rng) {
  std::vector<float> in(128);
  for (float &v : in)
    v = float(int(rng() % 20001) - 10000) / 7.0f;
  CUdeviceptr din = upload(in), dout = upload(std::vector<float>(4, 0));
  run("warp_max_float", 1, 128, din, dout);
  auto out = download<float>(dout, 4);
  check(cuMemFree(din), "cuMemFree");
  bool ok = true;
  for (int w = 0; w < 4; ++w) {
    float m = in[w * 32];
    for (int l = 1; l < 32; ++l)
      m = std::max(m, in[w * 32 + l]);
    ok &= out[w] == m;
  }
  return report("warp_max_float", ok);
}

bool blockSum(std::mt19937 &rng) {
  // Small integers: every order of summation gives the exact sum.
  std::vector<float> in(3 * 256);
  for (float &v : in)
    v = float(int(rng() % 201) - 100);
  CUdeviceptr din = upload(in), dout = upload(std::vector<float>(3, 0));
  run("block_sum", 3, 256, din, dout);
  auto out = download<float>(dout, 3);
  check(cuMemFree(din), "cuMemFree");
  bool ok = true;
  for (int b = 0; b < 3; ++b) {
    double s = 0;
    for (int i = 0; i < 256; ++i)
      s += in[b * 256 + i];
    ok &= out[b] == float(s);
  }
  return report("block_sum", ok);
}

bool blockScan(std::mt19937 &rng) {
  std::vector<int> in(2 * 128);
  for (int &v : in)
    v = int(rng() % 100);
  CUdeviceptr din = upload(in), dout = upload(std::vector<int>(256, -1));
  run("block_scan", 2, 128, din, dout);
  auto out = download<int>(dout, 256);
  check(cuMemFree(din), "cuMemFree");
  bool ok = true;
  for (int b = 0; b < 2; ++b) {
    int s = 0;
    for (int i = 0; i < 128; ++i) {
      ok &= out[b * 128 + i] == s;
      s += in[b * 128 + i];
    }
  }
  return report("block_scan", ok);
}

uint16_t half(int v) { // binary16 of a small integer, by the format
  if (v == 0)
    return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  int a = std::abs(v), e = 0;
  while ((a >> e) > 1)
    ++e;
  return sign | uint16_t((e + 15) << 10) | uint16_t(((a << 10) >> e) & 0x3ff);
}

bool mma(std::mt19937 &rng) {
  std::vector<int> A(16 * 16), B(16 * 8);
  std::vector<uint16_t> hA(16 * 16), hB(16 * 8); // B column-major
  for (int i = 0; i < 256; ++i)
    A[i] = int(rng() % 9) - 4, hA[i] = half(A[i]);
  for (int k = 0; k < 16; ++k)
    for (int n = 0; n < 8; ++n)
      B[k * 8 + n] = int(rng() % 9) - 4, hB[n * 16 + k] = half(B[k * 8 + n]);
  CUdeviceptr da = upload(hA), db = upload(hB),
              dd = upload(std::vector<float>(128, -1));
  run("mma_m16n8k16", 1, 32, da, db, dd);
  auto D = download<float>(dd, 128);
  check(cuMemFree(da), "cuMemFree");
  check(cuMemFree(db), "cuMemFree");
  bool ok = true;
  for (int m = 0; m < 16; ++m)
    for (int n = 0; n < 8; ++n) {
      int s = 0;
      for (int k = 0; k < 16; ++k)
        s += A[m * 16 + k] * B[k * 8 + n];
      ok &= D[m * 8 + n] == float(s);
    }
  return report("mma_m16n8k16", ok);
}

bool bulkCopy(std::mt19937 &rng) {
  std::vector<float> in(2 * 256);
  for (float &v : in)
    v = float(int(rng() % 1000)) / 8;
  CUdeviceptr din = upload(in), dout = upload(std::vector<float>(512, -1));
  run("bulk_copy", 2, 256, din, dout);
  auto out = download<float>(dout, 512);
  check(cuMemFree(din), "cuMemFree");
  bool ok = true;
  for (int i = 0; i < 512; ++i)
    ok &= out[i] == 2 * in[i];
  return report("bulk_copy", ok);
}

bool blockBarrier(std::mt19937 &rng) {
  std::vector<int> in(128);
  for (int &v : in)
    v = int(rng() % 1000);
  CUdeviceptr din = upload(in), dout = upload(std::vector<int>(128, -1));
  run("block_barrier", 1, 128, din, dout);
  auto out = download<int>(dout, 128);
  check(cuMemFree(din), "cuMemFree");
  bool ok = true;
  for (int i = 0; i < 128; ++i)
    ok &= out[i] == in[(i + 1) % 128];
  return report("block_barrier", ok);
}

std::string readFile(const char *path) {
  std::ifstream f(path);
  std::stringstream text;
  text << f.rdbuf();
  return text.str();
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: nvidia_kernels FILE.ptx [BARRIERS.ptx]\n");
    return 2;
  }
  check(cuInit(0), "cuInit");
  CUdevice dev;
  CUcontext ctx;
  check(cuDeviceGet(&dev, 0), "cuDeviceGet");
  check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
  std::string ptx = readFile(argv[1]);
  check(cuModuleLoadData(&module, ptx.c_str()), "cuModuleLoadData");
  std::mt19937 rng(42);
  bool ok = warpSum(rng) & warpMax(rng) & blockSum(rng) & blockScan(rng) &
            mma(rng);
  check(cuModuleUnload(module), "cuModuleUnload");
  if (argc == 3) {
    ptx = readFile(argv[2]);
    check(cuModuleLoadData(&module, ptx.c_str()), "cuModuleLoadData");
    ok = ok & bulkCopy(rng) & blockBarrier(rng);
    check(cuModuleUnload(module), "cuModuleUnload");
  }
  check(cuDevicePrimaryCtxRelease(dev), "cuDevicePrimaryCtxRelease");
  return ok ? 0 : 1;
}
