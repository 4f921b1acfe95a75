//===- Run.cpp - compile once, run many times: the C API's executables ----===//
//
// uopCompile keeps what uopRun throws away after one run: the loaded
// program (uop::Executable, the runtime of uop-run). Python's Tensor.numpy()
// and uop.jit compile through it, so that every front end runs the same
// compiled code (include/uop-c/Compiler.h).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "uop/Runtime/CompileCache.h"
#include "uop/Runtime/Error.h"
#include "uop/Runtime/Execute.h"
#include "uop/Runtime/Runner.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <memory>
#include <mutex>

using namespace mlir;

struct UOpExecutable {
  std::unique_ptr<uop::Executable> exe;
  size_t numInputs = 0, numOutputs = 0;
  /// run() and time() reuse the executable's argument array.
  std::mutex mutex;
  /// Whether a run succeeded: time() reruns on its buffers.
  bool ran = false;
};

struct UOpLibrary {
  std::unique_ptr<uop::CProgram> program;
};

namespace {
/// Fills `*diagnostics` with `message` and returns `status`.
int fail(int status, const std::string &message, char **diagnostics) {
  if (diagnostics)
    *diagnostics = uop::capi::copyString(message);
  return status;
}
} // namespace

int uopCompile(UOpCompiler *c, const char *mlir, const char *entry,
               const char *target, const char *chip, UOpExecutable **executable,
               char **diagnostics) {
  if (!executable)
    return fail(uop::kRunBadInput, "no place for the executable", diagnostics);
  *executable = nullptr;
  int status = uop::kRunFailed;
  auto result = std::make_unique<UOpExecutable>();
  int rc = uop::capi::withParsedModule(
      c, mlir, diagnostics, [&](ModuleOp m, std::string &fallback) {
        llvm::Expected<func::FuncOp> fn =
            uop::findGraphFunction(m, uop::capi::entryName(entry), "compile");
        if (!fn) {
          status = uop::takeError(fn.takeError(), fallback);
          return failure();
        }
        llvm::Expected<std::unique_ptr<uop::Executable>> exe =
            uop::capi::compileGraph(m, *fn, target, chip);
        if (!exe) {
          status = uop::takeError(exe.takeError(), fallback);
          return failure();
        }
        result->exe = std::move(*exe);
        result->numInputs = fn->getNumArguments();
        result->numOutputs = fn->getNumResults();
        return success();
      });
  if (rc != 0)
    return status ? status : uop::kRunFailed;
  *executable = result.release();
  return uop::kRunOk;
}

int uopExecutableRun(UOpExecutable *e, const void *const *inputs,
                     size_t numInputs, void *const *outputs, size_t numOutputs,
                     const int64_t *vars, size_t numVars, char **diagnostics) {
  if (!e || !e->exe)
    return fail(uop::kRunBadInput, "no executable", diagnostics);
  if (numInputs != e->numInputs || numOutputs != e->numOutputs)
    return fail(uop::kRunBadInput,
                "the program takes " + std::to_string(e->numInputs) +
                    " inputs and " + std::to_string(e->numOutputs) +
                    " outputs, got " + std::to_string(numInputs) + " and " +
                    std::to_string(numOutputs),
                diagnostics);
  std::lock_guard<std::mutex> lock(e->mutex);
  if (llvm::Error err =
          e->exe->run(llvm::ArrayRef<const void *>(inputs, numInputs),
                      llvm::ArrayRef<void *>(outputs, numOutputs),
                      llvm::ArrayRef<int64_t>(vars, numVars))) {
    std::string message;
    int status = uop::takeError(std::move(err), message);
    return fail(status ? status : uop::kRunFailed, message, diagnostics);
  }
  e->ran = true;
  return uop::kRunOk;
}

int uopExecutableTime(UOpExecutable *e, unsigned repeat, double *milliseconds,
                      char **diagnostics) {
  if (!e || !e->exe || !milliseconds || repeat == 0)
    return fail(uop::kRunBadInput,
                "uopExecutableTime needs an executable, repeat >= 1 and a "
                "result pointer",
                diagnostics);
  std::lock_guard<std::mutex> lock(e->mutex);
  if (!e->ran)
    return fail(uop::kRunBadInput,
                "uopExecutableTime reruns the last run's buffers: run the "
                "executable (uopExecutableRun) first",
                diagnostics);
  llvm::Expected<double> ms = e->exe->time(repeat);
  if (!ms) {
    std::string message;
    int status = uop::takeError(ms.takeError(), message);
    return fail(status ? status : uop::kRunFailed, message, diagnostics);
  }
  *milliseconds = *ms;
  return uop::kRunOk;
}

void uopExecutableDestroy(UOpExecutable *e) { delete e; }

int uopLoadC(const char *source, UOpLibrary **library, char **diagnostics) {
  if (!library)
    return fail(uop::kRunBadInput, "no place for the library", diagnostics);
  *library = nullptr;
  llvm::Expected<std::unique_ptr<uop::CProgram>> program =
      uop::loadCProgram(source ? source : "");
  if (!program) {
    std::string message;
    int status = uop::takeError(program.takeError(), message);
    return fail(status ? status : uop::kRunFailed, message, diagnostics);
  }
  *library = new UOpLibrary{std::move(*program)};
  return uop::kRunOk;
}

void *uopLibrarySymbol(UOpLibrary *library, const char *name) {
  if (!library || !name)
    return nullptr;
  return library->program ? library->program->lookup(name) : nullptr;
}

void uopLibraryDestroy(UOpLibrary *library) { delete library; }
