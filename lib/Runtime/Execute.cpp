//===- Execute.cpp - compile and run uop programs from C++ ----------------===//

#include "uop/Runtime/Execute.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Pipelines/Pipelines.h"
#include "uop/Runtime/Compile.h"
#include "uop/Support/GPUChip.h"
#include "uop/Target/Translations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <dlfcn.h>

using namespace mlir;
using namespace uop;

unsigned uop::elementBytes(Type t) {
  return std::max<unsigned>(1, t.getIntOrFloatBitWidth() / 8);
}

Executable::~Executable() = default;

static double medianOf(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// A copy of `module` holding only `fn` among the functions.
static OwningOpRef<ModuleOp> isolate(ModuleOp module, func::FuncOp fn) {
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
  for (auto other : llvm::make_early_inc_range(copy->getOps<func::FuncOp>()))
    if (other.getName() != fn.getName())
      other->erase();
  return copy;
}

//===----------------------------------------------------------------------===//
// CPU
//===----------------------------------------------------------------------===//

namespace {
class CPUExecutable : public Executable {
public:
  ~CPUExecutable() override {
    if (lib)
      dlclose(lib);
    if (!dir.empty())
      llvm::sys::fs::remove_directories(dir);
  }

  static std::unique_ptr<Executable> compile(ModuleOp module, func::FuncOp fn,
                                             std::string &error, int &status) {
    auto exe = std::make_unique<CPUExecutable>();
    exe->what = "cpu";
    status = kRunFailed;
    OwningOpRef<ModuleOp> compiled = isolate(module, fn);
    UOpToProgramPipelineOptions options;
    options.target = "cpu";
    if (failed(runPipeline(*compiled, [&](OpPassManager &pm) {
          buildUOpToProgramPipeline(pm, options);
        }))) {
      error = "the uop-to-program pipeline failed";
      return nullptr;
    }
    exe->kernels = llvm::count_if(compiled->getOps<FunctionOp>(),
                                  [](FunctionOp f) { return isKernel(f); });
    std::string source;
    llvm::raw_string_ostream os(source);
    if (failed(translateUOpToC(*compiled, os))) {
      error = "--uop-to-c failed";
      return nullptr;
    }
    SmallString<128> dir;
    if (llvm::sys::fs::createUniqueDirectory("uop-run", dir)) {
      error = "cannot create a temporary directory";
      return nullptr;
    }
    exe->dir = dir.str().str();
    FailureOr<std::string> so = compileCSharedObject(source, dir, error);
    if (failed(so))
      return nullptr;
    exe->lib = dlopen(so->c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!exe->lib) {
      error = std::string("dlopen failed: ") + dlerror();
      return nullptr;
    }
    std::string sym = ("uop_" + fn.getName() + "_packed").str();
    exe->entry = dlsym(exe->lib, sym.c_str());
    if (!exe->entry) {
      error = "the compiled program has no entry " + sym;
      return nullptr;
    }
    status = kRunOk;
    return exe;
  }

  std::string run(ArrayRef<const void *> inputs,
                  ArrayRef<void *> outputs) override {
    args.clear();
    for (const void *p : inputs)
      args.push_back(const_cast<void *>(p));
    llvm::append_range(args, outputs);
    call();
    return "";
  }

  std::string time(unsigned repeat, double *ms) override {
    std::vector<double> times;
    for (unsigned r = 0; r < repeat; ++r) {
      auto start = std::chrono::steady_clock::now();
      call();
      auto stop = std::chrono::steady_clock::now();
      times.push_back(
          std::chrono::duration<double, std::milli>(stop - start).count());
    }
    *ms = medianOf(times);
    return "";
  }

private:
  /// `uop_<name>_packed(void *const *buffers)` (see --uop-to-c).
  void call() { reinterpret_cast<void (*)(void *const *)>(entry)(args.data()); }
  void *lib = nullptr;
  void *entry = nullptr;
  std::string dir;
  SmallVector<void *> args;
};

//===----------------------------------------------------------------------===//
// CUDA
//===----------------------------------------------------------------------===//

class CUDAExecutable : public Executable {
public:
  ~CUDAExecutable() override {
    program.reset();
    for (DeviceBuffer &b : table)
      if (b.ptr)
        cu->free(b.ptr);
  }

  static std::unique_ptr<Executable> compile(ModuleOp module, func::FuncOp fn,
                                             StringRef chipOpt,
                                             std::string &error, int &status) {
    auto exe = std::make_unique<CUDAExecutable>();
    std::string why;
    exe->cu = CudaDriver::open(why);
    if (!exe->cu) {
      error = "no GPU: " + why;
      status = kRunNoGPU;
      return nullptr;
    }
    status = kRunFailed;
    std::string chip = chipOpt.str();
    if (chip.empty() && !(error = chipForDevice(*exe->cu, chip)).empty())
      return nullptr;
    exe->what = "cuda " + chip + " (" + exe->cu->deviceName() + ")";
    exe->device = exe->cu->deviceName();
    exe->chipName = chip;
    exe->lowered = isolate(module, fn);
    UOpToNVVMPipelineOptions options;
    options.chip = chip;
    if (failed(runPipeline(*exe->lowered, [&](OpPassManager &pm) {
          buildUOpToNVVMPipeline(pm, options);
        }))) {
      error = "the uop-to-nvvm pipeline failed";
      return nullptr;
    }
    // The host function of the graph: its parameters are the graph's
    // arguments then its results; it allocates the intermediates and
    // launches the kernels (convert-uop-to-tirx, convert-tirx-to-gpu).
    auto host = exe->lowered->lookupSymbol<func::FuncOp>(fn.getName());
    if (!host || host.isExternal() ||
        host.getNumArguments() != fn.getNumArguments() + fn.getNumResults()) {
      error = ("the lowered module has no host function @" + fn.getName() +
               " taking the graph's arguments and results")
                  .str();
      return nullptr;
    }
    auto add = [&](Type elem, int64_t count) -> std::string {
      DeviceBuffer b{0, count, elem};
      std::string e = exe->cu->alloc(
          &b.ptr, std::max<size_t>(1, b.count * elementBytes(b.type)));
      exe->table.push_back(b);
      return e;
    };
    DenseMap<Value, DeviceBuffer> buffers;
    auto io = llvm::to_vector(
        llvm::concat<const Type>(fn.getArgumentTypes(), fn.getResultTypes()));
    for (auto [arg, t] : llvm::zip(host.getArguments(), io)) {
      auto rt = cast<RankedTensorType>(t);
      auto mt = dyn_cast<MemRefType>(arg.getType());
      if (!mt || mt.getNumElements() != rt.getNumElements()) {
        error = "the host function's parameters do not match the graph";
        return nullptr;
      }
      if (!(error = add(rt.getElementType(), rt.getNumElements())).empty())
        return nullptr;
      buffers[arg] = exe->table.back();
    }
    exe->program = std::make_unique<GPUProgram>(*exe->cu);
    if (!(error = exe->program->load(*exe->lowered, chip)).empty())
      return nullptr;
    if (!(error = exe->walkHost(host, buffers)).empty())
      return nullptr;
    exe->kernels = exe->program->numLaunches();
    exe->numInputs = fn.getNumArguments();
    exe->numOutputs = fn.getNumResults();
    status = kRunOk;
    return exe;
  }

  std::string run(ArrayRef<const void *> inputs,
                  ArrayRef<void *> outputs) override {
    if (inputs.size() != numInputs || outputs.size() != numOutputs)
      return "wrong number of buffers";
    std::string e;
    for (auto [i, p] : llvm::enumerate(inputs)) {
      DeviceBuffer &b = table[i];
      if (!(e = cu->copyToDevice(b.ptr, p, b.count * elementBytes(b.type))).empty())
        return e;
    }
    // Outputs start as NaN bytes, so an unwritten element shows.
    for (unsigned i = 0; i < numOutputs; ++i) {
      DeviceBuffer &b = table[numInputs + i];
      if (!(e = cu->memset8(b.ptr, 0xFF, b.count * elementBytes(b.type))).empty())
        return e;
    }
    if (!(e = program->launchAll()).empty() || !(e = cu->synchronize()).empty())
      return "launch failed: " + e;
    for (auto [i, p] : llvm::enumerate(outputs)) {
      DeviceBuffer &b = table[numInputs + i];
      if (!(e = cu->copyToHost(p, b.ptr, b.count * elementBytes(b.type))).empty())
        return e;
    }
    return "";
  }

  std::string time(unsigned repeat, double *ms) override {
    std::vector<double> times;
    for (unsigned r = 0; r < repeat; ++r) {
      float t = 0;
      std::string e = cu->time([&] { return program->launchAll(); }, &t);
      if (!e.empty())
        return e;
      times.push_back(t);
    }
    *ms = medianOf(times);
    return "";
  }

private:
  /// Allocates what the host function allocates (gpu.alloc) and prepares
  /// its launches (gpu.launch_func), in order.
  std::string walkHost(func::FuncOp host,
                       DenseMap<Value, DeviceBuffer> &buffers) {
    std::string error;
    for (Operation &op : host.getBody().front()) {
      if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
        MemRefType t = alloc.getType();
        DeviceBuffer b{0, t.getNumElements(), t.getElementType()};
        if (!(error = cu->alloc(&b.ptr, std::max<size_t>(
                                            1, b.count * elementBytes(b.type))))
                 .empty())
          return error;
        table.push_back(b);
        buffers[alloc.getMemref()] = b;
      } else if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
        StringRef name = launch.getKernelName().getValue();
        LLVM::LLVMFuncOp kernel = findKernel(*lowered, name);
        if (!kernel)
          return ("no lowered kernel @" + name).str();
        SmallVector<DeviceBuffer> args;
        for (Value v : launch.getKernelOperands()) {
          auto it = buffers.find(v);
          if (it == buffers.end())
            return ("a launch of @" + name +
                    " passes something other than a buffer")
                .str();
          args.push_back(it->second);
        }
        if (!(error = program->addLaunch(kernel, args)).empty())
          return error;
      } else if (!isa<gpu::DeallocOp, func::ReturnOp, arith::ConstantOp>(op)) {
        return "unexpected operation in the host function: " +
               op.getName().getStringRef().str();
      }
    }
    return "";
  }

  std::unique_ptr<CudaDriver> cu;
  OwningOpRef<ModuleOp> lowered;
  std::unique_ptr<GPUProgram> program;
  std::vector<DeviceBuffer> table;
  unsigned numInputs = 0, numOutputs = 0;
};
} // namespace

