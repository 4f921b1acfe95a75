//===- uop-run.cpp - compile, run and check uop and tirx programs ---------===//
//
//   uop-run FILE [--entry NAME] [--target cpu|cuda] [--check] [--repeat N]
//           [--seed S] [--chip sm_XX] [--reference R] [--param INDEX=VALUE]...
//           [--input NAME=FILE.npy]... [--output-dir DIR]
//
// A thin shell over the runtime library: options and printing. Compiling
// and running are uop/Runtime/Execute.h's: a tensor-level func.func runs on
// the CPU (uop-to-program, --uop-to-c, the system C compiler, dlopen) or on
// a GPU (uop-to-nvvm, PTX, the CUDA driver); a tirx.prim_func runs on a GPU,
// its scalar parameters given with --param: a kernel, or host code that
// launches kernels, whose ret_type results are printed (returned buffers
// also written with --output-dir). The host data is uop/Runtime/Runner.h's:
// the inputs (seeded random data or --input files; outputs are poisoned
// with NaN before the run so unwritten elements fail the check), and
// --check's comparison of every output with a double-precision reference:
// the interpreter for uop graphs, the kernel's `tirx.reference` for tirx.
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
#include "uop/Runtime/Interpreter.h"
#include "uop/Runtime/KernelInterpreter.h"
#include "uop/Runtime/Runner.h"
#include "uop/Runtime/TempDir.h"
#ifdef UOP_HAVE_MPI
#include "uop/Runtime/MPICommunicator.h"
#endif

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
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

/// Prints a runtime error, a ProgramError as a diagnostic at its location
/// (nothing more for a diagnosedError()); returns the exit status of its
/// kind.
int fail(llvm::Error error) {
  std::optional<RunStatus> located;
  error = llvm::handleErrors(std::move(error), [&](const ProgramError &e) {
    if (Operation *op = e.getOperation())
      op->emitError("uop-run: ") << e.getMessage();
    else
      emitError(e.getLocation(), "uop-run: ") << e.getMessage();
    located = e.getStatus();
  });
  if (located && !error)
    return *located;
  std::string msg;
  RunStatus status = takeError(std::move(error), msg);
  return msg.empty() ? status : fail(msg, status);
}

void printComparison(const Comparison &c) {
  llvm::outs() << "max_abs_err=" << llvm::format("%.3e", c.maxAbs)
               << " max_rel_err=" << llvm::format("%.3e", c.maxRel)
               << " checked=" << c.checked << " mismatches=" << c.bad
               << " check=" << (c.bad ? "fail" : "pass") << "\n";
}

