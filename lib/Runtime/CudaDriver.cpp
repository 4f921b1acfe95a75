//===- CudaDriver.cpp - the CUDA driver API, opened at run time -----------===//
//
// Only the few entry points uop-run needs, declared here with the driver's
// ABI (no cuda.h at build time). Versioned symbols (`_v2`) are preferred
// where the driver exports them.
//
//===----------------------------------------------------------------------===//

#include "uop/Runtime/CudaDriver.h"

#include <dlfcn.h>

using namespace uop;

namespace {
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
} // namespace

struct CudaDriver::Api {
  CUresult (*init)(unsigned);
  CUresult (*deviceGetCount)(int *);
  CUresult (*deviceGet)(CUdevice *, int);
  CUresult (*deviceGetAttribute)(int *, int, CUdevice);
  CUresult (*deviceGetName)(char *, int, CUdevice);
  CUresult (*primaryCtxRetain)(void **, CUdevice);
  CUresult (*primaryCtxRelease)(CUdevice);
  CUresult (*ctxSetCurrent)(void *);
  CUresult (*ctxSynchronize)();
  CUresult (*moduleLoadData)(void **, const void *);
  CUresult (*moduleGetFunction)(void **, void *, const char *);
  CUresult (*funcSetAttribute)(void *, int, int);
  CUresult (*memAlloc)(CUdeviceptr *, size_t);
  CUresult (*memFree)(CUdeviceptr);
  CUresult (*memcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*memcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*memsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*launchKernel)(void *, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, void *, void **,
                           void **);
  CUresult (*eventCreate)(void **, unsigned);
  CUresult (*eventRecord)(void *, void *);
  CUresult (*eventSynchronize)(void *);
  CUresult (*eventElapsedTime)(float *, void *, void *);
  CUresult (*eventDestroy)(void *);
  CUresult (*getErrorString)(CUresult, const char **);
  CUresult (*tensorMapEncodeTiled)(void *, int, unsigned, void *,
                                   const uint64_t *, const uint64_t *,
                                   const unsigned *, const unsigned *, int, int,
                                   int, int);
};

template <typename F>
static bool bind(void *lib, F &fn, const char *name) {
  std::string v2 = std::string(name) + "_v2";
  void *p = dlsym(lib, v2.c_str());
  if (!p)
    p = dlsym(lib, name);
  fn = reinterpret_cast<F>(p);
  return p != nullptr;
}

std::unique_ptr<CudaDriver> CudaDriver::open(std::string &why) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    lib = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    why = "the CUDA driver (libcuda.so.1) is not installed";
    return nullptr;
  }
  std::unique_ptr<CudaDriver> d(new CudaDriver());
  d->lib = lib;
  d->api = std::make_unique<Api>();
  Api &a = *d->api;
  bool ok = bind(lib, a.init, "cuInit") &&
            bind(lib, a.deviceGetCount, "cuDeviceGetCount") &&
            bind(lib, a.deviceGet, "cuDeviceGet") &&
            bind(lib, a.deviceGetAttribute, "cuDeviceGetAttribute") &&
            bind(lib, a.deviceGetName, "cuDeviceGetName") &&
            bind(lib, a.primaryCtxRetain, "cuDevicePrimaryCtxRetain") &&
            bind(lib, a.primaryCtxRelease, "cuDevicePrimaryCtxRelease") &&
            bind(lib, a.ctxSetCurrent, "cuCtxSetCurrent") &&
            bind(lib, a.ctxSynchronize, "cuCtxSynchronize") &&
            bind(lib, a.moduleLoadData, "cuModuleLoadData") &&
            bind(lib, a.moduleGetFunction, "cuModuleGetFunction") &&
            bind(lib, a.funcSetAttribute, "cuFuncSetAttribute") &&
            bind(lib, a.memAlloc, "cuMemAlloc") &&
            bind(lib, a.memFree, "cuMemFree") &&
            bind(lib, a.memcpyHtoD, "cuMemcpyHtoD") &&
            bind(lib, a.memcpyDtoH, "cuMemcpyDtoH") &&
            bind(lib, a.memsetD8, "cuMemsetD8") &&
            bind(lib, a.launchKernel, "cuLaunchKernel") &&
            bind(lib, a.eventCreate, "cuEventCreate") &&
            bind(lib, a.eventRecord, "cuEventRecord") &&
            bind(lib, a.eventSynchronize, "cuEventSynchronize") &&
            bind(lib, a.eventElapsedTime, "cuEventElapsedTime") &&
            bind(lib, a.eventDestroy, "cuEventDestroy") &&
            bind(lib, a.getErrorString, "cuGetErrorString");
  // Only drivers for sm_90+ have tensor maps; optional.
  bind(lib, a.tensorMapEncodeTiled, "cuTensorMapEncodeTiled");
  if (!ok) {
    why = "the CUDA driver lacks an entry point uop-run needs";
    return nullptr;
  }
  int count = 0;
  if (a.init(0) != 0 || a.deviceGetCount(&count) != 0 || count == 0) {
    why = "no CUDA device is visible (cuInit/cuDeviceGetCount)";
    return nullptr;
  }
  int major = 0, minor = 0;
  char name[256] = {0};
  if (a.deviceGet(&d->device, 0) != 0 ||
      a.deviceGetAttribute(&major, /*COMPUTE_CAPABILITY_MAJOR*/ 75, d->device) ||
      a.deviceGetAttribute(&minor, /*COMPUTE_CAPABILITY_MINOR*/ 76, d->device) ||
      a.deviceGetName(name, sizeof(name), d->device) ||
      a.primaryCtxRetain(&d->ctx, d->device) || a.ctxSetCurrent(d->ctx)) {
    why = "cannot create a context on CUDA device 0";
    return nullptr;
  }
  d->cc = major * 10 + minor;
  d->name = name;
  return d;
}

