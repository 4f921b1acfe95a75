//===- InterpreterALU.cpp - the interpreter's semantics of each ALU op ----===//
//
// One element function per row of uop/Support/ALUOps.def, registered by row:
// aluFunctions() is an array in the order of aluOps(), filled from the .def
// with aluFunction<NS::OP>, a specialization per op below. A row without
// one gets the primary template (no function), and UOpALUTableTests'
// InterpreterEvaluatesEveryRow fails naming it, not a user's --check.
//
// Values are exact: floats compute in double and the caller rounds to the
// element type; integers compute on int64 bits that the caller wraps to the
// width. Where arith leaves a result poison, uop defines it
// (docs/uop-dialect.md, "Edge cases"; the .def's NOTES column).
//
//===----------------------------------------------------------------------===//

#include "InterpreterALU.h"

#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace uop;
using namespace uop::interp;

namespace {

//===----------------------------------------------------------------------===//
// Element representation
//===----------------------------------------------------------------------===//

uint64_t maskOf(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
/// The unsigned and signed readings of wrapped bits (i1 true is -1 signed).
uint64_t uview(int64_t v, unsigned w) { return (uint64_t)v & maskOf(w); }
int64_t sview(int64_t v, unsigned w) { return w == 1 ? -(v & 1) : v; }

const llvm::fltSemantics &semanticsOf(Type t) {
  return cast<FloatType>(t).getFloatSemantics();
}

/// The bits of the float `v` of type `t`.
uint64_t floatBits(Type t, double v) {
  llvm::APFloat a(v);
  bool lost;
  a.convert(semanticsOf(t), llvm::APFloat::rmNearestTiesToEven, &lost);
  return a.bitcastToAPInt().getZExtValue();
}

/// The float of type `t` whose bits are `bits`, as a double.
double floatFromBits(Type t, uint64_t bits) {
  unsigned w = t.getIntOrFloatBitWidth();
  llvm::APFloat a(semanticsOf(t), llvm::APInt(w, bits & maskOf(w)));
  bool lost;
  a.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return a.convertToDouble();
}

/// An integer of `w` bits (signed or unsigned) to the float type `t`, rounded
/// once to nearest-even (f16/bf16 through f32, like every f16 op).
double intToFloat(Type t, int64_t v, unsigned w, bool isSigned) {
  llvm::APInt bits(64, isSigned ? (uint64_t)sview(v, w) : uview(v, w));
  bool half = t.isF16() || t.isBF16();
  llvm::APFloat a(half ? llvm::APFloat::IEEEsingle() : semanticsOf(t));
  a.convertFromAPInt(bits, isSigned, llvm::APFloat::rmNearestTiesToEven);
  bool lost;
  a.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return half ? roundToFloatType(t, a.convertToDouble()) : a.convertToDouble();
}

/// fptosi / fptoui: truncation toward zero, saturating to the integer's
/// range, NaN giving 0 (poison in arith; uop defines it as PTX's cvt and
/// LLVM's fptosi.sat do: docs/uop-dialect.md, "Edge cases").
Scalar floatToInt(double v, unsigned w, bool isSigned) {
  Scalar r; // NaN: 0
  double t = std::trunc(v);
  if (std::isnan(t))
    return r;
  // The representable range as exact doubles: [lo, hi).
  double lo = isSigned ? -std::ldexp(1.0, w - 1) : 0.0;
  double hi = std::ldexp(1.0, isSigned ? w - 1 : w);
  if (t <= lo)
    r.i = wrapToWidth((int64_t)lo, w);
  else if (t >= hi) // the largest value: all ones, the sign bit clear
    r.i = wrapToWidth(isSigned ? (int64_t)((~0ull >> 1) >> (64 - w)) : -1, w);
  else
    r.i = wrapToWidth(t >= 0x1p63 ? (int64_t)(uint64_t)t : (int64_t)t, w);
  return r;
}

/// IEEE roundToIntegralTiesToEven.
double roundEven(double v) {
  double r = std::round(v);
  if (std::fabs(v - std::trunc(v)) == 0.5)
    r = 2.0 * std::round(v / 2.0);
  return r;
}

/// One rounding from the source precision (f64 -> f16 does not pass through
/// f32); the result is exact in `res`, so storing it keeps it.
double truncateFloat(Type res, double v) {
  llvm::APFloat a(v);
  bool lost;
  a.convert(semanticsOf(res), llvm::APFloat::rmNearestTiesToEven, &lost);
  a.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return a.convertToDouble();
}

/// A defined integer result (its bits wrapped by the caller), and an
/// undefined one.
Scalar intValue(uint64_t v) { return Scalar{0, (int64_t)v, false}; }
Scalar undefinedInt() { return Scalar{0, 0, true}; }

//===----------------------------------------------------------------------===//
// The shapes of element functions
//===----------------------------------------------------------------------===//

/// Float math on float operands to a float result, in double (the caller
/// rounds to the type); none on other types.
std::optional<ElementFn> floatUnary(Type src, Type res, double (*f)(double)) {
  if (!isa<FloatType>(src) || !isa<FloatType>(res))
    return std::nullopt;
  return ElementFn(
      [f](ArrayRef<Scalar> a) { return Scalar{f(a[0].f), 0, false}; });
}
std::optional<ElementFn> floatBinary(Type src, Type res,
                                     double (*f)(double, double)) {
  if (!isa<FloatType>(src) || !isa<FloatType>(res))
    return std::nullopt;
  return ElementFn(
      [f](ArrayRef<Scalar> a) { return Scalar{f(a[0].f, a[1].f), 0, false}; });
}

/// A binary integer op on `w`-bit operands (index: 64); the result is
/// wrapped by the caller, undefined when an operand is.
using IntBinaryFn = Scalar (*)(int64_t a, int64_t b, unsigned w);
std::optional<ElementFn> intBinary(Operation &op, Type src, IntBinaryFn f) {
  if (op.getNumOperands() != 2 || !src.isIntOrIndex())
    return std::nullopt;
  return ElementFn([f, w = widthOf(src)](ArrayRef<Scalar> a) {
    if (a[0].undef || a[1].undef)
      return undefinedInt();
    return f(a[0].i, a[1].i, w);
  });
}

/// A unary integer op (or integer-to-integer cast) on a `w`-bit operand; an
/// undefined operand stays undefined.
using IntUnaryFn = Scalar (*)(int64_t a, unsigned w);
std::optional<ElementFn> intUnary(Operation &op, Type src, IntUnaryFn f) {
  if (op.getNumOperands() != 1 || !src.isIntOrIndex())
    return std::nullopt;
  return ElementFn([f, w = widthOf(src)](ArrayRef<Scalar> a) {
    if (a[0].undef)
      return undefinedInt();
    return f(a[0].i, w);
  });
}

//===----------------------------------------------------------------------===//
// One function per row
//===----------------------------------------------------------------------===//

/// The element function of the op class `Op` on operand element type `src`
/// and result element type `res`. The primary template is a row the
/// interpreter lacks.
template <typename Op>
std::optional<ElementFn> aluFunction(Operation &, Type, Type) {
  return std::nullopt;
}

#define UOP_ALU_FUNCTION(OP)                                                   \
  template <>                                                                  \
  std::optional<ElementFn> aluFunction<OP>([[maybe_unused]] Operation & op,    \
                                           [[maybe_unused]] Type src,          \
                                           [[maybe_unused]] Type res)

// Float arithmetic.
UOP_ALU_FUNCTION(arith::AddFOp) {
  return floatBinary(src, res, [](double a, double b) { return a + b; });
}
UOP_ALU_FUNCTION(arith::SubFOp) {
  return floatBinary(src, res, [](double a, double b) { return a - b; });
}
UOP_ALU_FUNCTION(arith::MulFOp) {
  return floatBinary(src, res, [](double a, double b) { return a * b; });
}
UOP_ALU_FUNCTION(arith::DivFOp) {
  return floatBinary(src, res, [](double a, double b) { return a / b; });
}
// remf: the remainder with the sign of the dividend, as C's fmod.
UOP_ALU_FUNCTION(arith::RemFOp) {
  return floatBinary(src, res,
                     [](double a, double b) { return std::fmod(a, b); });
}
UOP_ALU_FUNCTION(arith::NegFOp) {
  return floatUnary(src, res, [](double a) { return -a; });
}
// IEEE 754-2019 maximum / minimum: NaN wins, -0 < +0.
UOP_ALU_FUNCTION(arith::MaximumFOp) {
  return floatBinary(src, res, [](double a, double b) {
    if (std::isnan(a) || std::isnan(b))
      return (double)NAN;
    if (a == b)
      return std::signbit(a) ? b : a;
    return std::max(a, b);
  });
}
UOP_ALU_FUNCTION(arith::MinimumFOp) {
  return floatBinary(src, res, [](double a, double b) {
    if (std::isnan(a) || std::isnan(b))
      return (double)NAN;
    if (a == b)
      return std::signbit(a) ? a : b;
    return std::min(a, b);
  });
}
UOP_ALU_FUNCTION(arith::MaxNumFOp) {
  return floatBinary(src, res,
                     [](double a, double b) { return std::fmax(a, b); });
}
UOP_ALU_FUNCTION(arith::MinNumFOp) {
  return floatBinary(src, res,
                     [](double a, double b) { return std::fmin(a, b); });
}

// Integer arithmetic. add, sub, mul and the bitwise ops: the low bits of the
// result do not depend on the width, so these wrap on 64 bits.
UOP_ALU_FUNCTION(arith::AddIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned) {
    return intValue((uint64_t)a + (uint64_t)b);
  });
}
UOP_ALU_FUNCTION(arith::SubIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned) {
    return intValue((uint64_t)a - (uint64_t)b);
  });
}
UOP_ALU_FUNCTION(arith::MulIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned) {
    return intValue((uint64_t)a * (uint64_t)b);
  });
}

