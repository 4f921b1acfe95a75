//===- uop-run.cpp - compile, run and check uop and tirx programs ---------===//
//
//   uop-run FILE [--entry NAME] [--target cpu|cuda] [--check] [--repeat N]
//           [--seed S] [--chip sm_XX] [--reference R] [--param INDEX=VALUE]...
//           [--input NAME=FILE.npy]... [--output-dir DIR]
//
// A thin shell over the runtime library (uop/Runtime/Execute.h): a
// tensor-level func.func runs on the CPU (uop-to-program, --uop-to-c, the
// system C compiler, dlopen) or on a GPU (uop-to-nvvm, PTX, the CUDA driver);
// a tirx.prim_func runs on a GPU, its scalar parameters given with --param:
// a kernel, or host code that launches kernels, whose ret_type results are
// printed (returned buffers also written with --output-dir).
// The tool makes the inputs (seeded random data; outputs are poisoned with
// NaN before the run so unwritten elements fail the check), and --check
// compares every output with a double-precision reference: the interpreter
// for uop graphs, the kernel's `tirx.reference` for tirx.
//
// Exit status: 0 success, 1 failure or mismatch, 2 bad usage or input,
// 3 no GPU (for --target cuda).
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/Distributed.h"
#include "uop/Runtime/Error.h"
#include "uop/Runtime/Execute.h"
#include "uop/Runtime/HostData.h"
#include "uop/Runtime/Interpreter.h"
#include "uop/Runtime/KernelInterpreter.h"
#include "uop/Runtime/Npy.h"
#include "uop/Runtime/References.h"
#include "uop/Runtime/TempDir.h"
#ifdef UOP_HAVE_MPI
#include "uop/Runtime/MPICommunicator.h"
#endif

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <new>
#include <random>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

using namespace mlir;
using namespace uop;

namespace {
/// The exit statuses are the runtime's RunStatus values.
enum ExitCode {
  kOk = kRunOk,
  kFail = kRunFailed,
  kUsage = kRunBadInput,
  kNoGPU = kRunNoGPU,
  kNoCommunicator = kRunNoCommunicator
};

llvm::cl::OptionCategory clCategory("uop-run options");

/// The ranks of a multi-device run (null otherwise).
Communicator *comm = nullptr;
/// The command line, for --devices to start it again under mpirun.
int savedArgc = 0;
char **savedArgv = nullptr;

llvm::cl::opt<std::string> clInput(llvm::cl::Positional,
                                   llvm::cl::desc("<input .mlir>"),
                                   llvm::cl::Required,
                                   llvm::cl::cat(clCategory));
llvm::cl::opt<std::string> clEntry("entry",
                                   llvm::cl::desc("function to run (default: "
                                                  "the first func.func or "
                                                  "tirx.prim_func)"),
                                   llvm::cl::cat(clCategory));
llvm::cl::opt<std::string> clTarget("target", llvm::cl::desc("cpu or cuda"),
                                    llvm::cl::init("cpu"),
                                    llvm::cl::cat(clCategory));
/// --target, parsed once by checkOptions().
uop::Target runTarget = uop::Target::CPU;
llvm::cl::opt<bool>
    clCheck("check", llvm::cl::desc("compare outputs with the reference"),
            llvm::cl::cat(clCategory));
llvm::cl::opt<unsigned> clRepeat("repeat",
                                 llvm::cl::desc("timed runs (median printed)"),
                                 llvm::cl::init(10), llvm::cl::cat(clCategory));
llvm::cl::opt<unsigned> clSeed("seed", llvm::cl::desc("input seed"),
                               llvm::cl::init(0), llvm::cl::cat(clCategory));
/// `--chip` is registered by the PTX translation library, which uop-run
/// links; it is read from there (empty or default: the device's chip).
std::string requestedChip() {
  auto &opts = llvm::cl::getRegisteredOptions();
  auto it = opts.find("chip");
  if (it == opts.end() || !it->second->getNumOccurrences())
    return "";
  return static_cast<llvm::cl::opt<std::string> *>(it->second)->getValue();
}
llvm::cl::opt<std::string> clReference(
    "reference",
    llvm::cl::desc("what a tirx kernel computes, for --check: copy (last "
                   "buffer = first), gemm_nn (C = A B), gemm_nt (C = A B^T); "
                   "default: the prim_func's tirx.reference attribute"),
    llvm::cl::cat(clCategory));
llvm::cl::list<std::string> clParams(
    "param",
    llvm::cl::desc("the value of scalar parameter INDEX of a tirx kernel "
                   "(INDEX counts every parameter from 0; repeatable)"),
    llvm::cl::value_desc("INDEX=VALUE"), llvm::cl::cat(clCategory));
llvm::cl::list<std::string> clInputs(
    "input",
    llvm::cl::desc("read argument NAME (its index, or its name in the source "
                   "without %) from a .npy file of its dtype and shape "
                   "(repeatable; other arguments are random)"),
    llvm::cl::value_desc("NAME=FILE.npy"), llvm::cl::cat(clCategory));
// (`--threads` is taken by an LLVM library option linked into the tool.)
llvm::cl::opt<unsigned> clThreads(
    "num-threads",
    llvm::cl::desc("threads the CPU kernels' parallel loops run on (OpenMP; "
                   "default: every core)"),
    llvm::cl::init(0), llvm::cl::cat(clCategory));
llvm::cl::list<std::string> clVars(
    "var",
    llvm::cl::desc("the value of shape variable NAME of a symbolic program "
                   "(its uop.vars); several comma-separated values run the "
                   "program, compiled once, at each (repeatable)"),
    llvm::cl::value_desc("NAME=V[,V...]"), llvm::cl::cat(clCategory));
llvm::cl::list<std::string> clOpts(
    "opts",
    llvm::cl::desc("a pinned schedule for every kernel of a tensor-level "
                   "program, as uop-optimize's opts (tinygrad's names; the "
                   "kernel's axis ids after uop-split-kernels)"),
    llvm::cl::value_desc("KIND:AXIS:AMOUNT[,...]"), llvm::cl::CommaSeparated,
    llvm::cl::cat(clCategory));
llvm::cl::opt<unsigned> clDevices(
    "devices",
    llvm::cl::desc("run a multi-device program on N CPU ranks, one per "
                   "device: starts `mpirun -np N` of this command (the same "
                   "as running it under mpirun yourself); N is the "
                   "program's device count, at most 64"),
    llvm::cl::value_desc("N"), llvm::cl::init(0), llvm::cl::cat(clCategory));
llvm::cl::opt<std::string> clOutputDir(
    "output-dir",
    llvm::cl::desc("write each output (of tirx host code: each buffer it "
                   "returns) as DIR/<result index>.npy (created if missing)"),
    llvm::cl::value_desc("DIR"), llvm::cl::cat(clCategory));
int fail(const Twine &msg, int code = kFail) {
  llvm::errs() << "uop-run: " << msg << "\n";
  return code;
}

/// Prints a runtime error; returns the exit status of its kind.
int fail(llvm::Error error) {
  std::string msg;
  RunStatus status = takeError(std::move(error), msg);
  return fail(msg, status);
}

DType argDType(func::FuncOp fn, unsigned i) {
  return DType{getElementTypeOrSelf(fn.getArgumentTypes()[i]),
               isUnsignedArgument(fn, i)};
}
DType resultDType(func::FuncOp fn, unsigned i) {
  return DType{getElementTypeOrSelf(fn.getResultTypes()[i]),
               isUnsignedResult(fn, i)};
}

void printComparison(const Comparison &c) {
  llvm::outs() << "max_abs_err=" << llvm::format("%.3e", c.maxAbs)
               << " max_rel_err=" << llvm::format("%.3e", c.maxRel)
               << " checked=" << c.checked << " mismatches=" << c.bad
               << " check=" << (c.bad ? "fail" : "pass") << "\n";
}

//===----------------------------------------------------------------------===//
// Tensor-level graphs (cpu and cuda) through uop::Executable
//===----------------------------------------------------------------------===//

/// The source names of the entry's arguments (`%x` is "x"), from the parser.
std::vector<std::string> argumentNames;

struct Tensors {
  SmallVector<HostTensor> inputs;
  SmallVector<DType> inTypes, outTypes;
  SmallVector<SmallVector<int64_t>> outShapes;
  int64_t hostBytes = 0; // held as doubles and bytes (UOP_INTERPRETER_MAX_MIB)
};

std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "(";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + (shape.size() == 1 ? ",)" : ")");
}

