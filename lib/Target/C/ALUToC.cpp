//===- ALUToC.cpp - uop-to-c: the C of arith and math ops ----------------===//
//
// KernelEmitter's ALU forms: each arith or math op of a LINEAR body as a C
// expression in a fresh const, as the ALU table's CFORM and CSPELLING columns
// say (uop/Support/ALUOps.def). Operators, wrapping and unsigned integer
// arithmetic, shifts and divisions defined for every operand, compares, the
// prelude's helpers, casts (the halves rounded once), and the ops
// uop-devectorize{keep-vectors} leaves on C vectors.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace uop;
using namespace uop::ctarget;

namespace {
/// The type a value computes in: float for the halves, else its own.
Type computeType(Type t) {
  return isHalf(t) ? Float32Type::get(t.getContext()) : t;
}

/// The unsigned C type of an integer type's width (unsigned comparisons,
/// divisions and remainders reinterpret the bits).
std::string unsignedCType(Type t) {
  if (t.isIndex() || t.isInteger(64))
    return "uint64_t";
  if (t.isInteger(32))
    return "uint32_t";
  if (t.isInteger(16))
    return "uint16_t";
  return "uint8_t";
}

/// The unsigned type wrapping arithmetic computes in: at least 32 bits,
/// because narrower unsigned operands promote to (signed) int, where
/// 65535 * 65535 overflows.
std::string wrapCType(Type t) {
  return t.isIndex() || t.isInteger(64) ? "uint64_t" : "uint32_t";
}
} // namespace

// An arith or math op with one result as a C expression in a fresh const.
LogicalResult KernelEmitter::emitALU(Operation *op) {
  SmallVector<std::string> in;
  for (Value v : op->getOperands()) {
    FailureOr<std::string> e = expr(v);
    if (failed(e))
      return failure();
    in.push_back(*e);
  }
  if (op->getNumResults() != 1)
    return op->emitError("uop-to-c: no C form for this op");
  if (llvm::any_of(op->getOperandTypes(),
                   [](Type t) { return isa<VectorType>(t); }) ||
      isa<VectorType>(op->getResult(0).getType()))
    return emitVectorALU(op, in);
  // The ALU table's row says how C writes the op. Selects, bitcasts and
  // casts handle the halves' bit patterns themselves; every other form
  // computes on float operands and rounds a half result back (in
  // `define`).
  const ALUOpInfo *row = lookupALUOp(op);
  ALUCForm form = row ? row->cForm : ALUCForm::None;
  if (form == ALUCForm::Select || form == ALUCForm::Bitcast)
    return emitBits(op, in);
  if (form == ALUCForm::Conversion)
    return emitConversion(op, in);
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (isHalf(v.getType()))
      in[i] = "uoph_" + halfName(v.getType()) + "_to_f32(" + in[i] + ")";
  roundHalf = true;
  std::optional<LogicalResult> r = emitTableForm(op, in);
  roundHalf = false;
  if (r)
    return *r;
  return op->emitError("uop-to-c: no C form for this op");
}

// uop-expand's combine of a REDUCE's lanes, in lane order: ((v[0] op
// v[1]) op v[2]) ..., the chain the scalar expansion writes.
LogicalResult KernelEmitter::emitLaneOrderReduction(vector::ReductionOp red,
                                                    ArrayRef<std::string> in) {
  auto vt = dyn_cast<VectorType>(red.getVector().getType());
  Type t = red.getType();
  if (red.getAcc() || !vt || !isCVectorType(vt) || !(t.isF32() || t.isF64()))
    return red.emitError("uop-to-c: no C form for this vector.reduction "
                         "(f32/f64 lanes of a C vector, no accumulator)");
  std::string minMax = t.isF64() ? "f64(" : "f32(";
  auto combine = [&](const std::string &a,
                     const std::string &b) -> std::optional<std::string> {
    switch (red.getKind()) {
    case vector::CombiningKind::ADD:
      return "(" + a + " + " + b + ")";
    case vector::CombiningKind::MUL:
      return "(" + a + " * " + b + ")";
    case vector::CombiningKind::MAXIMUMF:
      return "uoph_maximum_" + minMax + a + ", " + b + ")";
    case vector::CombiningKind::MINIMUMF:
      return "uoph_minimum_" + minMax + a + ", " + b + ")";
    default:
      return std::nullopt;
    }
  };
  auto lane = [&](int64_t i) {
    return "(" + in[0] + ")[" + std::to_string(i) + "]";
  };
  std::string acc = lane(0);
  for (int64_t i = 1; i < vt.getNumElements(); ++i) {
    std::optional<std::string> next = combine(acc, lane(i));
    if (!next)
      return red.emitError("uop-to-c: no C form for this vector.reduction "
                           "kind (add, mul, maximumf, minimumf)");
    acc = std::move(*next);
  }
  return define(red, acc);
}

