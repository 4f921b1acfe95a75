//===- Compiler.cpp - the uop-mlir compiler as a C library ----------------===//

#include "uop-c/Compiler.h"
#include "uop-c/Dialects.h"
#include "Internal.h"

#include "uop/CAPI/CompilerRegistry.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/Runner.h"
#include "uop/Target/Translations.h"

#include "mlir/CAPI/Registration.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace mlir;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(UOp, uop, uop::UOpDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TIRx, tirx, uop::tirx::TIRxDialect)

void uopRegisterAllPasses(void) { uop::registerCompilerPasses(); }

struct UOpCompiler {
  UOpCompiler() : context(makeRegistry()) { context.loadAllAvailableDialects(); }
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    uop::registerCompilerDialects(registry);
    return registry;
  }
  MLIRContext context;
  /// One call at a time per compiler: the diagnostic handler, the parser
  /// and the pass managers share `context` (include/uop-c/Compiler.h).
  std::mutex mutex;
};

namespace {
/// `file:line:col` for file locations, MLIR's form otherwise.
std::string locString(Location loc) {
  if (auto f = dyn_cast<FileLineColLoc>(loc))
    return (f.getFilename().getValue() + ":" + llvm::Twine(f.getLine()) + ":" +
            llvm::Twine(f.getColumn()))
        .str();
  std::string s;
  llvm::raw_string_ostream os(s);
  os << loc;
  return s;
}

char *copyString(llvm::StringRef s) {
  char *p = static_cast<char *>(std::malloc(s.size() + 1));
  std::memcpy(p, s.data(), s.size());
  p[s.size()] = 0;
  return p;
}

/// Collects the diagnostics of one call (with their locations) as text.
class Collector {
public:
  explicit Collector(MLIRContext &ctx)
      : ctx(ctx), id(ctx.getDiagEngine().registerHandler([this](Diagnostic &d) {
          llvm::raw_string_ostream os(text);
          os << locString(d.getLocation()) << ": "
             << (d.getSeverity() == DiagnosticSeverity::Error     ? "error"
                 : d.getSeverity() == DiagnosticSeverity::Warning ? "warning"
                                                                  : "note")
             << ": " << d << "\n";
          for (Diagnostic &n : d.getNotes())
            os << locString(n.getLocation()) << ": note: " << n << "\n";
          return success();
        })) {}
  ~Collector() { ctx.getDiagEngine().eraseHandler(id); }
  int finish(char **diagnostics, llvm::StringRef fallback) {
    if (text.empty())
      text = fallback.str();
    if (diagnostics)
      *diagnostics = copyString(text);
    return 1;
  }

private:
  MLIRContext &ctx;
  DiagnosticEngine::HandlerID id;
  std::string text;
};

void setOut(llvm::StringRef s, char **out, size_t *outLen) {
  if (out)
    *out = copyString(s);
  if (outLen)
    *outLen = s.size();
}

OwningOpRef<ModuleOp> parse(UOpCompiler *c, const char *mlir) {
  return parseSourceString<ModuleOp>(mlir ? mlir : "",
                                     ParserConfig(&c->context), "input");
}
} // namespace

UOpCompiler *uopCompilerCreate(void) { return new UOpCompiler(); }
void uopCompilerDestroy(UOpCompiler *c) { delete c; }
void uopFree(void *p) { std::free(p); }

namespace {
/// The shape of every entry point: parse `mlir` with diagnostics collected,
/// hand the module to `body`, which fills `result` or fails with a fallback
/// message; then copy the result or the diagnostics out.
int withModule(UOpCompiler *c, const char *mlir, char **out, size_t *outLen,
               char **diagnostics,
               llvm::function_ref<LogicalResult(ModuleOp, std::string &result,
                                                std::string &fallback)>
                   body) {
  if (!c)
    return 1;
  std::lock_guard<std::mutex> lock(c->mutex);
  Collector diag(c->context);
  OwningOpRef<ModuleOp> m = parse(c, mlir);
  if (!m)
    return diag.finish(diagnostics, "cannot parse the module");
  std::string result, fallback;
  if (failed(body(*m, result, fallback)))
    return diag.finish(diagnostics, fallback);
  setOut(result, out, outLen);
  return 0;
}

std::string print(ModuleOp m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  m->print(os);
  return s;
}
} // namespace

