//===- Compiler.cpp - the uop-mlir compiler as a C library ----------------===//

#include "uop-c/Compiler.h"
#include "uop-c/Dialects.h"

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Runtime/Compile.h"
#include "uop/Target/Translations.h"

#include "mlir/CAPI/Registration.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

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

int uopParseVerify(UOpCompiler *c, const char *mlir, char **out,
                   size_t *outLen, char **diagnostics) {
  if (!c)
    return 1;
  Collector diag(c->context);
  OwningOpRef<ModuleOp> m = parse(c, mlir);
  if (!m)
    return diag.finish(diagnostics, "cannot parse the module");
  std::string s;
  llvm::raw_string_ostream os(s);
  m->print(os);
  setOut(s, out, outLen);
  return 0;
}

int uopRunPipeline(UOpCompiler *c, const char *mlir, const char *pipeline,
                   char **out, size_t *outLen, char **diagnostics) {
  if (!c)
    return 1;
  Collector diag(c->context);
  OwningOpRef<ModuleOp> m = parse(c, mlir);
  if (!m)
    return diag.finish(diagnostics, "cannot parse the module");
  std::string err;
  if (failed(uop::runPipeline(*m, pipeline ? pipeline : "", &err)))
    return diag.finish(diagnostics, err.empty() ? "the pipeline failed" : err);
  std::string s;
  llvm::raw_string_ostream os(s);
  m->print(os);
  setOut(s, out, outLen);
  return 0;
}

int uopTranslate(UOpCompiler *c, const char *mlir, const char *target,
                 const char *chip, char **out, size_t *outLen,
                 char **diagnostics) {
  if (!c)
    return 1;
  Collector diag(c->context);
  OwningOpRef<ModuleOp> m = parse(c, mlir);
  if (!m)
    return diag.finish(diagnostics, "cannot parse the module");
  llvm::StringRef t = target ? target : "";
  llvm::StringRef ch = chip ? chip : "";
  std::string s;
  if (t == "c") {
    llvm::raw_string_ostream os(s);
    if (failed(uop::translateUOpToC(*m, os)))
      return diag.finish(diagnostics, "--uop-to-c failed");
  } else if (t == "ptx" || t == "cubin") {
    FailureOr<std::string> r = t == "ptx" ? uop::translateToPTX(*m, ch)
                                          : uop::translateToCubin(*m, ch);
    if (failed(r))
      return diag.finish(diagnostics, "translation failed");
    s = std::move(*r);
  } else {
    return diag.finish(diagnostics, "unknown target '" + t.str() +
                                        "' (expected c, ptx or cubin)");
  }
  setOut(s, out, outLen);
  return 0;
}
