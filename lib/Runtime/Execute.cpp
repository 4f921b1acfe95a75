//===- Execute.cpp - compile and run uop programs from C++ ----------------===//

#include "uop/Runtime/Execute.h"
#include "uop/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Pipelines/Pipelines.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/CompileCache.h"
#include "uop/Runtime/TempDir.h"
#include "uop/Target/Translations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>

using namespace mlir;
using namespace uop;

Executable::~Executable() = default;

llvm::Error Executable::checkVars(ArrayRef<int64_t> values) const {
  if (values.size() != vars.size())
    return makeError(RuntimeErrorKind::BadInput,
                     Twine("the program has ") + Twine(vars.size()) +
                         " shape variables, got " + Twine(values.size()) +
                         " values");
  for (auto [v, x] : llvm::zip(vars, values))
    if (x < v.getMin() || x > v.getMax())
      return makeError(RuntimeErrorKind::BadInput,
                       "shape variable '" + v.getName().getValue() +
                           "' = " + Twine(x) + " is outside its bounds [" +
                           Twine(v.getMin()) + ", " + Twine(v.getMax()) + "]");
  return llvm::Error::success();
}

/// Rejects a repeat count time() cannot keep every run's time for.
static llvm::Error checkRepeat(unsigned repeat) {
  if (repeat >= 1 && repeat <= Executable::kMaxTimedRuns)
    return llvm::Error::success();
  return makeError(RuntimeErrorKind::BadInput,
                   "the number of timed runs must be between 1 and " +
                       llvm::Twine(Executable::kMaxTimedRuns) + ", not " +
                       llvm::Twine(repeat));
}

