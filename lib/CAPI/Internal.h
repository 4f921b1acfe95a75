//===- Internal.h - what the C API's files share ----------------*- C++ -*-===//

#ifndef UOP_LIB_CAPI_INTERNAL_H
#define UOP_LIB_CAPI_INTERNAL_H

#include "uop-c/Compiler.h"
#include "uop/Runtime/Execute.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <optional>
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
/// The function an `entry` argument names: NULL is the first func.func.
inline std::optional<llvm::StringRef> entryName(const char *entry) {
  return entry ? std::optional<llvm::StringRef>(entry) : std::nullopt;
}
/// Compiles `fn` of `module` for the target spelled `target` (NULL: "cpu")
/// and `chip` (NULL: the device's), as uopRun and uopCompile do.
llvm::Expected<std::unique_ptr<Executable>>
compileGraph(mlir::ModuleOp module, mlir::func::FuncOp fn, const char *target,
             const char *chip);
} // namespace uop::capi

#endif // UOP_LIB_CAPI_INTERNAL_H
