//===- uop-run.cpp - compile, run and check uop and tirx programs ---------===//
//
//   uop-run FILE [--entry NAME] [--target cpu|cuda] [--check] [--repeat N]
//           [--seed S] [--chip sm_XX] [--reference R] [--param INDEX=VALUE]...
//           [--input NAME=FILE.npy]... [--output-dir DIR]
//
// Options and printing: the runner library (uop/Runtime/Runner.h) makes
// the inputs (seeded random data or --input files), compiles and runs the
// entry (a tensor-level func.func on the CPU or a GPU, a kernel-level
// schedule, a tirx.prim_func on a GPU with --param's scalars), writes the
// outputs (--output-dir), times and checks them against a double-precision
// reference, and returns a report of each run, which this tool prints. A
// multi-device program runs on the ranks of an MPI job (MPILaunch.h).
//
// Exit status: 0 success, 1 failure or mismatch, 2 bad usage or input,
// 3 no GPU (for --target cuda), 4 no MPI or NCCL for a multi-device program.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/Runner.h"
#include "uop/Runtime/TempDir.h"
#ifdef UOP_HAVE_MPI
#include "uop/Runtime/MPILaunch.h"
#endif

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace uop;

namespace {
/// The exit statuses are the runtime's RunStatus values.
enum ExitCode {
  kOk = kRunOk,
  kFail = kRunFailed,
  kUsage = kRunBadInput,
  kNoCommunicator = kRunNoCommunicator
};

llvm::cl::OptionCategory clCategory("uop-run options");

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
                   "program, as uop-optimize's opts (#uop.opt attributes "
                   "with tinygrad's names; the kernel's axis ids after "
                   "uop-split-kernels)"),
    llvm::cl::value_desc("#uop.opt<KIND, AXIS, AMOUNT>[,...]"),
    llvm::cl::CommaSeparated,
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

//===----------------------------------------------------------------------===//
// Printing a run's report
//===----------------------------------------------------------------------===//

/// The first lines: the entry, the target and the kernels; on a GPU, the
/// device and the chip.
void printHeader(const RunReport &r) {
  llvm::outs() << "entry=" << r.entry
               << " target=" << uop::stringifyTarget(r.target)
               << " kernels=" << r.kernels;
  if (r.target == uop::Target::CPU)
    llvm::outs() << " threads=" << r.threads;
  llvm::outs() << "\n";
  if (r.target == uop::Target::CUDA)
    llvm::outs() << "device=\"" << r.device << "\" chip=" << r.chip << "\n";
  if (!r.vars.empty()) {
    llvm::outs() << "vars:";
    for (const auto &[name, value] : r.vars)
      llvm::outs() << " " << name << "=" << value;
    llvm::outs() << "\n";
  }
}

/// What host code returned, one `result I = ...` line each: a scalar as
/// `VALUE : TYPE`, a buffer as the parameter it is (and where it went).
void printReturned(ArrayRef<ReturnedValue> returned) {
  for (auto [i, v] : llvm::enumerate(returned)) {
    llvm::outs() << "result " << i << " = ";
    if (v.scalar) {
      v.scalar->print(llvm::outs());
      llvm::outs() << "\n";
      continue;
    }
    llvm::outs() << "buffer parameter " << v.parameter << " of shape "
                 << numpyShape(v.shape) << " " << v.dtype.name();
    if (!v.path.empty())
      llvm::outs() << " -> " << v.path;
    llvm::outs() << "\n";
  }
}

void printTiming(const RunReport::Timing &t) {
  double ms = t.ms;
  llvm::outs() << "time_ms_median=" << llvm::format("%.4f", ms);
  if (t.kernelRates) {
    if (t.flops > 0)
      llvm::outs() << " tflops=" << llvm::format("%.2f", t.flops / ms / 1e9);
    else
      llvm::outs() << " gbps=" << llvm::format("%.2f", t.bytes / ms / 1e6);
  } else {
    llvm::outs() << " gbps="
                 << llvm::format("%.2f", ms > 0 ? t.bytes / ms / 1e6 : 0.0);
    if (t.flops != 0)
      llvm::outs() << " gflops="
                   << llvm::format("%.2f", ms > 0 ? t.flops / ms / 1e6 : 0.0);
  }
  llvm::outs() << " repeat=" << t.repeat << "\n";
}

