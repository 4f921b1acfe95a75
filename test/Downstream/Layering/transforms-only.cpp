// Runs a pass pipeline of the uop and tirx Transforms libraries on a file,
// with nothing but those libraries (and MLIR) linked: they stand on their own.
#include "uop/Dialect/TIRx/Transforms/Passes.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: uop-transforms-only FILE PIPELINE\n";
    return 2;
  }
  uop::registerUOpPasses();
  uop::tirx::registerTIRxPasses();
  mlir::DialectRegistry registry;
  registry.insert<uop::UOpDialect, uop::tirx::TIRxDialect,
                  mlir::arith::ArithDialect>();
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  if (mlir::failed(mlir::parsePassPipeline(argv[2], pm, llvm::errs())) ||
      mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
