//===- ALUTable.cpp - the rows of uop's ALU table, as data ----------------===//

#include "uop/Support/ALUTable.h"

using namespace uop;

llvm::ArrayRef<ALURow> uop::aluRows() {
  static const ALURow rows[] = {
#define UOP_ALU_OP(NS, OP, NAME, ARITY, SIGNATURE, CFORM, CSPELLING, COST,     \
                   TIRX, PYNAME, NOTES)                                        \
  {NAME,                                                                       \
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

const ALURow *uop::lookupALURowByTIRxKind(llvm::StringRef kind,
                                          unsigned arity) {
  if (kind.empty())
    return nullptr;
  for (const ALURow &row : aluRows())
    if (row.tirxKind == kind && row.arity == arity)
      return &row;
  return nullptr;
}
