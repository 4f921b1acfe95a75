//===- CudaDriver.h - the CUDA driver API, opened at run time ---*- C++ -*-===//
//
// The runtime loads libcuda with dlopen so that nothing needs a GPU (or the
// CUDA toolkit) to build or to start; without a driver or a device, open()
// fails with a NoDevice error that says why (uop-run's "no GPU" status).
// UOP_CUDA_DRIVER=path opens another library with the driver's ABI instead
// (the tests' fake driver, test/lib/FakeCudaDriver).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_CUDADRIVER_H
#define UOP_RUNTIME_CUDADRIVER_H

#include "uop/Runtime/Error.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
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

  /// Opens the driver and makes the primary context of a device current:
  /// device 0, or UOP_CUDA_DEVICE, or in an MPI job the local rank's (modulo
  /// the device count). A NoDevice error ("no GPU: <why>") without a driver
  /// or a device.
  static llvm::Expected<std::unique_ptr<CudaDriver>> open();
  ~CudaDriver();

  /// Compute capability as 10 * major + minor (90 for sm_90).
  int computeCapability() const { return cc; }
  std::string deviceName() const { return name; }

  // A failed call is a RuntimeError "<entry point>: <the driver's message>"
  // (LaunchFailed for launch() and synchronize(), DriverFailed otherwise).
  llvm::Expected<void *> loadModule(llvm::StringRef image);
  llvm::Error unloadModule(void *module);
  llvm::Expected<void *> getFunction(void *module, llvm::StringRef name);
  llvm::Error setDynamicShared(void *fn, int bytes);
  llvm::Expected<DevicePtr> alloc(size_t bytes);
  llvm::Error free(DevicePtr p);
  llvm::Error copyToDevice(DevicePtr dst, const void *src, size_t bytes);
  llvm::Error copyToHost(void *dst, DevicePtr src, size_t bytes);
  llvm::Error memset8(DevicePtr dst, unsigned char v, size_t bytes);
  /// With `cluster` (the kernel's cluster dimensions) the launch is
  /// cuLaunchKernelEx with the cluster dimension attribute.
  llvm::Error launch(void *fn, const unsigned grid[3], const unsigned block[3],
                     unsigned shared, void **params,
                     const unsigned *cluster = nullptr);
  llvm::Error synchronize();
  /// Milliseconds of `fn()` measured with events around it.
  llvm::Expected<float> time(llvm::function_ref<llvm::Error()> fn);
  /// Encodes a tiled tensor map (cuTensorMapEncodeTiled) into 128 bytes.
  /// `dims` and `box` are logical (outermost first) over a dense row-major
  /// buffer starting at `base`; swizzleBytes 0/32/64/128.
  llvm::Error encodeTensorMap(void *out128, TensorMapDType dtype,
                              DevicePtr base, llvm::ArrayRef<int64_t> dims,
                              llvm::ArrayRef<int64_t> box, int elemBytes,
                              int swizzleBytes);

private:
  CudaDriver() = default;
  /// "<call>: <the driver's message for rc>" as an error of `kind`.
  llvm::Error error(int rc, const char *call, RuntimeErrorKind kind);
  std::unique_ptr<Api> api;
  void *lib = nullptr;
  void *ctx = nullptr;
  int device = 0;
  int cc = 0;
  std::string name;
};
} // namespace uop

#endif
