//===- CudaDriver.h - the CUDA driver API, opened at run time ---*- C++ -*-===//
//
// uop-run loads libcuda with dlopen so that nothing needs a GPU (or the CUDA
// toolkit) to build or to start; without a driver or a device, open() says
// why and the caller exits with its "no GPU" status. UOP_CUDA_DRIVER=path
// opens another library with the driver's ABI instead (the tests' fake
// driver, test/lib/FakeCudaDriver).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_CUDADRIVER_H
#define UOP_RUNTIME_CUDADRIVER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace uop {
/// CUtensorMapDataType of cuda.h.
enum class TensorMapDType : int {
  UInt8 = 0,
  UInt16 = 1,
  UInt32 = 2,
  Int32 = 3,
  UInt64 = 4,
  Int64 = 5,
  Float16 = 6,
  Float32 = 7,
  Float64 = 8,
  BFloat16 = 9,
};

class CudaDriver {
public:
  using DevicePtr = unsigned long long;
  /// The bound entry points (opaque outside CudaDriver.cpp).
  struct Api;

  /// Opens the driver and creates a context on device 0. On failure returns
  /// null and sets `why`.
  static std::unique_ptr<CudaDriver> open(std::string &why);
  ~CudaDriver();

  /// Compute capability as 10 * major + minor (90 for sm_90).
  int computeCapability() const { return cc; }
  std::string deviceName() const { return name; }

  // Every call returns an empty string on success, else the driver's message.
  std::string loadModule(llvm::StringRef image, void **module);
  std::string unloadModule(void *module);
  std::string getFunction(void *module, llvm::StringRef name, void **fn);
  std::string setDynamicShared(void *fn, int bytes);
  std::string alloc(DevicePtr *p, size_t bytes);
  std::string free(DevicePtr p);
  std::string copyToDevice(DevicePtr dst, const void *src, size_t bytes);
  std::string copyToHost(void *dst, DevicePtr src, size_t bytes);
  std::string memset8(DevicePtr dst, unsigned char v, size_t bytes);
  std::string launch(void *fn, const unsigned grid[3], const unsigned block[3],
                     unsigned shared, void **params);
  std::string synchronize();
  /// Milliseconds of `fn()` measured with events around it.
  std::string time(const std::function<std::string()> &fn, float *ms);
  /// Encodes a tiled tensor map (cuTensorMapEncodeTiled) into 128 bytes.
  /// `dims` and `box` are logical (outermost first) over a dense row-major
  /// buffer starting at `base`; swizzleBytes 0/32/64/128.
  std::string encodeTensorMap(void *out128, TensorMapDType dtype,
                              DevicePtr base,
                              llvm::ArrayRef<int64_t> dims,
                              llvm::ArrayRef<int64_t> box, int elemBytes,
                              int swizzleBytes);

private:
  CudaDriver() = default;
  /// "<call>: <the driver's message for rc>".
  std::string message(int rc, const char *call);
  std::unique_ptr<Api> api;
  void *lib = nullptr;
  void *ctx = nullptr;
  int device = 0;
  int cc = 0;
  std::string name;
};
} // namespace uop

#endif