static double medianOf(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// A copy of `module` holding only the `OpTy` named `name` among the `OpTy`s.
template <typename OpTy>
static OwningOpRef<ModuleOp> isolate(ModuleOp module, StringRef name) {
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
  for (auto other : llvm::make_early_inc_range(copy->getOps<OpTy>()))
    if (SymbolTable::getSymbolName(other).getValue() != name)
      other->erase();
  return copy;
}

static llvm::Error badInput(const Twine &why) {
  return makeError(RuntimeErrorKind::BadInput, why);
}

static llvm::Error compileFailed(const Twine &why) {
  return makeError(RuntimeErrorKind::CompileFailed, why);
}

static std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

//===----------------------------------------------------------------------===//
// CPU
//===----------------------------------------------------------------------===//

namespace {
class CPUExecutable : public Executable {
public:
  ~CPUExecutable() override {
    // Only the program's own code is unmapped (CProgram): its OpenMP
    // runtime stays, and no other thread runs this program's code. The
    // process-wide thread pool is left alone: pausing it
    // (omp_pause_resource_all) crashed other threads inside a parallel
    // region, ours or the host application's (issue 42, item 4).
    program.reset();
    if (!dir.empty())
      removeTempDir(dir);
  }

  static llvm::Expected<std::unique_ptr<Executable>>
  compile(ModuleOp module, func::FuncOp fn, ArrayRef<std::string> opts) {
    return compileModule(isolate<func::FuncOp>(module, fn.getName()),
                         fn.getName(), opts);
  }

  /// A kernel-level program: its schedule `sched` runs in place on its
  /// buffer parameters (run()'s inputs[i] copied into outputs[i]).
  static llvm::Expected<std::unique_ptr<Executable>>
  compileSchedule(ModuleOp module, FunctionOp sched,
                  ArrayRef<std::string> opts) {
    OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
    for (Operation &op :
         llvm::make_early_inc_range(copy->getBody()->getOperations()))
      if (!isa<FunctionOp>(op))
        op.erase();
    llvm::Expected<std::unique_ptr<Executable>> exe =
        compileModule(std::move(copy), sched.getSymName(), opts);
    if (!exe)
      return exe.takeError();
    auto *cpu = static_cast<CPUExecutable *>(exe->get());
    for (Type t : sched.getArgumentTypes()) {
      auto p = dyn_cast<PtrType>(t);
      if (!p || !p.hasSize() || !p.getElementType().isIntOrFloat())
        return badInput("schedule parameters must be !uop.ptr of integers "
                        "or floats with an element count");
      unsigned bits = p.getElementType().getIntOrFloatBitWidth();
      cpu->inPlaceBytes.push_back(p.getSize() * std::max(1u, bits / 8));
    }
    return exe;
  }

  static llvm::Expected<std::unique_ptr<Executable>>
  compileModule(OwningOpRef<ModuleOp> compiled, StringRef name,
                ArrayRef<std::string> opts) {
    auto exe = std::make_unique<CPUExecutable>();
    exe->what = "cpu";
    UOpToProgramPipelineOptions options;
    options.target = uop::Target::CPU;
    options.opts = opts;
    std::optional<VectorShape> vectors = hostVectorShape();
    if (!vectors)
      return badInput("UOP_VECTOR_BITS must be a power of two from 64 to "
                      "4096");
    options.vectorBits = vectors->bits;
    options.vectorRegisters = vectors->registers;
    std::optional<int64_t> streamBytes = hostStreamStoreBytes();
    if (!streamBytes)
      return badInput("UOP_STREAM_STORE_BYTES must be a byte count (0 or "
                      "more)");
    options.streamStoreBytes = *streamBytes;
    if (llvm::Error err =
            runPipeline(*compiled, "uop-to-program", [&](OpPassManager &pm) {
              buildUOpToProgramPipeline(pm, options);
            }))
      return std::move(err);
    exe->kernels = llvm::count_if(compiled->getOps<FunctionOp>(),
                                  [](FunctionOp f) { return isKernel(f); });
    std::string source;
    llvm::raw_string_ostream os(source);
    if (failed(translateUOpToC(*compiled, os)))
      return compileFailed("--uop-to-c failed");
    exe->tier = programCompileTier(*compiled);
    if (llvm::Error err = exe->load(source, name, exe->tier))
      return std::move(err);
    exe->source = std::move(source);
    exe->name = name.str();
    return std::move(exe);
  }

  llvm::Error run(ArrayRef<const void *> inputs, ArrayRef<void *> outputs,
                  ArrayRef<int64_t> values) override {
    if (llvm::Error err = checkVars(values))
      return err;
    if (++runs >= kTierUpRuns)
      if (llvm::Error err = tierUp())
        return err;
    args.clear();
    if (!inPlaceBytes.empty())
      return runInPlace(inputs, outputs);
    for (const void *p : inputs)
      args.push_back(const_cast<void *>(p));
    llvm::append_range(args, outputs);
    // The packed entry reads each variable through a pointer.
    varValues.assign(values.begin(), values.end());
    for (int64_t &v : varValues)
      args.push_back(&v);
    return call();
  }

  llvm::Expected<double> time(unsigned repeat) override {
    if (llvm::Error err = checkRepeat(repeat))
      return std::move(err);
    if (runs == 0)
      return badInput("time() reruns the last run's buffers: run first");
    // Timing asks for the code a program that keeps running gets.
    if (llvm::Error err = tierUp())
      return std::move(err);
    std::vector<double> times;
    times.reserve(repeat);
    for (unsigned r = 0; r < repeat; ++r) {
      auto start = std::chrono::steady_clock::now();
      if (llvm::Error err = call())
        return std::move(err);
      auto stop = std::chrono::steady_clock::now();
      times.push_back(
          std::chrono::duration<double, std::milli>(stop - start).count());
    }
    return medianOf(times);
  }

private:
  /// run() of a schedule: each buffer starts as its input (NaN bytes when
  /// null) in the output's memory (a scratch copy when null).
  llvm::Error runInPlace(ArrayRef<const void *> inputs,
                         ArrayRef<void *> outputs) {
    if (inputs.size() != inPlaceBytes.size() ||
        outputs.size() != inPlaceBytes.size())
      return badInput("wrong number of buffers");
    scratch.assign(inPlaceBytes.size(), {});
    for (auto [i, bytes] : llvm::enumerate(inPlaceBytes)) {
      void *p = outputs[i];
      if (!p) {
        scratch[i].resize(bytes);
        p = scratch[i].data();
      }
      if (inputs[i])
        std::memmove(p, inputs[i], bytes);
      else
        std::memset(p, 0xFF, bytes);
      args.push_back(p);
    }
    return call();
  }
  /// Compiles (at `tier`) and loads `source` (loadCProgram: the C path of
  /// every front end, UOP_CACHE_DIR's cache included) and finds the packed
  /// entry of `name` in it.
  llvm::Error load(StringRef source, StringRef name, CCompileTier tier) {
    llvm::Expected<std::unique_ptr<CProgram>> loaded =
        loadCProgram(source, tier);
    if (!loaded)
      return loaded.takeError();
    program = std::move(*loaded);
    std::string sym = ("uop_" + name + "_packed").str();
    entry = program->lookup(sym);
    if (!entry) {
      std::string why = program->lookupError();
      return compileFailed("the compiled program has no entry " + sym +
                           (why.empty() ? "" : ": " + why));
    }
    errorFn = program->lookup(("uop_" + name + "_error").str());
    return llvm::Error::success();
  }
  /// `int uop_<name>_packed(void *const *buffers)` (see --uop-to-c): 1 when
  /// an allocation failed, which `uop_<name>_error()` describes (the buffer,
  /// its source location and its size).
  llvm::Error call() {
    if (reinterpret_cast<int (*)(void *const *)>(entry)(args.data()) == 0)
      return llvm::Error::success();
    const char *why =
        errorFn ? reinterpret_cast<const char *(*)(void)>(errorFn)() : nullptr;
    return makeError(RuntimeErrorKind::LaunchFailed,
                     why && *why ? StringRef(why)
                                 : StringRef("the program's entry failed"));
  }
  /// A program compiled below -O2 (programCompileTier) is compiled again
  /// at -O2 on its kTierUpRuns-th run: the lower tiers save about 10 ms of
  /// compile time, and a run at -O0 of a program at the bound costs about
  /// 0.3 ms more than at -O2 (docs/uop-pipeline.md), so a program that
  /// keeps running loses less than it saved.
  static constexpr unsigned kTierUpRuns = 16;
  llvm::Error tierUp() {
    if (tier == CCompileTier::Optimized)
      return llvm::Error::success();
    tier = CCompileTier::Optimized;
    return load(source, name, tier);
  }

  std::unique_ptr<CProgram> program;
  void *entry = nullptr;
  void *errorFn = nullptr;
  /// What load() compiled, for tierUp().
  std::string source, name;
  CCompileTier tier = CCompileTier::Optimized;
  unsigned runs = 0;
  std::string dir;
  SmallVector<void *> args;
  std::vector<int64_t> varValues;
  /// A schedule's buffers: their sizes, and copies for null outputs.
  SmallVector<int64_t> inPlaceBytes;
  std::vector<std::vector<unsigned char>> scratch;
};

//===----------------------------------------------------------------------===//
// CUDA
//===----------------------------------------------------------------------===//

/// A program on the GPU: device buffers (the table), the launches that use
/// them (a GPUProgram), and which buffers are run()'s inputs and outputs.
class CUDAExecutable : public Executable {
public:
  ~CUDAExecutable() override {
    program.reset();
    for (DeviceBuffer &b : table)
      llvm::consumeError(cu->free(b.ptr));
  }

  static llvm::Expected<std::unique_ptr<Executable>>
  compileGraph(ModuleOp module, func::FuncOp fn, StringRef chip,
               ArrayRef<std::string> opts);
  static llvm::Expected<std::unique_ptr<Executable>>
  compileKernel(ModuleOp module, tirx::PrimFuncOp fn, StringRef chip,
                const ScalarArgs &scalars);
  /// A kernel-level program: the schedule's host function after
  /// uop-to-nvvm; each buffer parameter is an input and an output.
  static llvm::Expected<std::unique_ptr<Executable>>
  compileSchedule(ModuleOp module, FunctionOp sched, StringRef chip,
                  ArrayRef<std::string> opts);
  /// compileKernel's second half for host code `fn` (or the host function
  /// made to launch kernel `fn`), lowered into `lowered` as func.func
  /// `host`: its buffer parameters are run()'s buffers, its scalar
  /// parameters `scalars`, its launches and results those of the host
  /// function.
  llvm::Error loadHost(tirx::PrimFuncOp fn, StringRef host,
                       const ScalarArgs &scalars);

  llvm::Error run(ArrayRef<const void *> inputs, ArrayRef<void *> outputs,
                  ArrayRef<int64_t> values) override;

  llvm::Expected<double> time(unsigned repeat) override {
    if (llvm::Error err = checkRepeat(repeat))
      return std::move(err);
    std::vector<double> times;
    times.reserve(repeat);
    for (unsigned r = 0; r < repeat; ++r) {
      llvm::Expected<float> t = cu->time([&] { return program->launchAll(); });
      if (!t)
        return t.takeError();
      times.push_back(*t);
    }
    return medianOf(times);
  }

private:
  /// run() once the shape variables are checked.
  llvm::Error runBuffers(ArrayRef<const void *> inputs,
                         ArrayRef<void *> outputs);
  /// Opens the driver and settles the chip (`chip`, else the device's).
  static llvm::Expected<std::unique_ptr<CUDAExecutable>> open(StringRef chip);
  /// Allocates a buffer of `count` elements of `elem` into the table.
  llvm::Expected<DeviceBuffer> allocate(Type elem, int64_t count);
  /// Allocates the graph's arguments and results, the parameters of its
  /// host function, and makes them the inputs and outputs.
  llvm::Error mapGraphBuffers(func::FuncOp fn, func::FuncOp host,
                              DenseMap<Value, DeviceBuffer> &buffers);
  /// Allocates what the host function allocates (gpu.alloc) and prepares
  /// its launches (gpu.launch_func), in order.
  llvm::Error walkHost(func::FuncOp host,
                       DenseMap<Value, DeviceBuffer> &buffers);
  /// What the host function returns as a result of run(): a buffer
  /// parameter (its position among the buffers) or a scalar.
  llvm::Expected<HostResult>
  hostResult(Value returned, const DenseMap<Value, unsigned> &bufferParams);
  /// The launches of the host function with the shape variables at
  /// `values` (replacing any earlier ones).
  llvm::Error prepareLaunches(ArrayRef<int64_t> values);
  /// The integers launch sizes may be computed from: the shape variables at
  /// `values` and the integer scalar parameters.
  DenseMap<Value, int64_t> launchSizeInputs(ArrayRef<int64_t> values) const;
  /// What a gpu.launch_func of `kernel` passes as `operand`: a buffer of
  /// the host function or the value of an arith.constant.
  llvm::Expected<KernelArg>
  launchArg(Value operand, StringRef kernel,
            const DenseMap<Value, DeviceBuffer> &buffers);

  std::unique_ptr<CudaDriver> cu;
  OwningOpRef<ModuleOp> lowered;
  std::unique_ptr<GPUProgram> program;
  std::vector<DeviceBuffer> table;
  /// Positions in `table` of run()'s inputs and outputs.
  SmallVector<unsigned> inputSlots, outputSlots;
  /// Symbolic graphs: the tensor type of each table slot that is an input
  /// or output (its element count at the run's variables is what is copied),
  /// the host function's variable parameters, and the buffers its launches
  /// use, kept to rebuild the launches when the variables change.
  DenseMap<unsigned, RankedTensorType> slotTypes;
  DenseMap<Value, unsigned> varParams;
  /// Host prim_funcs: the values of the host function's scalar parameters.
  DenseMap<Value, ScalarValue> scalarParams;
  func::FuncOp hostFn;
  DenseMap<Value, DeviceBuffer> hostBuffers;
  SmallVector<int64_t> launchedAt;
  llvm::StringMap<int64_t> currentVars;
};
} // namespace

llvm::Expected<std::unique_ptr<CUDAExecutable>>
CUDAExecutable::open(StringRef chipOpt) {
  auto exe = std::make_unique<CUDAExecutable>();
  llvm::Expected<std::unique_ptr<CudaDriver>> cu = CudaDriver::open();
  if (!cu)
    return cu.takeError();
  exe->cu = std::move(*cu);
  std::string chip = chipOpt.str();
  if (chip.empty()) {
    llvm::Expected<std::string> deviceChip = chipForDevice(*exe->cu);
    if (!deviceChip)
      return deviceChip.takeError();
    chip = *deviceChip;
  }
  exe->what = "cuda " + chip + " (" + exe->cu->deviceName() + ")";
  exe->device = exe->cu->deviceName();
  exe->chipName = chip;
  return std::move(exe);
}

llvm::Expected<DeviceBuffer> CUDAExecutable::allocate(Type elem,
                                                      int64_t count) {
  DeviceBuffer b{0, count, elem};
  llvm::Expected<CudaDriver::DevicePtr> p =
      cu->alloc(std::max<size_t>(1, count * elementBytes(elem)));
  if (!p)
    return p.takeError();
  b.ptr = *p;
  table.push_back(b);
  return b;
}

llvm::Error CUDAExecutable::run(ArrayRef<const void *> inputs,
                                ArrayRef<void *> outputs,
                                ArrayRef<int64_t> values) {
  if (llvm::Error err = checkVars(values))
    return err;
  if (!vars.empty() && ArrayRef<int64_t>(launchedAt) != values)
    if (llvm::Error err = prepareLaunches(values))
      return err;
  return runBuffers(inputs, outputs);
}

llvm::Error CUDAExecutable::runBuffers(ArrayRef<const void *> inputs,
                                       ArrayRef<void *> outputs) {
  if (inputs.size() != inputSlots.size() ||
      outputs.size() != outputSlots.size())
    return badInput("wrong number of buffers");
  // A symbolic buffer holds its tensor at this run's sizes.
  auto bytes = [&](const DeviceBuffer &b) {
    for (auto [slot, t] : slotTypes)
      if (table[slot].ptr == b.ptr)
        return *getNumElementsAt(t, currentVars) * elementBytes(b.type);
    return b.count * elementBytes(b.type);
  };
  // Null inputs and outputs that are not inputs start as NaN bytes, so an
  // unwritten element shows.
  for (auto [slot, p] : llvm::zip(inputSlots, inputs)) {
    const DeviceBuffer &b = table[slot];
    if (llvm::Error e = p ? cu->copyToDevice(b.ptr, p, bytes(b))
                          : cu->memset8(b.ptr, 0xFF, bytes(b)))
      return e;
  }
  for (unsigned slot : outputSlots)
    if (!llvm::is_contained(inputSlots, slot))
      if (llvm::Error e =
              cu->memset8(table[slot].ptr, 0xFF, bytes(table[slot])))
        return e;
  if (llvm::Error e = program->launchAll())
    return prependMessage(std::move(e), "launch failed: ");
  if (llvm::Error e = cu->synchronize())
    return prependMessage(std::move(e), "launch failed: ");
  for (auto [slot, p] : llvm::zip(outputSlots, outputs)) {
    const DeviceBuffer &b = table[slot];
    if (p)
      if (llvm::Error e = cu->copyToHost(p, b.ptr, bytes(b)))
        return e;
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Tensor-level graphs on the GPU
//===----------------------------------------------------------------------===//

llvm::Expected<std::unique_ptr<Executable>>
CUDAExecutable::compileGraph(ModuleOp module, func::FuncOp fn, StringRef chip,
                             ArrayRef<std::string> opts) {
  llvm::Expected<std::unique_ptr<CUDAExecutable>> opened = open(chip);
  if (!opened)
    return opened.takeError();
  std::unique_ptr<CUDAExecutable> exe = std::move(*opened);
  exe->lowered = isolate<func::FuncOp>(module, fn.getName());
  UOpToNVVMPipelineOptions options;
  options.chip = exe->chipName;
  options.opts = opts;
  if (llvm::Error err =
          runPipeline(*exe->lowered, "uop-to-nvvm", [&](OpPassManager &pm) {
            buildUOpToNVVMPipeline(pm, options);
          }))
    return std::move(err);
  // The host function of the graph: its parameters are the graph's
  // arguments then its results; it allocates the intermediates and
  // launches the kernels (convert-uop-to-tirx, convert-tirx-to-gpu).
  auto host = exe->lowered->lookupSymbol<func::FuncOp>(fn.getName());
  SmallVector<VarAttr> shapeVars = getShapeVars(fn);
  if (!host || host.isExternal() ||
      host.getNumArguments() !=
          fn.getNumArguments() + fn.getNumResults() + shapeVars.size())
    return compileFailed("the lowered module has no host function @" +
                         fn.getName() +
                         " taking the graph's arguments, results and shape "
                         "variables");
  exe->vars = shapeVars;
  DenseMap<Value, DeviceBuffer> buffers;
  if (llvm::Error err = exe->mapGraphBuffers(fn, host, buffers))
    return std::move(err);
  exe->program = std::make_unique<GPUProgram>(*exe->cu);
  if (llvm::Error err = exe->program->load(*exe->lowered, exe->chipName))
    return std::move(err);
  if (llvm::Error err = exe->walkHost(host, buffers))
    return std::move(err);
  exe->kernels = llvm::range_size(host.getBody().getOps<gpu::LaunchFuncOp>());
  return std::move(exe);
}

llvm::Expected<std::unique_ptr<Executable>>
CUDAExecutable::compileSchedule(ModuleOp module, FunctionOp sched,
                                StringRef chip, ArrayRef<std::string> opts) {
  llvm::Expected<std::unique_ptr<CUDAExecutable>> opened = open(chip);
  if (!opened)
    return opened.takeError();
  std::unique_ptr<CUDAExecutable> exe = std::move(*opened);
  exe->lowered = OwningOpRef<ModuleOp>(cast<ModuleOp>(module->clone()));
  for (Operation &op :
       llvm::make_early_inc_range(exe->lowered->getBody()->getOperations()))
    if (!isa<FunctionOp>(op))
      op.erase();
  UOpToNVVMPipelineOptions options;
  options.chip = exe->chipName;
  options.opts = opts;
  if (llvm::Error err =
          runPipeline(*exe->lowered, "uop-to-nvvm", [&](OpPassManager &pm) {
            buildUOpToNVVMPipeline(pm, options);
          }))
    return std::move(err);
  auto host = exe->lowered->lookupSymbol<func::FuncOp>(sched.getSymName());
  if (!host || host.isExternal() ||
      host.getNumArguments() != sched.getBody().front().getNumArguments())
    return compileFailed("the lowered module has no host function @" +
                         sched.getSymName() + " taking the schedule's buffers");
  DenseMap<Value, DeviceBuffer> buffers;
  for (auto [arg, t] :
       llvm::zip(host.getArguments(), sched.getArgumentTypes())) {
    auto p = dyn_cast<PtrType>(t);
    auto mt = dyn_cast<MemRefType>(arg.getType());
    if (!p || !p.hasSize() || !mt || !mt.hasStaticShape() ||
        mt.getNumElements() != p.getSize())
      return compileFailed(
          "the host function's parameters do not match the schedule");
    llvm::Expected<DeviceBuffer> b =
        exe->allocate(p.getElementType(), p.getSize());
    if (!b)
      return b.takeError();
    buffers[arg] = *b;
    exe->inputSlots.push_back(exe->table.size() - 1);
    exe->outputSlots.push_back(exe->table.size() - 1);
  }
  exe->program = std::make_unique<GPUProgram>(*exe->cu);
  if (llvm::Error err = exe->program->load(*exe->lowered, exe->chipName))
    return std::move(err);
  if (llvm::Error err = exe->walkHost(host, buffers))
    return std::move(err);
  exe->kernels = llvm::range_size(host.getBody().getOps<gpu::LaunchFuncOp>());
  return std::move(exe);
}

llvm::Error
CUDAExecutable::mapGraphBuffers(func::FuncOp fn, func::FuncOp host,
                                DenseMap<Value, DeviceBuffer> &buffers) {
  auto io = llvm::to_vector(
      llvm::concat<const Type>(fn.getArgumentTypes(), fn.getResultTypes()));
  // A symbolic tensor's buffer is allocated once, at its capacity.
  llvm::StringMap<int64_t> upper;
  for (VarAttr v : getShapeVars(fn))
    upper[v.getName().getValue()] = v.getMax();
  for (auto [i, arg, t] :
       llvm::enumerate(host.getArguments().take_front(io.size()), io)) {
    auto rt = cast<RankedTensorType>(t);
    auto mt = dyn_cast<MemRefType>(arg.getType());
    std::optional<int64_t> capacity = getNumElementsAt(rt, upper);
    if (!mt || !capacity || mt.getNumElements() != *capacity)
      return compileFailed(
          "the host function's parameters do not match the graph");
    llvm::Expected<DeviceBuffer> b = allocate(rt.getElementType(), *capacity);
    if (!b)
      return b.takeError();
    buffers[arg] = *b;
    (i < fn.getNumArguments() ? inputSlots : outputSlots)
        .push_back(table.size() - 1);
    if (!rt.hasStaticShape())
      slotTypes[table.size() - 1] = rt;
  }
  // The shape variables follow, in uop.vars order.
  for (unsigned k = io.size(); k < host.getNumArguments(); ++k)
    varParams[host.getArgument(k)] = k - io.size();
  return llvm::Error::success();
}

llvm::Error CUDAExecutable::walkHost(func::FuncOp host,
                                     DenseMap<Value, DeviceBuffer> &buffers) {
  for (Operation &op : host.getBody().front()) {
    if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
      MemRefType t = alloc.getType();
      llvm::Expected<DeviceBuffer> b =
          allocate(t.getElementType(), t.getNumElements());
      if (!b)
        return b.takeError();
      buffers[alloc.getMemref()] = *b;
    } else if (!isa<gpu::LaunchFuncOp, gpu::DeallocOp, func::ReturnOp,
                    memref::ExtractAlignedPointerAsIndexOp, LLVM::IntToPtrOp>(
                   op) &&
               !isa<arith::ArithDialect>(op.getDialect())) {
      // arith computes launch sizes (evaluateLaunchConfig); a tensor map's
      // operand is its buffer's address (launchArg).
      return compileFailed("unexpected operation in the host function: " +
                           op.getName().getStringRef());
    }
  }
  hostFn = host;
  hostBuffers = buffers;
  // A symbolic program's launches wait for the variables' values.
  if (!vars.empty())
    return llvm::Error::success();
  return prepareLaunches({});
}

llvm::Error CUDAExecutable::prepareLaunches(ArrayRef<int64_t> values) {
  program->clearLaunches();
  launchedAt.assign(values.begin(), values.end());
  currentVars.clear();
  for (auto [v, x] : llvm::zip(vars, values))
    currentVars[v.getName().getValue()] = x;
  DenseMap<Value, DeviceBuffer> &buffers = hostBuffers;
  DenseMap<Value, int64_t> sizes = launchSizeInputs(values);
  for (Operation &op : hostFn.getBody().front()) {
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
      StringRef name = launch.getKernelName().getValue();
      LLVM::LLVMFuncOp kernel = findKernel(*lowered, name);
      if (!kernel)
        return compileFailed("no lowered kernel @" + name);
      SmallVector<KernelArg> args;
      for (Value v : launch.getKernelOperands()) {
        if (auto it = varParams.find(v); it != varParams.end()) {
          llvm::Expected<ScalarValue> x = ScalarValue::parse(
              v.getType(), std::to_string(values[it->second]));
          if (!x)
            return x.takeError();
          args.push_back(*x);
          continue;
        }
        llvm::Expected<KernelArg> arg = launchArg(v, name, buffers);
        if (!arg)
          return arg.takeError();
        args.push_back(*arg);
      }
      // The launch configuration is the launch_func's operands: no
      // attribute of the kernel is read.
      llvm::Expected<LaunchConfig> config = evaluateLaunchConfig(launch, sizes);
      if (!config)
        return config.takeError();
      if (llvm::Error err = program->addLaunch(kernel, args, *config))
        return err;
    }
  }
  return llvm::Error::success();
}

DenseMap<Value, int64_t>
CUDAExecutable::launchSizeInputs(ArrayRef<int64_t> values) const {
  DenseMap<Value, int64_t> sizes;
  for (auto [param, index] : varParams)
    sizes[param] = values[index];
  for (auto &[param, value] : scalarParams) {
    Type t = value.getType();
    if (t.isIndex() || isa<IntegerType>(t))
      sizes[param] = llvm::SignExtend64(
          value.getBits(), t.isIndex() ? 64 : t.getIntOrFloatBitWidth());
  }
  return sizes;
}

llvm::Expected<KernelArg>
CUDAExecutable::launchArg(Value operand, StringRef kernel,
                          const DenseMap<Value, DeviceBuffer> &buffers) {
  if (auto it = buffers.find(operand); it != buffers.end())
    return KernelArg(it->second);
  if (auto it = scalarParams.find(operand); it != scalarParams.end())
    return KernelArg(it->second);
  if (auto c = operand.getDefiningOp<arith::ConstantOp>()) {
    llvm::Expected<ScalarValue> v = ScalarValue::get(c.getValue());
    if (!v)
      return prependMessage(v.takeError(), "a launch of @" + kernel + ": ");
    return KernelArg(*v);
  }
  // A tensor-map parameter is passed the address of the buffer it maps
  // (convert-tirx-to-gpu); GPUProgram encodes the map over that buffer.
  if (auto toPtr = operand.getDefiningOp<LLVM::IntToPtrOp>())
    if (auto cast = toPtr.getArg().getDefiningOp<arith::IndexCastOp>())
      if (auto address =
              cast.getIn()
                  .getDefiningOp<memref::ExtractAlignedPointerAsIndexOp>())
        return launchArg(address.getSource(), kernel, buffers);
  return compileFailed("a launch of @" + kernel +
                       " passes something other than a buffer, a scalar "
                       "parameter or a constant");
}

//===----------------------------------------------------------------------===//
// tirx kernels on the GPU
//===----------------------------------------------------------------------===//

/// Checks that `fn` takes buffers and scalars, and that `scalars` gives
/// each scalar parameter a value of its type, and nothing else.
static llvm::Error checkKernelParams(tirx::PrimFuncOp fn,
                                     const ScalarArgs &scalars) {
  ArrayRef<Type> params = fn.getArgumentTypes();
  std::string where = ("@" + fn.getSymName()).str();
  for (auto [i, t] : llvm::enumerate(params)) {
    if (isa<tirx::BufferType>(t))
      continue;
    if (!isScalarParamType(t))
      return badInput("parameter " + Twine(i) + " of " + where + " has type " +
                      typeName(t) +
                      "; kernels take buffers and integer or float scalars");
    auto it = scalars.find(i);
    if (it == scalars.end())
      return badInput("scalar parameter " + Twine(i) + " (" + typeName(t) +
                      ") of " + where + " has no value");
    if (it->second.getType() != t)
      return badInput("the value of parameter " + Twine(i) + " of " + where +
                      " is " + typeName(it->second.getType()) +
                      ", the parameter " + typeName(t));
  }
  for (auto &[i, value] : scalars) {
    if (i >= params.size())
      return badInput(where + " has " + Twine(params.size()) +
                      " parameters, none numbered " + Twine(i));
    if (isa<tirx::BufferType>(params[i]))
      return badInput("parameter " + Twine(i) + " of " + where +
                      " is a buffer, not a scalar");
  }
  return llvm::Error::success();
}

/// A copy of `module` holding the host prim_func `fn` and the kernels it
/// launches, and no other prim_func.
static OwningOpRef<ModuleOp> isolateHost(ModuleOp module, tirx::PrimFuncOp fn) {
  llvm::StringSet<> keep{fn.getSymName()};
  fn.walk([&](tirx::LaunchOp l) { keep.insert(l.getKernel()); });
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
  for (auto other :
       llvm::make_early_inc_range(copy->getOps<tirx::PrimFuncOp>()))
    if (!keep.contains(other.getSymName()))
      other->erase();
  return copy;
}

llvm::Error CUDAExecutable::loadHost(tirx::PrimFuncOp fn, StringRef hostName,
                                     const ScalarArgs &scalars) {
  auto host = lowered->lookupSymbol<func::FuncOp>(hostName);
  if (!host || host.isExternal() ||
      host.getNumArguments() != fn.getNumArguments())
    return compileFailed("the lowered module has no host function @" +
                         hostName + " taking its parameters");
  DenseMap<Value, DeviceBuffer> buffers;
  DenseMap<Value, unsigned> bufferParams;
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes())) {
    Value param = host.getArgument(i);
    auto bt = dyn_cast<tirx::BufferType>(t);
    if (!bt) {
      scalarParams.try_emplace(param, scalars.at(i));
      continue;
    }
    llvm::Expected<DeviceBuffer> b =
        allocate(bt.getElementType(), bt.getNumElements());
    if (!b)
      return b.takeError();
    buffers[param] = *b;
    bufferParams[param] = inputSlots.size();
    inputSlots.push_back(table.size() - 1);
  }
  outputSlots = inputSlots;
  program = std::make_unique<GPUProgram>(*cu);
  if (llvm::Error err = program->load(*lowered, chipName))
    return err;
  if (llvm::Error err = walkHost(host, buffers))
    return err;
  kernels = llvm::range_size(host.getBody().getOps<gpu::LaunchFuncOp>());
  auto ret = cast<func::ReturnOp>(host.getBody().front().getTerminator());
  for (Value v : ret.getOperands()) {
    llvm::Expected<HostResult> r = hostResult(v, bufferParams);
    if (!r)
      return r.takeError();
    hostResults.push_back(*r);
  }
  return llvm::Error::success();
}

