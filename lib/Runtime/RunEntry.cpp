//===- RunEntry.cpp - run an entry as uop-run does, one report per run ----===//
//
// The order of each kind's steps is what the user sees: a run that stops at
// an error reports the parts it reached (RunReport), so that uop-run, which
// prints reports, prints what it printed when it did the work itself.
//
//===----------------------------------------------------------------------===//

#include "uop/Runtime/Runner.h"
#include "uop/Runtime/Interpreter.h"
#include "uop/Runtime/KernelInterpreter.h"

#include <algorithm>
#include <cstdlib>
#include <thread>

using namespace mlir;
using namespace uop;

unsigned uop::cpuThreads(unsigned requested) {
  if (requested)
    return requested;
  if (const char *env = std::getenv("OMP_NUM_THREADS"); env && atoi(env) > 0)
    return atoi(env);
  return std::max(1u, std::thread::hardware_concurrency());
}

namespace {
llvm::Error badInput(const Twine &message) {
  return makeError(RuntimeErrorKind::BadInput, message);
}

/// One entry's runs: what they share.
struct EntryRun {
  ModuleOp module;
  const RunOptions &opts;
  ReportHandler handle;
  Communicator *comm;

  /// An error before the run started (nothing to report but it).
  RunStatus fail(llvm::Error err) const {
    return handle(RunReport(), std::move(err));
  }
  /// The report's first part: the entry, the target, the kernels.
  void start(RunReport &r, StringRef entry, const Executable &exe) const {
    r.ran = true;
    r.entry = entry.str();
    r.target = opts.target;
    r.kernels = exe.numKernels();
    r.threads = cpuThreads(opts.threads);
    r.device = exe.deviceName();
    r.chip = exe.chip();
  }
  InputSpec inputSpec() const {
    InputSpec spec;
    spec.seed = opts.seed;
    spec.files = opts.inputFiles;
    spec.argumentNames = opts.argumentNames;
    return spec;
  }
};

/// Writes `outputs[i]` as DIR/<i>.npy (--output-dir) where `which` is unset
/// or true.
llvm::Error writeOutputs(StringRef dir, ArrayRef<HostBuffer> outputs,
                         ArrayRef<bool> which = {}) {
  if (dir.empty())
    return llvm::Error::success();
  if (llvm::Error err = createOutputDir(dir))
    return err;
  for (auto [i, b] : llvm::enumerate(outputs))
    if (which.empty() || which[i])
      if (llvm::Error err = b.writeNpy(outputPath(dir, i)))
        return err;
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Tensor-level graphs (cpu and cuda)
//===----------------------------------------------------------------------===//

/// One run of the compiled graph at the shapes of `fn` (static: the
/// program's, or specialized at `values`): run, write, time, report, check.
RunStatus runGraphOnce(const EntryRun &run, func::FuncOp fn, GraphData &data,
                       Executable &exe, ArrayRef<int64_t> values) {
  const RunOptions &o = run.opts;
  RunReport r;
  r.onRanks = run.comm != nullptr;
  auto done = [&](llvm::Error err) { return run.handle(r, std::move(err)); };
  if (llvm::Error err = runGraph(exe, data, values))
    return done(std::move(err));
  if (llvm::Error err = writeOutputs(o.outputDir, data.outputs))
    return done(std::move(err));
  llvm::Expected<double> ms = exe.time(o.repeat);
  if (!ms)
    return done(ms.takeError());
  run.start(r, fn.getName(), exe);
  for (auto [v, x] : llvm::zip(exe.shapeVars(), values))
    r.vars.push_back({v.getName().getValue().str(), x});
  // The ALU work of the reductions (2*M*N*K for a matmul).
  r.timing = RunReport::Timing{*ms, double(data.trafficBytes()),
                               double(countReductionFlops(fn)), o.repeat,
                               /*kernelRates=*/false};
  // The slowest rank sets the program's time: every rank's, gathered.
  if (run.comm) {
    llvm::Expected<std::vector<double>> all = run.comm->gatherDoubles(*ms);
    if (!all)
      return done(all.takeError());
    r.ranks = RunReport::Ranks{run.comm->size(), run.comm->description(),
                               std::move(*all)};
  }
  if (o.check) {
    llvm::Expected<Comparison> c = checkGraph(fn, data);
    if (!c)
      return done(c.takeError());
    r.check = *c;
  }
  return done(llvm::Error::success());
}

/// A multi-device program: this rank's part, compiled and run on the
/// ranks, checked whole against the interpreter.
RunStatus runDistributed(const EntryRun &run, func::FuncOp fn) {
  if (!run.comm)
    return run.fail(makeError(RuntimeErrorKind::NoCommunicator,
                              "@" + fn.getName() +
                                  " is a multi-device program: it runs on "
                                  "the ranks of an MPI job"));
  // The same on every rank (--seed).
  llvm::Expected<GraphData> data = makeGraphData(fn, run.inputSpec());
  if (!data)
    return run.fail(data.takeError());
  llvm::Expected<std::unique_ptr<Executable>> exe =
      compileDistributed(run.module, fn, run.opts.target, *run.comm,
                         run.opts.opts, run.opts.chip);
  if (!exe)
    return run.fail(exe.takeError());
  return runGraphOnce(run, fn, *data, **exe, {});
}

/// A tensor-level function: compiled once, run at each --var size (or at
/// its static shapes).
RunStatus runGraphEntry(const EntryRun &run, func::FuncOp fn) {
  if (isMultiDeviceProgram(fn))
    return runDistributed(run, fn);
  const RunOptions &o = run.opts;
  InputSpec spec = run.inputSpec();
  llvm::Expected<SmallVector<llvm::StringMap<int64_t>>> runs =
      shapeVarRuns(fn, o.vars, spec);
  if (!runs)
    return run.fail(runs.takeError());
  SmallVector<VarAttr> shapeVars = getShapeVars(fn);
  std::optional<GraphData> data;
  if (shapeVars.empty()) {
    if (!o.vars.empty())
      return run.fail(
          badInput("--var: @" + fn.getName() + " has no shape variables"));
    // Argument errors before compiling.
    llvm::Expected<GraphData> made = makeGraphData(fn, spec);
    if (!made)
      return run.fail(made.takeError());
    data = std::move(*made);
  }
  // Compiled once, whatever the sizes.
  llvm::Expected<std::unique_ptr<Executable>> exe =
      Executable::compile(run.module, fn, o.target, o.chip, o.opts);
  if (!exe)
    return run.fail(exe.takeError());
  if (shapeVars.empty())
    return runGraphOnce(run, fn, *data, **exe, {});
  RunStatus rc = kRunOk;
  for (const llvm::StringMap<int64_t> &values : *runs) {
    OwningOpRef<func::FuncOp> at = specializeShapes(fn, values);
    if (!at)
      return run.fail(diagnosedError());
    SmallVector<int64_t> ordered;
    for (VarAttr v : shapeVars)
      ordered.push_back(values.lookup(v.getName().getValue()));
    llvm::Expected<GraphData> made = makeGraphData(*at, spec);
    if (!made)
      return run.fail(made.takeError());
    RunStatus r = runGraphOnce(run, *at, *made, **exe, ordered);
    // A later size may still run after a failure, not after bad input.
    if (r == kRunBadInput)
      return r;
    rc = std::max(rc, r);
  }
  return rc;
}

//===----------------------------------------------------------------------===//
// Kernel-level programs (a uop.function schedule and its kernels)
//===----------------------------------------------------------------------===//

/// Every schedule parameter is a buffer that starts as seeded random data
/// and is both read and written; the reference runs the kernels as written
/// (KernelInterpreter.h).
RunStatus runScheduleEntry(const EntryRun &run, FunctionOp sched) {
  const RunOptions &o = run.opts;
  llvm::Expected<SmallVector<HostBuffer>> initial =
      makeScheduleBuffers(sched, o.seed);
  if (!initial)
    return run.fail(initial.takeError());
  llvm::Expected<std::unique_ptr<Executable>> exe = Executable::compileSchedule(
      run.module, sched, o.target, o.chip, o.opts);
  if (!exe)
    return run.fail(exe.takeError());
  llvm::Expected<SmallVector<HostBuffer>> got = runSchedule(**exe, *initial);
  if (!got)
    return run.fail(got.takeError());
  if (llvm::Error err = writeOutputs(o.outputDir, *got,
                                     writtenParameters(run.module, sched)))
    return run.fail(std::move(err));
  llvm::Expected<double> ms = (*exe)->time(o.repeat);
  if (!ms)
    return run.fail(ms.takeError());
  RunReport r;
  run.start(r, sched.getSymName(), **exe);
  double bytes = 0;
  for (const HostBuffer &b : *initial)
    bytes += b.bytes.size();
  r.timing = RunReport::Timing{*ms, bytes, 0, o.repeat, false};
  if (o.check) {
    llvm::Expected<Comparison> c =
        checkSchedule(run.module, sched, *initial, *got);
    if (!c)
      return run.handle(r, c.takeError());
    r.check = *c;
  }
  return run.handle(r, llvm::Error::success());
}

//===----------------------------------------------------------------------===//
// tirx kernels and host code on a GPU
//===----------------------------------------------------------------------===//

/// What host code returned (its ret_type), into `r`: a scalar, or a buffer
/// as the parameter it is, also written as DIR/<I>.npy with --output-dir
/// (as run() read it back). The report has each value before it is written.
llvm::Error reportReturned(RunReport &r, tirx::PrimFuncOp fn,
                           const Executable &exe, const KernelBuffers &k,
                           StringRef dir) {
  SmallVector<unsigned> bufferParams;
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes()))
    if (isa<tirx::BufferType>(t))
      bufferParams.push_back(i);
  if (!dir.empty())
    if (llvm::Error err = createOutputDir(dir))
      return err;
  for (auto [i, result] : llvm::enumerate(exe.results())) {
    ReturnedValue &v = r.returned.emplace_back();
    if (auto *scalar = std::get_if<ScalarValue>(&result)) {
      v.scalar = *scalar;
      continue;
    }
    const HostBuffer &b = k.buffers[std::get<unsigned>(result)];
    v.parameter = bufferParams[std::get<unsigned>(result)];
    v.shape = b.shape;
    v.dtype = b.dtype;
    if (dir.empty())
      continue;
    v.path = outputPath(dir, i);
    if (llvm::Error err = b.writeNpy(v.path))
      return err;
  }
  return llvm::Error::success();
}