/// The argument `name` denotes: its index, or its source name.
std::optional<unsigned> argumentIndex(func::FuncOp fn, StringRef name) {
  unsigned i;
  if (!name.getAsInteger(10, i))
    return i < fn.getNumArguments() ? std::optional<unsigned>(i) : std::nullopt;
  for (auto [k, n] : llvm::enumerate(argumentNames))
    if (n == name.ltrim('%') && k < fn.getNumArguments())
      return k;
  return std::nullopt;
}

/// The most elements argument `i` holds: its shape with each variable at
/// its upper bound (none when that overflows). An --input reads no more.
std::optional<int64_t> maxInputElements(func::FuncOp fn, unsigned i) {
  auto rt = cast<RankedTensorType>(fn.getArgumentTypes()[i]);
  SmallVector<VarAttr> vars = getShapeVars(fn);
  int64_t n = 1;
  for (unsigned d = 0; d < rt.getRank(); ++d) {
    int64_t extent = rt.getDimSize(d);
    if (StringAttr name = getDimVar(rt, d))
      for (VarAttr v : vars)
        if (v.getName() == name)
          extent = v.getMax();
    if (extent < 0 || llvm::MulOverflow(n, extent, n))
      return std::nullopt;
  }
  return n;
}

/// The --input files, by argument index; errors located at the argument.
FailureOr<std::map<unsigned, HostTensor>> readInputs(func::FuncOp fn) {
  std::map<unsigned, HostTensor> given;
  for (StringRef opt : clInputs) {
    auto [name, path] = opt.split('=');
    if (!opt.contains('=') || name.empty() || path.empty())
      return fail("--input expects NAME=FILE.npy, got '" + opt + "'", kUsage),
             failure();
    std::optional<unsigned> i = argumentIndex(fn, name);
    if (!i)
      return fn.emitError("uop-run: --input ")
                 << opt << ": @" << fn.getName() << " has no argument '" << name
                 << "' (give its index or its name)",
             failure();
    Location loc = fn.getArgument(*i).getLoc();
    if (given.count(*i))
      return emitError(loc, "uop-run: --input ")
                 << opt << ": argument " << *i << " has an input already",
             failure();
    llvm::Expected<npy::Array> a = npy::read(path, maxInputElements(fn, *i));
    if (!a)
      return emitError(loc, "uop-run: --input ")
                 << opt << ": " << llvm::toString(a.takeError()),
             failure();
    DType d = argDType(fn, *i);
    auto rt = cast<RankedTensorType>(fn.getArgumentTypes()[*i]);
    std::string want = npy::descrFor(d.type, d.isUnsigned);
    if (a->descr != want)
      return emitError(loc, "uop-run: --input ")
                 << opt << ": the file holds dtype '" << a->descr
                 << "', argument " << *i << " is " << d.name() << " ('" << want
                 << "'" << (d.type.isBF16() ? ", bf16 travels as float32" : "")
                 << (!d.isFloat() && d.width() > 1 && !d.isUnsigned
                         ? "; mark it uop.unsigned for uint data"
                         : "")
                 << ")",
             failure();
    if (ArrayRef<int64_t>(a->shape) != rt.getShape())
      return emitError(loc, "uop-run: --input ")
                 << opt << ": the file's shape is " << shapeString(a->shape)
                 << ", argument " << *i << " is " << rt,
             failure();
    HostTensor h;
    if (d.type.isBF16()) {
      // Rounded to bf16: what the program will read.
      h = DType{Float32Type::get(fn.getContext())}.fromBytes(a->bytes.data(),
                                                             a->shape);
      for (double &v : h.data)
        v = roundToFloatType(d.type, v);
    } else {
      h = d.fromBytes(a->bytes.data(), a->shape);
    }
    given[*i] = std::move(h);
  }
  return given;
}

