//===- ALUTable.h - the rows of uop's ALU table, as data ---------*- C++ -*-===//
//
// The rows of uop/Support/ALUOps.def as plain data (no MLIR): each arith/math
// op's name and the columns its consumers read. Every layer may link it:
// tirx's dispatch builds a tirx kind's scalar op from it without the uop
// dialect. The queries on operations (lookupALUOp, by the op's TypeID) are
// uop/Dialect/UOp/IR/ALUTable.h's.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SUPPORT_ALUTABLE_H
#define UOP_SUPPORT_ALUTABLE_H

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

/// Rangeify's cost class: what one op counts as in its recompute and
/// broadcast limits.
enum class ALUCost : uint8_t {
  Cheap,          // 1
  Divide,         // 2: a float division issues at a fraction of a mul's rate
  Transcendental, // the pass's math-cost
};

/// One row of ALUOps.def, without its op class.
struct ALURow {
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
llvm::ArrayRef<ALURow> aluRows();

/// The row whose tirx kind is `kind` (a UnaryKind mnemonic for arity 1, a
/// BinaryKind one for 2), or null when no row has it.
const ALURow *lookupALURowByTIRxKind(llvm::StringRef kind, unsigned arity);

} // namespace uop

#endif // UOP_SUPPORT_ALUTABLE_H