llvm::Expected<HostResult>
CUDAExecutable::hostResult(Value returned,
                           const DenseMap<Value, unsigned> &bufferParams) {
  if (auto it = bufferParams.find(returned); it != bufferParams.end())
    return HostResult(it->second);
  if (auto it = scalarParams.find(returned); it != scalarParams.end())
    return HostResult(it->second);
  if (auto c = returned.getDefiningOp<arith::ConstantOp>()) {
    llvm::Expected<ScalarValue> v = ScalarValue::get(c.getValue());
    if (!v)
      return prependMessage(v.takeError(), "a result of the host function: ");
    return HostResult(*v);
  }
  return compileFailed("the host function returns something other than a "
                       "parameter or a constant");
}

/// Adds to `module` host code that launches kernel `kernel` once on its own
/// parameters, and returns its name.
static llvm::Expected<std::string> addLaunchingHost(ModuleOp module,
                                                    tirx::PrimFuncOp kernel) {
  std::string name = ("__uop_launch_" + kernel.getSymName()).str();
  if (module.lookupSymbol(name))
    return badInput("the module already has a symbol @" + name +
                    ", the name of the host code that launches @" +
                    kernel.getSymName());
  for (auto [i, t] : llvm::enumerate(kernel.getArgumentTypes()))
    if (auto b = dyn_cast<tirx::BufferType>(t);
        b && b.getScope() != tirx::StorageScope::Global)
      return badInput("parameter " + Twine(i) + " of @" + kernel.getSymName() +
                      " is a " + typeName(t) +
                      "; a kernel run on its own takes global buffers");
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  Location loc = kernel.getLoc();
  auto host = tirx::PrimFuncOp::create(
      b, loc, b.getStringAttr(name),
      TypeAttr::get(b.getFunctionType(kernel.getArgumentTypes(), {})),
      ArrayAttr(), ArrayAttr());
  Block *body = new Block();
  host.getBody().push_back(body);
  for (Type t : kernel.getArgumentTypes())
    body->addArgument(t, loc);
  b.setInsertionPointToEnd(body);
  tirx::LaunchOp::create(b, loc,
                         FlatSymbolRefAttr::get(kernel.getSymNameAttr()),
                         body->getArguments());
  tirx::ReturnOp::create(b, loc, ValueRange{});
  return name;
}