// The ops uop-devectorize{keep-vectors} leaves on vectors, in the vector
// extensions' operators (IEEE per lane, as the scalar forms).
LogicalResult KernelEmitter::emitVectorALU(Operation *op,
                                           ArrayRef<std::string> in) {
  Type t = op->getResult(0).getType();
  if (auto red = dyn_cast<vector::ReductionOp>(op))
    return emitLaneOrderReduction(red, in);
  // A lane of a vector, for an op computed lane by lane.
  if (auto ex = dyn_cast<vector::ExtractOp>(op)) {
    if (ex.getStaticPosition().size() != 1 || isa<VectorType>(t) ||
        !isCVectorType(ex.getSource().getType()))
      return op->emitError("uop-to-c: no C form for this vector.extract "
                           "(one position of a C vector)");
    if (ex.getDynamicPosition().empty())
      return define(op, "(" + in[0] + ")[" +
                            std::to_string(ex.getStaticPosition()[0]) + "]");
    // A dynamic position (uop-expand's loop over scattered lanes, the
    // operand after the source) reads the lane through the vector's
    // address: clang lowers `v[i]` by storing v to the stack on every
    // iteration (a convolution's 16 accumulators, 32 lanes: 512 vector
    // stores a tile, 6% of its time), the address keeps one copy.
    FailureOr<std::string> elem = cType(op->getLoc(), t);
    if (failed(elem))
      return failure();
    std::string src = in[0];
    // (A constant's literal is named first.)
    if (!llvm::all_of(src,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; })) {
      src = "t" + std::to_string(counter++);
      line() << "const " << vectorName(ex.getSourceVectorType()) << " " << src
             << " = " << in[0] << ";\n";
    }
    return define(op, "((const " + *elem + " *)&" + src + ")[" + in[1] + "]");
  }
  if (hasCMaskForm(op))
    return emitMaskOp(op, in);
  if (!isCVectorType(t)) {
    if (isa<VectorType>(t))
      return (void)cType(op->getLoc(), t), failure();
    return op->emitError("uop-to-c: no C form for this op on vectors; "
                         "split them into lanes (uop-devectorize without "
                         "keep-vectors)");
  }
  // The float rows that are C operators (the table's Infix and Negate
  // forms: + - * / and negation) apply to the vectors as written.
  const ALUOpInfo *row = lookupALUOp(op);
  if (row && row->signature == ALUSignature::FloatToFloat &&
      (row->cForm == ALUCForm::Infix || row->cForm == ALUCForm::Negate))
    return emitOperator(op, *row, in);
  // An f32 polynomial: its vector helper (emitVectorMathHelpers), which
  // takes and gives the vectors by address (GCC's -Wpsabi by value).
  if (row && row->cForm == ALUCForm::Polynomial) {
    auto vt = cast<VectorType>(t);
    if (!vt.getElementType().isF32())
      return op->emitError("uop-to-c: no C form for this op on f64 vectors; "
                           "split them into lanes (uop-devectorize without "
                           "keep-vectors)");
    std::string n = fresh(op->getResult(0)), vn = vectorName(vt);
    line() << vn << " " << n << ";\n";
    line() << "{ const " << vn << " t = " << in[0] << "; "
           << vectorMathHelper(row->cSpelling, vt) << "(&" << n
           << ", &t); }\n";
    return success();
  }
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case<arith::SelectOp>([&](arith::SelectOp sel) -> LogicalResult {
        if (isa<VectorType>(sel.getCondition().getType()))
          return op->emitError("uop-to-c: no C form for a select with a "
                               "vector condition; split it into lanes");
        return define(op, "(" + in[0] + " ? " + in[1] + " : " + in[2] + ")");
      })
      .Case<vector::FromElementsOp>([&](auto) {
        return define(op, "(" + vectorName(cast<VectorType>(t)) + "){" +
                              llvm::join(in, ", ") + "}");
      })
      .Case<vector::BroadcastOp>([&](vector::BroadcastOp b) -> LogicalResult {
        if (isa<VectorType>(b.getSource().getType()))
          return op->emitError("uop-to-c: no C form for a vector-to-vector "
                               "broadcast");
        return define(op, splat(cast<VectorType>(t), in[0]));
      })
      .Default([&](Operation *) {
        return op->emitError("uop-to-c: no C form for this op on vectors; "
                             "split them into lanes (uop-devectorize "
                             "without keep-vectors)");
      });
}

