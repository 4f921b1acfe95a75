//===- ALUTable.cpp - the table of uop's ALU ops --------------------------===//

#include "uop/Dialect/UOp/IR/ALUTable.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace uop;

ArrayRef<ALUOpInfo> uop::aluOps() {
  static const ALUOpInfo rows[] = {
#define UOP_ALU_OP(NS, OP, NAME, ARITY, SIGNATURE, CFORM, CSPELLING, COST,     \
                   TIRX, PYNAME, NOTES)                                        \
  {TypeID::get<NS::OP>(),                                                      \
   NAME,                                                                       \
   ARITY,                                                                      \
   ALUSignature::SIGNATURE,                                                    \
   ALUCForm::CFORM,                                                            \
   CSPELLING,                                                                  \
   ALUCost::COST,                                                              \
   TIRX,                                                                       \
   PYNAME,                                                                     \
   NOTES},
#include "uop/Support/ALUOps.def"
  };
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