llvm::Expected<std::unique_ptr<Executable>>
CUDAExecutable::compileKernel(ModuleOp module, tirx::PrimFuncOp fn,
                              StringRef chip, const ScalarArgs &scalars) {
  if (llvm::Error err = checkKernelParams(fn, scalars))
    return std::move(err);
  llvm::Expected<std::unique_ptr<CUDAExecutable>> opened = open(chip);
  if (!opened)
    return opened.takeError();
  std::unique_ptr<CUDAExecutable> exe = std::move(*opened);
  bool host = tirx::launchesKernels(fn);
  exe->lowered = host ? isolateHost(module, fn)
                      : isolate<tirx::PrimFuncOp>(module, fn.getSymName());
  // A kernel on its own is launched by a host function made for it, so
  // that every launch is configured the same way: by the operands of the
  // gpu.launch_func convert-tirx-to-gpu makes of a tirx.launch.
  std::string hostName = fn.getSymName().str();
  if (!host) {
    llvm::Expected<std::string> made = addLaunchingHost(*exe->lowered, fn);
    if (!made)
      return made.takeError();
    hostName = *made;
  }
  tirx::TIRxToNVVMPipelineOptions options;
  options.chip = exe->chipName;
  if (llvm::Error err =
          runPipeline(*exe->lowered, "tirx-to-nvvm", [&](OpPassManager &pm) {
            tirx::buildTIRxToNVVMPipeline(pm, options);
          }))
    return std::move(err);
  if (llvm::Error err = exe->loadHost(fn, hostName, scalars))
    return std::move(err);
  return std::move(exe);
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

llvm::Expected<uop::Target> uop::parseTargetName(StringRef spelling) {
  if (std::optional<uop::Target> t = parseTarget(spelling))
    return *t;
  return badInput("unknown target '" + spelling + "' (cpu or cuda)");
}

llvm::Expected<std::unique_ptr<Executable>>
Executable::compile(ModuleOp module, func::FuncOp fn, uop::Target target,
                    StringRef chip, ArrayRef<std::string> opts) {
  for (Type t :
       llvm::concat<const Type>(fn.getArgumentTypes(), fn.getResultTypes())) {
    auto rt = dyn_cast<RankedTensorType>(t);
    if (!rt || !hasSymbolicShape(rt) || !rt.getElementType().isIntOrFloat())
      return badInput("arguments and results must be tensors of integers or "
                      "floats, statically shaped or with #uop.sym dimensions");
  }
  if (target == uop::Target::CUDA)
    return CUDAExecutable::compileGraph(module, fn, chip, opts);
  auto exe = CPUExecutable::compile(module, fn, opts);
  if (exe)
    (*exe)->vars = getShapeVars(fn);
  return exe;
}

llvm::Expected<std::unique_ptr<Executable>>
Executable::compileSchedule(ModuleOp module, FunctionOp sched,
                            uop::Target target, StringRef chip,
                            ArrayRef<std::string> opts) {
  if (target == uop::Target::CUDA)
    return CUDAExecutable::compileSchedule(module, sched, chip, opts);
  return CPUExecutable::compileSchedule(module, sched, opts);
}

llvm::Expected<std::unique_ptr<Executable>>
Executable::compileKernel(ModuleOp module, tirx::PrimFuncOp fn, StringRef chip,
                          const ScalarArgs &scalars) {
  return CUDAExecutable::compileKernel(module, fn, chip, scalars);
}
