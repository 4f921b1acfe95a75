//===- ALUTable.h - the table of uop's ALU ops, queried ---------*- C++ -*-===//
//
// The rows of uop/Support/ALUOps.def as C++: one ALUOpInfo per arith/math op
// uop computes, and the queries its consumers make (is this an ALU op, its
// cost class, its C form). Every consumer of ALU semantics reads this table
// instead of keeping a list of its own; unittests/UOp/ALUTableTest.cpp walks
// it and fails when a consumer lacks a row.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_ALUTABLE_H
#define UOP_DIALECT_UOP_IR_ALUTABLE_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace uop {

/// An ALU op's operand and result types.
enum class ALUSignature : uint8_t {
  FloatToFloat,  // float operands, a float result of their type
  IntToInt,      // integer (or index) operands, a result of their type
  FloatCompare,  // two floats to i1
  IntCompare,    // two integers to i1
  Select,        // i1, T, T to T
  FloatExtend,   // a float to a wider float
  FloatTruncate, // a float to a narrower float
  IntToFloat,    // an integer to a float
  FloatToInt,    // a float to an integer
  IntExtend,     // an integer to a wider integer
  IntTruncate,   // an integer to a narrower integer
  IntToIndex,    // an integer to index
  Bitcast,       // the same bits, another type of the same width
};

/// How uop-to-c writes an ALU op (lib/Target/C/UOpToC.cpp); the spelling is
/// the row's CSPELLING.
enum class ALUCForm : uint8_t {
  None,           // no C form (the op never reaches uop-to-c)
  Infix,          // (a OP b)
  Wrapping,       // OP on the unsigned type, so that it wraps
  UnsignedInfix,  // OP on the operands read as unsigned, 0 for a zero divisor
  SignedDivision, // divsi/remsi/floordivsi/ceildivsi with the defined edges
  Shift,          // OP with the count clamped
  Negate,         // (-a)
  Call,           // the C library's function (its f form on f32)
  Polynomial,     // the prelude's uoph_<fn>_f32 on f32, the C library on f64
  ReciprocalCall, // (1 / fn(a))
  FloatMinMax,    // the prelude's <helper>f32 / <helper>f64
  SignedMinMax,   // (a OP b ? a : b), i1 read as signed
  UnsignedMinMax, // (a OP b ? a : b) on the unsigned type
  AbsI,           // |a| through the unsigned type
  WidthHelper,    // helper(bits, width)
  BitsHelper,     // helper(bits)
  IntPowHelper,   // helper((int64_t)a, (int64_t)b)
  Compare,        // cmpi / cmpf: by predicate
  Select,         // c ? a : b, a bit blend for floats
  Bitcast,        // through memcpy
  Conversion,     // the casts
};

/// Rangeify's cost class: what one op counts as in the recompute limit.
enum class ALUCost : uint8_t {
  Cheap,          // 1
  Transcendental, // the pass's math-cost
};

/// One row of ALUOps.def.
struct ALUOpInfo {
  mlir::TypeID typeID;
  llvm::StringRef name; // "arith.addf"
  unsigned arity;
  ALUSignature signature;
  ALUCForm cForm;
  llvm::StringRef cSpelling;
  ALUCost cost;
  llvm::StringRef tirxKind; // a tirx UnaryKind or BinaryKind mnemonic, or ""
  llvm::StringRef pyName;   // "float:add", or ""
  llvm::StringRef notes;
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

} // namespace uop

#endif // UOP_DIALECT_UOP_IR_ALUTABLE_H
