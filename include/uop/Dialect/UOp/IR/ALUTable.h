//===- ALUTable.h - the table of uop's ALU ops, queried ---------*- C++ -*-===//
//
// The rows of uop/Support/ALUOps.def (the data: uop/Support/ALUTable.h) with
// their op classes: one ALUOpInfo per arith/math op uop computes, and the
// queries its consumers make on operations (is this an ALU op, its cost
// class, its C form). Every consumer of ALU semantics reads this table
// instead of keeping a list of its own; unittests/UOp/ALUTableTest.cpp walks
// it and fails when a consumer lacks a row.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_ALUTABLE_H
#define UOP_DIALECT_UOP_IR_ALUTABLE_H

#include "uop/Support/ALUTable.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/ArrayRef.h"

namespace uop {

/// One row of ALUOps.def (uop/Support/ALUTable.h) with its op class.
struct ALUOpInfo : ALURow {
  mlir::TypeID typeID;
};

/// Every row, in the order of ALUOps.def.
llvm::ArrayRef<ALUOpInfo> aluOps();

/// The row of `op`, or null when `op` is not an ALU op (arith.constant, an
/// op of another dialect, an arith/math op uop does not compute).
const ALUOpInfo *lookupALUOp(mlir::Operation *op);

/// Whether `op` is one of the table's ALU ops.
inline bool isALUOp(mlir::Operation *op) { return lookupALUOp(op) != nullptr; }

/// Whether `op` is a transcendental ALU op (Rangeify's `math-cost` ops).
inline bool isTranscendentalALUOp(mlir::Operation *op) {
  const ALUOpInfo *info = lookupALUOp(op);
  return info && info->cost == ALUCost::Transcendental;
}

/// The ops `op` counts as in Rangeify's limits: 0 for a non-ALU op, else by
/// its cost class, a transcendental one as `mathCost`.
inline int64_t aluOpWeight(mlir::Operation *op, int64_t mathCost) {
  const ALUOpInfo *info = lookupALUOp(op);
  if (!info)
    return 0;
  switch (info->cost) {
  case ALUCost::Cheap:
    return 1;
  case ALUCost::Divide:
    return 2;
  case ALUCost::Transcendental:
    return mathCost;
  }
  return 1;
}

} // namespace uop

#endif // UOP_DIALECT_UOP_IR_ALUTABLE_H