// Lane masks (uop::hasCMaskForm): a comparison of f32 vectors gives 32-bit
// lanes of -1 / 0, which & | ^ ~ combine; a select is a bitwise blend of its
// operands' bits (C has no `?:` on vectors).
LogicalResult KernelEmitter::emitMaskOp(Operation *op,
                                        ArrayRef<std::string> in) {
  if (auto c = dyn_cast<arith::CmpFOp>(op))
    return emitCmpF(c, in);
  if (auto s = dyn_cast<arith::SelectOp>(op)) {
    std::string m = *cType(op->getLoc(), s.getCondition().getType());
    return define(op, "((" + vectorName(cast<VectorType>(s.getType())) +
                          ")(((" + m + ")" + in[1] + " & " + in[0] +
                          ") | ((" + m + ")" + in[2] + " & ~" + in[0] + ")))");
  }
  return emitBinary(op, in,
                    isa<arith::AndIOp>(op)  ? "&"
                    : isa<arith::OrIOp>(op) ? "|"
                                            : "^");
}

// `(a o b)`.
LogicalResult KernelEmitter::emitBinary(Operation *op, ArrayRef<std::string> in,
                                        StringRef o) {
  return define(op, "(" + in[0] + " " + o.str() + " " + in[1] + ")");
}

// A row whose C form is a plain operator on its operands: `(a o b)` or
// `(o a)`, `o` its spelling.
LogicalResult KernelEmitter::emitOperator(Operation *op, const ALUOpInfo &row,
                                          ArrayRef<std::string> in) {
  if (row.cForm == ALUCForm::Negate)
    return define(op, "(" + row.cSpelling.str() + in[0] + ")");
  return emitBinary(op, in, row.cSpelling);
}

// The result type `t` of a value computed as unsigned `e`: the low bits
// (C's conversion to a signed type is modular in GCC and Clang; a bool
// keeps bit 0 where a plain `(_Bool)` would test for non-zero).
std::string KernelEmitter::fromUnsigned(Type t, const std::string &ct,
                                        const std::string &e) {
  if (t.isInteger(1))
    return "(_Bool)((" + e + ") & 1u)";
  return "(" + ct + ")(" + e + ")";
}

// arith's integer add/sub/mul wrap; C's signed ones may not overflow, so
// program integers compute in an unsigned type of at least 32 bits (index
// arithmetic cannot overflow and stays signed).
LogicalResult KernelEmitter::emitWrapping(Operation *op,
                                          ArrayRef<std::string> in,
                                          StringRef o) {
  Type t = op->getResult(0).getType();
  if (t.isIndex())
    return emitBinary(op, in, o);
  FailureOr<std::string> ct = cType(op->getLoc(), t);
  if (failed(ct))
    return failure();
  std::string u = wrapCType(t);
  return define(op, fromUnsigned(t, *ct,
                                 "(" + u + ")" + in[0] + " " + o.str() + " (" +
                                     u + ")" + in[1]));
}

/// The bits of the op's integer type (64 for index).
unsigned KernelEmitter::widthOf(Type t) {
  return t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
}

/// Whether `v` is a constant integer in [lo, hi] (signed).
bool KernelEmitter::constantIn(Value v, int64_t lo, int64_t hi) {
  APInt c;
  if (!matchPattern(v, m_ConstantInt(&c)))
    return false;
  int64_t x = c.getSExtValue();
  return x >= lo && x <= hi;
}