/// A tirx kernel, or host code launching kernels: every buffer parameter is
/// an input except the last, the output; scalar parameters come from
/// --param; `--reference` / `tirx.reference` says what it computes.
RunStatus runTIRxEntry(const EntryRun &run, tirx::PrimFuncOp fn) {
  const RunOptions &o = run.opts;
  llvm::Expected<ScalarArgs> scalars = parseScalarArgs(fn, o.params);
  if (!scalars)
    return run.fail(scalars.takeError());
  llvm::Expected<std::unique_ptr<Executable>> exe =
      Executable::compileKernel(run.module, fn, o.chip, *scalars);
  if (!exe)
    return run.fail(exe.takeError());
  if (!o.outputDir.empty() && fn.getFunctionType().getNumResults() == 0)
    return run.fail(
        badInput("--output-dir writes the buffers host code returns; @" +
                 fn.getSymName() + " returns nothing"));
  KernelBuffers k = makeKernelBuffers(fn, o.seed);
  std::optional<tirx::ReferenceKind> ref = kernelReference(fn, o.reference);
  if (llvm::Error err =
          runKernel(**exe, k, o.check && ref, !o.outputDir.empty()))
    return run.fail(std::move(err));
  bool gemm = ref && *ref != tirx::ReferenceKind::Copy && k.buffers.size() == 3;
  double flops = 0, bytes = 0;
  if (gemm)
    flops = 2.0 * k.buffers[2].shape[0] * k.buffers[2].shape[1] *
            k.buffers[0].shape[1];
  for (const HostBuffer &b : k.buffers)
    bytes += b.bytes.size();
  RunReport r;
  run.start(r, fn.getSymName(), **exe);
  if (llvm::Error err = reportReturned(r, fn, **exe, k, o.outputDir))
    return run.handle(r, std::move(err));
  // The check runs now, on the first launch's output; it is reported last.
  std::optional<Comparison> checked;
  if (o.check && ref) {
    checked.emplace();
    // The gemm reference samples large outputs with seed+1.
    if (llvm::Error err = checkReference(*ref, k, o.seed + 1, *checked))
      return run.handle(r, badInput(llvm::toString(std::move(err))));
  }
  llvm::Expected<double> ms = (*exe)->time(o.repeat);
  if (!ms)
    return run.handle(r, ms.takeError());
  r.timing = RunReport::Timing{*ms, bytes, flops, o.repeat,
                               /*kernelRates=*/true};
  r.checkSkipped = o.check && !checked;
  r.check = checked;
  return run.handle(r, llvm::Error::success());
}
} // namespace