std::unique_ptr<Executable> Executable::compile(ModuleOp module,
                                                func::FuncOp fn,
                                                StringRef target,
                                                StringRef chip,
                                                std::string &error,
                                                int &status) {
  for (Type t : llvm::concat<const Type>(fn.getArgumentTypes(),
                                         fn.getResultTypes())) {
    auto rt = dyn_cast<RankedTensorType>(t);
    if (!rt || !rt.hasStaticShape() || !rt.getElementType().isIntOrFloat()) {
      error = "arguments and results must be statically shaped tensors of "
              "integers or floats";
      status = kRunBadInput;
      return nullptr;
    }
  }
  if (target == "cpu")
    return CPUExecutable::compile(module, fn, error, status);
  if (target == "cuda")
    return CUDAExecutable::compile(module, fn, chip, error, status);
  error = "unknown target '" + target.str() + "' (cpu or cuda)";
  status = kRunBadInput;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// GPUProgram
//===----------------------------------------------------------------------===//

std::string uop::chipForDevice(const CudaDriver &cu, std::string &chip) {
  const GPUChip *c = chipForComputeCapability(cu.computeCapability());
  if (!c)
    return "no chip in the table for compute capability " +
           std::to_string(cu.computeCapability() / 10) + "." +
           std::to_string(cu.computeCapability() % 10) + " (" +
           cu.deviceName() + "); pass --chip (known: " + listGPUChips() + ")";
  chip = c->name.str();
  return "";
}

LLVM::LLVMFuncOp uop::findKernel(ModuleOp m, StringRef name) {
  LLVM::LLVMFuncOp found;
  m.walk([&](LLVM::LLVMFuncOp f) {
    if (f.getName() == name && f->hasAttr("gpu.kernel"))
      found = f;
  });
  return found;
}

GPUProgram::~GPUProgram() {
  if (module)
    cu.unloadModule(module);
}

std::string GPUProgram::load(ModuleOp lowered, StringRef chip) {
  // UOP_CUDA_LOAD=ptx hands the driver PTX to JIT-compile (the fake driver
  // reads PTX only); otherwise ptxas assembles a cubin where it is found.
  const char *load = std::getenv("UOP_CUDA_LOAD");
  bool ptxOnly = load && StringRef(load) == "ptx";
  // The translations replace the gpu.module by a gpu.binary: work on a copy
  // so the caller still finds the kernels' signatures and attributes.
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(lowered->clone()));
  FailureOr<std::string> image = failure();
  if (!ptxOnly)
    image = translateToCubin(*copy, chip);
  if (failed(image)) {
    copy = cast<ModuleOp>(lowered->clone());
    image = translateToPTX(*copy, chip);
  }
  if (failed(image))
    return "cannot produce PTX for the kernels";
  return cu.loadModule(*image, &module);
}

