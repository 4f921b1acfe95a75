// Parses, verifies and prints a uop module with a registry built only from
// uop::registerAllDialects, then builds a RANGE with the C++ API.
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/InitAll.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: uop-downstream FILE\n";
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

  // Append a kernel built through the generated C++ builders.
  mlir::OpBuilder b(module->getBodyRegion());
  b.setInsertionPointToEnd(module->getBody());
  auto loc = b.getUnknownLoc();
  auto fn = uop::FunctionOp::create(b, loc, "built",
                                    b.getFunctionType({}, {}), nullptr,
                                    nullptr, nullptr);
  mlir::Block *entry = b.createBlock(&fn.getBody());
  b.setInsertionPointToStart(entry);
  auto end = mlir::arith::ConstantIndexOp::create(b, loc, 16);
  auto range = uop::RangeOp::create(
      b, loc, b.getIndexType(), end,
      uop::AxisIdAttr::get(&context, 0, /*renumbered=*/true),
      uop::AxisTypeAttr::get(&context, uop::AxisType::Loop),
      mlir::ValueRange{});
  auto ended = uop::EndOp::create(b, loc, range, mlir::ValueRange{range});
  uop::SinkOp::create(b, loc, mlir::ValueRange{ended}, nullptr);

  if (mlir::failed(mlir::verify(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\npriority(reduce) = "
               << uop::getAxisTypePriority(uop::AxisType::Reduce) << "\n";
  return 0;
}
