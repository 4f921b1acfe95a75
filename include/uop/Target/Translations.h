//===- Translations.h - uop-translate registrations -------------*- C++ -*-===//

#ifndef UOP_TARGET_TRANSLATIONS_H
#define UOP_TARGET_TRANSLATIONS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace uop {
/// `--tirx-layout-table`: for every buffer type with a layout, in order of
/// appearance, `buffer <type>` and one line per logical element.
void registerTIRxLayoutTableTranslation();

/// `--mlir-to-ptx` and `--mlir-to-cubin` (with `--chip`).
void registerPTXTranslations();

/// `--uop-to-c`: C11 from PROGRAM/LINEAR.
void registerUOpToCTranslation();

/// C11 source of every linearised kernel and schedule entry in `module`.
mlir::LogicalResult translateUOpToC(mlir::Operation *module,
                                    llvm::raw_ostream &os);

/// PTX of the gpu.module of `module` (in NVVM form). An empty `chip` takes
/// the chip of the module's NVVM target (sm_80 when none is attached).
mlir::FailureOr<std::string> translateToPTX(mlir::Operation *module,
                                            llvm::StringRef chip = "");
/// The cubin for that PTX, through ptxas (a diagnostic when ptxas is
/// missing).
mlir::FailureOr<std::string> translateToCubin(mlir::Operation *module,
                                              llvm::StringRef chip = "");

/// Prints the layout table of every laid-out buffer type in `op`.
mlir::LogicalResult printTIRxLayoutTables(mlir::Operation *op,
                                          llvm::raw_ostream &os);
} // namespace uop

#endif // UOP_TARGET_TRANSLATIONS_H