/// The driver's CUtensorMapDataType of an element type.
static std::optional<TensorMapDType> tensorMapDType(Type t) {
  if (t.isF16())
    return TensorMapDType::Float16;
  if (t.isBF16())
    return TensorMapDType::BFloat16;
  if (t.isF32())
    return TensorMapDType::Float32;
  if (t.isF64())
    return TensorMapDType::Float64;
  // TMA moves bits: the signedness of integers does not matter.
  if (t.isInteger(8))
    return TensorMapDType::UInt8;
  if (t.isInteger(16))
    return TensorMapDType::UInt16;
  if (t.isInteger(32))
    return TensorMapDType::UInt32;
  if (t.isInteger(64))
    return TensorMapDType::UInt64;
  return std::nullopt;
}

std::string GPUProgram::encodeMap(tirx::TensorMapParamAttr entry,
                                  ArrayRef<DeviceBuffer> buffers, void *out) {
  if (entry.getBufferArg() >= static_cast<int64_t>(buffers.size()))
    return "a tensor map describes buffer parameter " +
           std::to_string(entry.getBufferArg()) + " of " +
           std::to_string(buffers.size());
  const DeviceBuffer &b = buffers[entry.getBufferArg()];
  std::optional<TensorMapDType> dtype = tensorMapDType(b.type);
  if (!dtype) {
    std::string t;
    llvm::raw_string_ostream os(t);
    os << b.type;
    return "no tensor-map data type for elements of type " + t;
  }
  // The map addresses the buffer densely, row-major, from its first byte.
  ArrayRef<int64_t> shape = entry.getShape().asArrayRef();
  int64_t elements = 1;
  for (int64_t d : shape)
    elements *= d;
  if (elements != b.count)
    return "a tensor map over " + std::to_string(elements) +
           " elements describes a buffer of " + std::to_string(b.count);
  return cu.encodeTensorMap(out, *dtype, b.ptr, shape,
                            entry.getBox().asArrayRef(), elementBytes(b.type),
                            static_cast<int>(entry.getSwizzle()));
}

