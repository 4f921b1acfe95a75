//===- uop-opt.cpp - the uop-mlir optimizer driver ------------------------===//
//
// MlirOptMain with every upstream dialect, pass and extension plus ours, and
// the runtime's kernel timer for uop-optimize's search.
//
//===----------------------------------------------------------------------===//

#include "uop/InitAll.h"
#include "uop/Runtime/KernelTimer.h"
#include "uop/Runtime/OutputFile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  uop::registerAllPasses();
  // uop-optimize{search=N} times schedules by compiling and running them.
  uop::installKernelTimer();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary needs the LLVM IR translations of gpu/nvvm.
  mlir::registerAllToLLVMIRTranslations(registry);
  uop::registerAllDialects(registry);

  // A write error of the output names the file (OutputFile.h).
  return uop::runWithCheckedOutput(argc, argv, [&](int argc, char **argv) {
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        argc, argv, "uop-mlir optimizer driver\n", registry));
  });
}
