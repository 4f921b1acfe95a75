//===- Translations.h - uop-translate registrations -------------*- C++ -*-===//

#ifndef UOP_TARGET_TRANSLATIONS_H
#define UOP_TARGET_TRANSLATIONS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace uop {
/// `--tirx-layout-table`: for every buffer type with a layout, in order of
/// appearance, `buffer <type>` and one line per logical element.
void registerTIRxLayoutTableTranslation();

/// `--mlir-to-ptx` and `--mlir-to-cubin` (with `--chip`).
void registerPTXTranslations();

/// Prints the layout table of every laid-out buffer type in `op`.
mlir::LogicalResult printTIRxLayoutTables(mlir::Operation *op,
                                          llvm::raw_ostream &os);
} // namespace uop

#endif // UOP_TARGET_TRANSLATIONS_H
