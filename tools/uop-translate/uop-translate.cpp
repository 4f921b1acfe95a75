//===- uop-translate.cpp - the uop-mlir translation driver ----------------===//
//
// Every upstream translation plus ours. Dialects are registered up front so
// that modules mixing uop/tirx with upstream dialects parse.
//
//===----------------------------------------------------------------------===//

#include "uop/InitAll.h"
#include "uop/Runtime/OutputFile.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::registerAllTranslations();
  uop::registerAllTranslations();
  // A write error of the output names the file (OutputFile.h).
  return uop::runWithCheckedOutput(argc, argv, [](int argc, char **argv) {
    return mlir::failed(
        mlir::mlirTranslateMain(argc, argv, "uop-mlir translation driver\n"));
  });
}
