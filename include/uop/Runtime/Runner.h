//===- Runner.h - a program's host data, runs and checks ---------*- C++ -*-===//
//
// What a front end does around a compiled program (Execute.h): it makes the
// inputs (seeded random data, or .npy files), runs the program on host
// buffers, writes the outputs and checks them against a double-precision
// reference. uop-run is this library plus its options and its printing;
// the C API and Python can run programs the same way.
//
// Failures are llvm::Errors: a ProgramError, located at the argument or
// parameter it is about; a diagnosedError() after a diagnostic the
// interpreter already emitted; a RuntimeError otherwise. Their messages
// name uop-run's options (--input, --var, --param, --output-dir), which is
// what each setting below is.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_RUNNER_H
#define UOP_RUNTIME_RUNNER_H

#include "uop/Runtime/Distributed.h"
#include "uop/Runtime/Execute.h"
#include "uop/Runtime/HostData.h"
#include "uop/Runtime/References.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
class AsmParserState;
} // namespace mlir
namespace llvm {
class SourceMgr;
} // namespace llvm

#include <optional>
#include <string>
#include <vector>

namespace uop {
//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

/// Parses the file at `path` into a module (its top-level ops wrapped in one
/// when it has no module), its text kept in `sm` and the parser's
/// `state`, which knows the source names of block arguments. BadInput when
/// the file cannot be read or parsed (after the parser's diagnostics).
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
parseProgramFile(llvm::StringRef path, mlir::MLIRContext &ctx,
                 llvm::SourceMgr &sm, mlir::AsmParserState &state);

/// The source names of `body`'s arguments (`%x` is "x"), as `state` parsed
/// them; empty when it did not parse `body`.
std::vector<std::string>
sourceArgumentNames(mlir::Block &body, const mlir::AsmParserState &state);

/// The op of `module` to run: the one called `name`, else the first
/// tensor-level func.func or tirx.prim_func, or, when there is neither, the
/// schedule uop.function of a kernel-level program. A declaration has
/// nothing to run. BadInput when there is none; `source` names the file.
llvm::Expected<mlir::Operation *>
findRunEntry(mlir::ModuleOp module, llvm::StringRef name,
             llvm::StringRef source);

//===----------------------------------------------------------------------===//
// Tensor-level functions
//===----------------------------------------------------------------------===//

/// Where the inputs of a tensor-level function come from.
struct InputSpec {
  /// Seeds the random inputs. Every argument draws from the generator, read
  /// from a file or not, so a file leaves the other arguments as they were.
  uint64_t seed = 0;
  /// `NAME=FILE.npy` (--input): argument NAME, its index or its source name,
  /// is read from the file, which must hold its dtype and shape.
  std::vector<std::string> files;
  /// The source names of the function's arguments (`%x` is "x"), by index,
  /// for NAME; empty when unknown.
  std::vector<std::string> argumentNames;
};

/// The host data of one run of a tensor-level function: its arguments, and
/// its results (NaN bytes until run, so unwritten elements fail a check).
struct GraphData {
  llvm::SmallVector<HostBuffer> inputs, outputs;
  /// What the host holds (the buffers, and the values a check reads), which
  /// counts against the interpreter's budget (UOP_INTERPRETER_MAX_MIB).
  int64_t hostBytes = 0;
  /// The bytes of the inputs and outputs: the traffic a run moves at least.
  int64_t trafficBytes() const;
};

/// The inputs and outputs of `fn`, which has static shapes. Errors: a
/// ProgramError for an argument or result that is not a static tensor of a
/// supported dtype, data over the host budget, or an --input file that
/// does not match its argument; BadInput for a malformed --input.
llvm::Expected<GraphData> makeGraphData(mlir::func::FuncOp fn,
                                        const InputSpec &spec);

/// The values of `fn`'s shape variables in each run (--var NAME=V[,V...]):
/// variables with one value keep it in every run, variables with several
/// need as many each; a variable without --var takes its extent in the
/// shape of an --input file. A variable without a value or outside its
/// bounds, or an unknown name, is a ProgramError; a malformed --var is
/// BadInput.
llvm::Expected<llvm::SmallVector<llvm::StringMap<int64_t>>>
shapeVarRuns(mlir::func::FuncOp fn, llvm::ArrayRef<std::string> vars,
             const InputSpec &spec);

/// Runs `exe` once on `data`'s inputs at the shape variables' `values`
/// (shapeVars() order) and reads its outputs back into `data`.
llvm::Error runGraph(Executable &exe, GraphData &data,
                     llvm::ArrayRef<int64_t> values = {});

/// Compares `data`'s outputs with the interpreter's results of `fn` (at the
/// same static shapes) on its inputs.
llvm::Expected<Comparison> checkGraph(mlir::func::FuncOp fn,
                                      const GraphData &data);

//===----------------------------------------------------------------------===//
// Kernel-level programs (a uop.function schedule)
//===----------------------------------------------------------------------===//

/// The schedule's buffer parameters, in order, as seeded random buffers of
/// shape {size}. A parameter that is not a sized !uop.ptr of a supported
/// dtype is a ProgramError.
llvm::Expected<llvm::SmallVector<HostBuffer>>
makeScheduleBuffers(FunctionOp sched, uint64_t seed);

/// Runs the compiled schedule once on `initial`; returns every buffer as
/// the run left it.
llvm::Expected<llvm::SmallVector<HostBuffer>>
runSchedule(Executable &exe, llvm::ArrayRef<HostBuffer> initial);

/// Compares the buffers the kernels write (`got`) with the kernel-level
/// reference (KernelInterpreter.h) run on the same `initial` buffers.
llvm::Expected<Comparison> checkSchedule(mlir::ModuleOp module,
                                         FunctionOp sched,
                                         llvm::ArrayRef<HostBuffer> initial,
                                         llvm::ArrayRef<HostBuffer> got);

//===----------------------------------------------------------------------===//
// tirx prim_funcs
//===----------------------------------------------------------------------===//

/// The values of `fn`'s scalar parameters from `INDEX=VALUE` entries
/// (--param). A scalar parameter without a value, a buffer given one, or a
/// value not of its type is a ProgramError; a malformed entry is BadInput.
llvm::Expected<ScalarArgs> parseScalarArgs(tirx::PrimFuncOp fn,
                                           llvm::ArrayRef<std::string> params);

/// What `fn` computes, for a check: `spelling` (copy, gemm_nn, gemm_nt)
/// when given, else its `tirx.reference` attribute; none when neither.
std::optional<tirx::ReferenceKind> kernelReference(tirx::PrimFuncOp fn,
                                                   llvm::StringRef spelling);

/// Runs `exe`, compiled from a prim_func, once on `k`: every buffer but the
/// last goes in, the last (the output) starts as NaN bytes. The output is
/// read back into `k` when `readOutput`, and the buffers host code returns
/// (Executable::results()) when `readReturned`.
llvm::Error runKernel(Executable &exe, KernelBuffers &k, bool readOutput,
                      bool readReturned);

//===----------------------------------------------------------------------===//
// Outputs
//===----------------------------------------------------------------------===//

/// Creates `dir` (--output-dir) and the folders above it; BadInput when it
/// cannot.
llvm::Error createOutputDir(llvm::StringRef dir);
/// `dir`/<index>.npy: where output `index` is written.
std::string outputPath(llvm::StringRef dir, unsigned index);

//===----------------------------------------------------------------------===//
// Running an entry, one report per run (uop-run without its printing)
//===----------------------------------------------------------------------===//

/// How to run an entry: uop-run's options, parsed.
struct RunOptions {
  Target target = Target::CPU;
  /// The chip to compile for; empty: the device's.
  std::string chip;
  bool check = false;
  /// Timed runs (the median is reported).
  unsigned repeat = 10;
  uint64_t seed = 0;
  /// What a tirx kernel computes (copy, gemm_nn, gemm_nt); empty: its
  /// tirx.reference attribute.
  std::string reference;
  /// --param INDEX=VALUE, --input NAME=FILE.npy, --var NAME=V[,V...] and
  /// --opts entries, as given.
  std::vector<std::string> params, inputFiles, vars, opts;
  /// The source names of the entry's arguments, for --input NAME.
  std::vector<std::string> argumentNames;
  /// --devices (0: not given).
  unsigned devices = 0;
  /// Where outputs are written as <index>.npy; empty: nowhere.
  std::string outputDir;
  /// The CPU kernels' threads (--num-threads; 0: the default).
  unsigned threads = 0;
};

/// A value host code returned (a tirx.prim_func's ret_type).
struct ReturnedValue {
  /// A scalar; otherwise buffer parameter `parameter` (counting every
  /// parameter) of `shape` and `dtype`, written to `path` when not empty.
  std::optional<ScalarValue> scalar;
  unsigned parameter = 0;
  llvm::SmallVector<int64_t> shape;
  DType dtype;
  std::string path;
};

/// What one run reports, in the order uop-run prints it. A run that stopped
/// at an error has the parts it reached, which is what the user sees before
/// the error.
struct RunReport {
  /// The program ran: the entry, the target, its kernels; the CPU threads,
  /// or the GPU and the chip.
  bool ran = false;
  std::string entry;
  Target target = Target::CPU;
  unsigned kernels = 0, threads = 0;
  std::string device, chip;
  /// The shape variables' values of a symbolic program's run.
  llvm::SmallVector<std::pair<std::string, int64_t>> vars;
  /// What host code returned.
  llvm::SmallVector<ReturnedValue> returned;
  /// The median time of the timed runs, and the bytes and the ALU work
  /// (flops) to rate it with. Graphs and schedules are rated in GB/s and
  /// GFLOP/s (0 for a zero time); tirx kernels in TFLOP/s when they have
  /// flops, else in GB/s.
  struct Timing {
    double ms = 0, bytes = 0, flops = 0;
    unsigned repeat = 0;
    bool kernelRates = false;
  };
  std::optional<Timing> timing;
  /// A multi-device run: every rank's median, gathered after the timing.
  bool onRanks = false;
  struct Ranks {
    int size = 0;
    std::string engine;
    std::vector<double> ms;
  };
  std::optional<Ranks> ranks;
  /// --check of a tirx kernel without a reference to check it against.
  bool checkSkipped = false;
  std::optional<Comparison> check;
};

/// Receives each run's report and the error that stopped the run (success
/// when none), prints them and returns the run's status.
using ReportHandler =
    llvm::function_ref<RunStatus(const RunReport &, llvm::Error)>;

/// The options that do not fit the kind of `entry` (a tensor-level
/// function, a schedule, a tirx kernel): BadInput, before anything runs.
llvm::Error checkRunOptions(mlir::Operation *entry, const RunOptions &opts);

/// Runs `entry` of `module` (findRunEntry's) as uop-run does: makes the
/// inputs, compiles once, runs (at each --var size), writes the outputs,
/// times and checks, handing each run's report to `handle`; an error before
/// any run goes to `handle` with an empty report. A multi-device program
/// runs on `comm`'s ranks (required for one). Returns the worst status of
/// the runs, or the first BadInput.
RunStatus runEntry(mlir::ModuleOp module, mlir::Operation *entry,
                   const RunOptions &opts, ReportHandler handle,
                   Communicator *comm = nullptr);

/// The threads CPU kernels run on: `requested`, else OMP_NUM_THREADS, else
/// every core.
unsigned cpuThreads(unsigned requested);

//===----------------------------------------------------------------------===//
// Tensor-level functions on caller buffers (the C API)
//===----------------------------------------------------------------------===//

/// The func.func `name` of `module`, or its first one when `name` is none.
/// BadInput "no function named 'NAME'", or "no func.func to `purpose`".
llvm::Expected<mlir::func::FuncOp>
findGraphFunction(mlir::ModuleOp module, std::optional<llvm::StringRef> name,
                  llvm::StringRef purpose);

/// BadInput unless the caller gives `fn` one buffer per argument and per
/// result: "@f takes N inputs and M outputs".
llvm::Error checkBufferCounts(mlir::func::FuncOp fn, size_t numInputs,
                              size_t numOutputs);
} // namespace uop

#endif // UOP_RUNTIME_RUNNER_H
