// A downstream pass that lowers tirx kernels to the gpu dialect with our
// exported type converter and patterns, inside its own conversion -- here
// together with a pattern of its own (tirx.bind of a constant folds away
// first) -- the way a compiler that embeds tirx would reuse the lowering.
#include "uop/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "uop/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

namespace {
struct MyLowerTIRx
    : mlir::PassWrapper<MyLowerTIRx, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MyLowerTIRx)
  llvm::StringRef getArgument() const final { return "my-lower-tirx"; }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::gpu::GPUDialect, mlir::memref::MemRefDialect,
                    mlir::vector::VectorDialect, mlir::scf::SCFDialect,
                    mlir::arith::ArithDialect, mlir::LLVM::LLVMDialect,
                    mlir::NVVM::NVVMDialect>();
  }
  void runOnOperation() override {
    mlir::MLIRContext *ctx = &getContext();
    mlir::ModuleOp module = getOperation();
    if (mlir::failed(uop::tirx::checkTIRxKernelsConvertible(module)))
      return signalPassFailure();
    uop::tirx::TIRxToGPUTypeConverter converter(ctx);
    mlir::ConversionTarget target(*ctx);
    uop::tirx::configureTIRxToGPUConversionTarget(target);
    mlir::RewritePatternSet patterns(ctx);
    uop::tirx::populateTIRxToGPUConversionPatterns(converter, patterns);
    if (mlir::failed(mlir::applyPartialConversion(module, target,
                                                  std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: uop-downstream-lower-tirx FILE\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  uop::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  pm.addPass(std::make_unique<MyLowerTIRx>());
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