CudaDriver::~CudaDriver() {
  if (ctx)
    api->primaryCtxRelease(device);
}

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult rc = (call);                                                      \
    if (rc != 0) {                                                             \
      const char *msg = nullptr;                                               \
      api->getErrorString(rc, &msg);                                           \
      return std::string(#call) + ": " + (msg ? msg : "error " + std::to_string(rc)); \
    }                                                                          \
  } while (0)

std::string CudaDriver::loadModule(llvm::StringRef image, void **module) {
  std::string copy = image.str(); // PTX must be NUL-terminated
  CHECK(api->moduleLoadData(module, copy.c_str()));
  return "";
}
std::string CudaDriver::getFunction(void *module, llvm::StringRef n, void **fn) {
  CHECK(api->moduleGetFunction(fn, module, n.str().c_str()));
  return "";
}
std::string CudaDriver::setDynamicShared(void *fn, int bytes) {
  // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
  CHECK(api->funcSetAttribute(fn, 8, bytes));
  return "";
}
std::string CudaDriver::alloc(DevicePtr *p, size_t bytes) {
  CHECK(api->memAlloc(p, bytes));
  return "";
}
std::string CudaDriver::free(DevicePtr p) {
  CHECK(api->memFree(p));
  return "";
}
std::string CudaDriver::copyToDevice(DevicePtr dst, const void *src, size_t n) {
  CHECK(api->memcpyHtoD(dst, src, n));
  return "";
}
std::string CudaDriver::copyToHost(void *dst, DevicePtr src, size_t n) {
  CHECK(api->memcpyDtoH(dst, src, n));
  return "";
}
std::string CudaDriver::memset8(DevicePtr dst, unsigned char v, size_t n) {
  CHECK(api->memsetD8(dst, v, n));
  return "";
}
std::string CudaDriver::launch(void *fn, const unsigned grid[3],
                               const unsigned block[3], unsigned shared,
                               void **params) {
  CHECK(api->launchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1],
                          block[2], shared, nullptr, params, nullptr));
  return "";
}
std::string CudaDriver::synchronize() {
  CHECK(api->ctxSynchronize());
  return "";
}
std::string CudaDriver::time(const std::function<std::string()> &fn,
                             float *ms) {
  void *start = nullptr, *stop = nullptr;
  CHECK(api->eventCreate(&start, 0));
  CHECK(api->eventCreate(&stop, 0));
  CHECK(api->eventRecord(start, nullptr));
  std::string err = fn();
  if (!err.empty())
    return err;
  CHECK(api->eventRecord(stop, nullptr));
  CHECK(api->eventSynchronize(stop));
  CHECK(api->eventElapsedTime(ms, start, stop));
  api->eventDestroy(start);
  api->eventDestroy(stop);
  return "";
}
std::string CudaDriver::encodeTensorMap(void *out, int dtype, DevicePtr base,
                                        llvm::ArrayRef<int64_t> dims,
                                        llvm::ArrayRef<int64_t> box,
                                        int elemBytes, int swizzleBytes) {
  if (!api->tensorMapEncodeTiled)
    return "this CUDA driver has no cuTensorMapEncodeTiled (needs CUDA 12+)";
  unsigned rank = dims.size();
  uint64_t gdim[5], gstride[4];
  unsigned bdim[5], estride[5];
  uint64_t stride = elemBytes;
  for (unsigned i = 0; i < rank; ++i) {
    // The driver lists dimensions innermost first.
    gdim[i] = dims[rank - 1 - i];
    bdim[i] = box[rank - 1 - i];
    estride[i] = 1;
    if (i + 1 < rank) {
      stride *= gdim[i];
      gstride[i] = stride;
    }
  }
  int swizzle = swizzleBytes == 128 ? 3 : swizzleBytes == 64 ? 2
                : swizzleBytes == 32 ? 1 : 0;
  CHECK(api->tensorMapEncodeTiled(out, dtype, rank,
                                  reinterpret_cast<void *>(base), gdim,
                                  gstride, bdim, estride, /*interleave*/ 0,
                                  swizzle, /*l2 promotion 128B*/ 2,
                                  /*oob fill none*/ 0));
  return "";
}