// Division and remainder by zero give 0; the most negative value over -1
// wraps (quotient itself, remainder 0), as in numpy.
Scalar signedDivision(int64_t a, int64_t b, unsigned w, bool div) {
  int64_t sa = sview(a, w), sb = sview(b, w);
  if (!sb)
    return intValue(0);
  if (sb == -1) // min / -1 wraps
    return intValue(div ? 0 - (uint64_t)sa : 0);
  return intValue(div ? sa / sb : sa % sb);
}

/// Signed floor or ceiling division: the exact quotient, then one step down
/// (floor) or up (ceil) when it is not whole; min / -1 wraps as the
/// program's does.
Scalar roundedSignedDivision(int64_t a, int64_t b, unsigned w, bool floor) {
  int64_t sa = sview(a, w), sb = sview(b, w);
  if (!sb)
    return intValue(0);
  int64_t q = sb == -1 ? (int64_t)(0 - (uint64_t)sa) : sa / sb;
  bool inexact = sb != -1 && sa % sb != 0;
  bool negative = (sa < 0) != (sb < 0);
  if (floor && inexact && negative)
    --q;
  if (!floor && inexact && !negative)
    ++q;
  return intValue(q);
}

UOP_ALU_FUNCTION(arith::DivSIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    return signedDivision(a, b, w, /*div=*/true);
  });
}
UOP_ALU_FUNCTION(arith::RemSIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    return signedDivision(a, b, w, /*div=*/false);
  });
}
UOP_ALU_FUNCTION(arith::FloorDivSIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    return roundedSignedDivision(a, b, w, /*floor=*/true);
  });
}
UOP_ALU_FUNCTION(arith::CeilDivSIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    return roundedSignedDivision(a, b, w, /*floor=*/false);
  });
}
UOP_ALU_FUNCTION(arith::DivUIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    uint64_t ub = uview(b, w);
    return ub ? intValue(uview(a, w) / ub) : intValue(0);
  });
}
UOP_ALU_FUNCTION(arith::RemUIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    uint64_t ub = uview(b, w);
    return ub ? intValue(uview(a, w) % ub) : intValue(0);
  });
}
UOP_ALU_FUNCTION(arith::CeilDivUIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    uint64_t ua = uview(a, w), ub = uview(b, w);
    return ub ? intValue(ua / ub + (ua % ub != 0)) : intValue(0);
  });
}
UOP_ALU_FUNCTION(arith::AndIOp) {
  return intBinary(
      op, src, [](int64_t a, int64_t b, unsigned) { return intValue(a & b); });
}
UOP_ALU_FUNCTION(arith::OrIOp) {
  return intBinary(
      op, src, [](int64_t a, int64_t b, unsigned) { return intValue(a | b); });
}
UOP_ALU_FUNCTION(arith::XOrIOp) {
  return intBinary(
      op, src, [](int64_t a, int64_t b, unsigned) { return intValue(a ^ b); });
}