/// `rhs` in a fresh `const ct tN` (an operand read more than once).
std::string KernelEmitter::temp(const std::string &ct, const std::string &rhs) {
  std::string n = "t" + std::to_string(counter++);
  line() << "const " << ct << " " << n << " = " << rhs << ";\n";
  return n;
}

// A shift, defined for every count (docs/uop-dialect.md, "Edge cases"):
// the count reads as unsigned at the op's width; a count >= the width
// gives 0 (shli, shrui) or the sign (shrsi), as numpy and PTX's clamped
// shifts do. A left shift on the bits of any integer, index included
// (shifting a negative value left is undefined in C), a right one as
// unsigned (shrui) or arithmetic (shrsi: GCC and Clang shift signed
// values arithmetically).
LogicalResult KernelEmitter::emitShift(Operation *op,
                                       ArrayRef<std::string> in) {
  Type t = op->getResult(0).getType();
  FailureOr<std::string> ct = cType(op->getLoc(), t);
  if (failed(ct))
    return failure();
  std::string u = wrapCType(t);
  unsigned w = widthOf(t);
  std::string ws = std::to_string(w);
  // A constant count below the width is the plain shift.
  bool inRange = constantIn(op->getOperand(1), 0, w - 1);
  std::string n =
      inRange
          ? "((" + u + ")" + in[1] + ")"
          : temp("uint64_t", "(uint64_t)(" + unsignedCType(t) + ")" + in[1]);
  std::string big = inRange ? "" : "(" + n + " >= " + ws + "u) ? 0u : ";
  if (isa<arith::ShLIOp>(op))
    return define(
        op, fromUnsigned(t, *ct,
                         "(" + big + "(" + u + ")" + in[0] + " << " + n + ")"));
  if (isa<arith::ShRUIOp>(op))
    return define(op,
                  fromUnsigned(t, *ct,
                               "(" + big + "(" + u + ")(" + unsignedCType(t) +
                                   ")" + in[0] + " >> " + n + ")"));
  if (!inRange)
    n = "(" + n + " >= " + ws + "u ? " + std::to_string(w - 1) + "u : " + n +
        ")";
  return define(op, "(" + *ct + ")(" + in[0] + " >> " + n + ")");
}

// divui, remui on the bits as the unsigned type of the width; a zero
// divisor gives 0 (docs/uop-dialect.md, "Edge cases"), through a divisor
// of 1 that never traps.
LogicalResult KernelEmitter::emitUnsigned(Operation *op,
                                          ArrayRef<std::string> in,
                                          StringRef o) {
  Type t = op->getResult(0).getType();
  FailureOr<std::string> ct = cType(op->getLoc(), t);
  if (failed(ct))
    return failure();
  std::string u = unsignedCType(t);
  std::string a = "(" + u + ")" + in[0], b = "(" + u + ")" + in[1];
  if (constantIn(op->getOperand(1), 1, INT64_MAX) ||
      constantIn(op->getOperand(1), INT64_MIN, -1))
    return define(op, fromUnsigned(t, *ct, a + " " + o.str() + " " + b));
  std::string d = temp(u, "(" + b + " == 0u ? (" + u + ")1 : " + b + ")");
  std::string e = a + " " + o.str() + " " + d;
  if (o == "/")
    e = "(" + b + " == 0u ? (" + u + ")0 : " + e + ")";
  return define(op, fromUnsigned(t, *ct, e));
}

