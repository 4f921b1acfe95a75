//===- ALUTable.cpp - the table of uop's ALU ops --------------------------===//

#include "uop/Dialect/UOp/IR/ALUTable.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <vector>

using namespace mlir;
using namespace uop;

ArrayRef<ALUOpInfo> uop::aluOps() {
  // The data rows (uop/Support) and their op classes, both in the order of
  // ALUOps.def.
  static const std::vector<ALUOpInfo> rows = [] {
    const TypeID ids[] = {
#define UOP_ALU_OP(NS, OP, ...) TypeID::get<NS::OP>(),
#include "uop/Support/ALUOps.def"
    };
    std::vector<ALUOpInfo> v;
    for (auto [row, id] : llvm::zip_equal(aluRows(), ids))
      v.push_back(ALUOpInfo{row, id});
    return v;
  }();
  return rows;
}

const ALUOpInfo *uop::lookupALUOp(Operation *op) {
  static const llvm::DenseMap<TypeID, const ALUOpInfo *> byType = [] {
    llvm::DenseMap<TypeID, const ALUOpInfo *> m;
    for (const ALUOpInfo &row : aluOps())
      m[row.typeID] = &row;
    return m;
  }();
  if (!op->isRegistered())
    return nullptr;
  return byType.lookup(op->getName().getTypeID());
}