llvm::Error uop::checkRunOptions(Operation *entry, const RunOptions &o) {
  if (auto fn = dyn_cast<func::FuncOp>(entry)) {
    if (!o.params.empty())
      return badInput("--param gives the scalar parameters of tirx kernels; "
                      "@" +
                      fn.getName() + " is a tensor-level function");
    if (isMultiDeviceProgram(fn)) {
      if (!getShapeVars(fn).empty() || !o.vars.empty())
        return badInput("multi-device programs have static shapes");
    } else if (o.devices) {
      return badInput("--devices runs multi-device programs; @" +
                      fn.getName() + " has no MULTI, MSTACK or DEVICE tuple");
    }
    return llvm::Error::success();
  }
  if (auto sched = dyn_cast<FunctionOp>(entry)) {
    if (!o.inputFiles.empty() || !o.vars.empty() || o.devices ||
        !o.params.empty())
      return badInput("--input, --var, --devices and --param are not for "
                      "kernel-level programs (@" +
                      sched.getSymName() + " is a uop.function schedule)");
    return llvm::Error::success();
  }
  if (!o.inputFiles.empty())
    return badInput("--input is for tensor-level functions");
  if (o.target == Target::CPU)
    return badInput("tirx kernels run with --target cuda");
  return llvm::Error::success();
}