// divsi, remsi, floordivsi, ceildivsi. A zero divisor gives 0 and the
// most negative value over -1 wraps (the quotient is itself, the
// remainder 0), as in numpy (docs/uop-dialect.md, "Edge cases"): both
// divide by 1 instead, which never traps. i8 and i16 promote to int,
// where the quotient 128 converts back to -128. floordivsi / ceildivsi:
// C's division truncates; step down (floor) or up (ceil) when there is a
// remainder and the exact quotient is negative (floor) or positive (ceil).
LogicalResult KernelEmitter::emitSignedDivision(Operation *op,
                                                ArrayRef<std::string> in) {
  Type t = op->getResult(0).getType();
  FailureOr<std::string> ct = cType(op->getLoc(), t);
  if (failed(ct))
    return failure();
  const std::string &a = in[0];
  std::string b = in[1];
  unsigned w = widthOf(t);
  // A constant divisor other than 0 and -1 divides as written.
  bool safe = constantIn(op->getOperand(1), 1, INT64_MAX) ||
              constantIn(op->getOperand(1), INT64_MIN, -2);
  if (!safe) {
    std::string bad = "(" + b + " == 0)";
    if (w >= 32)
      bad = "(" + bad + " | ((" + a +
            " == " + (w == 32 ? "INT32_MIN" : "INT64_MIN") + ") & (" + b +
            " == -1)))";
    b = temp(*ct, "(" + bad + " ? (" + *ct + ")1 : " + in[1] + ")");
  }
  std::string e;
  if (isa<arith::RemSIOp>(op)) {
    e = "(" + a + " % " + b + ")";
  } else {
    e = "(" + a + " / " + b;
    std::string inexact = "(" + a + " % " + b + " != 0)";
    std::string negative = "((" + a + " < 0) != (" + b + " < 0))";
    if (isa<arith::FloorDivSIOp>(op))
      e += " - (" + inexact + " & " + negative + ")";
    else if (isa<arith::CeilDivSIOp>(op))
      e += " + (" + inexact + " & !" + negative + ")";
    e += ")";
  }
  e = "(" + *ct + ")" + e;
  if (!safe && !isa<arith::RemSIOp>(op))
    e = "(" + in[1] + " == 0 ? (" + *ct + ")0 : " + e + ")";
  return define(op, e);
}

// `c ? a : b` of type `t`, as a bit blend for floats.
std::string KernelEmitter::select(Type t, const std::string &c,
                                  const std::string &a, const std::string &b) {
  if (t.isF32())
    return "uoph_select_f32(" + c + ", " + a + ", " + b + ")";
  if (t.isF64())
    return "uoph_select_f64(" + c + ", " + a + ", " + b + ")";
  return "(" + c + " ? " + a + " : " + b + ")";
}

// A call of the C math function `fn` (its `f` form on f32 and the halves).
LogicalResult KernelEmitter::emitCall(Operation *op, ArrayRef<std::string> in,
                                      StringRef fn) {
  bool f32 = computeType(op->getResult(0).getType()).isF32();
  std::string name = (fn + (f32 ? "f" : "")).str();
  std::string args = llvm::join(in, ", ");
  return define(op, name + "(" + args + ")");
}

// The ALU table's C form of `op` (uop/Support/ALUOps.def, its CFORM and
// CSPELLING columns); none when `op` has no row or its form is written
// before the halves widen (select, bitcast, the conversions). Operators
// here, library calls and prelude helpers in emitHelperForm.
std::optional<LogicalResult>
KernelEmitter::emitTableForm(Operation *op, ArrayRef<std::string> in) {
  const ALUOpInfo *row = lookupALUOp(op);
  if (!row)
    return std::nullopt;
  StringRef s = row->cSpelling;
  switch (row->cForm) {
  case ALUCForm::None:
  case ALUCForm::Select:
  case ALUCForm::Bitcast:
  case ALUCForm::Conversion:
    return std::nullopt;
  case ALUCForm::Infix:
  case ALUCForm::Negate:
    return emitOperator(op, *row, in);
  case ALUCForm::Wrapping:
    return emitWrapping(op, in, s);
  case ALUCForm::UnsignedInfix:
    return emitUnsigned(op, in, s);
  case ALUCForm::SignedDivision:
    return emitSignedDivision(op, in);
  case ALUCForm::Shift:
    return emitShift(op, in);
  // arith.remf is LLVM's frem: C's fmod (the sign of the dividend);
  // maxnumf/minnumf return the other operand for one NaN: C's fmax.
  case ALUCForm::Call:
    return emitCall(op, in, s);
  case ALUCForm::Compare:
    return emitCompare(op, in);
  case ALUCForm::Polynomial:
  case ALUCForm::ReciprocalCall:
  case ALUCForm::FloatMinMax:
  case ALUCForm::SignedMinMax:
  case ALUCForm::UnsignedMinMax:
  case ALUCForm::AbsI:
  case ALUCForm::WidthHelper:
  case ALUCForm::BitsHelper:
  case ALUCForm::IntPowHelper:
    return emitHelperForm(op, *row, in);
  }
  return std::nullopt;
}

