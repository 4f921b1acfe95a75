//===- CudaDriver.cpp - the CUDA driver API, opened at run time -----------===//
//
// Only the entry points the runtime needs, declared here with the driver's
// ABI (no cuda.h at build time). Each is bound by the exact symbol that
// cuda.h (CUDA 12 and 13) maps its name to: `cuMemAlloc` is `cuMemAlloc_v2`,
// but `cuCtxSynchronize_v2` is a different function (it takes a context), so
// versions are never guessed.
//
//===----------------------------------------------------------------------===//

#include "uop/Runtime/CudaDriver.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>

using namespace uop;

namespace {
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;

// CUdevice_attribute, CUfunction_attribute and CUtensorMap* values of cuda.h.
constexpr int kAttrComputeCapabilityMajor = 75;
constexpr int kAttrComputeCapabilityMinor = 76;
constexpr int kFuncAttrMaxDynamicSharedBytes = 8;
constexpr int kTensorMapL2Promotion128B = 2;
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
  CUresult (*moduleUnload)(void *);
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
  CUresult (*launchKernelEx)(const void *, void *, void **, void **);
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

/// "no GPU: <why>", the error of every way open() fails.
static llvm::Error noDevice(const llvm::Twine &why) {
  return makeError(RuntimeErrorKind::NoDevice, "no GPU: " + why);
}

namespace {
/// One entry point: the field it fills and the exact exported symbol.
struct Binding {
  void **slot;
  const char *symbol;
  bool required;
};
} // namespace

/// The table of symbols, as cuda.h maps each API name (the `_v2` suffixes
/// date from CUDA 3.2/4.0 and are what every CUDA 12/13 program links to).
static std::vector<Binding> bindings(CudaDriver::Api &a) {
  auto slot = [](auto &fn) { return reinterpret_cast<void **>(&fn); };
  return {
      {slot(a.init), "cuInit", true},
      {slot(a.deviceGetCount), "cuDeviceGetCount", true},
      {slot(a.deviceGet), "cuDeviceGet", true},
      {slot(a.deviceGetAttribute), "cuDeviceGetAttribute", true},
      {slot(a.deviceGetName), "cuDeviceGetName", true},
      {slot(a.primaryCtxRetain), "cuDevicePrimaryCtxRetain", true},
      {slot(a.primaryCtxRelease), "cuDevicePrimaryCtxRelease_v2", true},
      {slot(a.ctxSetCurrent), "cuCtxSetCurrent", true},
      // Not cuCtxSynchronize_v2(CUcontext), which CUDA 13 adds beside it.
      {slot(a.ctxSynchronize), "cuCtxSynchronize", true},
      {slot(a.moduleLoadData), "cuModuleLoadData", true},
      {slot(a.moduleUnload), "cuModuleUnload", true},
      {slot(a.moduleGetFunction), "cuModuleGetFunction", true},
      {slot(a.funcSetAttribute), "cuFuncSetAttribute", true},
      {slot(a.memAlloc), "cuMemAlloc_v2", true},
      {slot(a.memFree), "cuMemFree_v2", true},
      {slot(a.memcpyHtoD), "cuMemcpyHtoD_v2", true},
      {slot(a.memcpyDtoH), "cuMemcpyDtoH_v2", true},
      {slot(a.memsetD8), "cuMemsetD8_v2", true},
      {slot(a.launchKernel), "cuLaunchKernel", true},
      // CUDA 12+: launches with a cluster dimension attribute.
      {slot(a.launchKernelEx), "cuLaunchKernelEx", false},
      {slot(a.eventCreate), "cuEventCreate", true},
      {slot(a.eventRecord), "cuEventRecord", true},
      {slot(a.eventSynchronize), "cuEventSynchronize", true},
      // cuda.h 13 maps this name to cuEventElapsedTime_v2, which has the same
      // signature; the unversioned symbol is what CUDA 12 programs use and
      // every driver since exports.
      {slot(a.eventElapsedTime), "cuEventElapsedTime", true},
      {slot(a.eventDestroy), "cuEventDestroy_v2", true},
      {slot(a.getErrorString), "cuGetErrorString", true},
      // Only drivers of CUDA 12+ encode tensor maps.
      {slot(a.tensorMapEncodeTiled), "cuTensorMapEncodeTiled", false},
  };
}

/// Opens the driver library: UOP_CUDA_DRIVER when set (the tests' fake
/// driver), else libcuda.so.1.
static llvm::Expected<void *> openDriverLibrary() {
  const char *forced = std::getenv("UOP_CUDA_DRIVER");
  if (forced && *forced) {
    if (void *lib = dlopen(forced, RTLD_NOW | RTLD_LOCAL))
      return lib;
    return noDevice(llvm::Twine("UOP_CUDA_DRIVER=") + forced + ": " +
                    dlerror());
  }
  if (void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL))
    return lib;
  return noDevice("the CUDA driver (libcuda.so.1) is not installed");
}

