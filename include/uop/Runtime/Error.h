//===- Error.h - what the runtime reports when it fails ---------*- C++ -*-===//
//
// Runtime calls return llvm::Error or llvm::Expected<T>. Their failures are
// RuntimeErrors: the message a user reads, and a kind that says what failed,
// which the tools (uop-run, the C API's uopRun) turn into their exit status
// at the edge with takeError().
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_ERROR_H
#define UOP_RUNTIME_ERROR_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace uop {
/// Status codes shared by uop-run (its exit status) and the C API (uopRun's
/// return value).
enum RunStatus {
  kRunOk = 0,
  kRunFailed = 1,
  kRunBadInput = 2,
  kRunNoGPU = 3,
  kRunNoCommunicator = 4
};

/// What failed.
enum class RuntimeErrorKind {
  /// The program or its arguments: an unsupported signature, a missing or
  /// malformed value, an unknown target (kRunBadInput).
  BadInput,
  /// No CUDA driver, or no device (kRunNoGPU).
  NoDevice,
  /// A multi-device program without the engine that connects its devices
  /// (MPI: not built in, or not started under mpirun) (kRunNoCommunicator).
  NoCommunicator,
  /// A collective (all-reduce, all-gather) of the communicator (kRunFailed).
  CommunicatorFailed,
  /// A pipeline, the C compiler, the PTX translation or the chip choice
  /// (kRunFailed).
  CompileFailed,
  /// A CUDA driver call: allocation, copy, module load (kRunFailed).
  DriverFailed,
  /// Launching or running a kernel (kRunFailed).
  LaunchFailed,
  /// Results that the reference does not confirm, or no reference
  /// (kRunFailed).
  CheckFailed,
};

/// A runtime failure: its message and what failed.
class RuntimeError : public llvm::ErrorInfo<RuntimeError> {
public:
  static char ID;
  RuntimeError(RuntimeErrorKind kind, std::string message)
      : errorKind(kind), text(std::move(message)) {}
  RuntimeErrorKind getKind() const { return errorKind; }
  const std::string &getMessage() const { return text; }
  /// The status a tool reports for it.
  RunStatus getStatus() const;
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

private:
  RuntimeErrorKind errorKind;
  std::string text;
};

/// A bad input that is the program's: an argument, a parameter, a shape
/// variable. Its location lets a front end report it as a diagnostic there;
/// one about a whole op (a function) keeps the op, which MLIR's diagnostics
/// on an op print with it.
class ProgramError : public llvm::ErrorInfo<ProgramError, RuntimeError> {
public:
  static char ID;
  ProgramError(mlir::Location loc, std::string message,
               mlir::Operation *op = nullptr)
      : ErrorInfo(RuntimeErrorKind::BadInput, std::move(message)), where(loc),
        op(op) {}
  mlir::Location getLocation() const { return where; }
  /// The op the error is about, or null.
  mlir::Operation *getOperation() const { return op; }

private:
  mlir::Location where;
  mlir::Operation *op;
};

/// A ProgramError at `loc`.
llvm::Error makeProgramError(mlir::Location loc, const llvm::Twine &message);

/// The failure of a call that has already reported it as an MLIR diagnostic
/// (the interpreter, shape specialization): an error of `kind` without text
/// of its own, so the front end adds none.
llvm::Error diagnosedError(RuntimeErrorKind kind = RuntimeErrorKind::BadInput);

/// A RuntimeError as an llvm::Error.
llvm::Error makeError(RuntimeErrorKind kind, const llvm::Twine &message);

/// `error` with `prefix` put before its message (kinds are kept; success
/// stays success).
llvm::Error prependMessage(llvm::Error error, const llvm::Twine &prefix);

/// Consumes `error`. Sets `message` to its text (several errors joined by
/// newlines) and returns the status of its first RuntimeError: kRunOk for
/// success, kRunFailed for errors of other classes.
RunStatus takeError(llvm::Error error, std::string &message);
} // namespace uop

#endif