FailureOr<Tensors> makeInputs(func::FuncOp fn) {
  Tensors t;
  std::mt19937_64 rng(clSeed);
  // Each argument and result is held as doubles (8 bytes an element) and as
  // the program's bytes; together within the reference's budget.
  FailureOr<int64_t> budget = hostMemoryBudget(fn);
  if (failed(budget))
    return failure();
  int64_t held = 0;
  auto check = [&](Type ty, Location loc, StringRef what, unsigned i,
                   DType d) -> LogicalResult {
    auto rt = dyn_cast<RankedTensorType>(ty);
    if (!rt || !rt.hasStaticShape())
      return emitError(loc, "uop-run: ")
             << what << " " << i << " must be a static ranked tensor";
    if (!d.isSupported())
      return emitError(loc, "uop-run: ")
             << what << " " << i << ": unsupported dtype " << d.type
             << " (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64 and "
                "their uop.unsigned forms)";
    int64_t n = 1, bytes = 0;
    for (int64_t e : rt.getShape())
      if (n >= 0 && llvm::MulOverflow(n, e, n))
        n = -1;
    if (n < 0)
      return emitError(loc, "uop-run: ")
             << what << " " << i << " (" << ty
             << ") has more than INT64_MAX elements";
    if (llvm::MulOverflow(n, int64_t(8 + d.bytes()), bytes) ||
        llvm::AddOverflow(held, bytes, held) || held > *budget)
      return emitError(loc, "uop-run: ")
             << what << " " << i << " (" << ty << ", " << n
             << " elements) brings uop-run's host copies (doubles and "
             << d.name() << " bytes) over their limit of " << (*budget >> 20)
             << " MiB (UOP_INTERPRETER_MAX_MIB, else half the memory)";
    return success();
  };
  for (auto [i, ty] : llvm::enumerate(fn.getArgumentTypes()))
    if (failed(check(ty, fn.getArgument(i).getLoc(), "argument", i,
                     argDType(fn, i))))
      return failure();
  for (auto [i, ty] : llvm::enumerate(fn.getResultTypes()))
    if (failed(check(ty, fn.getLoc(), "result", i, resultDType(fn, i))))
      return failure();
  FailureOr<std::map<unsigned, HostTensor>> given = readInputs(fn);
  if (failed(given))
    return failure();
  for (auto [i, ty] : llvm::enumerate(fn.getArgumentTypes())) {
    auto rt = cast<RankedTensorType>(ty);
    DType d = argDType(fn, i);
    HostTensor h;
    h.shape.assign(rt.getShape().begin(), rt.getShape().end());
    // Every argument draws from the generator, given or not, so a given
    // input leaves the others as they were.
    fillRandom(h, d, rng);
    if (auto it = given->find(i); it != given->end())
      h = it->second;
    t.inputs.push_back(std::move(h));
    t.inTypes.push_back(d);
  }
  for (auto [i, ty] : llvm::enumerate(fn.getResultTypes())) {
    auto rt = cast<RankedTensorType>(ty);
    t.outTypes.push_back(resultDType(fn, i));
    t.outShapes.push_back(llvm::to_vector(rt.getShape()));
  }
  t.hostBytes = held;
  return t;
}

/// Writes `h` of type `d` as DIR/<index>.npy in its numpy dtype (bf16, which
/// numpy lacks, as float32: exact).
int writeNpy(unsigned index, DType d, const HostTensor &h) {
  npy::Array a;
  a.descr = npy::descrFor(d.type, d.isUnsigned);
  a.shape = h.shape;
  a.bytes = (d.type.isBF16() ? DType{Float32Type::get(d.type.getContext())} : d)
                .toBytes(h);
  SmallString<128> path(clOutputDir);
  llvm::sys::path::append(path, Twine(index) + ".npy");
  if (llvm::Error err = npy::write(path, a))
    return fail(llvm::toString(std::move(err)));
  return kOk;
}

int makeOutputDir() {
  if (std::error_code ec = llvm::sys::fs::create_directories(clOutputDir))
    return fail("--output-dir " + clOutputDir + ": " + ec.message(), kUsage);
  return kOk;
}

/// Writes each output as DIR/<result index>.npy in its numpy dtype.
int writeOutputs(const Tensors &t, ArrayRef<HostTensor> outputs) {
  if (clOutputDir.empty())
    return kOk;
  if (int rc = makeOutputDir())
    return rc;
  for (auto [i, h] : llvm::enumerate(outputs))
    if (int rc = writeNpy(i, t.outTypes[i], h))
      return rc;
  return kOk;
}

int checkOutputs(func::FuncOp fn, const Tensors &t,
                 ArrayRef<HostTensor> outputs) {
  if (!clCheck)
    return kOk;
  FailureOr<SmallVector<HostTensor>> ref =
      interpretTensorFunction(fn, t.inputs, t.hostBytes);
  if (failed(ref))
    return fail("the reference interpreter failed");
  Comparison c;
  for (auto [i, o] : llvm::enumerate(outputs))
    compare(o, (*ref)[i], t.outTypes[i], c);
  printComparison(c);
  return c.bad ? kFail : kOk;
}

/// The runs --var asks for: one map of variable values per run (variables
/// with one value keep it in every run). A variable without a value, an
/// unknown name or unequal counts are errors.
FailureOr<SmallVector<llvm::StringMap<int64_t>>> varRuns(func::FuncOp fn) {
  SmallVector<VarAttr> vars = getShapeVars(fn);
  llvm::StringMap<SmallVector<int64_t>> given;
  for (StringRef opt : clVars) {
    auto [name, list] = opt.split('=');
    if (!opt.contains('=') || name.empty() || list.empty())
      return fail("--var expects NAME=V[,V...], got '" + opt + "'", kUsage),
             failure();
    if (!llvm::any_of(vars, [&](VarAttr v) { return v.getName() == name; }))
      return emitError(fn.getLoc(), "uop-run: --var ")
                 << opt << ": @" << fn.getName() << " has no shape variable '"
                 << name << "'",
             failure();
    if (given.count(name))
      return fail("--var " + opt + ": '" + name + "' has values already",
                  kUsage),
             failure();
    SmallVector<StringRef> parts;
    list.split(parts, ',');
    for (StringRef part : parts) {
      int64_t x;
      if (part.trim().getAsInteger(10, x))
        return fail("--var " + opt + ": '" + part + "' is not an integer",
                    kUsage),
               failure();
      given[name].push_back(x);
    }
  }
  size_t runs = 1;
  for (auto &entry : given)
    if (entry.second.size() > 1) {
      if (runs > 1 && entry.second.size() != runs)
        return fail("--var: variables with several values need the same "
                    "number of them",
                    kUsage),
               failure();
      runs = entry.second.size();
    }
  // A variable without --var takes its value from the shape of an --input
  // file that has it as a dimension.
  for (StringRef opt : clInputs) {
    auto [name, path] = opt.split('=');
    std::optional<unsigned> i = argumentIndex(fn, name);
    if (!i)
      continue; // readInputs reports it
    auto rt = cast<RankedTensorType>(fn.getArgumentTypes()[*i]);
    llvm::Expected<npy::Array> a = npy::read(path, maxInputElements(fn, *i));
    if (!a)
      return emitError(fn.getArgument(*i).getLoc(), "uop-run: --input ")
                 << opt << ": " << llvm::toString(a.takeError()),
             failure();
    if ((int64_t)a->shape.size() != rt.getRank())
      continue;
    for (unsigned d = 0; d < rt.getRank(); ++d)
      if (StringAttr v = getDimVar(rt, d); v && !given.count(v.getValue()))
        given[v.getValue()] = {a->shape[d]};
  }
  SmallVector<llvm::StringMap<int64_t>> out(runs);
  for (VarAttr v : vars) {
    auto it = given.find(v.getName().getValue());
    if (it == given.end())
      return emitError(fn.getLoc(), "uop-run: shape variable '")
                 << v.getName().getValue() << "' of @" << fn.getName()
                 << " has no value; give it with --var "
                 << v.getName().getValue() << "=VALUE (bounds [" << v.getMin()
                 << ", " << v.getMax() << "])",
             failure();
    for (size_t r = 0; r < runs; ++r) {
      int64_t x = it->second.size() == 1 ? it->second[0] : it->second[r];
      if (x < v.getMin() || x > v.getMax())
        return emitError(fn.getLoc(), "uop-run: --var ")
                   << v.getName().getValue() << "=" << x
                   << " is outside its bounds [" << v.getMin() << ", "
                   << v.getMax() << "]",
               failure();
      out[r][v.getName().getValue()] = x;
    }
  }
  return out;
}