// A signed reading of an i1 operand: true is -1 (C's _Bool promotes to 1).
std::string KernelEmitter::signedBool(Type t, const std::string &v) {
  return t.isInteger(1) ? "(-(int)" + v + ")" : v;
}

// The table's forms that compute in a min/max expression or a prelude
// helper, and the math ops' polynomials.
LogicalResult KernelEmitter::emitHelperForm(Operation *op, const ALUOpInfo &row,
                                            ArrayRef<std::string> in) {
  Type t = computeType(op->getResult(0).getType());
  bool f32 = t.isF32();
  std::string s = row.cSpelling.str();
  switch (row.cForm) {
  // f32 (and the halves, which compute in f32): the prelude's vectorizable
  // polynomial; f64: the C library.
  case ALUCForm::Polynomial:
    if (!f32)
      return emitCall(op, in, s);
    return define(op, "uoph_" + s + "_f32(" + in[0] + ")");
  case ALUCForm::ReciprocalCall:
    return define(op, std::string("(1") + (f32 ? ".0f" : ".0") + " / " + s +
                          (f32 ? "f(" : "(") + in[0] + "))");
  // maximumf / minimumf propagate NaN and order -0 below +0: the
  // prelude's uoph_maximum_* / uoph_minimum_* (halves compute in float).
  case ALUCForm::FloatMinMax:
    return define(op, s + (t.isF64() ? "f64" : "f32") + "(" + in[0] + ", " +
                          in[1] + ")");
  case ALUCForm::SignedMinMax:
    return define(op, "(" + signedBool(t, in[0]) + s + signedBool(t, in[1]) +
                          " ? " + in[0] + " : " + in[1] + ")");
  case ALUCForm::UnsignedMinMax: {
    // Compare as unsigned (bools: max is any, min is all).
    std::string u = unsignedCType(t);
    return define(op, "((" + u + ")" + in[0] + s + "(" + u + ")" + in[1] +
                          " ? " + in[0] + " : " + in[1] + ")");
  }
  default:
    return emitIntHelper(op, row, t, in);
  }
}

// math.absi, and the bit counts and integer powers through the prelude's
// helpers, on the operand's bits zero-extended to 64 (the width bounds
// ctlz).
LogicalResult KernelEmitter::emitIntHelper(Operation *op, const ALUOpInfo &row,
                                           Type t, ArrayRef<std::string> in) {
  FailureOr<std::string> ct = cType(op->getLoc(), t);
  if (failed(ct))
    return failure();
  std::string s = row.cSpelling.str();
  unsigned w = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
  auto bits = [&](const std::string &v) {
    return "(uint64_t)(" + unsignedCType(t) + ")" + v;
  };
  std::string e;
  switch (row.cForm) {
  case ALUCForm::AbsI: {
    // Negated as unsigned: |INT_MIN| wraps to INT_MIN, as in arith.
    std::string u = wrapCType(t);
    e = "(" + in[0] + " < 0 ? 0u - (" + u + ")" + in[0] + " : (" + u + ")" +
        in[0] + ")";
    break;
  }
  case ALUCForm::WidthHelper:
    e = s + "(" + bits(in[0]) + ", " + std::to_string(w) + ")";
    break;
  case ALUCForm::BitsHelper:
    e = s + "(" + bits(in[0]) + ")";
    break;
  case ALUCForm::IntPowHelper:
    e = s + "((int64_t)" + in[0] + ", (int64_t)" + in[1] + ")";
    break;
  default:
    return op->emitError("uop-to-c: no C form for this op");
  }
  return define(op, fromUnsigned(t, *ct, e));
}

// The table's Select and Bitcast forms: ops on the stored bits, halves
// included.
LogicalResult KernelEmitter::emitBits(Operation *op, ArrayRef<std::string> in) {
  Type t = op->getResult(0).getType();
  if (isa<arith::SelectOp>(op))
    return define(op, select(t, in[0], in[1], in[2]));
  // Through memory: the one reinterpretation C defines for every pair.
  Type src = op->getOperand(0).getType();
  FailureOr<std::string> ct = cType(op->getLoc(), t);
  FailureOr<std::string> st = cType(op->getLoc(), src);
  if (failed(ct) || failed(st))
    return failure();
  std::string n = fresh(op->getResult(0));
  line() << *ct << " " << n << ";\n";
  line() << "{ const " << *st << " t = " << in[0] << "; memcpy(&" << n
         << ", &t, sizeof " << n << "); }\n";
  return success();
}