/// Every rank's median, after rank 0's report, in one write, so that
/// another rank's diagnostics on a shared pipe (2>&1 under mpirun) cannot
/// land inside one of the lines.
void printRanks(const RunReport::Ranks &ranks) {
  std::string lines;
  llvm::raw_string_ostream os(lines);
  os << "ranks=" << ranks.size << " engine=\"" << ranks.engine << "\"\n";
  for (auto [r, rms] : llvm::enumerate(ranks.ms))
    os << "rank=" << r << " time_ms_median=" << llvm::format("%.4f", rms)
       << "\n";
  llvm::outs().flush();
  llvm::outs() << lines;
  llvm::outs().flush();
}

/// Prints a run's report and the error that stopped it; returns the run's
/// exit status.
RunStatus printReport(const RunReport &r, llvm::Error error) {
  if (r.ran)
    printHeader(r);
  printReturned(r.returned);
  if (r.timing)
    printTiming(*r.timing);
  if (r.ranks)
    printRanks(*r.ranks);
  if (r.checkSkipped)
    llvm::outs() << "check=skipped (give --reference or a tirx.reference "
                    "attribute)\n";
  if (const std::optional<Comparison> &c = r.check) {
    llvm::outs() << "max_abs_err=" << llvm::format("%.3e", c->maxAbs)
                 << " max_rel_err=" << llvm::format("%.3e", c->maxRel)
                 << " checked=" << c->checked << " mismatches=" << c->bad
                 << " check=" << (c->bad ? "fail" : "pass");
    if (c->spread)
      llvm::outs() << " rounding_spread=" << llvm::format("%.3e", *c->spread);
    llvm::outs() << "\n";
  }
  // Before the ranks' programs and communicator tear down.
  if (r.onRanks)
    llvm::outs().flush();
  if (error)
    return RunStatus(fail(std::move(error)));
  return r.check && r.check->bad ? kRunFailed : kRunOk;
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

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

/// The runner's options: the command line's, and the source names of the
/// entry's arguments (for --input NAME).
RunOptions runOptions(Operation *entry, const AsmParserState &parserState) {
  RunOptions o;
  o.target = runTarget;
  o.chip = requestedChip();
  o.check = clCheck;
  o.repeat = clRepeat;
  o.seed = clSeed;
  o.reference = clReference;
  o.params.assign(clParams.begin(), clParams.end());
  o.inputFiles.assign(clInputs.begin(), clInputs.end());
  o.vars.assign(clVars.begin(), clVars.end());
  o.opts.assign(clOpts.begin(), clOpts.end());
  o.devices = clDevices;
  o.outputDir = clOutputDir;
  o.threads = clThreads;
  if (auto fn = dyn_cast<func::FuncOp>(entry))
    o.argumentNames = sourceArgumentNames(fn.getBody().front(), parserState);
  return o;
}

/// Runs the entry: a multi-device program on the ranks of an MPI job
/// (started here with --devices), anything else in this process.
int runProgram(ModuleOp module, Operation *entry, const RunOptions &opts,
               int argc, char **argv) {
  if (llvm::Error err = checkRunOptions(entry, opts))
    return fail(std::move(err));
  std::unique_ptr<Communicator> comm;
  auto fn = dyn_cast<func::FuncOp>(entry);
  if (fn && isMultiDeviceProgram(fn)) {
#ifndef UOP_HAVE_MPI
    (void)argc, (void)argv;
    return fail("@" + fn.getName() +
                    " is a multi-device program; this uop-run was built "
                    "without MPI (install libopenmpi-dev and rebuild)",
                kNoCommunicator);
#else
    llvm::Expected<std::unique_ptr<Communicator>> joined =
        joinRanks(fn, opts.target, opts.devices, opts.threads,
                  ArrayRef<char *>(argv, argc));
    if (!joined)
      return fail(joined.takeError());
    comm = std::move(*joined);
#endif
  }
  return runEntry(module, entry, opts, printReport, comm.get());
}
} // namespace

int main(int argc, char **argv) {
  // The command line, for --devices to start it again under mpirun.
  int savedArgc = argc;
  char **savedArgv = argv;
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
  return runProgram(**module, *entry, runOptions(*entry, parserState),
                    savedArgc, savedArgv);
}