/// Prints a check's outcome; returns the exit status it gives.
int reportCheck(llvm::Expected<Comparison> c) {
  if (!c)
    return fail(c.takeError());
  printComparison(*c);
  return c->bad ? kFail : kOk;
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

/// The first lines of a report: the entry, the target and the kernels; on a
/// GPU, the device and the chip.
void printRunHeader(StringRef entry, const Executable &exe) {
  llvm::outs() << "entry=" << entry
               << " target=" << uop::stringifyTarget(runTarget)
               << " kernels=" << exe.numKernels();
  if (runTarget == uop::Target::CPU)
    llvm::outs() << " threads=" << cpuThreads();
  llvm::outs() << "\n";
  if (runTarget == uop::Target::CUDA)
    llvm::outs() << "device=\"" << exe.deviceName() << "\" chip=" << exe.chip()
                 << "\n";
}

/// Writes `outputs[i]` as DIR/<i>.npy (--output-dir) where `which` is unset
/// or true.
int writeOutputs(ArrayRef<HostBuffer> outputs, ArrayRef<bool> which = {}) {
  if (clOutputDir.empty())
    return kOk;
  if (llvm::Error err = createOutputDir(clOutputDir))
    return fail(std::move(err));
  for (auto [i, b] : llvm::enumerate(outputs))
    if (which.empty() || which[i])
      if (llvm::Error err = b.writeNpy(outputPath(clOutputDir, i)))
        return fail(std::move(err));
  return kOk;
}

//===----------------------------------------------------------------------===//
// Tensor-level graphs (cpu and cuda)
//===----------------------------------------------------------------------===//

/// How the inputs are made: --seed, --input, and the source names of the
/// entry's arguments (recorded from the parser).
InputSpec inputSpec;

/// Every rank's median, after rank 0's report: the slowest rank sets the
/// program's time.
int printRankTimes(double ms) {
  llvm::Expected<std::vector<double>> all = comm->gatherDoubles(ms);
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
  return kOk;
}

/// One run of the compiled graph at the shapes of `fn` (static: the
/// program's, or specialized at `values`): run, write, time, report, check.
int runGraphOnce(func::FuncOp fn, GraphData &data, Executable &exe,
                 ArrayRef<int64_t> values) {
  if (llvm::Error err = runGraph(exe, data, values))
    return fail(std::move(err));
  if (int rc = writeOutputs(data.outputs))
    return rc;
  llvm::Expected<double> ms = exe.time(clRepeat);
  if (!ms)
    return fail(ms.takeError());
  printRunHeader(fn.getName(), exe);
  if (!values.empty()) {
    llvm::outs() << "vars:";
    for (auto [v, x] : llvm::zip(exe.shapeVars(), values))
      llvm::outs() << " " << v.getName().getValue() << "=" << x;
    llvm::outs() << "\n";
  }
  double bytes = data.trafficBytes();
  llvm::outs() << "time_ms_median=" << llvm::format("%.4f", *ms) << " gbps="
               << llvm::format("%.2f", *ms > 0 ? bytes / *ms / 1e6 : 0.0);
  // The ALU work of the reductions (2*M*N*K for a matmul).
  if (int64_t flops = countReductionFlops(fn))
    llvm::outs() << " gflops="
                 << llvm::format("%.2f", *ms > 0 ? flops / *ms / 1e6 : 0.0);
  llvm::outs() << " repeat=" << clRepeat << "\n";
  if (comm)
    if (int rc = printRankTimes(*ms))
      return rc;
  return clCheck ? reportCheck(checkGraph(fn, data)) : kOk;
}

/// The inputs of `fn`; the exit status of an error.
int makeGraphInputs(func::FuncOp fn, std::optional<GraphData> &data) {
  llvm::Expected<GraphData> made = makeGraphData(fn, inputSpec);
  if (!made)
    return fail(made.takeError());
  data = std::move(*made);
  return kOk;
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
  std::optional<GraphData> data;
  if (int rc = makeGraphInputs(fn, data)) // the same on every rank (--seed)
    return rc;
  llvm::Expected<std::unique_ptr<Executable>> exe = compileDistributed(
      module, fn, runTarget, *comm,
      std::vector<std::string>(clOpts.begin(), clOpts.end()), requestedChip());
  if (!exe)
    return fail(exe.takeError());
  int rc = runGraphOnce(fn, *data, **exe, {});
  llvm::outs().flush();
  exe->reset();
  return rc;
#endif
}

/// A tensor-level function: compiled once, run at each --var size (or at
/// its static shapes).
int runGraphEntry(ModuleOp module, func::FuncOp fn) {
  if (isMultiDeviceProgram(fn)) {
    if (!getShapeVars(fn).empty() || !clVars.empty())
      return fail("multi-device programs have static shapes", kUsage);
    return runDistributed(module, fn);
  }
  if (clDevices)
    return fail("--devices runs multi-device programs; @" + fn.getName() +
                    " has no MULTI, MSTACK or DEVICE tuple",
                kUsage);
  std::vector<std::string> vars(clVars.begin(), clVars.end());
  llvm::Expected<SmallVector<llvm::StringMap<int64_t>>> runs =
      shapeVarRuns(fn, vars, inputSpec);
  if (!runs)
    return fail(runs.takeError());
  SmallVector<VarAttr> shapeVars = getShapeVars(fn);
  std::optional<GraphData> data;
  if (shapeVars.empty()) {
    if (!clVars.empty())
      return fail("--var: @" + fn.getName() + " has no shape variables",
                  kUsage);
    if (int rc = makeGraphInputs(fn, data)) // argument errors before compiling
      return rc;
  }
  // Compiled once, whatever the sizes.
  llvm::Expected<std::unique_ptr<Executable>> exe = Executable::compile(
      module, fn, runTarget, requestedChip(),
      std::vector<std::string>(clOpts.begin(), clOpts.end()));
  if (!exe)
    return fail(exe.takeError());
  if (shapeVars.empty())
    return runGraphOnce(fn, *data, **exe, {});
  int rc = kOk;
  for (const llvm::StringMap<int64_t> &run : *runs) {
    OwningOpRef<func::FuncOp> at = specializeShapes(fn, run);
    if (!at)
      return kUsage;
    SmallVector<int64_t> values;
    for (VarAttr v : shapeVars)
      values.push_back(run.lookup(v.getName().getValue()));
    if (int r = makeGraphInputs(*at, data))
      return r;
    int r = runGraphOnce(*at, *data, **exe, values);
    if (r == kUsage)
      return r;
    rc = std::max(rc, r);
  }
  return rc;
}

//===----------------------------------------------------------------------===//
// Kernel-level programs (a uop.function schedule and its kernels)
//===----------------------------------------------------------------------===//

/// A kernel-level program: every schedule parameter is a buffer that starts
/// as seeded random data and is both read and written; the reference runs
/// the kernels as written (KernelInterpreter.h).
int runScheduleEntry(ModuleOp module, FunctionOp sched) {
  if (!clInputs.empty() || !clVars.empty() || clDevices || !clParams.empty())
    return fail("--input, --var, --devices and --param are not for "
                "kernel-level programs (@" +
                    sched.getSymName() + " is a uop.function schedule)",
                kUsage);
  llvm::Expected<SmallVector<HostBuffer>> initial =
      makeScheduleBuffers(sched, clSeed);
  if (!initial)
    return fail(initial.takeError());
  llvm::Expected<std::unique_ptr<Executable>> exe = Executable::compileSchedule(
      module, sched, runTarget, requestedChip(),
      std::vector<std::string>(clOpts.begin(), clOpts.end()));
  if (!exe)
    return fail(exe.takeError());
  llvm::Expected<SmallVector<HostBuffer>> got = runSchedule(**exe, *initial);
  if (!got)
    return fail(got.takeError());
  if (int rc = writeOutputs(*got, writtenParameters(module, sched)))
    return rc;
  llvm::Expected<double> ms = (*exe)->time(clRepeat);
  if (!ms)
    return fail(ms.takeError());
  printRunHeader(sched.getSymName(), **exe);
  double bytes = 0;
  for (const HostBuffer &b : *initial)
    bytes += b.bytes.size();
  llvm::outs() << "time_ms_median=" << llvm::format("%.4f", *ms) << " gbps="
               << llvm::format("%.2f", *ms > 0 ? bytes / *ms / 1e6 : 0.0)
               << " repeat=" << clRepeat << "\n";
  return clCheck ? reportCheck(checkSchedule(module, sched, *initial, *got))
                 : kOk;
}

//===----------------------------------------------------------------------===//
// tirx kernels and host code on a GPU
//===----------------------------------------------------------------------===//

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
    if (llvm::Error err = createOutputDir(clOutputDir))
      return fail(std::move(err));
  for (auto [i, r] : llvm::enumerate(exe.results())) {
    llvm::outs() << "result " << i << " = ";
    if (auto *scalar = std::get_if<ScalarValue>(&r)) {
      scalar->print(llvm::outs());
      llvm::outs() << "\n";
      continue;
    }
    const HostBuffer &b = k.buffers[std::get<unsigned>(r)];
    llvm::outs() << "buffer parameter " << bufferParams[std::get<unsigned>(r)]
                 << " of shape " << numpyShape(b.shape) << " "
                 << b.dtype.name();
    if (clOutputDir.empty()) {
      llvm::outs() << "\n";
      continue;
    }
    std::string path = outputPath(clOutputDir, i);
    llvm::outs() << " -> " << path << "\n";
    if (llvm::Error err = b.writeNpy(path))
      return fail(std::move(err));
  }
  return kOk;
}