/// The threads of the CPU kernels' parallel loops: --num-threads, else what
/// --devices gave each rank, else every core.
unsigned cpuThreads() {
  if (clThreads)
    return clThreads;
  if (const char *env = std::getenv("OMP_NUM_THREADS"); env && atoi(env) > 0)
    return atoi(env);
  return std::max(1u, std::thread::hardware_concurrency());
}

/// Host memory aligned to a cache line, as CPU tensor allocators give it
/// (PyTorch's aligns to 64 bytes). A large malloc block is only 16-byte
/// aligned, so each 512-bit load of a row would straddle two lines: a
/// 1024^3 matmul runs 12% slower on such buffers (docs/performance.md).
template <typename T> struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlign{64};
  CacheLineAllocator() = default;
  template <typename U> CacheLineAllocator(const CacheLineAllocator<U> &) {}
  T *allocate(size_t n) {
    return static_cast<T *>(::operator new(n * sizeof(T), kAlign));
  }
  void deallocate(T *p, size_t) { ::operator delete(p, kAlign); }
  bool operator==(const CacheLineAllocator &) const { return true; }
  bool operator!=(const CacheLineAllocator &) const { return false; }
};
using HostBytes = std::vector<unsigned char, CacheLineAllocator<unsigned char>>;

/// One run of the compiled graph at the shapes of `fn` (static: the
/// program's, or specialized at `values`).
int runGraphOnce(func::FuncOp fn, const Tensors &t, Executable &exe,
                 ArrayRef<int64_t> values) {
  // Host buffers in the program's dtypes; outputs poisoned with NaN bytes.
  std::vector<HostBytes> storage;
  SmallVector<const void *> ins;
  SmallVector<void *> outs;
  int64_t bytes = 0;
  for (auto [h, d] : llvm::zip(t.inputs, t.inTypes)) {
    std::vector<unsigned char> b = d.toBytes(h);
    storage.emplace_back(b.begin(), b.end());
    ins.push_back(storage.back().data());
    bytes += storage.back().size();
  }
  for (auto [shape, d] : llvm::zip(t.outShapes, t.outTypes)) {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    storage.emplace_back(n * d.bytes(), 0xFF);
    outs.push_back(storage.back().data());
    bytes += storage.back().size();
  }
  if (llvm::Error err = exe.run(ins, outs, values))
    return fail(std::move(err));
  SmallVector<HostTensor> outputs;
  for (auto [i, p] : llvm::enumerate(outs))
    outputs.push_back(t.outTypes[i].fromBytes(static_cast<unsigned char *>(p),
                                              t.outShapes[i]));
  if (int rc = writeOutputs(t, outputs))
    return rc;
  llvm::Expected<double> ms = exe.time(clRepeat);
  if (!ms)
    return fail(ms.takeError());
  llvm::outs() << "entry=" << fn.getName()
               << " target=" << uop::stringifyTarget(runTarget)
               << " kernels=" << exe.numKernels();
  if (runTarget == uop::Target::CPU)
    llvm::outs() << " threads=" << cpuThreads();
  llvm::outs() << "\n";
  if (runTarget == uop::Target::CUDA)
    llvm::outs() << "device=\"" << exe.deviceName() << "\" chip=" << exe.chip()
                 << "\n";
  if (!values.empty()) {
    llvm::outs() << "vars:";
    for (auto [v, x] : llvm::zip(exe.shapeVars(), values))
      llvm::outs() << " " << v.getName().getValue() << "=" << x;
    llvm::outs() << "\n";
  }
  llvm::outs() << "time_ms_median=" << llvm::format("%.4f", *ms) << " gbps="
               << llvm::format("%.2f", *ms > 0 ? bytes / *ms / 1e6 : 0.0);
  // The ALU work of the reductions (2*M*N*K for a matmul).
  if (int64_t flops = countReductionFlops(fn))
    llvm::outs() << " gflops="
                 << llvm::format("%.2f", *ms > 0 ? flops / *ms / 1e6 : 0.0);
  llvm::outs() << " repeat=" << clRepeat << "\n";
  if (comm) {
    // Each rank's median: the slowest rank sets the program's time.
    llvm::Expected<std::vector<double>> all = comm->gatherDoubles(*ms);
    if (!all)
      return fail(all.takeError());
    // One write for the lines, so that another rank's diagnostics on a
    // shared pipe (2>&1 under mpirun) cannot land inside one of them.
    std::string lines;
    llvm::raw_string_ostream os(lines);
    os << "ranks=" << comm->size() << " engine=\"" << comm->description()
       << "\"\n";
    for (auto [r, rms] : llvm::enumerate(*all))
      os << "rank=" << r << " time_ms_median=" << llvm::format("%.4f", rms)
         << "\n";
    llvm::outs().flush();
    llvm::outs() << lines;
    llvm::outs().flush();
  }
  return checkOutputs(fn, t, outputs);
}

