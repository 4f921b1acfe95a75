//===- Execute.h - compile and run uop programs from C++ --------*- C++ -*-===//
//
// The execution half of uop-run, as a library for the tool, the C API and
// Python: a tensor-level function compiled for the CPU (C through the system
// compiler, dlopen) or for a GPU (uop-to-nvvm, the CUDA driver), run on host
// buffers; and the GPU launcher that tirx kernels use directly.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_EXECUTE_H
#define UOP_RUNTIME_EXECUTE_H

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Runtime/CudaDriver.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>
#include <vector>

namespace uop {
/// Status codes shared by uop-run and the C API.
enum RunStatus { kRunOk = 0, kRunFailed = 1, kRunBadInput = 2, kRunNoGPU = 3 };

/// Bytes of one element of a scalar type (at least 1).
unsigned elementBytes(mlir::Type t);

/// A tensor-level function compiled for a target, run on host buffers that
/// hold each argument and result contiguously, row-major, in its element
/// type.
class Executable {
public:
  virtual ~Executable();
  /// Compiles `fn` of `module` for "cpu" or "cuda" (`chip` empty: the
  /// device's). On failure returns null, `error` says why and `status` is a
  /// RunStatus (kRunNoGPU without a usable GPU).
  static std::unique_ptr<Executable> compile(mlir::ModuleOp module,
                                             mlir::func::FuncOp fn,
                                             llvm::StringRef target,
                                             llvm::StringRef chip,
                                             std::string &error, int &status);
  /// Runs once; returns "" or an error.
  virtual std::string run(llvm::ArrayRef<const void *> inputs,
                          llvm::ArrayRef<void *> outputs) = 0;
  /// Median milliseconds of `repeat` runs on the data of the last run().
  virtual std::string time(unsigned repeat, double *ms) = 0;
  unsigned numKernels() const { return kernels; }
  /// "cpu" or "cuda <chip> (<device>)".
  const std::string &description() const { return what; }
  /// The GPU's name and the chip compiled for (empty on the CPU).
  const std::string &deviceName() const { return device; }
  const std::string &chip() const { return chipName; }

protected:
  unsigned kernels = 0;
  std::string what, device, chipName;
};

//===----------------------------------------------------------------------===//
// GPU launches (tirx kernels and compiled graphs)
//===----------------------------------------------------------------------===//

/// The chip to compile for on the driver's device (see GPUChip.h), or an
/// error naming the compute capability the chip table does not know.
std::string chipForDevice(const CudaDriver &cu, std::string &chip);

struct DeviceBuffer {
  CudaDriver::DevicePtr ptr = 0;
  int64_t count = 0;
  mlir::Type type;
};

/// The kernels of a module lowered to NVVM, loaded on the device, with
/// launches prepared once (parameters, tensor maps) and run in order.
class GPUProgram {
public:
  GPUProgram(CudaDriver &cu) : cu(cu) {}
  ~GPUProgram();
  /// Assembles (ptxas, else the driver's PTX JIT) and loads the module.
  std::string load(mlir::ModuleOp lowered, llvm::StringRef chip);
  /// Appends a launch of `kernel` whose buffer parameters are `buffers`:
  /// grid, block and dynamic shared memory come from the kernel's
  /// attributes, each buffer parameter is a bare device pointer, each tensor
  /// map (tirx.tensor_maps) is encoded here, once, and passed by value.
  std::string addLaunch(mlir::LLVM::LLVMFuncOp kernel,
                        llvm::ArrayRef<DeviceBuffer> buffers);
  /// Launches everything in order (asynchronously).
  std::string launchAll();
  size_t numLaunches() const { return launches.size(); }

private:
  /// Encodes the tensor map `entry` (of tirx.tensor_maps) into `out`.
  std::string encodeMap(uop::tirx::TensorMapParamAttr entry,
                        llvm::ArrayRef<DeviceBuffer> buffers, void *out);
  /// One parameter's bytes: room and alignment for a CUtensorMap.
  struct alignas(64) ParamValue {
    unsigned char bytes[128];
  };
  struct Launch {
    void *fn = nullptr;
    std::vector<std::unique_ptr<ParamValue>> values;
    std::vector<void *> params;
    unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1}, shared = 0;
  };
  CudaDriver &cu;
  void *module = nullptr;
  std::vector<Launch> launches;
};

/// The kernel `name` (a gpu.kernel llvm.func) of a lowered module.
mlir::LLVM::LLVMFuncOp findKernel(mlir::ModuleOp lowered, llvm::StringRef name);
} // namespace uop

#endif