// Shifts by the width or more: 0, or the sign for shrsi (numpy's and PTX's
// clamped shifts).
UOP_ALU_FUNCTION(arith::ShLIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    uint64_t s = uview(b, w);
    return s >= w ? intValue(0) : intValue(uview(a, w) << s);
  });
}
UOP_ALU_FUNCTION(arith::ShRUIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    uint64_t s = uview(b, w);
    return s >= w ? intValue(0) : intValue(uview(a, w) >> s);
  });
}
UOP_ALU_FUNCTION(arith::ShRSIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    uint64_t s = uview(b, w);
    return intValue(sview(a, w) >> (s >= w ? w - 1 : s));
  });
}

UOP_ALU_FUNCTION(arith::MaxSIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    return intValue(sview(a, w) >= sview(b, w) ? a : b);
  });
}
UOP_ALU_FUNCTION(arith::MinSIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    return intValue(sview(a, w) <= sview(b, w) ? a : b);
  });
}
UOP_ALU_FUNCTION(arith::MaxUIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    return intValue(uview(a, w) >= uview(b, w) ? a : b);
  });
}
UOP_ALU_FUNCTION(arith::MinUIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    return intValue(uview(a, w) <= uview(b, w) ? a : b);
  });
}

// Comparisons and select.
bool compareFloats(arith::CmpFPredicate p, double a, double b) {
  using P = arith::CmpFPredicate;
  bool unordered = std::isnan(a) || std::isnan(b);
  switch (p) {
  case P::AlwaysFalse:
    return false;
  case P::AlwaysTrue:
    return true;
  case P::OEQ:
    return !unordered && a == b;
  case P::ONE:
    return !unordered && a != b;
  case P::OLT:
    return !unordered && a < b;
  case P::OLE:
    return !unordered && a <= b;
  case P::OGT:
    return !unordered && a > b;
  case P::OGE:
    return !unordered && a >= b;
  case P::ORD:
    return !unordered;
  case P::UEQ:
    return unordered || a == b;
  case P::UNE:
    return unordered || a != b;
  case P::ULT:
    return unordered || a < b;
  case P::ULE:
    return unordered || a <= b;
  case P::UGT:
    return unordered || a > b;
  case P::UGE:
    return unordered || a >= b;
  case P::UNO:
    return unordered;
  }
  return false;
}