RunStatus uop::runEntry(ModuleOp module, Operation *entry,
                        const RunOptions &opts, ReportHandler handle,
                        Communicator *comm) {
  EntryRun run{module, opts, handle, comm};
  if (llvm::Error err = checkRunOptions(entry, opts))
    return run.fail(std::move(err));
  if (auto fn = dyn_cast<func::FuncOp>(entry))
    return runGraphEntry(run, fn);
  if (auto sched = dyn_cast<FunctionOp>(entry))
    return runScheduleEntry(run, sched);
  return runTIRxEntry(run, cast<tirx::PrimFuncOp>(entry));
}

//===----------------------------------------------------------------------===//
// Tensor-level functions on caller buffers (the C API)
//===----------------------------------------------------------------------===//

llvm::Expected<func::FuncOp>
uop::findGraphFunction(ModuleOp module, std::optional<StringRef> name,
                       StringRef purpose) {
  for (auto f : module.getOps<func::FuncOp>())
    if (!name || f.getName() == *name)
      return f;
  if (name)
    return badInput("no function named '" + *name + "'");
  return badInput("no func.func to " + purpose);
}

llvm::Error uop::checkBufferCounts(func::FuncOp fn, size_t numInputs,
                                   size_t numOutputs) {
  if (fn.getNumArguments() == numInputs && fn.getNumResults() == numOutputs)
    return llvm::Error::success();
  return badInput("@" + fn.getName() + " takes " +
                  Twine(fn.getNumArguments()) + " inputs and " +
                  Twine(fn.getNumResults()) + " outputs");
}
