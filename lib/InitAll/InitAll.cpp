//===- InitAll.cpp - register every uop-mlir dialect and pass -------------===//

#include "uop/InitAll.h"

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Target/Translations.h"

#include "mlir/IR/DialectRegistry.h"

void uop::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<uop::UOpDialect, uop::tirx::TIRxDialect>();
}

void uop::registerAllPasses() {}

void uop::registerAllTranslations() {
  registerTIRxLayoutTableTranslation();
}