llvm::Expected<std::unique_ptr<CudaDriver>> CudaDriver::open() {
  llvm::Expected<void *> lib = openDriverLibrary();
  if (!lib)
    return lib.takeError();
  std::unique_ptr<CudaDriver> d(new CudaDriver());
  d->lib = *lib;
  d->api = std::make_unique<Api>();
  Api &a = *d->api;
  for (const Binding &b : bindings(a)) {
    *b.slot = dlsym(*lib, b.symbol);
    if (!*b.slot && b.required)
      return noDevice(llvm::Twine("the CUDA driver lacks ") + b.symbol);
  }
  int count = 0;
  if (a.init(0) != 0 || a.deviceGetCount(&count) != 0 || count == 0)
    return noDevice("no CUDA device is visible (cuInit/cuDeviceGetCount)");
  // UOP_CUDA_DEVICE picks the device; a rank of an MPI job on a node takes
  // the device of its local rank (ranks share them when there are fewer).
  int ordinal = 0;
  if (const char *pick = std::getenv("UOP_CUDA_DEVICE"); pick && *pick) {
    char *end = nullptr;
    long v = std::strtol(pick, &end, 10);
    if (*end || v < 0 || v >= count)
      return noDevice(llvm::Twine("UOP_CUDA_DEVICE=") + pick + ": " +
                      llvm::Twine(count) + " CUDA device(s) are visible");
    ordinal = (int)v;
  } else if (const char *local = std::getenv("OMPI_COMM_WORLD_LOCAL_RANK")) {
    ordinal = std::max(0, atoi(local)) % count;
  }
  std::string which = "CUDA device " + std::to_string(ordinal);
  int major = 0, minor = 0;
  char name[256] = {0};
  if (a.deviceGet(&d->device, ordinal) ||
      a.deviceGetAttribute(&major, kAttrComputeCapabilityMajor, d->device) ||
      a.deviceGetAttribute(&minor, kAttrComputeCapabilityMinor, d->device) ||
      a.deviceGetName(name, sizeof(name), d->device))
    return noDevice("cannot query " + which);
  if (a.primaryCtxRetain(&d->ctx, d->device)) {
    d->ctx = nullptr;
    return noDevice("cannot retain the primary context of " + which);
  }
  if (a.ctxSetCurrent(d->ctx))
    return noDevice("cannot make the context of " + which + " current");
  d->cc = major * 10 + minor;
  d->name = name;
  return std::move(d);
}

CudaDriver::~CudaDriver() {
  if (ctx)
    api->primaryCtxRelease(device);
}

llvm::Error CudaDriver::error(int rc, const char *call, RuntimeErrorKind kind) {
  const char *msg = nullptr;
  api->getErrorString(rc, &msg);
  return makeError(kind, llvm::Twine(call) + ": " +
                             (msg ? std::string(msg)
                                  : "error " + std::to_string(rc)));
}

/// Returns "<entry point>: <the driver's message>" from the enclosing
/// function when `call` fails, as an error of `kind`.
#define CHECK_KIND(name, call, kind)                                           \
  do {                                                                         \
    CUresult rc = (call);                                                      \
    if (rc != 0)                                                               \
      return error(rc, name, kind);                                            \
  } while (0)