/// A tirx kernel, or host code launching kernels: every buffer parameter is
/// an input except the last, the output; scalar parameters come from
/// --param; `--reference` / `tirx.reference` says what it computes. Host
/// code's results are printed after the run (printHostResults).
int runTIRxEntry(ModuleOp module, tirx::PrimFuncOp fn) {
  llvm::Expected<ScalarArgs> scalars = parseScalarArgs(
      fn, std::vector<std::string>(clParams.begin(), clParams.end()));
  if (!scalars)
    return fail(scalars.takeError());
  llvm::Expected<std::unique_ptr<Executable>> exe =
      Executable::compileKernel(module, fn, requestedChip(), *scalars);
  if (!exe)
    return fail(exe.takeError());
  if (!clOutputDir.empty() && fn.getFunctionType().getNumResults() == 0)
    return fail("--output-dir writes the buffers host code returns; @" +
                    fn.getSymName() + " returns nothing",
                kUsage);
  KernelBuffers k = makeKernelBuffers(fn, clSeed);
  std::optional<tirx::ReferenceKind> ref = kernelReference(fn, clReference);
  if (llvm::Error err =
          runKernel(**exe, k, clCheck && ref, !clOutputDir.empty()))
    return fail(std::move(err));
  bool gemm = ref && *ref != tirx::ReferenceKind::Copy && k.buffers.size() == 3;
  double flops = 0, bytes = 0;
  if (gemm)
    flops = 2.0 * k.buffers[2].shape[0] * k.buffers[2].shape[1] *
            k.buffers[0].shape[1];
  for (const HostBuffer &b : k.buffers)
    bytes += b.bytes.size();
  printRunHeader(fn.getSymName(), **exe);
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

/// Runs the entry by its kind, after rejecting the options that do not fit
/// that kind.
int runEntry(ModuleOp module, Operation *entry,
             const AsmParserState &parserState) {
  if (auto fn = dyn_cast<func::FuncOp>(entry)) {
    inputSpec.argumentNames =
        sourceArgumentNames(fn.getBody().front(), parserState);
    inputSpec.seed = clSeed;
    inputSpec.files.assign(clInputs.begin(), clInputs.end());
    return clParams.empty()
               ? runGraphEntry(module, fn)
               : fail("--param gives the scalar parameters of tirx kernels; "
                      "@" +
                          fn.getName() + " is a tensor-level function",
                      kUsage);
  }
  if (auto sched = dyn_cast<FunctionOp>(entry))
    return runScheduleEntry(module, sched);
  if (!clInputs.empty())
    return fail("--input is for tensor-level functions", kUsage);
  if (runTarget == uop::Target::CPU)
    return fail("tirx kernels run with --target cuda", kUsage);
  return runTIRxEntry(module, cast<tirx::PrimFuncOp>(entry));
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
  llvm::Expected<OwningOpRef<ModuleOp>> module =
      parseProgramFile(clInput, ctx, sm, parserState);
  if (!module)
    return fail(module.takeError());
  llvm::Expected<Operation *> entry = findRunEntry(**module, clEntry, clInput);
  if (!entry)
    return fail(entry.takeError());
  return runEntry(**module, *entry, parserState);
}
