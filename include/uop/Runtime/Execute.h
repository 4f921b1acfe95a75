//===- Execute.h - compile and run uop programs from C++ --------*- C++ -*-===//
//
// The execution half of uop-run, as a library for the tool, the C API and
// Python: a tensor-level function compiled for the CPU (C through the system
// compiler, dlopen) or for a GPU (uop-to-nvvm, the CUDA driver), or a tirx
// kernel compiled for a GPU (tirx-to-nvvm), run on host buffers.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_EXECUTE_H
#define UOP_RUNTIME_EXECUTE_H

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Runtime/Error.h"
#include "uop/Runtime/GPUProgram.h"
#include "uop/Support/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <map>
#include <memory>
#include <string>
#include <variant>

namespace uop {
/// Values of a kernel's scalar parameters, by parameter index.
using ScalarArgs = std::map<unsigned, ScalarValue>;

/// One result of a host prim_func (its ret_type): a buffer parameter, as
/// the position of its buffer among run()'s, which holds the returned data
/// after run(); or a scalar (a parameter's value or a constant).
using HostResult = std::variant<unsigned, ScalarValue>;

/// The target a user spelled ("cpu" or "cuda"), parsed once where the
/// runtime's callers (the C API, Python through it) take it: a BadInput
/// error "unknown target 'X' (cpu or cuda)" for any other spelling.
llvm::Expected<Target> parseTargetName(llvm::StringRef spelling);

/// A program compiled for a target, run on host buffers that hold each
/// buffer contiguously, row-major, in its element type.
class Executable {
public:
  virtual ~Executable();
  /// Compiles the tensor-level function `fn` of `module` for `target`
  /// (Target::CUDA: for `chip`, empty: the device's; a user's spelling is
  /// parsed with parseTarget()). Its inputs are the function's arguments,
  /// its outputs its results. Errors: BadInput for an unsupported signature
  /// or target, NoDevice without a usable GPU, CompileFailed, DriverFailed.
  /// `opts`, when given, pins every kernel's schedule (uop-optimize's
  /// `opts`: `#uop.opt<KIND, axis, amount>` entries).
  static llvm::Expected<std::unique_ptr<Executable>>
  compile(mlir::ModuleOp module, mlir::func::FuncOp fn, Target target,
          llvm::StringRef chip, llvm::ArrayRef<std::string> opts = {});
  /// Compiles the kernel-level program whose schedule is the uop.function
  /// `sched` of `module` (kernel uop.functions and the CALLs of `sched`) for
  /// Target::CPU (uop-to-program: its kernel passes) or Target::CUDA
  /// (uop-to-nvvm; `chip` empty: the device's). Each buffer parameter of
  /// `sched`, in order, is both an input and an output of run(): inputs[i]
  /// holds its data before the run (null: NaN bytes), outputs[i] receives it
  /// (null: not read). Errors as compile().
  static llvm::Expected<std::unique_ptr<Executable>>
  compileSchedule(mlir::ModuleOp module, FunctionOp sched, Target target,
                  llvm::StringRef chip = {},
                  llvm::ArrayRef<std::string> opts = {});
  /// Compiles the tirx.prim_func `fn` for the GPU with tirx-to-nvvm{chip}
  /// (`chip` empty: the device's), loads it and prepares its launches, with
  /// `scalars` as the values of its scalar parameters (every one needs a
  /// value). `fn` is a kernel (it has a device_entry: one launch) or host
  /// code that launches the module's kernels (its launches, in order; its
  /// ret_type results are results()). Each buffer parameter, in order, is
  /// both an input and an output of run(). Errors as compile().
  static llvm::Expected<std::unique_ptr<Executable>>
  compileKernel(mlir::ModuleOp module, tirx::PrimFuncOp fn,
                llvm::StringRef chip, const ScalarArgs &scalars = {});

  /// Runs once: copies the inputs in, runs, copies the outputs out. A null
  /// input starts as NaN bytes (0xFF), as does every output that is not
  /// also an input, so unwritten elements show; a null output is not read.
  /// `vars` are the values of the shape variables (shapeVars(), in order);
  /// the buffers hold the tensors at those sizes. A missing value or one
  /// outside its bounds is a BadInput error.
  virtual llvm::Error run(llvm::ArrayRef<const void *> inputs,
                          llvm::ArrayRef<void *> outputs,
                          llvm::ArrayRef<int64_t> vars = {}) = 0;
  /// The shape variables of a graph (its `uop.vars`), in order.
  llvm::ArrayRef<VarAttr> shapeVars() const { return vars; }
  /// Median milliseconds of `repeat` runs on the data of the last run().
  /// `repeat` outside [1, kMaxTimedRuns] is a BadInput error.
  virtual llvm::Expected<double> time(unsigned repeat) = 0;
  /// The most timed runs time() takes: every run's time is kept for the
  /// median, so the count bounds memory (8 MiB here).
  static constexpr unsigned kMaxTimedRuns = 1u << 20;
  unsigned numKernels() const { return kernels; }
  /// What host code compiled by compileKernel returns, in order (empty for
  /// a kernel and for tensor-level functions, whose results are outputs).
  llvm::ArrayRef<HostResult> results() const { return hostResults; }
  /// "cpu" or "cuda <chip> (<device>)".
  const std::string &description() const { return what; }
  /// The GPU's name and the chip compiled for (empty on the CPU).
  const std::string &deviceName() const { return device; }
  const std::string &chip() const { return chipName; }

protected:
  /// Checks `values` against shapeVars(): one per variable, within bounds.
  llvm::Error checkVars(llvm::ArrayRef<int64_t> values) const;
  llvm::SmallVector<VarAttr> vars;
  llvm::SmallVector<HostResult> hostResults;
  unsigned kernels = 0;
  std::string what, device, chipName;
};
} // namespace uop

#endif