bool compareInts(arith::CmpIPredicate p, int64_t a, int64_t b, unsigned w) {
  using P = arith::CmpIPredicate;
  int64_t sa = sview(a, w), sb = sview(b, w);
  uint64_t ua = uview(a, w), ub = uview(b, w);
  switch (p) {
  case P::eq:
    return ua == ub;
  case P::ne:
    return ua != ub;
  case P::slt:
    return sa < sb;
  case P::sle:
    return sa <= sb;
  case P::sgt:
    return sa > sb;
  case P::sge:
    return sa >= sb;
  case P::ult:
    return ua < ub;
  case P::ule:
    return ua <= ub;
  case P::ugt:
    return ua > ub;
  case P::uge:
    return ua >= ub;
  }
  return false;
}

UOP_ALU_FUNCTION(arith::CmpFOp) {
  return ElementFn(
      [p = cast<arith::CmpFOp>(op).getPredicate()](ArrayRef<Scalar> a) {
        return Scalar{0, compareFloats(p, a[0].f, a[1].f), false};
      });
}
// Undefined when an operand is.
UOP_ALU_FUNCTION(arith::CmpIOp) {
  return ElementFn([p = cast<arith::CmpIOp>(op).getPredicate(),
                    w = widthOf(src)](ArrayRef<Scalar> a) {
    if (a[0].undef || a[1].undef)
      return undefinedInt();
    return Scalar{0, compareInts(p, a[0].i, a[1].i, w), false};
  });
}
UOP_ALU_FUNCTION(arith::SelectOp) {
  return ElementFn([](ArrayRef<Scalar> a) {
    if (a[0].undef)
      return Scalar{NAN, 0, true};
    return a[0].i ? a[1] : a[2];
  });
}

