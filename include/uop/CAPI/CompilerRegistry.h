//===- CompilerRegistry.h - every pass, pipelines as text -------*- C++ -*-===//
//
// What a compiler front end (the C API) adds to the runtime: pass pipelines
// given as text, which need every upstream and uop-mlir pass registered.
// The library UOpCompilerRegistry (lib/CAPI), so that the runtime itself
// (UOpRuntime) links only the passes its own pipelines run. Contexts get
// their dialects from uop/Runtime/Compile.h's registerCompilerDialects.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CAPI_COMPILERREGISTRY_H
#define UOP_CAPI_COMPILERREGISTRY_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

namespace uop {
/// Registers every upstream and uop-mlir pass once (for textual pipelines).
void registerCompilerPasses();
/// Runs a textual pipeline on `module`: "uop-to-program{target=cpu}" or a
/// full "builtin.module(...)" form (for pipelines users spell, e.g. through
/// the C API). A pipeline that does not parse is a BadInput error ("bad pass
/// pipeline '...': <why>"); one that fails is CompileFailed ("the pipeline
/// failed"), its diagnostics gone to the context's handler.
llvm::Error runPipeline(mlir::ModuleOp module, llvm::StringRef pipeline);
} // namespace uop

#endif // UOP_CAPI_COMPILERREGISTRY_H