// cmpi and cmpf; none when `op` is neither.
std::optional<LogicalResult>
KernelEmitter::emitCompare(Operation *op, ArrayRef<std::string> in) {
  if (auto c = dyn_cast<arith::CmpIOp>(op)) {
    static const char *ops[] = {"==", "!=", "<",  "<=", ">",
                                ">=", "<",  "<=", ">",  ">="};
    using P = arith::CmpIPredicate;
    P p = c.getPredicate();
    Type t = c.getLhs().getType();
    if (p == P::ult || p == P::ule || p == P::ugt || p == P::uge) {
      std::string u = unsignedCType(t);
      return define(op, "((" + u + ")" + in[0] + " " + ops[(int)p] + " (" + u +
                            ")" + in[1] + ")");
    }
    return define(op, "(" + signedBool(t, in[0]) + " " + ops[(int)p] + " " +
                          signedBool(t, in[1]) + ")");
  }
  if (auto c = dyn_cast<arith::CmpFOp>(op))
    return emitCmpF(c, in);
  return std::nullopt;
}

// C's relational operators are the ordered predicates (false on NaN) and
// != is the unordered one; the other cmpf predicates are built from them.
LogicalResult KernelEmitter::emitCmpF(arith::CmpFOp c,
                                      ArrayRef<std::string> in) {
  Operation *op = c;
  using P = arith::CmpFPredicate;
  const std::string &a = in[0], &b = in[1];
  // On vectors (a lane mask), `~` negates: C has no `!` on them.
  std::string no = isa<VectorType>(c.getType()) ? "~" : "!";
  auto bin = [&](StringRef o) { return emitBinary(op, in, o); };
  auto neg = [&](StringRef o) {
    return define(op, "(" + no + "(" + a + " " + o.str() + " " + b + "))");
  };
  switch (c.getPredicate()) {
  case P::OEQ:
    return bin("==");
  case P::OLT:
    return bin("<");
  case P::OLE:
    return bin("<=");
  case P::OGT:
    return bin(">");
  case P::OGE:
    return bin(">=");
  case P::UNE:
    return bin("!=");
  case P::ULT:
    return neg(">=");
  case P::ULE:
    return neg(">");
  case P::UGT:
    return neg("<=");
  case P::UGE:
    return neg("<");
  case P::ONE:
    return define(op, "((" + a + " < " + b + ") | (" + a + " > " + b + "))");
  case P::UEQ:
    return define(op, "(" + no + "((" + a + " < " + b + ") | (" + a + " > " +
                          b + ")))");
  case P::ORD:
    return define(op, "((" + a + " == " + a + ") & (" + b + " == " + b + "))");
  case P::UNO:
    return define(op, "((" + a + " != " + a + ") | (" + b + " != " + b + "))");
  // The operands stay read: a LOAD only this compare reads would be an
  // unused variable (-Wunused-variable; uop-fuzz).
  case P::AlwaysFalse:
    return define(op, "((void)" + in[0] + ", (void)" + in[1] + ", 0)");
  case P::AlwaysTrue:
    return define(op, "((void)" + in[0] + ", (void)" + in[1] + ", 1)");
  }
  return c.emitError("uop-to-c: unsupported cmpf predicate");
}