// Casts. Every one takes one operand.
UOP_ALU_FUNCTION(arith::ExtFOp) {
  if (op.getNumOperands() != 1)
    return std::nullopt;
  return ElementFn([](ArrayRef<Scalar> a) { return a[0]; });
}
UOP_ALU_FUNCTION(arith::TruncFOp) {
  if (op.getNumOperands() != 1)
    return std::nullopt;
  return ElementFn([res](ArrayRef<Scalar> a) {
    return Scalar{truncateFloat(res, a[0].f), 0, false};
  });
}

std::optional<ElementFn> intToFloatFunction(Operation &op, Type src, Type res,
                                            bool isSigned) {
  if (op.getNumOperands() != 1)
    return std::nullopt;
  return ElementFn([res, w = widthOf(src), isSigned](ArrayRef<Scalar> a) {
    if (a[0].undef)
      return Scalar{NAN, 0, false};
    return Scalar{intToFloat(res, a[0].i, w, isSigned), 0, false};
  });
}
UOP_ALU_FUNCTION(arith::SIToFPOp) {
  return intToFloatFunction(op, src, res, /*isSigned=*/true);
}
UOP_ALU_FUNCTION(arith::UIToFPOp) {
  return intToFloatFunction(op, src, res, /*isSigned=*/false);
}

std::optional<ElementFn> floatToIntFunction(Operation &op, Type res,
                                            bool isSigned) {
  if (op.getNumOperands() != 1)
    return std::nullopt;
  return ElementFn([w = widthOf(res), isSigned](ArrayRef<Scalar> a) {
    return floatToInt(a[0].f, w, isSigned);
  });
}
UOP_ALU_FUNCTION(arith::FPToSIOp) {
  return floatToIntFunction(op, res, /*isSigned=*/true);
}
UOP_ALU_FUNCTION(arith::FPToUIOp) {
  return floatToIntFunction(op, res, /*isSigned=*/false);
}

// Integer to integer: widening sign- or zero-extends, narrowing keeps the
// low bits (the caller wraps).
Scalar signExtend(int64_t a, unsigned w) {
  return Scalar{0, sview(a, w), false};
}
Scalar zeroExtend(int64_t a, unsigned w) { return intValue(uview(a, w)); }
UOP_ALU_FUNCTION(arith::ExtSIOp) { return intUnary(op, src, signExtend); }
UOP_ALU_FUNCTION(arith::ExtUIOp) { return intUnary(op, src, zeroExtend); }
UOP_ALU_FUNCTION(arith::TruncIOp) {
  return intUnary(op, src, [](int64_t a, unsigned) { return intValue(a); });
}
UOP_ALU_FUNCTION(arith::IndexCastOp) { return intUnary(op, src, signExtend); }
UOP_ALU_FUNCTION(arith::IndexCastUIOp) { return intUnary(op, src, zeroExtend); }

/// arith.bitcast, through the bits: float -> bits, then bits -> the result
/// type.
UOP_ALU_FUNCTION(arith::BitcastOp) {
  if (op.getNumOperands() != 1)
    return std::nullopt;
  bool fromFloat = isa<FloatType>(src), floatRes = isa<FloatType>(res);
  return ElementFn([src, res, fromFloat, floatRes](ArrayRef<Scalar> a) {
    if (a[0].undef)
      return floatRes ? Scalar{NAN, 0, false} : Scalar{0, 0, true};
    uint64_t bits = fromFloat ? floatBits(src, a[0].f)
                              : uview(a[0].i, src.getIntOrFloatBitWidth());
    if (floatRes)
      return Scalar{floatFromBits(res, bits), 0, false};
    return Scalar{0, (int64_t)bits, false};
  });
}