/// The most ranks --devices starts (docs/reliability.md).
constexpr int64_t kMaxDevices = 64;

#ifdef UOP_HAVE_MPI
/// Starts `mpirun -np N` of this command line (which then runs under the
/// launcher); returns only when it cannot.
int launchRanks(unsigned n, int argc, char **argv) {
  llvm::ErrorOr<std::string> mpirun = llvm::sys::findProgramByName("mpirun");
  if (!mpirun)
    return fail("--devices starts mpirun, which is not on PATH (Debian: "
                "openmpi-bin)",
                kNoCommunicator);
  std::string self =
      llvm::sys::fs::getMainExecutable(argv[0], (void *)&launchRanks);
  // The cores are shared among the ranks, unless --num-threads says.
  if (!clThreads) {
    unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    setenv("OMP_NUM_THREADS", std::to_string(std::max(1u, cores / n)).c_str(),
           1);
  }
  std::vector<std::string> args = {*mpirun, "-np", std::to_string(n),
                                   // more ranks than cores, and no binding
                                   // of a rank's threads to one core
                                   "--oversubscribe", "--bind-to", "none", "-x",
                                   "OMP_NUM_THREADS"};
  if (geteuid() == 0)
    args.push_back("--allow-run-as-root");
  args.push_back(self);
  for (int i = 1; i < argc; ++i)
    args.push_back(argv[i]);
  std::vector<char *> cargs;
  for (std::string &a : args)
    cargs.push_back(a.data());
  cargs.push_back(nullptr);
  llvm::outs().flush();
  execv(mpirun->c_str(), cargs.data());
  return fail("cannot start " + *mpirun + ": " + std::strerror(errno),
              kNoCommunicator);
}
#endif

/// A multi-device program: this rank's part, compiled and run on the
/// communicator of the MPI job, checked whole against the interpreter.
int runDistributed(ModuleOp module, func::FuncOp fn) {
#ifndef UOP_HAVE_MPI
  (void)module;
  return fail("@" + fn.getName() +
                  " is a multi-device program; this uop-run was built "
                  "without MPI (install libopenmpi-dev and rebuild)",
              kNoCommunicator);
#else
  int64_t devices = getDeviceCount(fn);
  // Checked before any rank starts: each rank is a whole process.
  if (clDevices > kMaxDevices)
    return fail("--devices " + Twine(clDevices) + ": uop-run starts at most " +
                    Twine(kMaxDevices) + " ranks (one process each)",
                kUsage);
  if (devices > kMaxDevices)
    return fail("@" + fn.getName() + " runs on " + Twine(devices) +
                    " devices; uop-run starts at most " + Twine(kMaxDevices) +
                    " ranks",
                kUsage);
  if (clDevices && clDevices != devices)
    return fail("--devices " + Twine(clDevices) + " but @" + fn.getName() +
                    " runs on " + Twine(devices) + " devices",
                kUsage);
  if (!isUnderMPILauncher())
    return clDevices ? launchRanks(clDevices, savedArgc, savedArgv)
                     : fail("@" + fn.getName() + " runs on " + Twine(devices) +
                                " devices: start it with --devices " +
                                Twine(devices) + " or under mpirun -np " +
                                Twine(devices),
                            kUsage);
  llvm::Expected<std::unique_ptr<Communicator>> c = createMPICommunicator();
  if (!c)
    return fail(c.takeError());
  // GPU ranks all-reduce on their devices (NCCL), started over MPI.
  if (runTarget == uop::Target::CUDA) {
    c = createNCCLCommunicator(std::move(*c));
    if (!c)
      return fail(c.takeError());
  }
  comm = c->get();
  // One report: rank 0's (every rank runs and checks the same).
  if (comm->rank() != 0) {
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2(null, STDOUT_FILENO);
  }
  if (clDevices && (int)clDevices != comm->size())
    return fail("--devices " + Twine(clDevices) + " but the job has " +
                    Twine(comm->size()) + " ranks",
                kUsage);
  FailureOr<Tensors> t = makeInputs(fn); // the same on every rank (--seed)
  if (failed(t))
    return kUsage;
  llvm::Expected<std::unique_ptr<Executable>> exe = compileDistributed(
      module, fn, runTarget, *comm,
      std::vector<std::string>(clOpts.begin(), clOpts.end()), requestedChip());
  if (!exe)
    return fail(exe.takeError());
  int rc = runGraphOnce(fn, *t, **exe, {});
  llvm::outs().flush();
  exe->reset();
  return rc;
#endif
}

int runGraph(ModuleOp module, func::FuncOp fn) {
  if (isMultiDeviceProgram(fn)) {
    if (!getShapeVars(fn).empty() || !clVars.empty())
      return fail("multi-device programs have static shapes", kUsage);
    return runDistributed(module, fn);
  }
  if (clDevices)
    return fail("--devices runs multi-device programs; @" + fn.getName() +
                    " has no MULTI, MSTACK or DEVICE tuple",
                kUsage);
  FailureOr<SmallVector<llvm::StringMap<int64_t>>> runs = varRuns(fn);
  if (failed(runs))
    return kUsage;
  SmallVector<VarAttr> vars = getShapeVars(fn);
  FailureOr<Tensors> t;
  if (vars.empty()) {
    if (!clVars.empty())
      return fail("--var: @" + fn.getName() + " has no shape variables",
                  kUsage);
    t = makeInputs(fn); // argument errors before compiling
    if (failed(t))
      return kUsage;
  }
  // Compiled once, whatever the sizes.
  llvm::Expected<std::unique_ptr<Executable>> exe = Executable::compile(
      module, fn, runTarget, requestedChip(),
      std::vector<std::string>(clOpts.begin(), clOpts.end()));
  if (!exe)
    return fail(exe.takeError());
  if (vars.empty())
    return runGraphOnce(fn, *t, **exe, {});
  int rc = kOk;
  for (const llvm::StringMap<int64_t> &run : *runs) {
    OwningOpRef<func::FuncOp> at = specializeShapes(fn, run);
    if (!at)
      return kUsage;
    SmallVector<int64_t> values;
    for (VarAttr v : vars)
      values.push_back(run.lookup(v.getName().getValue()));
    FailureOr<Tensors> inputs = makeInputs(*at);
    if (failed(inputs))
      return kUsage;
    int r = runGraphOnce(*at, *inputs, **exe, values);
    if (r == kUsage)
      return r;
    rc = std::max(rc, r);
  }
  return rc;
}

