//===- InitAll.h - register every uop-mlir dialect and pass -----*- C++ -*-===//
//
// The entry points for tools and embedders: add our dialects to a registry
// and our passes to the global pass registry.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_INITALL_H
#define UOP_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace uop {
/// Adds every dialect of uop-mlir to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);
/// Registers every pass and pipeline of uop-mlir.
void registerAllPasses();
/// Registers uop-mlir's translations (uop-translate flags).
void registerAllTranslations();
} // namespace uop

#endif // UOP_INITALL_H
