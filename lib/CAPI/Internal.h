//===- Internal.h - what the C API's files share ----------------*- C++ -*-===//

#ifndef UOP_LIB_CAPI_INTERNAL_H
#define UOP_LIB_CAPI_INTERNAL_H

#include "uop-c/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace uop::capi {
/// Parses `mlir` in `compiler`'s context and hands the module to `body`,
/// holding the compiler's lock and collecting its diagnostics, as every
/// entry point of Compiler.cpp does. Returns 0, or 1 with `*diagnostics`
/// set to the diagnostics (else `fallback`, which `body` may fill).
int withParsedModule(UOpCompiler *compiler, const char *mlir,
                     char **diagnostics,
                     llvm::function_ref<mlir::LogicalResult(
                         mlir::ModuleOp, std::string &fallback)>
                         body);
/// A malloc'ed copy of `s` (freed with uopFree).
char *copyString(llvm::StringRef s);
} // namespace uop::capi

#endif // UOP_LIB_CAPI_INTERNAL_H