// Float math, in double.
UOP_ALU_FUNCTION(math::ExpOp) {
  return floatUnary(src, res, [](double a) { return std::exp(a); });
}
UOP_ALU_FUNCTION(math::Exp2Op) {
  return floatUnary(src, res, [](double a) { return std::exp2(a); });
}
UOP_ALU_FUNCTION(math::ExpM1Op) {
  return floatUnary(src, res, [](double a) { return std::expm1(a); });
}
UOP_ALU_FUNCTION(math::LogOp) {
  return floatUnary(src, res, [](double a) { return std::log(a); });
}
UOP_ALU_FUNCTION(math::Log2Op) {
  return floatUnary(src, res, [](double a) { return std::log2(a); });
}
UOP_ALU_FUNCTION(math::Log10Op) {
  return floatUnary(src, res, [](double a) { return std::log10(a); });
}
UOP_ALU_FUNCTION(math::Log1pOp) {
  return floatUnary(src, res, [](double a) { return std::log1p(a); });
}
UOP_ALU_FUNCTION(math::SqrtOp) {
  return floatUnary(src, res, [](double a) { return std::sqrt(a); });
}
UOP_ALU_FUNCTION(math::CbrtOp) {
  return floatUnary(src, res, [](double a) { return std::cbrt(a); });
}
UOP_ALU_FUNCTION(math::RsqrtOp) {
  return floatUnary(src, res, [](double a) { return 1.0 / std::sqrt(a); });
}
UOP_ALU_FUNCTION(math::SinOp) {
  return floatUnary(src, res, [](double a) { return std::sin(a); });
}
UOP_ALU_FUNCTION(math::CosOp) {
  return floatUnary(src, res, [](double a) { return std::cos(a); });
}
UOP_ALU_FUNCTION(math::TanOp) {
  return floatUnary(src, res, [](double a) { return std::tan(a); });
}
UOP_ALU_FUNCTION(math::TanhOp) {
  return floatUnary(src, res, [](double a) { return std::tanh(a); });
}
UOP_ALU_FUNCTION(math::AtanOp) {
  return floatUnary(src, res, [](double a) { return std::atan(a); });
}
UOP_ALU_FUNCTION(math::Atan2Op) {
  return floatBinary(src, res,
                     [](double a, double b) { return std::atan2(a, b); });
}
UOP_ALU_FUNCTION(math::ErfOp) {
  return floatUnary(src, res, [](double a) { return std::erf(a); });
}
UOP_ALU_FUNCTION(math::PowFOp) {
  return floatBinary(src, res,
                     [](double a, double b) { return std::pow(a, b); });
}
UOP_ALU_FUNCTION(math::AbsFOp) {
  return floatUnary(src, res, [](double a) { return std::fabs(a); });
}
UOP_ALU_FUNCTION(math::CopySignOp) {
  return floatBinary(src, res,
                     [](double a, double b) { return std::copysign(a, b); });
}
UOP_ALU_FUNCTION(math::FmaOp) {
  return ElementFn([](ArrayRef<Scalar> a) {
    return Scalar{std::fma(a[0].f, a[1].f, a[2].f), 0, false};
  });
}
UOP_ALU_FUNCTION(math::FloorOp) {
  return floatUnary(src, res, [](double a) { return std::floor(a); });
}
UOP_ALU_FUNCTION(math::CeilOp) {
  return floatUnary(src, res, [](double a) { return std::ceil(a); });
}
UOP_ALU_FUNCTION(math::TruncOp) {
  return floatUnary(src, res, [](double a) { return std::trunc(a); });
}
// math.round: half away from zero, as std::round.
UOP_ALU_FUNCTION(math::RoundOp) {
  return floatUnary(src, res, [](double a) { return std::round(a); });
}
UOP_ALU_FUNCTION(math::RoundEvenOp) { return floatUnary(src, res, roundEven); }

