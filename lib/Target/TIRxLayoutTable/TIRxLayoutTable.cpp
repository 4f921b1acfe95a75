//===- TIRxLayoutTable.cpp - uop-translate --tirx-layout-table ------------===//
//
// Prints the brute-force table of every buffer layout in a module: the
// reference a reader (or a test) compares a layout's intent against.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Target/Translations.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace uop::tirx;

/// Buffer types with a layout reachable from `t` (a region names its buffer).
static void collect(Type t, llvm::SetVector<BufferType> &out) {
  if (auto r = dyn_cast<RegionType>(t))
    t = r.getBuffer();
  if (auto b = dyn_cast<BufferType>(t); b && b.getLayout())
    out.insert(b);
}

LogicalResult uop::printTIRxLayoutTables(Operation *root, raw_ostream &os) {
  llvm::SetVector<BufferType> types;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type t : block.getArgumentTypes())
          collect(t, types);
    for (Type t : op->getResultTypes())
      collect(t, types);
    for (Type t : op->getOperandTypes())
      collect(t, types);
  });
  for (BufferType type : types) {
    // Refuse tables nobody can read before enumerating them.
    constexpr int64_t kMaxLocations = int64_t(1) << 22;
    int64_t replicas = type.getLayoutInterface().getAlgebra().replicaCount();
    int64_t locations;
    if (__builtin_mul_overflow(type.getNumElements(), replicas, &locations) ||
        locations > kMaxLocations || locations < 0)
      return root->emitError("layout table of ")
             << type << " has more than " << kMaxLocations << " locations";
    os << "buffer " << type << "\n";
    layout::Result<layout::Table> table =
        getLayoutTable(type.getLayoutInterface(), type.getShape());
    if (!table)
      return root->emitError("cannot tabulate the layout of ")
             << type << ": " << table.error();
    layout::Shape shape(type.getShape().begin(), type.getShape().end());
    os << layout::formatTable(shape, *table);
  }
  return success();
}

void uop::registerTIRxLayoutTableTranslation() {
  TranslateFromMLIRRegistration reg(
      "tirx-layout-table",
      "print the logical-to-physical table of every tirx buffer layout",
      [](Operation *op, raw_ostream &os) {
        return printTIRxLayoutTables(op, os);
      },
      [](DialectRegistry &registry) {
        registry.insert<TIRxDialect, uop::UOpDialect, arith::ArithDialect,
                        scf::SCFDialect>();
      });
}
