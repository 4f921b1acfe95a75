//===- CompilerRegistry.cpp - every pass, pipelines as text ---------------===//

#include "uop/CAPI/CompilerRegistry.h"
#include "uop/InitAll.h"
#include "uop/Runtime/Error.h"

#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <mutex>

using namespace mlir;

void uop::registerCompilerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::registerAllPasses();
    uop::registerAllPasses();
  });
}

llvm::Error uop::runPipeline(ModuleOp module, StringRef pipeline) {
  registerCompilerPasses();
  auto pm = PassManager::on<ModuleOp>(module.getContext());
  // The pass manager is anchored on the module: its pipeline text is the
  // list inside "builtin.module(...)".
  StringRef inner = pipeline.trim();
  if (inner.starts_with("builtin.module(")) {
    if (!inner.ends_with(")"))
      return makeError(RuntimeErrorKind::BadInput,
                       "bad pass pipeline '" + pipeline +
                           "': missing the closing ')'");
    inner = inner.drop_front(strlen("builtin.module(")).drop_back().trim();
  }
  std::string text = inner.str();
  std::string err;
  llvm::raw_string_ostream es(err);
  if (failed(parsePassPipeline(text, pm, es)))
    return makeError(RuntimeErrorKind::BadInput,
                     "bad pass pipeline '" + text + "': " + err);
  if (failed(pm.run(module)))
    return makeError(RuntimeErrorKind::CompileFailed, "the pipeline failed");
  return llvm::Error::success();
}