//===----------------------------------------------------------------------===//
// Kernel-level programs (a uop.function schedule and its kernels) on the CPU
//===----------------------------------------------------------------------===//

/// The schedule's buffers as host tensors of shape {size}, seeded random.
FailureOr<SmallVector<std::pair<HostTensor, DType>>>
scheduleBuffers(FunctionOp sched) {
  SmallVector<std::pair<HostTensor, DType>> out;
  std::mt19937_64 rng(clSeed);
  for (BlockArgument a : sched.getBody().front().getArguments()) {
    auto p = dyn_cast<PtrType>(a.getType());
    DType d{p ? p.getElementType() : Type()};
    if (!p || !p.hasSize() || !d.type.isIntOrFloat() || !d.isSupported())
      return emitError(a.getLoc(), "uop-run: schedule parameter ")
                 << a.getArgNumber() << " must be a !uop.ptr with an element "
                 << "count, of f16, bf16, f32, f64, i1, i8, i16, i32 or i64",
             failure();
    HostTensor h;
    h.shape = {p.getSize()};
    fillRandom(h, d, rng);
    out.push_back({std::move(h), d});
  }
  return out;
}

/// Compares the buffers the kernels write with the kernel reference, run
/// on the same initial buffers.
int checkSchedule(ModuleOp module, FunctionOp sched,
                  ArrayRef<std::pair<HostTensor, DType>> initial,
                  ArrayRef<HostTensor> got) {
  if (!clCheck)
    return kOk;
  SmallVector<HostTensor> ref;
  for (const auto &[h, d] : initial)
    ref.push_back(h);
  if (failed(interpretSchedule(module, sched, ref)))
    return fail("the kernel reference interpreter failed");
  SmallVector<bool> written = writtenParameters(module, sched);
  Comparison c;
  for (auto [i, o] : llvm::enumerate(got))
    if (written[i])
      compare(o, ref[i], initial[i].second, c);
  printComparison(c);
  return c.bad ? kFail : kOk;
}

/// A kernel-level program: every schedule parameter is a buffer that starts
/// as seeded random data and is both read and written; the reference runs
/// the kernels as written (KernelInterpreter.h).
int runSchedule(ModuleOp module, FunctionOp sched) {
  if (!clInputs.empty() || !clVars.empty() || clDevices || !clParams.empty())
    return fail("--input, --var, --devices and --param are not for "
                "kernel-level programs (@" +
                    sched.getSymName() + " is a uop.function schedule)",
                kUsage);
  FailureOr<SmallVector<std::pair<HostTensor, DType>>> bufs =
      scheduleBuffers(sched);
  if (failed(bufs))
    return kUsage;
  llvm::Expected<std::unique_ptr<Executable>> exe = Executable::compileSchedule(
      module, sched, runTarget, requestedChip(),
      std::vector<std::string>(clOpts.begin(), clOpts.end()));
  if (!exe)
    return fail(exe.takeError());
  std::vector<std::vector<unsigned char>> storage;
  SmallVector<const void *> ins;
  SmallVector<void *> outs;
  int64_t bytes = 0;
  for (const auto &[h, d] : *bufs) {
    storage.push_back(d.toBytes(h));
    bytes += storage.back().size();
  }
  std::vector<std::vector<unsigned char>> result(storage);
  for (auto [in, out] : llvm::zip(storage, result)) {
    ins.push_back(in.data());
    outs.push_back(out.data());
  }
  if (llvm::Error err = (*exe)->run(ins, outs))
    return fail(std::move(err));
  SmallVector<HostTensor> got;
  for (auto [i, raw] : llvm::enumerate(result))
    got.push_back(
        (*bufs)[i].second.fromBytes(raw.data(), (*bufs)[i].first.shape));
  SmallVector<bool> written = writtenParameters(module, sched);
  if (!clOutputDir.empty()) {
    if (int rc = makeOutputDir())
      return rc;
    for (auto [i, h] : llvm::enumerate(got))
      if (written[i])
        if (int rc = writeNpy(i, (*bufs)[i].second, h))
          return rc;
  }
  llvm::Expected<double> ms = (*exe)->time(clRepeat);
  if (!ms)
    return fail(ms.takeError());
  llvm::outs() << "entry=" << sched.getSymName()
               << " target=" << uop::stringifyTarget(runTarget)
               << " kernels=" << (*exe)->numKernels();
  if (runTarget == uop::Target::CPU)
    llvm::outs() << " threads=" << cpuThreads();
  llvm::outs() << "\n";
  if (runTarget == uop::Target::CUDA)
    llvm::outs() << "device=\"" << (*exe)->deviceName()
                 << "\" chip=" << (*exe)->chip() << "\n";
  llvm::outs() << "time_ms_median=" << llvm::format("%.4f", *ms) << " gbps="
               << llvm::format("%.2f", *ms > 0 ? bytes / *ms / 1e6 : 0.0)
               << " repeat=" << clRepeat << "\n";
  return checkSchedule(module, sched, *bufs, got);
}

//===----------------------------------------------------------------------===//
// tirx kernels on a GPU through uop::Executable::compileKernel
//===----------------------------------------------------------------------===//

/// The values of `fn`'s scalar parameters from --param INDEX=VALUE. A
/// parameter without a value, or with one that is not of its type, is an
/// error at the parameter.
FailureOr<ScalarArgs> scalarArgs(tirx::PrimFuncOp fn) {
  ArrayRef<Type> params = fn.getArgumentTypes();
  auto errorAt = [&](unsigned i) {
    return emitError(fn.getBody().front().getArgument(i).getLoc(), "uop-run: ");
  };
  ScalarArgs args;
  for (StringRef opt : clParams) {
    auto [index, text] = opt.split('=');
    unsigned i = 0;
    if (!opt.contains('=') || index.trim().getAsInteger(10, i))
      return fail("--param expects INDEX=VALUE, got '" + opt + "'", kUsage),
             failure();
    if (i >= params.size())
      return fail("--param " + opt + ": @" + fn.getSymName() + " has " +
                      Twine(params.size()) + " parameters",
                  kUsage),
             failure();
    if (isa<tirx::BufferType>(params[i]))
      return errorAt(i) << "--param " << opt << ": parameter " << i << " of @"
                        << fn.getSymName() << " is a buffer, not a scalar",
             failure();
    if (args.count(i))
      return errorAt(i) << "--param " << opt << ": parameter " << i
                        << " has a value already",
             failure();
    llvm::Expected<ScalarValue> value = ScalarValue::parse(params[i], text);
    if (!value)
      return errorAt(i) << "--param " << opt << ": "
                        << llvm::toString(value.takeError()),
             failure();
    args.emplace(i, *value);
  }
  for (auto [i, t] : llvm::enumerate(params)) {
    if (isa<tirx::BufferType>(t) || args.count(i))
      continue;
    if (!isScalarParamType(t))
      return errorAt(i) << "parameter " << i << " of @" << fn.getSymName()
                        << " has type " << t
                        << "; kernels take buffers and integer or float "
                           "scalars",
             failure();
    return errorAt(i) << "scalar parameter " << i << " (" << t << ") of @"
                      << fn.getSymName()
                      << " has no value; give it with --param " << i
                      << "=VALUE",
           failure();
  }
  return args;
}