#define CHECK(name, call) CHECK_KIND(name, call, RuntimeErrorKind::DriverFailed)

llvm::Expected<void *> CudaDriver::loadModule(llvm::StringRef image) {
  std::string copy = image.str(); // PTX must be NUL-terminated
  void *module = nullptr;
  CHECK("cuModuleLoadData", api->moduleLoadData(&module, copy.c_str()));
  return module;
}
llvm::Error CudaDriver::unloadModule(void *module) {
  CHECK("cuModuleUnload", api->moduleUnload(module));
  return llvm::Error::success();
}
llvm::Expected<void *> CudaDriver::getFunction(void *module,
                                               llvm::StringRef n) {
  void *fn = nullptr;
  CHECK("cuModuleGetFunction",
        api->moduleGetFunction(&fn, module, n.str().c_str()));
  return fn;
}
llvm::Error CudaDriver::setDynamicShared(void *fn, int bytes) {
  CHECK("cuFuncSetAttribute",
        api->funcSetAttribute(fn, kFuncAttrMaxDynamicSharedBytes, bytes));
  return llvm::Error::success();
}
llvm::Expected<CudaDriver::DevicePtr> CudaDriver::alloc(size_t bytes) {
  DevicePtr p = 0;
  CHECK("cuMemAlloc", api->memAlloc(&p, bytes));
  return p;
}
llvm::Error CudaDriver::free(DevicePtr p) {
  CHECK("cuMemFree", api->memFree(p));
  return llvm::Error::success();
}
llvm::Error CudaDriver::copyToDevice(DevicePtr dst, const void *src, size_t n) {
  CHECK("cuMemcpyHtoD", api->memcpyHtoD(dst, src, n));
  return llvm::Error::success();
}
llvm::Error CudaDriver::copyToHost(void *dst, DevicePtr src, size_t n) {
  CHECK("cuMemcpyDtoH", api->memcpyDtoH(dst, src, n));
  return llvm::Error::success();
}
llvm::Error CudaDriver::memset8(DevicePtr dst, unsigned char v, size_t n) {
  CHECK("cuMemsetD8", api->memsetD8(dst, v, n));
  return llvm::Error::success();
}
namespace {
// cuda.h's CUlaunchAttribute (a 4-byte id, padding, a 64-byte value union)
// and CUlaunchConfig, for cuLaunchKernelEx.
struct LaunchAttribute {
  int id;
  char pad[4];
  union {
    char bytes[64];
    struct {
      unsigned x, y, z;
    } clusterDim;
  } value;
};
struct LaunchConfig {
  unsigned grid[3], block[3], sharedMemBytes;
  void *stream;
  LaunchAttribute *attrs;
  unsigned numAttrs;
};
static_assert(sizeof(LaunchAttribute) == 72, "CUlaunchAttribute layout");
static_assert(sizeof(LaunchConfig) == 56, "CUlaunchConfig layout");
constexpr int kLaunchAttributeClusterDimension = 4;
} // namespace

