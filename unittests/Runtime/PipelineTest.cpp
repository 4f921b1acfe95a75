//===- PipelineTest.cpp - The runtime's pipelines verify at the end -------===//
//
// runPipeline does not verify after every pass; a pass that leaves invalid
// IR is still reported, by the verification after the last pass, as a
// CompileFailed error rather than a program compiled from broken IR.
//
//===----------------------------------------------------------------------===//

#include "uop/Runtime/Compile.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"

#include <gtest/gtest.h>

namespace {

/// Gives every func.func a type without arguments, leaving its entry block's
/// arguments: invalid (FuncOp's verifier), and harmless to later passes.
struct DropArgumentTypes
    : public mlir::PassWrapper<DropArgumentTypes,
                               mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropArgumentTypes)
  void runOnOperation() override {
    getOperation().walk([](mlir::func::FuncOp fn) {
      fn.setFunctionTypeAttr(mlir::TypeAttr::get(mlir::FunctionType::get(
          fn.getContext(), {}, fn.getFunctionType().getResults())));
    });
  }
};

/// A pass that changes nothing.
struct Nothing
    : public mlir::PassWrapper<Nothing, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(Nothing)
  void runOnOperation() override {}
};

class Pipeline : public ::testing::Test {
protected:
  Pipeline() {
    mlir::DialectRegistry registry;
    uop::registerCompilerDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    // The verifier's diagnostic goes to the context; keep the test's output
    // clean.
    context.getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
    module = mlir::parseSourceString<mlir::ModuleOp>(R"mlir(
func.func @f(%a: i32) -> i32 {
  return %a : i32
}
)mlir",
                                                     &context);
  }

  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

TEST_F(Pipeline, InvalidIRIsReportedAfterTheLastPass) {
  ASSERT_TRUE(module);
  llvm::Error err =
      uop::runPipeline(*module, "test", [](mlir::OpPassManager &pm) {
        pm.addPass(std::make_unique<DropArgumentTypes>());
        pm.addPass(std::make_unique<Nothing>());
      });
  ASSERT_TRUE(bool(err));
  std::string text = llvm::toString(std::move(err));
  EXPECT_NE(text.find("the test pipeline produced invalid IR"),
            std::string::npos)
      << text;
}

TEST_F(Pipeline, ValidIRPasses) {
  ASSERT_TRUE(module);
  llvm::Error err =
      uop::runPipeline(*module, "test", [](mlir::OpPassManager &pm) {
        pm.addPass(std::make_unique<Nothing>());
      });
  EXPECT_FALSE(bool(err)) << llvm::toString(std::move(err));
}

} // namespace