void printTIRxTime(double ms, double flops, double bytes) {
  llvm::outs() << "time_ms_median=" << llvm::format("%.4f", ms);
  if (flops > 0)
    llvm::outs() << " tflops=" << llvm::format("%.2f", flops / ms / 1e9);
  else
    llvm::outs() << " gbps=" << llvm::format("%.2f", bytes / ms / 1e6);
  llvm::outs() << " repeat=" << clRepeat << "\n";
}

/// Prints what host code returned (its ret_type), one `result I = ...` line
/// each: a scalar as `VALUE : TYPE`, a buffer as the parameter it is, also
/// written as DIR/<I>.npy with --output-dir (as run() read it back).
int printHostResults(tirx::PrimFuncOp fn, const Executable &exe,
                     const KernelBuffers &k) {
  SmallVector<unsigned> bufferParams;
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes()))
    if (isa<tirx::BufferType>(t))
      bufferParams.push_back(i);
  if (!clOutputDir.empty())
    if (int rc = makeOutputDir())
      return rc;
  for (auto [i, r] : llvm::enumerate(exe.results())) {
    llvm::outs() << "result " << i << " = ";
    if (auto *scalar = std::get_if<ScalarValue>(&r)) {
      scalar->print(llvm::outs());
      llvm::outs() << "\n";
      continue;
    }
    unsigned b = std::get<unsigned>(r);
    llvm::outs() << "buffer parameter " << bufferParams[b] << " of shape "
                 << shapeString(k.hosts[b].shape) << " " << k.types[b].name();
    if (!clOutputDir.empty()) {
      SmallString<128> path(clOutputDir);
      llvm::sys::path::append(path, Twine(i) + ".npy");
      llvm::outs() << " -> " << path;
    }
    llvm::outs() << "\n";
    if (clOutputDir.empty())
      continue;
    const DType &d = k.types[b];
    if (int rc =
            writeNpy(i, d, d.fromBytes(k.bytes[b].data(), k.hosts[b].shape)))
      return rc;
  }
  return kOk;
}

/// A tirx kernel, or host code launching kernels: every buffer parameter is
/// an input except the last, the output; scalar parameters come from
/// --param; `--reference` / `tirx.reference` says what it computes. Host
/// code's results are printed after the run (printHostResults).
int runTIRx(ModuleOp module, tirx::PrimFuncOp fn) {
  FailureOr<ScalarArgs> scalars = scalarArgs(fn);
  if (failed(scalars))
    return kUsage;
  llvm::Expected<std::unique_ptr<Executable>> exe =
      Executable::compileKernel(module, fn, requestedChip(), *scalars);
  if (!exe)
    return fail(exe.takeError());
  if (!clOutputDir.empty() && fn.getFunctionType().getNumResults() == 0)
    return fail("--output-dir writes the buffers host code returns; @" +
                    fn.getSymName() + " returns nothing",
                kUsage);
  KernelBuffers k = makeKernelBuffers(fn, clSeed);
  std::optional<tirx::ReferenceKind> ref;
  if (auto attr = fn.getContext()
                      ->getLoadedDialect<tirx::TIRxDialect>()
                      ->getReferenceAttrHelper()
                      .getAttr(fn))
    ref = attr.getValue();
  if (!clReference.empty())
    ref = tirx::symbolizeReferenceKind(clReference);
  // Inputs go in; the output starts as NaN bytes and is read back to check.
  // Returned buffers written to --output-dir are read back too.
  SmallVector<const void *> ins;
  SmallVector<void *> outs;
  for (auto [i, raw] : llvm::enumerate(k.bytes)) {
    bool output = i + 1 == k.bytes.size();
    bool written = !clOutputDir.empty() &&
                   llvm::any_of((*exe)->results(), [&](const HostResult &r) {
                     auto *b = std::get_if<unsigned>(&r);
                     return b && *b == i;
                   });
    ins.push_back(output ? nullptr : raw.data());
    outs.push_back((output && clCheck && ref) || written ? raw.data()
                                                         : nullptr);
  }
  if (llvm::Error err = (*exe)->run(ins, outs))
    return fail(std::move(err));

  bool gemm = ref && *ref != tirx::ReferenceKind::Copy && k.hosts.size() == 3;
  double flops = 0, bytes = 0;
  if (gemm)
    flops =
        2.0 * k.hosts[2].shape[0] * k.hosts[2].shape[1] * k.hosts[0].shape[1];
  for (const std::vector<unsigned char> &raw : k.bytes)
    bytes += raw.size();
  llvm::outs() << "entry=" << fn.getSymName()
               << " target=cuda kernels=" << (*exe)->numKernels() << "\n";
  llvm::outs() << "device=\"" << (*exe)->deviceName()
               << "\" chip=" << (*exe)->chip() << "\n";
  if (int rc = printHostResults(fn, **exe, k))
    return rc;
  // The check runs now, on the first launch's output; it prints last.
  std::optional<Comparison> checked;
  if (clCheck && ref) {
    checked.emplace();
    // The gemm reference samples large outputs with seed+1.
    if (llvm::Error err = checkReference(*ref, k, clSeed + 1, *checked))
      return fail(llvm::toString(std::move(err)), kUsage);
  }
  llvm::Expected<double> ms = (*exe)->time(clRepeat);
  if (!ms)
    return fail(ms.takeError());
  printTIRxTime(*ms, flops, bytes);
  if (clCheck && !checked)
    llvm::outs() << "check=skipped (give --reference or a tirx.reference "
                    "attribute)\n";
  if (!checked)
    return kOk;
  printComparison(*checked);
  return checked->bad ? kFail : kOk;
}
/// The options checked before the input is read: a bad one is a usage error
/// whatever the program is.
int checkOptions() {
  std::optional<uop::Target> parsed = uop::parseTarget(clTarget);
  if (!parsed)
    return fail("--target must be cpu or cuda", kUsage);
  runTarget = *parsed;
  if (clRepeat < 1 || clRepeat > Executable::kMaxTimedRuns)
    return fail("--repeat must be between 1 and " +
                    std::to_string(Executable::kMaxTimedRuns),
                kUsage);
  // Read by the OpenMP runtime when the compiled program first runs.
  if (clThreads > 0)
    setenv("OMP_NUM_THREADS", std::to_string(clThreads).c_str(), 1);
  if (!clReference.empty() && !tirx::symbolizeReferenceKind(clReference))
    return fail("--reference must be copy, gemm_nn or gemm_nt", kUsage);
  return kOk;
}

