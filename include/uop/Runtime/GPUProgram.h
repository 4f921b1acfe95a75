//===- GPUProgram.h - kernels loaded on a GPU, launches prepared -*- C++ -*-===//
//
// The launcher under uop::Executable on `--target cuda`: a module lowered to
// NVVM, loaded through the CUDA driver, and its kernel launches prepared once
// (parameters packed, tensor maps encoded) so they can be run again and
// timed. Kernel arguments are device buffers (bare pointers) and scalars
// (integers and floats, passed by value).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_GPUPROGRAM_H
#define UOP_RUNTIME_GPUPROGRAM_H

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Runtime/CudaDriver.h"
#include "uop/Runtime/Error.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace uop {
/// Bytes of one element of a scalar type (at least 1).
unsigned elementBytes(mlir::Type t);

/// The chip to compile for on the driver's device (see GPUChip.h), or a
/// CompileFailed error naming the compute capability the chip table does not
/// know.
llvm::Expected<std::string> chipForDevice(const CudaDriver &cu);

/// `count` elements of `type` in device memory.
struct DeviceBuffer {
  CudaDriver::DevicePtr ptr = 0;
  int64_t count = 0;
  mlir::Type type;
};

/// Whether a kernel can take a value of type `t` as a scalar parameter:
/// signless integers of 1 to 64 bits, index, f16, bf16, f32, f64.
bool isScalarParamType(mlir::Type t);

/// The value of a scalar kernel parameter, kept as the bits the kernel ABI
/// passes: little endian, in the type's width (index: 64 bits).
class ScalarValue {
public:
  /// Parses `text` as a value of `type`: for integers a decimal (or 0x hex)
  /// number in the signed or unsigned range of the width (`true` and `false`
  /// too for i1); for floats a decimal or hex float, `inf` or `nan`,
  /// rounded to the nearest value of the type. A BadInput error says why
  /// it is not one.
  static llvm::Expected<ScalarValue> parse(mlir::Type type,
                                           llvm::StringRef text);
  /// The value of an integer or float attribute (an arith.constant).
  static llvm::Expected<ScalarValue> get(mlir::TypedAttr attr);

  mlir::Type getType() const { return type; }
  /// The raw bits, zero-extended to 64.
  uint64_t getBits() const { return bits; }
  /// Bytes the kernel reads: 1, 2, 4 or 8.
  unsigned getSize() const { return elementBytes(type); }
  /// `VALUE : TYPE`, with a VALUE parse() reads back: integers signed (i1 as
  /// true or false), floats in the type's full precision.
  void print(llvm::raw_ostream &os) const;

private:
  ScalarValue(mlir::Type type, uint64_t bits) : type(type), bits(bits) {}
  mlir::Type type;
  uint64_t bits = 0;
};

/// One argument of a launch, in the order of the kernel's parameters (the
/// gpu.launch_func operands or the tirx.prim_func parameters).
using KernelArg = std::variant<DeviceBuffer, ScalarValue>;

/// How a kernel is launched: the operands of its gpu.launch_func, evaluated.
struct LaunchConfig {
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  /// CTAs per thread-block cluster; all 0 for a launch without clusters.
  unsigned cluster[3] = {0, 0, 0};
  /// Bytes of dynamic shared memory.
  unsigned shared = 0;
};

/// Evaluates the grid, block, cluster and dynamic-shared-memory operands of
/// `launch`: arith.constants, and arith integer ops over values `known`
/// gives (the host function's shape variables and integer scalar
/// parameters). No attribute of the kernel is read. A CompileFailed error
/// names the operand it cannot evaluate; a BadInput error a size out of
/// range (0, negative or over 2^31 - 1).
llvm::Expected<LaunchConfig>
evaluateLaunchConfig(mlir::gpu::LaunchFuncOp launch,
                     const llvm::DenseMap<mlir::Value, int64_t> &known);

/// The kernels of a module lowered to NVVM, loaded on the device, with
/// launches prepared once (parameters, tensor maps) and run in order.
class GPUProgram {
public:
  GPUProgram(CudaDriver &cu) : cu(cu) {}
  ~GPUProgram();
  /// Assembles (ptxas, else the driver's PTX JIT) and loads the module.
  llvm::Error load(mlir::ModuleOp lowered, llvm::StringRef chip);
  /// Appends a launch of `kernel` on `args` (one per kernel parameter)
  /// configured by `config`: each buffer is a bare device pointer, each
  /// scalar is passed by value in the parameter's width, and each tensor map
  /// (tirx.tensor_maps, after the other parameters; its argument is the
  /// buffer it maps) is encoded here, once, and passed by value.
  llvm::Error addLaunch(mlir::LLVM::LLVMFuncOp kernel,
                        llvm::ArrayRef<KernelArg> args,
                        const LaunchConfig &config);
  /// Launches everything in order (asynchronously).
  llvm::Error launchAll();
  /// Forgets the launches (to add them again with other scalar values).
  void clearLaunches() { launches.clear(); }
  size_t numLaunches() const { return launches.size(); }

private:
  /// One parameter's bytes: room and alignment for a CUtensorMap.
  struct alignas(64) ParamValue {
    unsigned char bytes[128];
  };
  struct Launch {
    void *fn = nullptr;
    std::vector<std::unique_ptr<ParamValue>> values;
    std::vector<void *> params;
    LaunchConfig config;
  };
  /// Encodes the tensor map `entry` (of tirx.tensor_maps) over `arg`, the
  /// buffer it maps, into `out`.
  llvm::Error encodeMap(tirx::TensorMapParamAttr entry, const KernelArg &arg,
                        void *out);
  /// Fills the parameter values of `l` for `kernel` from `args`.
  llvm::Error packParams(mlir::LLVM::LLVMFuncOp kernel,
                         llvm::ArrayRef<KernelArg> args, Launch &l);
  CudaDriver &cu;
  void *module = nullptr;
  std::vector<Launch> launches;
};

/// The kernel `name` (a gpu.kernel llvm.func) of a lowered module.
mlir::LLVM::LLVMFuncOp findKernel(mlir::ModuleOp lowered, llvm::StringRef name);
} // namespace uop

#endif