std::string GPUProgram::addLaunch(LLVM::LLVMFuncOp kernel,
                                  ArrayRef<DeviceBuffer> buffers) {
  Launch l;
  std::string err = cu.getFunction(module, kernel.getName(), &l.fn);
  if (!err.empty())
    return err;
  auto value = [&]() -> unsigned char * {
    l.values.push_back(std::make_unique<ParamValue>());
    return l.values.back()->bytes;
  };
  auto *tirxDialect = kernel->getContext()->getLoadedDialect<tirx::TIRxDialect>();
  ArrayAttr mapsAttr = tirxDialect->getTensorMapsAttrHelper().getAttr(kernel);
  auto mapEntry = [&](unsigned param) -> tirx::TensorMapParamAttr {
    if (mapsAttr)
      for (auto d : mapsAttr.getAsRange<tirx::TensorMapParamAttr>())
        if (d.getArg() == param)
          return d;
    return {};
  };
  // Kernels are lowered with bare-pointer memrefs: one parameter per buffer,
  // in order, plus the by-value tensor maps.
  unsigned nextBuffer = 0;
  for (auto [i, type] : llvm::enumerate(kernel.getFunctionType().getParams())) {
    if (tirx::TensorMapParamAttr entry = mapEntry(i)) {
      if (!kernel.getArgAttr(i, LLVM::LLVMDialect::getByValAttrName()))
        return "tensor-map parameter " + std::to_string(i) +
               " is not by value (run tirx-grid-constant-params)";
      if (!(err = encodeMap(entry, buffers, value())).empty())
        return err;
      continue;
    }
    if (isa<LLVM::LLVMPointerType>(type)) {
      if (nextBuffer >= buffers.size())
        return "kernel has more buffer parameters than the launch provides";
      CudaDriver::DevicePtr p = buffers[nextBuffer++].ptr;
      std::memcpy(value(), &p, sizeof(p));
      continue;
    }
    return "kernel parameter " + std::to_string(i) +
           " is a scalar; scalar parameters are not supported yet";
  }
  for (auto &v : l.values)
    l.params.push_back(v->bytes);
  if (auto g = kernel->getAttrOfType<DenseI32ArrayAttr>("gpu.known_grid_size"))
    for (size_t k = 0; k < 3 && k < (size_t)g.size(); ++k)
      l.grid[k] = g[k];
  if (auto b = kernel->getAttrOfType<DenseI32ArrayAttr>("gpu.known_block_size"))
    for (size_t k = 0; k < 3 && k < (size_t)b.size(); ++k)
      l.block[k] = b[k];
  if (IntegerAttr d =
          tirxDialect->getDynamicSharedBytesAttrHelper().getAttr(kernel)) {
    l.shared = d.getInt();
    if (!(err = cu.setDynamicShared(l.fn, l.shared)).empty())
      return err;
  }
  launches.push_back(std::move(l));
  return "";
}

std::string GPUProgram::launchAll() {
  for (Launch &l : launches) {
    std::string e = cu.launch(l.fn, l.grid, l.block, l.shared, l.params.data());
    if (!e.empty())
      return e;
  }
  return "";
}