// Integer math.
UOP_ALU_FUNCTION(math::AbsIOp) {
  return intUnary(op, src, [](int64_t a, unsigned w) {
    int64_t s = sview(a, w);
    return intValue(s < 0 ? 0 - (uint64_t)s : (uint64_t)s);
  });
}
// Zero has `w` leading and trailing zeros.
UOP_ALU_FUNCTION(math::CountLeadingZerosOp) {
  return intUnary(op, src, [](int64_t a, unsigned w) {
    uint64_t u = uview(a, w);
    return Scalar{0, (int64_t)(w - (64 - llvm::countl_zero(u))), false};
  });
}
UOP_ALU_FUNCTION(math::CountTrailingZerosOp) {
  return intUnary(op, src, [](int64_t a, unsigned w) {
    uint64_t u = uview(a, w);
    return Scalar{0, u ? (int64_t)llvm::countr_zero(u) : (int64_t)w, false};
  });
}
UOP_ALU_FUNCTION(math::CtPopOp) {
  return intUnary(op, src, [](int64_t a, unsigned w) {
    return intValue(llvm::popcount(uview(a, w)));
  });
}

/// math.ipowi as convert-math-to-funcs defines it: p < 0 gives 1 for b = 1,
/// +-1 for b = -1, 0 otherwise and is undefined for b = 0.
Scalar integerPower(int64_t base, int64_t p) {
  if (p < 0) {
    if (base == 0)
      return undefinedInt();
    if (base == 1)
      return intValue(1);
    if (base == -1)
      return intValue((p & 1) ? (uint64_t)-1 : 1);
    return intValue(0);
  }
  uint64_t r = 1, x = (uint64_t)base;
  for (uint64_t e = (uint64_t)p; e; e >>= 1, x *= x)
    if (e & 1)
      r *= x;
  return intValue(r);
}
UOP_ALU_FUNCTION(math::IPowIOp) {
  return intBinary(op, src, [](int64_t a, int64_t b, unsigned w) {
    return integerPower(sview(a, w), sview(b, w));
  });
}

#undef UOP_ALU_FUNCTION

/// Builds one row's element function from the op and its operand and result
/// element types.
using ALUFunction = std::optional<ElementFn> (*)(Operation &, Type, Type);

/// Every row's function, in the order of aluOps().
ArrayRef<ALUFunction> aluFunctions() {
  static const ALUFunction functions[] = {
#define UOP_ALU_OP(NS, OP, ...) &aluFunction<NS::OP>,
#include "uop/Support/ALUOps.def"
  };
  return functions;
}

/// PRECAST, the bestiary's preliminary cast: tinygrad's CAST of the value
/// (as uop-normalize's arith op): floats round once, float to integer
/// truncates and saturates as fptosi, integers sign-extend or wrap, bool is
/// 0 or 1, and to bool it is `x != 0`.
ElementFn precastFunction(Type src, Type res) {
  bool fs = isa<FloatType>(src), fr = isa<FloatType>(res);
  unsigned ws = fs ? 0 : widthOf(src), wr = fr ? 0 : widthOf(res);
  return ElementFn([=](ArrayRef<Scalar> a) {
    Scalar x = a[0];
    if (!fs && x.undef)
      return fr ? Scalar{NAN, 0, false} : Scalar{0, 0, true};
    if (!fr && wr == 1)
      return Scalar{0, fs ? int64_t(x.f != 0) : int64_t(uview(x.i, ws) != 0),
                    false};
    if (fs && fr)
      return Scalar{roundResult(res, x.f), 0, false};
    if (fr)
      return Scalar{intToFloat(res, x.i, ws, ws != 1), 0, false};
    if (fs)
      return floatToInt(x.f, wr, /*isSigned=*/true);
    int64_t v = ws == 1 ? int64_t(uview(x.i, 1)) : sview(x.i, ws);
    return Scalar{0, wrapToWidth(v, wr), false};
  });
}

} // namespace

std::optional<ElementFn> uop::interp::elementFunction(Operation &op) {
  Type res = getElementTypeOrSelf(op.getResult(0).getType());
  Type src = op.getNumOperands()
                 ? getElementTypeOrSelf(op.getOperand(0).getType())
                 : Type();
  if (const ALUOpInfo *row = lookupALUOp(&op))
    return aluFunctions()[row - aluOps().data()](op, src, res);
  if (isa<PrecastOp>(op) && op.getNumOperands() == 1)
    return precastFunction(src, res);
  return std::nullopt;
}