// fptosi / fptoui of `x` (a float or double expression): truncation,
// saturating to the integer's range, NaN giving 0 (poison in arith; uop
// defines it as PTX's cvt and LLVM's fptosi.sat do: docs/uop-dialect.md,
// "Edge cases"). No C conversion is out of range: the bounds are powers
// of two, exact in every float type.
LogicalResult KernelEmitter::emitFloatToInt(Operation *op,
                                            const std::string &x) {
  Type t = op->getResult(0).getType();
  FailureOr<std::string> ct = cType(op->getLoc(), t);
  if (failed(ct))
    return failure();
  bool isUnsigned = isa<arith::FPToUIOp>(op);
  // i1: signed its range is [-1, 0] (true is -1), unsigned [0, 1].
  if (t.isInteger(1))
    return define(op, isUnsigned ? "(" + x + " >= 1)" : "(" + x + " <= -1)");
  unsigned w = widthOf(t);
  std::string ws = std::to_string(w);
  std::string hi = "0x1p" + std::to_string(isUnsigned ? w : w - 1);
  if (isUnsigned)
    return define(op, "(" + x + " > -1.0 ? (" + x + " < " + hi + " ? (" + *ct +
                          ")(" + unsignedCType(t) + ")(" + x + ") : (" + *ct +
                          ")UINT" + ws + "_MAX) : (" + *ct + ")0)");
  std::string lo = "-0x1p" + std::to_string(w - 1);
  return define(op, "(" + x + " >= " + lo + " ? (" + x + " < " + hi + " ? (" +
                        *ct + ")(" + x + ") : INT" + ws + "_MAX) : " + x +
                        " != " + x + " ? (" + *ct + ")0 : INT" + ws + "_MIN)");
}

// The table's Conversion form: the casts. A half result is rounded once
// from the exact value: from f64 and from integers through a round-to-odd
// float (24 bits keep enough to round to 11 or 8 correctly), never
// float-then-half twice to nearest.
LogicalResult KernelEmitter::emitConversion(Operation *op,
                                            ArrayRef<std::string> in) {
  Type t = op->getResult(0).getType();
  Type src = op->getOperand(0).getType();
  FailureOr<std::string> ct = cType(op->getLoc(), t);
  if (failed(ct))
    return failure();
  std::string x = in[0];
  if (isHalf(src))
    x = "uoph_" + halfName(src) + "_to_f32(" + x + ")";
  auto cast = [&](const std::string &e) {
    return define(op, "(" + *ct + ")(" + e + ")");
  };
  if (auto tf = dyn_cast<arith::TruncFOp>(op))
    if (tf.getRoundingmode() &&
        *tf.getRoundingmode() != arith::RoundingMode::to_nearest_even)
      return op->emitError("uop-to-c: truncf rounds to nearest even only");
  if (isa<arith::ExtFOp, arith::TruncFOp>(op)) {
    if (src.isF64() && t.isF32())
      return define(op, "uoph_f64_to_f32(" + x + ")");
    if (!isHalf(t))
      return cast(x);
    if (src.isF64())
      x = "uoph_f64_to_f32_odd(" + x + ")";
    return define(op, "uoph_f32_to_" + halfName(t) + "(" + x + ")");
  }
  if (isa<arith::SIToFPOp, arith::UIToFPOp>(op)) {
    bool isSigned = isa<arith::SIToFPOp>(op);
    // A signed i1 `true` is -1.
    if (src.isInteger(1))
      x = isSigned ? "(-(int)" + x + ")" : "(int)" + x;
    else if (!isSigned)
      x = "(" + unsignedCType(src) + ")" + x;
    if (!isHalf(t))
      return cast(x);
    std::string odd = isSigned ? "uoph_i64_to_f32_odd((int64_t)"
                               : "uoph_u64_to_f32_odd((uint64_t)";
    if (src.isInteger(1))
      odd = "uoph_i64_to_f32_odd((int64_t)";
    return define(op, "uoph_f32_to_" + halfName(t) + "(" + odd + x + "))");
  }
  if (isa<arith::FPToSIOp, arith::FPToUIOp>(op))
    return emitFloatToInt(op, x);
  // Integer to integer: widening sign- or zero-extends, narrowing keeps
  // the low bits.
  unsigned sw = src.isIndex() ? 64 : src.getIntOrFloatBitWidth();
  unsigned dw = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
  bool zext = isa<arith::ExtUIOp, arith::IndexCastUIOp>(op);
  if (dw < sw)
    return define(op, t.isInteger(1) ? "(_Bool)(" + x + " & 1)"
                                     : "(" + *ct + ")(" + x + ")");
  if (src.isInteger(1))
    return cast(zext ? "(int)" + x : "-(int64_t)" + x);
  if (zext)
    return cast("(" + unsignedCType(src) + ")" + x);
  return cast(x);
}