/// Parses --input into a module, with the parser's state, which knows the
/// source names of block arguments (--input NAME=...); `sm` keeps the text
/// those names point into. Null after a diagnostic (a usage error).
OwningOpRef<ModuleOp> loadProgram(MLIRContext &ctx, llvm::SourceMgr &sm,
                                  AsmParserState &parserState) {
  std::string openError;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(clInput, &openError);
  if (!file) {
    fail("cannot parse " + clInput + ": " + openError, kUsage);
    return nullptr;
  }
  sm.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  Block parsed;
  ParserConfig config(&ctx);
  if (failed(parseAsmSourceFile(sm, &parsed, config, &parserState))) {
    fail("cannot parse " + clInput, kUsage);
    return nullptr;
  }
  OwningOpRef<ModuleOp> module =
      mlir::detail::constructContainerOpForParserIfNecessary<ModuleOp>(
          &parsed, &ctx, FileLineColLoc::get(&ctx, clInput, 0, 0));
  if (!module)
    fail("cannot parse " + clInput, kUsage);
  return module;
}

/// The entry: --entry, else a tensor-level func.func, a tirx.prim_func, or
/// (when there is neither) the schedule uop.function of a kernel-level
/// program. Null after a diagnostic (a usage error).
Operation *findEntry(ModuleOp module) {
  Operation *entry = nullptr;
  bool hasFunc =
      llvm::any_of(module.getBody()->getOperations(), [](Operation &op) {
        return isa<func::FuncOp, tirx::PrimFuncOp>(op);
      });
  for (Operation &op : module.getBody()->getOperations()) {
    auto sym = dyn_cast<SymbolOpInterface>(op);
    auto schedule = dyn_cast<FunctionOp>(op);
    if (schedule && (isKernel(schedule) || !schedule.getSink() ||
                     (hasFunc && clEntry.empty())))
      continue;
    if (!sym || !isa<func::FuncOp, tirx::PrimFuncOp, FunctionOp>(op))
      continue;
    // A declaration has nothing to run.
    if (auto f = dyn_cast<FunctionOpInterface>(op); f && f.isExternal()) {
      if (!clEntry.empty() && sym.getName() == clEntry) {
        fail("'" + clEntry + "' is a declaration without a body", kUsage);
        return nullptr;
      }
      continue;
    }
    if (clEntry.empty() ? !entry : sym.getName() == clEntry)
      entry = &op;
  }
  if (!entry)
    fail(clEntry.empty() ? "no func.func, tirx.prim_func or uop.function "
                           "schedule to run in " +
                               clInput
                         : "no function named '" + clEntry + "' in " + clInput,
         kUsage);
  return entry;
}

/// Records the source names of fn's arguments (argumentNames), which
/// --input NAME=FILE.npy refers to.
void recordArgumentNames(func::FuncOp fn, const AsmParserState &parserState) {
  const AsmParserState::BlockDefinition *def =
      parserState.getBlockDef(&fn.getBody().front());
  if (!def)
    return;
  for (const AsmParserState::SMDefinition &arg : def->arguments)
    argumentNames.push_back(
        StringRef(arg.loc.Start.getPointer(),
                  arg.loc.End.getPointer() - arg.loc.Start.getPointer())
            .ltrim('%')
            .str());
}

/// Runs the entry by its kind, after rejecting the options that do not fit
/// that kind.
int runEntry(ModuleOp module, Operation *entry,
             const AsmParserState &parserState) {
  if (auto fn = dyn_cast<func::FuncOp>(entry)) {
    recordArgumentNames(fn, parserState);
    return clParams.empty()
               ? runGraph(module, fn)
               : fail("--param gives the scalar parameters of tirx kernels; "
                      "@" +
                          fn.getName() + " is a tensor-level function",
                      kUsage);
  }
  if (auto sched = dyn_cast<FunctionOp>(entry))
    return runSchedule(module, sched);
  if (!clInputs.empty())
    return fail("--input is for tensor-level functions", kUsage);
  if (runTarget == uop::Target::CPU)
    return fail("tirx kernels run with --target cuda", kUsage);
  return runTIRx(module, cast<tirx::PrimFuncOp>(entry));
}
} // namespace

int main(int argc, char **argv) {
  savedArgc = argc;
  savedArgv = argv;
  // Killed while compiling: no uop-run-XXXXXX directory is left behind.
  // Before InitLLVM, whose handlers then run first and hand the signal on.
  removeTempDirsOnInterrupt();
  llvm::InitLLVM init(argc, argv);
  // --chip belongs to the PTX translation library; show it with ours.
  if (auto *chip = llvm::cl::getRegisteredOptions().lookup("chip"))
    chip->addCategory(clCategory);
  llvm::cl::HideUnrelatedOptions(clCategory);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "uop-run: compile, run and check uop graphs (cpu, cuda) and tirx "
      "kernels (cuda)\n");
  if (int rc = checkOptions())
    return rc;

  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  llvm::SourceMgr sm;
  SourceMgrDiagnosticHandler diag(sm, &ctx);
  AsmParserState parserState;
  OwningOpRef<ModuleOp> module = loadProgram(ctx, sm, parserState);
  if (!module)
    return kUsage;
  Operation *entry = findEntry(*module);
  if (!entry)
    return kUsage;
  return runEntry(*module, entry, parserState);
}
