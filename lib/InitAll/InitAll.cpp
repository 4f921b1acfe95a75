//===- InitAll.cpp - register every uop-mlir dialect and pass -------------===//

#include "uop/InitAll.h"

#include "uop/Conversion/Passes.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/TIRx/Transforms/Passes.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Pipelines/Pipelines.h"
#include "uop/Target/Translations.h"

#include "mlir/IR/DialectRegistry.h"

void uop::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<uop::UOpDialect, uop::tirx::TIRxDialect>();
}

void uop::registerAllPasses() {
  uop::tirx::registerTIRxPasses();
  uop::registerUOpConversionPasses();
  uop::registerUOpPasses();
  uop::registerUOpPipelines();
}

void uop::registerAllTranslations() {
  registerTIRxLayoutTableTranslation();
  registerPTXTranslations();
  registerUOpToCTranslation();
}