llvm::Error CudaDriver::launch(void *fn, const unsigned grid[3],
                               const unsigned block[3], unsigned shared,
                               void **params, const unsigned *cluster) {
  if (cluster) {
    // A kernel with cluster dimensions (.reqnctapercluster) is launched
    // with them as the launch attribute, which the driver checks against
    // the kernel's.
    if (!api->launchKernelEx)
      return makeError(RuntimeErrorKind::LaunchFailed,
                       "cuLaunchKernelEx: a cluster launch needs a CUDA 12+ "
                       "driver, which exports it");
    LaunchAttribute attr{};
    attr.id = kLaunchAttributeClusterDimension;
    attr.value.clusterDim = {cluster[0], cluster[1], cluster[2]};
    LaunchConfig config{{grid[0], grid[1], grid[2]},
                        {block[0], block[1], block[2]},
                        shared,
                        nullptr,
                        &attr,
                        1};
    CHECK_KIND("cuLaunchKernelEx",
               api->launchKernelEx(&config, fn, params, nullptr),
               RuntimeErrorKind::LaunchFailed);
    return llvm::Error::success();
  }
  CHECK_KIND("cuLaunchKernel",
             api->launchKernel(fn, grid[0], grid[1], grid[2], block[0],
                               block[1], block[2], shared, nullptr, params,
                               nullptr),
             RuntimeErrorKind::LaunchFailed);
  return llvm::Error::success();
}
llvm::Error CudaDriver::synchronize() {
  CHECK_KIND("cuCtxSynchronize", api->ctxSynchronize(),
             RuntimeErrorKind::LaunchFailed);
  return llvm::Error::success();
}
llvm::Expected<float> CudaDriver::time(llvm::function_ref<llvm::Error()> fn) {
  void *start = nullptr, *stop = nullptr;
  // Events go back on every path, errors included.
  llvm::scope_exit destroy([&] {
    if (start)
      api->eventDestroy(start);
    if (stop)
      api->eventDestroy(stop);
  });
  CHECK("cuEventCreate", api->eventCreate(&start, 0));
  CHECK("cuEventCreate", api->eventCreate(&stop, 0));
  CHECK("cuEventRecord", api->eventRecord(start, nullptr));
  if (llvm::Error err = fn())
    return std::move(err);
  CHECK("cuEventRecord", api->eventRecord(stop, nullptr));
  CHECK("cuEventSynchronize", api->eventSynchronize(stop));
  float ms = 0;
  CHECK("cuEventElapsedTime", api->eventElapsedTime(&ms, start, stop));
  return ms;
}
llvm::Error CudaDriver::encodeTensorMap(void *out, TensorMapDType dtype,
                                        DevicePtr base,
                                        llvm::ArrayRef<int64_t> dims,
                                        llvm::ArrayRef<int64_t> box,
                                        int elemBytes, int swizzleBytes) {
  auto fail = [](const llvm::Twine &why) {
    return makeError(RuntimeErrorKind::DriverFailed, why);
  };
  if (!api->tensorMapEncodeTiled)
    return fail("this CUDA driver has no cuTensorMapEncodeTiled (needs CUDA 12+)");
  unsigned rank = dims.size();
  if (rank < 1 || rank > 5 || box.size() != rank)
    return fail("a tensor map has 1 to 5 dimensions and a box of the same rank");
  if (base % 16)
    return fail("a tensor map's global address must be 16-byte aligned");
  uint64_t gdim[5], gstride[4];
  unsigned bdim[5], estride[5];
  uint64_t stride = elemBytes;
  for (unsigned i = 0; i < rank; ++i) {
    // The driver lists dimensions innermost first; the buffer is dense and
    // row-major from `base`.
    gdim[i] = dims[rank - 1 - i];
    bdim[i] = box[rank - 1 - i];
    estride[i] = 1;
    if (bdim[i] < 1 || bdim[i] > 256)
      return fail("tensor map box extents are 1 to 256, got " +
                  llvm::Twine(bdim[i]));
    if (i + 1 < rank) {
      stride *= gdim[i];
      if (stride % 16)
        return fail(
            "a tensor map's row pitch must be a multiple of 16 bytes, got " +
            llvm::Twine(stride));
      gstride[i] = stride;
    }
  }
  int swizzle = 0;
  switch (swizzleBytes) {
  case 0:
    swizzle = 0;
    break;
  case 32:
    swizzle = 1;
    break;
  case 64:
    swizzle = 2;
    break;
  case 128:
    swizzle = 3;
    break;
  default:
    return fail("tensor map swizzle must be 0, 32, 64 or 128 bytes, got " +
                llvm::Twine(swizzleBytes));
  }
  CHECK("cuTensorMapEncodeTiled",
        api->tensorMapEncodeTiled(
            out, static_cast<int>(dtype), rank, reinterpret_cast<void *>(base),
            gdim, gstride, bdim, estride, /*interleave none*/ 0, swizzle,
            kTensorMapL2Promotion128B, /*oob fill none*/ 0));
  return llvm::Error::success();
}