int uopParseVerify(UOpCompiler *c, const char *mlir, char **out,
                   size_t *outLen, char **diagnostics) {
  return withModule(c, mlir, out, outLen, diagnostics,
                    [](ModuleOp m, std::string &result, std::string &) {
                      result = print(m);
                      return success();
                    });
}

int uopRunPipeline(UOpCompiler *c, const char *mlir, const char *pipeline,
                   char **out, size_t *outLen, char **diagnostics) {
  return withModule(
      c, mlir, out, outLen, diagnostics,
      [&](ModuleOp m, std::string &result, std::string &fallback) {
        if (llvm::Error err = uop::runPipeline(m, pipeline ? pipeline : "")) {
          uop::takeError(std::move(err), fallback);
          return failure();
        }
        result = print(m);
        return success();
      });
}

int uopTranslate(UOpCompiler *c, const char *mlir, const char *target,
                 const char *chip, char **out, size_t *outLen,
                 char **diagnostics) {
  llvm::StringRef t = target ? target : "";
  llvm::StringRef ch = chip ? chip : "";
  return withModule(
      c, mlir, out, outLen, diagnostics,
      [&](ModuleOp m, std::string &result, std::string &fallback) {
        if (t == "c") {
          llvm::raw_string_ostream os(result);
          fallback = "--uop-to-c failed";
          return uop::translateUOpToC(m, os);
        }
        if (t == "ptx" || t == "cubin") {
          FailureOr<std::string> r = t == "ptx" ? uop::translateToPTX(m, ch)
                                                : uop::translateToCubin(m, ch);
          fallback = "translation failed";
          if (failed(r))
            return failure();
          result = std::move(*r);
          return success();
        }
        fallback = "unknown target '" + t.str() + "' (expected c, ptx or cubin)";
        return failure();
      });
}

int uopRun(UOpCompiler *c, const char *mlir, const char *entry,
           const char *target, const char *chip, const void *const *inputs,
           size_t numInputs, void *const *outputs, size_t numOutputs,
           double *milliseconds, char **diagnostics) {
  int status = uop::kRunFailed;
  int rc = withModule(
      c, mlir, nullptr, nullptr, diagnostics,
      [&](ModuleOp m, std::string &, std::string &fallback) {
        // Finding and compiling fail with their kind's status; running and
        // timing with kRunFailed.
        auto fail = [&](llvm::Error err, bool ran = false) {
          status = uop::takeError(std::move(err), fallback);
          if (ran)
            status = uop::kRunFailed;
          return failure();
        };
        llvm::Expected<func::FuncOp> fn =
            uop::findGraphFunction(m, uop::capi::entryName(entry), "run");
        if (!fn)
          return fail(fn.takeError());
        if (llvm::Error err =
                uop::checkBufferCounts(*fn, numInputs, numOutputs))
          return fail(std::move(err));
        llvm::Expected<std::unique_ptr<uop::Executable>> exe =
            uop::capi::compileGraph(m, *fn, target, chip);
        if (!exe)
          return fail(exe.takeError());
        if (llvm::Error err = (*exe)->run(
                llvm::ArrayRef<const void *>(inputs, numInputs),
                llvm::ArrayRef<void *>(outputs, numOutputs)))
          return fail(std::move(err), /*ran=*/true);
        if (milliseconds) {
          llvm::Expected<double> ms = (*exe)->time(1);
          if (!ms)
            return fail(ms.takeError(), /*ran=*/true);
          *milliseconds = *ms;
        }
        status = uop::kRunOk;
        return success();
      });
  return rc == 0 ? 0 : (status ? status : 1);
}

llvm::Expected<std::unique_ptr<uop::Executable>>
uop::capi::compileGraph(ModuleOp m, func::FuncOp fn, const char *target,
                        const char *chip) {
  llvm::Expected<uop::Target> t =
      uop::parseTargetName(target ? target : "cpu");
  if (!t)
    return t.takeError();
  return uop::Executable::compile(m, fn, *t, chip ? chip : "");
}

// For the C API's other files (lib/CAPI/Internal.h).
int uop::capi::withParsedModule(
    UOpCompiler *c, const char *mlir, char **diagnostics,
    llvm::function_ref<LogicalResult(ModuleOp, std::string &)> body) {
  return withModule(c, mlir, nullptr, nullptr, diagnostics,
                    [&](ModuleOp m, std::string &, std::string &fallback) {
                      return body(m, fallback);
                    });
}

char *uop::capi::copyString(llvm::StringRef s) { return ::copyString(s); }
