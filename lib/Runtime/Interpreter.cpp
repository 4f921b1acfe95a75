//===- Interpreter.cpp - reference evaluator of tensor-level uop ----------===//

#include "uop/Runtime/Interpreter.h"
#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

using namespace mlir;
using namespace uop;

//===----------------------------------------------------------------------===//
// Element representation
//===----------------------------------------------------------------------===//

double uop::roundToFloatType(Type t, double v) {
  if (t.isF64())
    return v;
  if (t.isF32())
    return (double)(float)v;
  // f16/bf16: the f32 result of the computation, rounded once more.
  llvm::APFloat a((float)v);
  bool lost;
  a.convert(t.isF16() ? llvm::APFloat::IEEEhalf() : llvm::APFloat::BFloat(),
            llvm::APFloat::rmNearestTiesToEven, &lost);
  a.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return a.convertToDouble();
}

int64_t uop::wrapToWidth(int64_t v, unsigned w) {
  if (w >= 64)
    return v;
  if (w == 1)
    return v & 1;
  return llvm::SignExtend64(v, w);
}

namespace {
/// One element while an op is evaluated: `f` for floats, `i` (wrapped bits)
/// for integers, `undef` for an undefined integer.
struct Scalar {
  double f = 0;
  int64_t i = 0;
  bool undef = false;
};

unsigned widthOf(Type t) {
  return t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
}
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

using ElementFn = std::function<Scalar(ArrayRef<Scalar>)>;

//===----------------------------------------------------------------------===//
// ALU ops, one element at a time
//===----------------------------------------------------------------------===//

/// Unary float -> float math, in double; the caller rounds to the type.
std::optional<double (*)(double)> floatUnary(Operation *op) {
  using F = double (*)(double);
  return TypeSwitch<Operation *, std::optional<F>>(op)
      .Case<arith::NegFOp>(
          [](auto) -> F { return [](double a) { return -a; }; })
      .Case<math::ExpOp>(
          [](auto) -> F { return [](double a) { return std::exp(a); }; })
      .Case<math::Exp2Op>(
          [](auto) -> F { return [](double a) { return std::exp2(a); }; })
      .Case<math::ExpM1Op>(
          [](auto) -> F { return [](double a) { return std::expm1(a); }; })
      .Case<math::LogOp>(
          [](auto) -> F { return [](double a) { return std::log(a); }; })
      .Case<math::Log2Op>(
          [](auto) -> F { return [](double a) { return std::log2(a); }; })
      .Case<math::Log10Op>(
          [](auto) -> F { return [](double a) { return std::log10(a); }; })
      .Case<math::Log1pOp>(
          [](auto) -> F { return [](double a) { return std::log1p(a); }; })
      .Case<math::SqrtOp>(
          [](auto) -> F { return [](double a) { return std::sqrt(a); }; })
      .Case<math::CbrtOp>(
          [](auto) -> F { return [](double a) { return std::cbrt(a); }; })
      .Case<math::RsqrtOp>(
          [](auto) -> F { return [](double a) { return 1.0 / std::sqrt(a); }; })
      .Case<math::SinOp>(
          [](auto) -> F { return [](double a) { return std::sin(a); }; })
      .Case<math::CosOp>(
          [](auto) -> F { return [](double a) { return std::cos(a); }; })
      .Case<math::TanOp>(
          [](auto) -> F { return [](double a) { return std::tan(a); }; })
      .Case<math::TanhOp>(
          [](auto) -> F { return [](double a) { return std::tanh(a); }; })
      .Case<math::AtanOp>(
          [](auto) -> F { return [](double a) { return std::atan(a); }; })
      .Case<math::ErfOp>(
          [](auto) -> F { return [](double a) { return std::erf(a); }; })
      .Case<math::AbsFOp>(
          [](auto) -> F { return [](double a) { return std::fabs(a); }; })
      .Case<math::FloorOp>(
          [](auto) -> F { return [](double a) { return std::floor(a); }; })
      .Case<math::CeilOp>(
          [](auto) -> F { return [](double a) { return std::ceil(a); }; })
      .Case<math::TruncOp>(
          [](auto) -> F { return [](double a) { return std::trunc(a); }; })
      // math.round: half away from zero, as std::round.
      .Case<math::RoundOp>(
          [](auto) -> F { return [](double a) { return std::round(a); }; })
      .Case<math::RoundEvenOp>([](auto) -> F { return roundEven; })
      .Default([](Operation *) { return std::nullopt; });
}

/// Binary float -> float, in double; the caller rounds to the type.
std::optional<double (*)(double, double)> floatBinary(Operation *op) {
  using F = double (*)(double, double);
  return TypeSwitch<Operation *, std::optional<F>>(op)
      .Case<arith::AddFOp>(
          [](auto) -> F { return [](double a, double b) { return a + b; }; })
      .Case<arith::SubFOp>(
          [](auto) -> F { return [](double a, double b) { return a - b; }; })
      .Case<arith::MulFOp>(
          [](auto) -> F { return [](double a, double b) { return a * b; }; })
      .Case<arith::DivFOp>(
          [](auto) -> F { return [](double a, double b) { return a / b; }; })
      // remf: the remainder with the sign of the dividend, as C's fmod.
      .Case<arith::RemFOp>([](auto) -> F {
        return [](double a, double b) { return std::fmod(a, b); };
      })
      .Case<math::PowFOp>([](auto) -> F {
        return [](double a, double b) { return std::pow(a, b); };
      })
      .Case<math::Atan2Op>([](auto) -> F {
        return [](double a, double b) { return std::atan2(a, b); };
      })
      .Case<math::CopySignOp>([](auto) -> F {
        return [](double a, double b) { return std::copysign(a, b); };
      })
      // IEEE 754-2019 maximum / minimum: NaN wins, -0 < +0.
      .Case<arith::MaximumFOp>([](auto) -> F {
        return [](double a, double b) {
          if (std::isnan(a) || std::isnan(b))
            return (double)NAN;
          if (a == b)
            return std::signbit(a) ? b : a;
          return std::max(a, b);
        };
      })
      .Case<arith::MinimumFOp>([](auto) -> F {
        return [](double a, double b) {
          if (std::isnan(a) || std::isnan(b))
            return (double)NAN;
          if (a == b)
            return std::signbit(a) ? a : b;
          return std::min(a, b);
        };
      })
      .Case<arith::MaxNumFOp>([](auto) -> F {
        return [](double a, double b) { return std::fmax(a, b); };
      })
      .Case<arith::MinNumFOp>([](auto) -> F {
        return [](double a, double b) { return std::fmin(a, b); };
      })
      .Default([](Operation *) { return std::nullopt; });
}

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

using IntBinaryFn = std::function<Scalar(int64_t, int64_t)>;

/// A defined integer result (its bits wrapped by the caller), and an
/// undefined one.
Scalar intValue(uint64_t v) { return Scalar{0, (int64_t)v, false}; }
Scalar undefinedInt() { return Scalar{0, 0, true}; }

/// add, sub, mul and the bitwise ops: the low bits of the result do not
/// depend on the width, so these wrap on 64 bits.
std::optional<IntBinaryFn> intRingOp(Operation *op, unsigned) {
  using R = std::optional<IntBinaryFn>;
  return TypeSwitch<Operation *, R>(op)
      .Case<arith::AddIOp>([](auto) -> R {
        return [](int64_t a, int64_t b) {
          return intValue((uint64_t)a + (uint64_t)b);
        };
      })
      .Case<arith::SubIOp>([](auto) -> R {
        return [](int64_t a, int64_t b) {
          return intValue((uint64_t)a - (uint64_t)b);
        };
      })
      .Case<arith::MulIOp>([](auto) -> R {
        return [](int64_t a, int64_t b) {
          return intValue((uint64_t)a * (uint64_t)b);
        };
      })
      .Case<arith::AndIOp>([](auto) -> R {
        return [](int64_t a, int64_t b) { return intValue(a & b); };
      })
      .Case<arith::OrIOp>([](auto) -> R {
        return [](int64_t a, int64_t b) { return intValue(a | b); };
      })
      .Case<arith::XOrIOp>([](auto) -> R {
        return [](int64_t a, int64_t b) { return intValue(a ^ b); };
      })
      .Default([](Operation *) -> R { return std::nullopt; });
}

/// Shifts by the width or more: 0, or the sign for shrsi (numpy's and PTX's
/// clamped shifts; docs/uop-dialect.md, "Edge cases").
std::optional<IntBinaryFn> intShift(Operation *op, unsigned w) {
  using R = std::optional<IntBinaryFn>;
  return TypeSwitch<Operation *, R>(op)
      .Case<arith::ShLIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          uint64_t s = uview(b, w);
          return s >= w ? intValue(0) : intValue(uview(a, w) << s);
        };
      })
      .Case<arith::ShRUIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          uint64_t s = uview(b, w);
          return s >= w ? intValue(0) : intValue(uview(a, w) >> s);
        };
      })
      .Case<arith::ShRSIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          uint64_t s = uview(b, w);
          return intValue(sview(a, w) >> (s >= w ? w - 1 : s));
        };
      })
      .Default([](Operation *) -> R { return std::nullopt; });
}

/// Signed floor or ceiling division: the exact quotient, then one step down
/// (floor) or up (ceil) when it is not whole; min / -1 wraps as the
/// program's does.
Scalar roundedSignedDivision(int64_t sa, int64_t sb, bool floor) {
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

/// Division and remainder by zero give 0; the most negative value over -1
/// wraps (quotient itself, remainder 0), as in numpy.
std::optional<IntBinaryFn> intDivision(Operation *op, unsigned w) {
  using R = std::optional<IntBinaryFn>;
  return TypeSwitch<Operation *, R>(op)
      .Case<arith::DivUIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          uint64_t ub = uview(b, w);
          return ub ? intValue(uview(a, w) / ub) : intValue(0);
        };
      })
      .Case<arith::RemUIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          uint64_t ub = uview(b, w);
          return ub ? intValue(uview(a, w) % ub) : intValue(0);
        };
      })
      .Case<arith::CeilDivUIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          uint64_t ua = uview(a, w), ub = uview(b, w);
          return ub ? intValue(ua / ub + (ua % ub != 0)) : intValue(0);
        };
      })
      .Case<arith::DivSIOp, arith::RemSIOp>([&](Operation *o) -> R {
        bool div = isa<arith::DivSIOp>(o);
        return [=](int64_t a, int64_t b) {
          int64_t sa = sview(a, w), sb = sview(b, w);
          if (!sb)
            return intValue(0);
          if (sb == -1) // min / -1 wraps
            return intValue(div ? 0 - (uint64_t)sa : 0);
          return intValue(div ? sa / sb : sa % sb);
        };
      })
      .Case<arith::FloorDivSIOp, arith::CeilDivSIOp>([&](Operation *o) -> R {
        bool floor = isa<arith::FloorDivSIOp>(o);
        return [=](int64_t a, int64_t b) {
          return roundedSignedDivision(sview(a, w), sview(b, w), floor);
        };
      })
      .Default([](Operation *) -> R { return std::nullopt; });
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

/// ipowi and the signed and unsigned max/min.
std::optional<IntBinaryFn> intPowerOrMinMax(Operation *op, unsigned w) {
  using R = std::optional<IntBinaryFn>;
  return TypeSwitch<Operation *, R>(op)
      .Case<math::IPowIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          return integerPower(sview(a, w), sview(b, w));
        };
      })
      .Case<arith::MaxSIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          return intValue(sview(a, w) >= sview(b, w) ? a : b);
        };
      })
      .Case<arith::MinSIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          return intValue(sview(a, w) <= sview(b, w) ? a : b);
        };
      })
      .Case<arith::MaxUIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          return intValue(uview(a, w) >= uview(b, w) ? a : b);
        };
      })
      .Case<arith::MinUIOp>([&](auto) -> R {
        return [=](int64_t a, int64_t b) {
          return intValue(uview(a, w) <= uview(b, w) ? a : b);
        };
      })
      .Default([](Operation *) -> R { return std::nullopt; });
}

/// Binary integer ops on `w`-bit operands; the result is wrapped by the
/// caller. Division by zero, signed division overflow and shifts by the
/// width or more are poison in arith; uop defines them (docs/uop-dialect.md,
/// "Edge cases"). One family of ops at a time.
std::optional<IntBinaryFn> intBinary(Operation *op, unsigned w) {
  using Family = std::optional<IntBinaryFn> (*)(Operation *, unsigned);
  for (Family family : {intRingOp, intShift, intDivision, intPowerOrMinMax})
    if (std::optional<IntBinaryFn> f = family(op, w))
      return f;
  return std::nullopt;
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
      return Scalar{roundToFloatType(res, x.f), 0, false};
    if (fr)
      return Scalar{intToFloat(res, x.i, ws, ws != 1), 0, false};
    if (fs)
      return floatToInt(x.f, wr, /*isSigned=*/true);
    int64_t v = ws == 1 ? int64_t(uview(x.i, 1)) : sview(x.i, ws);
    return Scalar{0, wrapToWidth(v, wr), false};
  });
}

/// SELECT and FMA: the ops with three operands.
std::optional<ElementFn> ternaryFunction(Operation &op, Type, Type) {
  if (isa<arith::SelectOp>(op))
    return ElementFn([](ArrayRef<Scalar> a) {
      if (a[0].undef)
        return Scalar{NAN, 0, true};
      return a[0].i ? a[1] : a[2];
    });
  if (isa<math::FmaOp>(op))
    return ElementFn([](ArrayRef<Scalar> a) {
      return Scalar{std::fma(a[0].f, a[1].f, a[2].f), 0, false};
    });
  return std::nullopt;
}

/// Float math (float operands to a float result) and float comparisons.
std::optional<ElementFn> floatFunction(Operation &op, Type src, Type res) {
  unsigned n = op.getNumOperands();
  bool floatMath = n && isa<FloatType>(res) && isa<FloatType>(src);
  if (n == 1 && floatMath)
    if (auto f = floatUnary(&op))
      return ElementFn(
          [f = *f](ArrayRef<Scalar> a) { return Scalar{f(a[0].f), 0, false}; });
  if (n == 2 && floatMath)
    if (auto f = floatBinary(&op))
      return ElementFn([f = *f](ArrayRef<Scalar> a) {
        return Scalar{f(a[0].f, a[1].f), 0, false};
      });
  if (auto c = dyn_cast<arith::CmpFOp>(op))
    return ElementFn([p = c.getPredicate()](ArrayRef<Scalar> a) {
      return Scalar{0, compareFloats(p, a[0].f, a[1].f), false};
    });
  return std::nullopt;
}

/// Integer comparisons and binary ops: undefined when an operand is.
std::optional<ElementFn> intBinaryFunction(Operation &op, Type src, Type) {
  if (auto c = dyn_cast<arith::CmpIOp>(op))
    return ElementFn(
        [p = c.getPredicate(), w = widthOf(src)](ArrayRef<Scalar> a) {
          if (a[0].undef || a[1].undef)
            return undefinedInt();
          return Scalar{0, compareInts(p, a[0].i, a[1].i, w), false};
        });
  if (op.getNumOperands() == 2 && src.isIntOrIndex())
    if (auto f = intBinary(&op, widthOf(src)))
      return ElementFn([f = *f](ArrayRef<Scalar> a) {
        if (a[0].undef || a[1].undef)
          return undefinedInt();
        return f(a[0].i, a[1].i);
      });
  return std::nullopt;
}

/// `g` on a defined integer operand; an undefined one stays undefined.
template <typename G> ElementFn onDefinedInt(G g) {
  return ElementFn([g](ArrayRef<Scalar> a) {
    if (a[0].undef)
      return undefinedInt();
    return g(a[0]);
  });
}

/// Integer unary ops and the integer-to-integer casts.
std::optional<ElementFn> intUnaryFunction(Operation &op, Type src, Type) {
  if (op.getNumOperands() != 1 || !src.isIntOrIndex())
    return std::nullopt;
  unsigned w = widthOf(src);
  if (isa<math::AbsIOp>(op))
    return onDefinedInt([w](Scalar a) {
      int64_t s = sview(a.i, w);
      return intValue(s < 0 ? 0 - (uint64_t)s : (uint64_t)s);
    });
  if (isa<math::CtPopOp>(op))
    return onDefinedInt(
        [w](Scalar a) { return intValue(llvm::popcount(uview(a.i, w))); });
  // Zero has `w` leading and trailing zeros.
  if (isa<math::CountLeadingZerosOp>(op))
    return onDefinedInt([w](Scalar a) {
      uint64_t u = uview(a.i, w);
      return Scalar{0, (int64_t)(w - (64 - llvm::countl_zero(u))), false};
    });
  if (isa<math::CountTrailingZerosOp>(op))
    return onDefinedInt([w](Scalar a) {
      uint64_t u = uview(a.i, w);
      return Scalar{0, u ? (int64_t)llvm::countr_zero(u) : (int64_t)w, false};
    });
  if (isa<arith::ExtSIOp, arith::IndexCastOp>(op))
    return onDefinedInt(
        [w](Scalar a) { return Scalar{0, sview(a.i, w), false}; });
  if (isa<arith::ExtUIOp, arith::IndexCastUIOp>(op))
    return onDefinedInt([w](Scalar a) { return intValue(uview(a.i, w)); });
  if (isa<arith::TruncIOp>(op))
    return onDefinedInt([](Scalar a) { return a; });
  return std::nullopt;
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

/// arith.bitcast, through the bits: float -> bits, then bits -> the result
/// type.
ElementFn bitcastFunction(Type src, Type res) {
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

/// The casts that involve a float type, PRECAST and bitcast.
std::optional<ElementFn> castFunction(Operation &op, Type src, Type res) {
  if (op.getNumOperands() != 1)
    return std::nullopt;
  if (isa<arith::ExtFOp>(op))
    return ElementFn([](ArrayRef<Scalar> a) { return a[0]; });
  if (isa<arith::TruncFOp>(op))
    return ElementFn([res](ArrayRef<Scalar> a) {
      return Scalar{truncateFloat(res, a[0].f), 0, false};
    });
  if (isa<arith::SIToFPOp, arith::UIToFPOp>(op)) {
    bool isSigned = isa<arith::SIToFPOp>(op);
    return ElementFn([res, w = widthOf(src), isSigned](ArrayRef<Scalar> a) {
      if (a[0].undef)
        return Scalar{NAN, 0, false};
      return Scalar{intToFloat(res, a[0].i, w, isSigned), 0, false};
    });
  }
  if (isa<arith::FPToSIOp, arith::FPToUIOp>(op)) {
    bool isSigned = isa<arith::FPToSIOp>(op);
    return ElementFn([w = widthOf(res), isSigned](ArrayRef<Scalar> a) {
      return floatToInt(a[0].f, w, isSigned);
    });
  }
  if (isa<PrecastOp>(op))
    return precastFunction(src, res);
  if (isa<arith::BitcastOp>(op))
    return bitcastFunction(src, res);
  return std::nullopt;
}

/// The function computing one element of `op`'s result from its operands'
/// elements, before wrapping/rounding to the result type; none when the
/// interpreter does not know `op`. Each family of ops is tried in turn.
std::optional<ElementFn> elementFunction(Operation &op) {
  Type res = getElementTypeOrSelf(op.getResult(0).getType());
  Type src = op.getNumOperands()
                 ? getElementTypeOrSelf(op.getOperand(0).getType())
                 : Type();
  using Family = std::optional<ElementFn> (*)(Operation &, Type, Type);
  for (Family family : {ternaryFunction, floatFunction, intBinaryFunction,
                        intUnaryFunction, castFunction})
    if (std::optional<ElementFn> f = family(op, src, res))
      return f;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> s(shape.size(), 1);
  for (int64_t i = (int64_t)shape.size() - 2; i >= 0; --i)
    s[i] = s[i + 1] * shape[i + 1];
  return s;
}

/// Calls f(flat index, multi-index) for every element of `shape`.
template <typename F> void forEach(ArrayRef<int64_t> shape, F f) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  SmallVector<int64_t> idx(shape.size(), 0);
  for (int64_t flat = 0; flat < n; ++flat) {
    f(flat, ArrayRef<int64_t>(idx));
    for (int64_t i = (int64_t)shape.size() - 1; i >= 0; --i) {
      if (++idx[i] < shape[i])
        break;
      idx[i] = 0;
    }
  }
}

/// An empty (zero) tensor of type `t`, its values in the field its element
/// type uses.
HostTensor like(RankedTensorType t) {
  HostTensor h;
  h.shape.assign(t.getShape().begin(), t.getShape().end());
  if (isa<FloatType>(t.getElementType()))
    h.data.assign(h.numElements(), 0.0);
  else
    h.ints.assign(h.numElements(), 0);
  return h;
}

bool isFloatTensor(Value v) {
  return isa<FloatType>(getElementTypeOrSelf(v.getType()));
}

Scalar readElement(const HostTensor &h, bool isFloat, int64_t i) {
  if (isFloat)
    return Scalar{h.data[i], 0, false};
  return Scalar{0, h.ints[i], h.isUndefined(i)};
}

void markUndefined(HostTensor &h, int64_t i) {
  if (h.undefined.empty())
    h.undefined.assign(h.numElements(), 0);
  h.undefined[i] = 1;
}

/// Stores `s` as element `i` of `out` (of element type `elt`), rounded or
/// wrapped to the type.
void writeElement(HostTensor &out, Type elt, int64_t i, Scalar s) {
  if (isa<FloatType>(elt)) {
    out.data[i] = roundToFloatType(elt, s.f);
    return;
  }
  out.ints[i] = wrapToWidth(s.i, widthOf(elt));
  if (s.undef)
    markUndefined(out, i);
}

/// Gathers: out[idx] = in[map(idx)] over the shape of `rt`, or 0 where `map`
/// gives nothing.
void gather(
    RankedTensorType rt, HostTensor &out, const HostTensor &in,
    function_ref<bool(ArrayRef<int64_t>, SmallVectorImpl<int64_t> &)> map) {
  SmallVector<int64_t> inStrides = stridesOf(in.shape);
  SmallVector<int64_t> s(in.shape.size());
  bool isFloat = isa<FloatType>(rt.getElementType());
  forEach(rt.getShape(), [&](int64_t flat, ArrayRef<int64_t> idx) {
    if (!map(idx, s))
      return; // `out` starts as zeros
    int64_t f = 0;
    for (size_t i = 0; i < s.size(); ++i)
      f += s[i] * inStrides[i];
    if (isFloat) {
      out.data[flat] = in.data[f];
      return;
    }
    out.ints[flat] = in.ints[f];
    if (in.isUndefined(f))
      markUndefined(out, flat);
  });
}

/// The elements of a dense constant.
LogicalResult evaluateConstant(arith::ConstantOp c, Type elt, HostTensor &out) {
  auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
  if (!dense)
    return c.emitError("interpreter: unsupported constant");
  int64_t n = out.numElements();
  if (n == 0) // a zero extent: nothing to read, even from a splat
    return success();
  if (isa<FloatType>(elt)) {
    int64_t i = 0;
    for (APFloat v : dense.getValues<APFloat>()) {
      bool lost;
      v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
      out.data[i++] = v.convertToDouble();
      if (i == n)
        break;
    }
    if (dense.isSplat())
      std::fill(out.data.begin(), out.data.end(), out.data[0]);
  } else {
    int64_t i = 0;
    unsigned w = widthOf(elt);
    for (APInt v : dense.getValues<APInt>()) {
      out.ints[i++] =
          wrapToWidth(w == 1 ? v.getZExtValue() : v.getSExtValue(), w);
      if (i == n)
        break;
    }
    if (dense.isSplat())
      std::fill(out.ints.begin(), out.ints.end(), out.ints[0]);
  }
  return success();
}

/// Evaluates a movement op (reshape, permute, expand, ...) into `out`; false
/// when `op` is not one.
bool evaluateMovement(Operation &op, RankedTensorType rt,
                      DenseMap<Value, HostTensor> &env, HostTensor &out) {
  auto src = [&](unsigned i) -> const HostTensor & {
    return env[op.getOperand(i)];
  };
  if (isa<ReshapeOp, ContiguousOp, DetachOp, ContiguousBackwardOp>(op)) {
    out.data = src(0).data;
    out.ints = src(0).ints;
    out.undefined = src(0).undefined;
  } else if (auto p = dyn_cast<PermuteOp>(op)) {
    ArrayRef<int64_t> perm = p.getAxes();
    gather(rt, out, src(0),
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
             for (size_t i = 0; i < perm.size(); ++i)
               s[perm[i]] = idx[i];
             return true;
           });
  } else if (isa<ExpandOp>(op)) {
    const HostTensor &in = src(0);
    gather(rt, out, in,
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
             for (size_t i = 0; i < idx.size(); ++i)
               s[i] = in.shape[i] == 1 ? 0 : idx[i];
             return true;
           });
  } else if (auto sh = dyn_cast<ShrinkOp>(op)) {
    ArrayRef<int64_t> begins = sh.getBegins();
    gather(rt, out, src(0),
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
             for (size_t i = 0; i < idx.size(); ++i)
               s[i] = idx[i] + begins[i];
             return true;
           });
  } else if (auto f = dyn_cast<FlipOp>(op)) {
    ArrayRef<bool> axes = f.getAxes();
    gather(rt, out, src(0),
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
             for (size_t i = 0; i < idx.size(); ++i)
               s[i] = axes[i] ? rt.getDimSize(i) - 1 - idx[i] : idx[i];
             return true;
           });
  } else if (auto pad = dyn_cast<PadOp>(op)) {
    const HostTensor &in = src(0);
    ArrayRef<int64_t> lo = pad.getBeginPads();
    gather(rt, out, in,
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
             for (size_t i = 0; i < idx.size(); ++i) {
               s[i] = idx[i] - lo[i];
               if (s[i] < 0 || s[i] >= in.shape[i])
                 return false;
             }
             return true;
           });
  } else {
    return false;
  }
  return true;
}

/// The identity a float reduction starts from.
inline double floatReduceInit(ReduceOpKind kind) {
  return kind == ReduceOpKind::Add   ? 0.0
         : kind == ReduceOpKind::Mul ? 1.0
         : kind == ReduceOpKind::Max ? -INFINITY
                                     : INFINITY;
}

/// One step of a float reduction.
inline void accumulateFloat(ReduceOpKind kind, double &acc, double v) {
  switch (kind) {
  case ReduceOpKind::Add:
    acc += v;
    break;
  case ReduceOpKind::Mul:
    acc *= v;
    break;
  case ReduceOpKind::Max:
    acc = std::isnan(v) || std::isnan(acc) ? NAN : std::max(acc, v);
    break;
  case ReduceOpKind::Min:
    acc = std::isnan(v) || std::isnan(acc) ? NAN : std::min(acc, v);
    break;
  case ReduceOpKind::UMax:
  case ReduceOpKind::UMin:
    break; // integers only (the verifier)
  }
}

/// Reduces `in` over the axes of `red` into `out`. Floats: f32/f64 accumulate
/// in double and round once; f16/bf16 round after every step, as a half
/// accumulator computed in f32 does. Integers wrap; MAX/MIN compare signed,
/// except i1, where they are any() and all().
void evaluateReduce(ArrayRef<int64_t> reduced, ReduceOpKind kind,
                    RankedTensorType rt, const HostTensor &in,
                    HostTensor &out) {
  SmallVector<int64_t> outStrides = stridesOf(rt.getShape());
  llvm::SmallDenseSet<int64_t> axes(reduced.begin(), reduced.end());
  Type elt = rt.getElementType();
  auto outIndex = [&](ArrayRef<int64_t> idx) {
    int64_t o = 0, k = 0;
    for (size_t i = 0; i < idx.size(); ++i)
      if (!axes.contains(i))
        o += idx[i] * outStrides[k++];
    return o;
  };
  if (isa<FloatType>(elt)) {
    bool perStep = elt.isF16() || elt.isBF16();
    double init = floatReduceInit(kind);
    std::fill(out.data.begin(), out.data.end(), init);
    forEach(in.shape, [&](int64_t flat, ArrayRef<int64_t> idx) {
      double &acc = out.data[outIndex(idx)];
      accumulateFloat(kind, acc, in.data[flat]);
      if (perStep)
        acc = roundToFloatType(elt, acc);
    });
    for (double &v : out.data)
      v = roundToFloatType(elt, v);
    return;
  }
  unsigned w = widthOf(elt);
  int64_t smax = w >= 64 ? std::numeric_limits<int64_t>::max()
                         : (int64_t)((1ull << (w - 1)) - 1);
  int64_t init = kind == ReduceOpKind::Add    ? 0
                 : kind == ReduceOpKind::Mul  ? 1
                 : kind == ReduceOpKind::UMax ? 0
                 : kind == ReduceOpKind::UMin ? -1
                 : w == 1 ? (kind == ReduceOpKind::Max ? 0 : 1)
                 : kind == ReduceOpKind::Max ? -smax - 1
                                             : smax;
  std::fill(out.ints.begin(), out.ints.end(), wrapToWidth(init, w));
  forEach(in.shape, [&](int64_t flat, ArrayRef<int64_t> idx) {
    int64_t o = outIndex(idx);
    int64_t &acc = out.ints[o];
    int64_t v = in.ints[flat];
    if (in.isUndefined(flat))
      markUndefined(out, o);
    // i1 is 0/1 here, so its MAX/MIN on the stored bits are any()/all().
    switch (kind) {
    case ReduceOpKind::Add:
      acc = (int64_t)((uint64_t)acc + (uint64_t)v);
      break;
    case ReduceOpKind::Mul:
      acc = (int64_t)((uint64_t)acc * (uint64_t)v);
      break;
    case ReduceOpKind::Max:
      acc = std::max(acc, v);
      break;
    case ReduceOpKind::Min:
      acc = std::min(acc, v);
      break;
    // Sign-extended bits keep the unsigned order of their width.
    case ReduceOpKind::UMax:
      acc = (uint64_t)v > (uint64_t)acc ? v : acc;
      break;
    case ReduceOpKind::UMin:
      acc = (uint64_t)v < (uint64_t)acc ? v : acc;
      break;
    }
    acc = wrapToWidth(acc, w);
  });
}

/// Evaluates an ALU op (or cast) element by element; failure when the
/// interpreter does not know it.
LogicalResult evaluateElementwise(Operation &op, Type elt,
                                  DenseMap<Value, HostTensor> &env,
                                  HostTensor &out) {
  std::optional<ElementFn> f = elementFunction(op);
  if (!f)
    return failure();
  SmallVector<const HostTensor *> srcs;
  SmallVector<bool> isFloat;
  for (Value v : op.getOperands()) {
    srcs.push_back(&env[v]);
    isFloat.push_back(isFloatTensor(v));
  }
  SmallVector<Scalar, 3> args(srcs.size());
  for (int64_t i = 0, e = out.numElements(); i < e; ++i) {
    for (size_t k = 0; k < srcs.size(); ++k)
      args[k] = readElement(*srcs[k], isFloat[k], i);
    writeElement(out, elt, i, (*f)(args));
  }
  return success();
}

/// TUPLE keeps its elements for the GET_TUPLEs that take them apart (the
/// seed: several values through a Void boundary).
LogicalResult evaluateTuple(Operation &op, DenseMap<Value, HostTensor> &env,
                            DenseMap<Value, SmallVector<HostTensor>> &tuples) {
  if (auto t = dyn_cast<TupleOp>(op)) {
    SmallVector<HostTensor> &elems = tuples[t.getResult()];
    for (Value v : t.getSrc()) {
      auto it = env.find(v);
      if (it == env.end())
        return op.emitError("interpreter: a TUPLE element that is not a "
                            "computed tensor");
      elems.push_back(it->second);
    }
    return success();
  }
  auto g = cast<GetTupleOp>(op);
  auto it = tuples.find(g.getSrc());
  if (it == tuples.end())
    return op.emitError("interpreter: GET_TUPLE of a CALL in a tensor-level "
                        "graph; uop-normalize inlines the called FUNCTION");
  env[g.getResult()] = it->second[g.getIndex()];
  return success();
}

/// The value of one op with a static tensor result `rt`, from the values of
/// its operands in `env`; fails with a diagnostic.
FailureOr<HostTensor> evaluateOp(Operation &op, RankedTensorType rt,
                                 DenseMap<Value, HostTensor> &env) {
  Type elt = rt.getElementType();
  if (!elt.isIntOrIndexOrFloat())
    return op.emitError("interpreter: unsupported element type ") << elt;
  HostTensor out = like(rt);
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    if (failed(evaluateConstant(c, elt, out)))
      return failure();
  } else if (auto red = dyn_cast<ReduceAxisOp>(op)) {
    evaluateReduce(red.getAxes(), red.getReduceOp(), rt, env[op.getOperand(0)],
                   out);
  } else if (!evaluateMovement(op, rt, env, out) &&
             failed(evaluateElementwise(op, elt, env, out))) {
    return op.emitError("interpreter: cannot evaluate this op");
  }
  return out;
}

/// The values of a tensor-level function that live once per device: MSTACK
/// values and what is computed from them.
using PerDeviceValues = DenseMap<Value, SmallVector<HostTensor>>;

/// The operands `srcs` of `op` (a MULTI or an MSTACK), which must be whole
/// values: each takes one value per device from whole ones.
FailureOr<SmallVector<HostTensor *>>
wholeOperands(Operation &op, ValueRange srcs, DenseMap<Value, HostTensor> &env,
              const PerDeviceValues &perDevice) {
  SmallVector<HostTensor *> values;
  for (Value v : srcs) {
    if (perDevice.count(v))
      return op.emitError("interpreter: ")
             << op.getName() << " of a per-device (MSTACK) value";
    values.push_back(&env[v]);
  }
  return values;
}

/// `shards` laid end to end along `axis` into a value of type `rt`: `outer`
/// blocks of `chunk` elements from each shard in turn.
HostTensor concatenateShards(ArrayRef<HostTensor *> shards, int64_t axis,
                             RankedTensorType rt) {
  HostTensor out = *shards[0];
  out.shape.assign(rt.getShape().begin(), rt.getShape().end());
  out.data.clear();
  out.ints.clear();
  out.undefined.clear();
  int64_t outer = 1, chunk = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= rt.getDimSize(d);
  for (int64_t d = axis; d < (int64_t)shards[0]->shape.size(); ++d)
    chunk *= shards[0]->shape[d];
  bool anyUndef =
      llvm::any_of(shards, [](HostTensor *s) { return !s->undefined.empty(); });
  for (int64_t o = 0; o < outer; ++o)
    for (HostTensor *s : shards) {
      auto range = [&](auto &v) {
        return llvm::make_range(v.begin() + o * chunk,
                                v.begin() + (o + 1) * chunk);
      };
      if (!s->data.empty())
        llvm::append_range(out.data, range(s->data));
      if (!s->ints.empty())
        llvm::append_range(out.ints, range(s->ints));
      if (anyUndef) {
        if (s->undefined.empty())
          out.undefined.insert(out.undefined.end(), chunk, 0);
        else
          llvm::append_range(out.undefined, range(s->undefined));
      }
    }
  return out;
}

/// A MULTI: its shards end to end along its axis; without one, the value
/// every device holds (so its replicas must agree).
LogicalResult evaluateMulti(MultiOp multi, RankedTensorType rt,
                            DenseMap<Value, HostTensor> &env,
                            const PerDeviceValues &perDevice) {
  FailureOr<SmallVector<HostTensor *>> shards =
      wholeOperands(*multi, multi.getSrcs(), env, perDevice);
  if (failed(shards))
    return failure();
  if (!multi.getAxis()) {
    for (HostTensor *s : *shards)
      if (s->data != (*shards)[0]->data || s->ints != (*shards)[0]->ints)
        return multi.emitError("interpreter: the replicas of a MULTI without "
                               "an axis differ");
    env[multi.getResult()] = *(*shards)[0];
    return success();
  }
  env[multi.getResult()] = concatenateShards(*shards, *multi.getAxis(), rt);
  return success();
}

/// An MSTACK: one value per device.
LogicalResult evaluateMStack(MStackOp stack, DenseMap<Value, HostTensor> &env,
                             PerDeviceValues &perDevice) {
  FailureOr<SmallVector<HostTensor *>> srcs =
      wholeOperands(*stack, stack.getSrcs(), env, perDevice);
  if (failed(srcs))
    return failure();
  SmallVector<HostTensor> values;
  for (HostTensor *h : *srcs)
    values.push_back(*h);
  perDevice[stack.getResult()] = std::move(values);
  return success();
}

/// An MSELECT: device d's value (of a whole value: the value itself).
LogicalResult evaluateMSelect(MSelectOp sel, DenseMap<Value, HostTensor> &env,
                              const PerDeviceValues &perDevice) {
  auto it = perDevice.find(sel.getSrc());
  if (it == perDevice.end()) {
    env[sel.getResult()] = env[sel.getSrc()]; // a whole value
    return success();
  }
  if ((size_t)sel.getDeviceIndex() >= it->second.size())
    return sel.emitError("interpreter: device index ")
           << sel.getDeviceIndex() << " of a value on " << it->second.size()
           << " devices";
  env[sel.getResult()] = it->second[sel.getDeviceIndex()];
  return success();
}

/// The devices' `values` stacked along a new axis 0, each of type `rt`.
HostTensor stackValues(ArrayRef<HostTensor> values, RankedTensorType rt) {
  HostTensor stacked;
  stacked.shape = {(int64_t)values.size()};
  llvm::append_range(stacked.shape, rt.getShape());
  bool anyUndef = false;
  for (const HostTensor &v : values) {
    llvm::append_range(stacked.data, v.data);
    llvm::append_range(stacked.ints, v.ints);
    anyUndef |= !v.undefined.empty();
  }
  if (anyUndef)
    for (const HostTensor &v : values) {
      if (v.undefined.empty())
        stacked.undefined.insert(stacked.undefined.end(), v.numElements(), 0);
      else
        llvm::append_range(stacked.undefined, v.undefined);
    }
  return stacked;
}

/// An ALLREDUCE: the reduction of the devices' values (of a whole value: of
/// one copy per device of its DEVICE tuple), as a REDUCE_AXIS over the
/// devices stacked along a new axis.
LogicalResult evaluateAllReduce(AllReduceOp ar, RankedTensorType rt,
                                DenseMap<Value, HostTensor> &env,
                                const PerDeviceValues &perDevice) {
  auto dev = ar.getDevice().getDefiningOp<DeviceOp>();
  SmallVector<HostTensor> values;
  if (auto it = perDevice.find(ar.getSrc()); it != perDevice.end())
    values = it->second;
  else
    values.assign(dev.getNumDevices(), env[ar.getSrc()]);
  if (values.size() != dev.getNumDevices())
    return ar.emitError("interpreter: ALLREDUCE over ")
           << dev.getNumDevices() << " devices of a value on " << values.size();
  HostTensor out = like(rt);
  evaluateReduce({0}, ar.getReduceOp(), rt, stackValues(values, rt), out);
  env[ar.getResult()] = std::move(out);
  return success();
}

/// MULTI, MSTACK, MSELECT and ALLREDUCE on the whole values; per-device
/// values (MSTACK's) are kept in `perDevice`.
LogicalResult evaluateMultiDevice(Operation &op, RankedTensorType rt,
                                  DenseMap<Value, HostTensor> &env,
                                  PerDeviceValues &perDevice) {
  return TypeSwitch<Operation *, LogicalResult>(&op)
      .Case([&](MultiOp o) { return evaluateMulti(o, rt, env, perDevice); })
      .Case([&](MStackOp o) { return evaluateMStack(o, env, perDevice); })
      .Case([&](MSelectOp o) { return evaluateMSelect(o, env, perDevice); })
      .Default([&](Operation *o) {
        return evaluateAllReduce(cast<AllReduceOp>(o), rt, env, perDevice);
      });
}

/// An argument in the interpreter's representation: integers from `ints`,
/// or from `data` when `ints` is empty; wrapped or rounded to the type.
FailureOr<HostTensor> importArgument(BlockArgument arg, const HostTensor &h) {
  auto rt = dyn_cast<RankedTensorType>(arg.getType());
  Location loc = arg.getLoc();
  if (!rt || !rt.hasStaticShape() || !rt.getElementType().isIntOrIndexOrFloat())
    return emitError(loc, "interpreter: argument ")
           << arg.getArgNumber() << " is not a static tensor of numbers";
  HostTensor out = like(rt);
  int64_t n = out.numElements();
  Type elt = rt.getElementType();
  bool fromInts = !isa<FloatType>(elt) && (int64_t)h.ints.size() == n;
  if (!fromInts && (int64_t)h.data.size() != n)
    return emitError(loc, "interpreter: argument ")
           << arg.getArgNumber() << " has " << h.data.size()
           << " elements, its type " << n;
  for (int64_t i = 0; i < n; ++i) {
    Scalar s;
    if (fromInts) {
      s.i = h.ints[i];
      s.undef = h.isUndefined(i);
    } else if (isa<FloatType>(elt)) {
      s.f = h.data[i];
    } else if (std::isfinite(h.data[i])) {
      double t = std::trunc(h.data[i]);
      s.i = t >= 0x1p63 ? (int64_t)(uint64_t)t : (int64_t)t;
    } else {
      s.undef = true;
    }
    writeElement(out, elt, i, s);
  }
  return out;
}

/// A strided view of a tensor's elements: element `idx` of the view is
/// element `offset + sum(idx[i] * strides[i])` of the tensor's data.
struct View {
  SmallVector<int64_t> shape, strides;
  int64_t offset = 0;
};

/// `v` reshaped to `shape` without moving elements, as numpy's no-copy
/// reshape: each run of dimensions that merges or splits must be contiguous
/// in `v`. None when it is not.
std::optional<View> reshapeView(const View &v, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> od, os;
  for (auto [d, st] : llvm::zip(v.shape, v.strides))
    if (d != 1) {
      od.push_back(d);
      os.push_back(st);
    }
  View r;
  r.offset = v.offset;
  r.shape.assign(shape.begin(), shape.end());
  r.strides.assign(shape.size(), 0);
  SmallVector<int64_t> nd; // the new dimensions other than 1, by position
  SmallVector<size_t> pos;
  for (auto [i, d] : llvm::enumerate(shape))
    if (d != 1) {
      nd.push_back(d);
      pos.push_back(i);
    }
  size_t i = 0, j = 0;
  while (i < od.size() && j < nd.size()) {
    size_t ni = i + 1, nj = j + 1;
    int64_t po = od[i], pn = nd[j];
    while (po != pn) {
      if (pn < po) {
        if (nj == nd.size())
          return std::nullopt;
        pn *= nd[nj++];
      } else {
        if (ni == od.size())
          return std::nullopt;
        po *= od[ni++];
      }
    }
    for (size_t k = i; k + 1 < ni; ++k)
      if (os[k] != od[k + 1] * os[k + 1])
        return std::nullopt;
    int64_t st = os[ni - 1];
    for (size_t k = nj; k-- > j;) {
      r.strides[pos[k]] = st;
      st *= nd[k];
    }
    i = ni;
    j = nj;
  }
  if (i != od.size() || j != nd.size())
    return std::nullopt;
  return r;
}

/// A float reduction of `a * b` where `a` and `b` are movement ops (expand,
/// reshape, permute) of computed tensors: a matmul's shape. Evaluated without
/// materializing the product or the broadcasts (N^3 elements).
struct FusedReduce {
  Value leaves[2];
  View views[2];
  Type elt;
};

/// Matches `red`; `inCone` collects the ops it evaluates itself (the
/// multiply and the movement ops, each used only on the way to `red`).
std::optional<FusedReduce>
matchFusedReduce(ReduceAxisOp red, SmallVectorImpl<Operation *> &inCone) {
  auto mul = red.getOperand().getDefiningOp<arith::MulFOp>();
  auto in = dyn_cast<RankedTensorType>(red.getOperand().getType());
  if (!mul || !mul->hasOneUse() || !in || !in.hasStaticShape() ||
      in.getNumElements() == 0)
    return std::nullopt;
  Type elt = in.getElementType();
  if (!elt.isF32() && !elt.isF64())
    return std::nullopt;
  FusedReduce f;
  f.elt = elt;
  SmallVector<Operation *> cone{mul};
  for (unsigned k = 0; k < 2; ++k) {
    Value v = mul.getOperand(k);
    SmallVector<Operation *> chain; // from the multiply's operand down
    while (Operation *d = v.getDefiningOp()) {
      if (!isa<ExpandOp, ReshapeOp, PermuteOp>(d) || !v.hasOneUse())
        break;
      chain.push_back(d);
      v = d->getOperand(0);
    }
    auto lt = dyn_cast<RankedTensorType>(v.getType());
    if (!lt || !lt.hasStaticShape() || lt.getElementType() != elt)
      return std::nullopt;
    View view;
    view.shape.assign(lt.getShape().begin(), lt.getShape().end());
    view.strides = stridesOf(lt.getShape());
    for (Operation *d : llvm::reverse(chain)) {
      ArrayRef<int64_t> shape =
          cast<RankedTensorType>(d->getResult(0).getType()).getShape();
      if (auto p = dyn_cast<PermuteOp>(d)) {
        View next = view;
        for (auto [i, a] : llvm::enumerate(p.getAxes())) {
          next.shape[i] = view.shape[a];
          next.strides[i] = view.strides[a];
        }
        view = next;
      } else if (isa<ExpandOp>(d)) {
        for (size_t i = 0; i < shape.size(); ++i)
          if (view.shape[i] == 1 && shape[i] != 1)
            view.strides[i] = 0;
        view.shape.assign(shape.begin(), shape.end());
      } else {
        std::optional<View> r = reshapeView(view, shape);
        if (!r)
          return std::nullopt;
        view = *r;
      }
    }
    f.leaves[k] = v;
    f.views[k] = view;
    llvm::append_range(cone, chain);
  }
  llvm::append_range(inCone, cone);
  return f;
}

/// Evaluates a matched reduction: the product of each pair, rounded to the
/// element type as the multiply would, combined as evaluateReduce does.
HostTensor evaluateFusedReduce(ReduceAxisOp red, const FusedReduce &f,
                               RankedTensorType rt,
                               DenseMap<Value, HostTensor> &env) {
  HostTensor out = like(rt);
  ReduceOpKind kind = red.getReduceOp();
  std::fill(out.data.begin(), out.data.end(), floatReduceInit(kind));
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(red.getOperand().getType()).getShape();
  // The output's stride per input dimension (0 on the reduced axes).
  llvm::SmallDenseSet<int64_t> axes(red.getAxes().begin(), red.getAxes().end());
  SmallVector<int64_t> outStrides = stridesOf(rt.getShape()), os;
  for (size_t i = 0, k = 0; i < shape.size(); ++i)
    os.push_back(axes.contains(i) ? 0 : outStrides[k++]);
  const double *a = env[f.leaves[0]].data.data();
  const double *b = env[f.leaves[1]].data.data();
  ArrayRef<int64_t> as = f.views[0].strides, bs = f.views[1].strides;
  int64_t ia = f.views[0].offset, ib = f.views[1].offset, io = 0;
  SmallVector<int64_t> idx(shape.size(), 0);
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  for (int64_t flat = 0; flat < n; ++flat) {
    accumulateFloat(kind, out.data[io], roundToFloatType(f.elt, a[ia] * b[ib]));
    for (size_t i = shape.size(); i-- > 0;) {
      ia += as[i];
      ib += bs[i];
      io += os[i];
      if (++idx[i] < shape[i])
        break;
      ia -= as[i] * shape[i];
      ib -= bs[i] * shape[i];
      io -= os[i] * shape[i];
      idx[i] = 0;
    }
  }
  for (double &v : out.data)
    v = roundToFloatType(rt.getElementType(), v);
  return out;
}

/// A result as the caller sees it: integers also as doubles in `data`.
HostTensor exportResult(const HostTensor &h, Type elt) {
  HostTensor out = h;
  if (isa<FloatType>(elt))
    return out;
  out.data.resize(out.ints.size());
  for (size_t i = 0; i < out.ints.size(); ++i)
    out.data[i] = out.isUndefined(i) ? NAN : (double)out.ints[i];
  return out;
}
} // namespace

int64_t uop::countReductionFlops(func::FuncOp fn) {
  int64_t flops = 0;
  fn.walk([&](ReduceAxisOp red) {
    auto in = dyn_cast<RankedTensorType>(red.getOperand().getType());
    if (!in || !in.hasStaticShape())
      return;
    flops += in.getNumElements();
    // The float ALU ops computed per reduced element, each used only here.
    SmallVector<Operation *> work;
    if (Operation *d = red.getOperand().getDefiningOp())
      work.push_back(d);
    while (!work.empty()) {
      Operation *op = work.pop_back_val();
      if (!isALUOp(op) || !op->hasOneUse() || op->getNumResults() != 1 ||
          op->getResult(0).getType() != in || !isFloatTensor(op->getResult(0)))
        continue;
      flops += in.getNumElements();
      for (Value v : op->getOperands())
        if (Operation *d = v.getDefiningOp())
          work.push_back(d);
    }
  });
  return flops;
}

/// The bytes a tensor holds.
static int64_t tensorBytes(const HostTensor &h) {
  return int64_t(h.data.size() + h.ints.size()) * 8 + h.undefined.size();
}

/// How many bytes of tensors the reference may hold at once:
/// UOP_INTERPRETER_MAX_MIB, else half the machine's memory. It materializes
/// every value but a fused reduction's cone, so a large program fails here
/// with a diagnostic instead of being killed for memory.
FailureOr<int64_t> uop::hostMemoryBudget(Operation *fn) {
  if (const char *env = std::getenv("UOP_INTERPRETER_MAX_MIB")) {
    int64_t mib = 0;
    if (StringRef(env).getAsInteger(10, mib) || mib <= 0 ||
        mib > (int64_t(1) << 40))
      return fn->emitError("interpreter: UOP_INTERPRETER_MAX_MIB must be a "
                           "positive number of MiB, got '")
             << env << "'";
    return mib << 20;
  }
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page > 0)
    return int64_t(pages) * page / 2;
#endif
  return int64_t(8) << 30;
}

namespace {
/// One run of interpretTensorFunction: the values computed so far, the plan
/// of which ops run inside a fused reduction and where each value dies, and
/// the bytes of live tensors checked against the budget.
class FunctionInterpreter {
public:
  FunctionInterpreter(Block &body, int64_t budget, int64_t held)
      : body(body), budget(budget), held(held), live(held) {}

  FailureOr<SmallVector<HostTensor>> run(func::FuncOp fn,
                                         ArrayRef<HostTensor> args);

private:
  void planFusedReductions();
  void planLifetimes();
  LogicalResult importArguments(func::FuncOp fn, ArrayRef<HostTensor> args);
  void drop(Operation &op);
  FailureOr<SmallVector<HostTensor>> returnValues(func::ReturnOp ret);
  LogicalResult step(Operation &op);
  LogicalResult evaluate(Operation &op);
  LogicalResult evaluateCopy(CopyOp copy);
  LogicalResult checkBudget(Operation &op, RankedTensorType rt);
  LogicalResult evaluateOnDevices(Operation &op, RankedTensorType rt,
                                  size_t devices);
  LogicalResult evaluateWhole(Operation &op, RankedTensorType rt);

  Block &body;
  int64_t budget, held, live;
  DenseMap<Operation *, FusedReduce> fused;
  DenseMap<Operation *, Operation *> runsAt; // a cone's op -> its reduction
  DenseMap<Operation *, SmallVector<Value>> dying;
  DenseMap<Value, HostTensor> env;
  // MSTACK values and what is computed from them: one tensor per device.
  PerDeviceValues perDevice;
  // Each TUPLE's elements, copied when it ran (its operands may die there).
  DenseMap<Value, SmallVector<HostTensor>> tuples;
};

/// Matmul-shaped reductions are evaluated without their N^3 operands; the
/// ops in their cones run as part of them. (Not with per-device values,
/// which are evaluated once per device.)
void FunctionInterpreter::planFusedReductions() {
  if (llvm::any_of(body, [](Operation &op) {
        return isa<MultiOp, MStackOp, MSelectOp, AllReduceOp>(op);
      }))
    return;
  for (auto red : body.getOps<ReduceAxisOp>()) {
    SmallVector<Operation *> cone;
    if (std::optional<FusedReduce> f = matchFusedReduce(red, cone)) {
      fused[red] = *f;
      for (Operation *op : cone)
        runsAt[op] = red;
    }
  }
}

/// Each value is dropped after its last user, so that only live tensors
/// count against the budget. A use in a fused cone is a use at its
/// reduction.
void FunctionInterpreter::planLifetimes() {
  DenseMap<Operation *, unsigned> position;
  for (Operation &op : body)
    position[&op] = position.size();
  DenseMap<Value, Operation *> last;
  for (Operation &op : body) {
    Operation *at = runsAt.lookup(&op);
    at = at ? at : &op;
    op.walk([&](Operation *inner) {
      for (Value v : inner->getOperands()) {
        Operation *&l = last[v];
        if (!l || position[at] > position[l])
          l = at;
      }
    });
  }
  for (auto [v, op] : last)
    dying[op].push_back(v);
}

LogicalResult FunctionInterpreter::importArguments(func::FuncOp fn,
                                                   ArrayRef<HostTensor> args) {
  if (args.size() != body.getNumArguments())
    return fn.emitError("interpreter: expected ")
           << body.getNumArguments() << " arguments, got " << args.size();
  for (auto [a, h] : llvm::zip(body.getArguments(), args)) {
    FailureOr<HostTensor> in = importArgument(a, h);
    if (failed(in))
      return failure();
    live += tensorBytes(*in);
    env[a] = std::move(*in);
  }
  return success();
}

/// Frees the values whose last user is `op`.
void FunctionInterpreter::drop(Operation &op) {
  for (Value v : dying.lookup(&op)) {
    if (auto it = env.find(v); it != env.end()) {
      live -= tensorBytes(it->second);
      env.erase(it);
    }
    if (auto it = perDevice.find(v); it != perDevice.end()) {
      for (const HostTensor &h : it->second)
        live -= tensorBytes(h);
      perDevice.erase(it);
    }
  }
}

FailureOr<SmallVector<HostTensor>>
FunctionInterpreter::returnValues(func::ReturnOp ret) {
  SmallVector<HostTensor> out;
  for (Value v : ret.getOperands()) {
    if (perDevice.count(v))
      return ret.emitError("interpreter: a per-device (MSTACK) value is "
                           "not one tensor to return; MSELECT or "
                           "ALLREDUCE it");
    out.push_back(exportResult(env[v], getElementTypeOrSelf(v.getType())));
  }
  return out;
}

FailureOr<SmallVector<HostTensor>>
FunctionInterpreter::run(func::FuncOp fn, ArrayRef<HostTensor> args) {
  planFusedReductions();
  planLifetimes();
  if (failed(importArguments(fn, args)))
    return failure();
  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op))
      return returnValues(ret);
    if (failed(step(op)))
      return failure();
  }
  return fn.emitError("interpreter: function has no return");
}

/// Evaluates one op other than the return, then frees what dies there. The
/// ops of a fused cone run at their reduction; a DEVICE names where a COPY
/// goes, and has no value of its own.
LogicalResult FunctionInterpreter::step(Operation &op) {
  if (runsAt.count(&op))
    return success();
  if (op.getNumResults() != 1)
    return op.emitError("interpreter: expected one result");
  if (isa<DeviceOp>(op))
    return success();
  if (failed(evaluate(op)))
    return failure();
  drop(op);
  return success();
}

LogicalResult FunctionInterpreter::evaluate(Operation &op) {
  if (isa<TupleOp, GetTupleOp>(op))
    return evaluateTuple(op, env, tuples);
  if (auto copy = dyn_cast<CopyOp>(op);
      copy && isa<RankedTensorType>(copy.getType()))
    return evaluateCopy(copy);
  auto rt = dyn_cast<RankedTensorType>(op.getResult(0).getType());
  if (!rt || !rt.hasStaticShape())
    return op.emitError("interpreter: expected a static ranked tensor");
  if (failed(checkBudget(op, rt)))
    return failure();
  if (isa<MultiOp, MStackOp, MSelectOp, AllReduceOp>(op)) {
    if (failed(evaluateMultiDevice(op, rt, env, perDevice)))
      return failure();
    for (const HostTensor &h : perDevice.lookup(op.getResult(0)))
      live += tensorBytes(h);
    if (auto it = env.find(op.getResult(0)); it != env.end())
      live += tensorBytes(it->second);
    return success();
  }
  // An op on per-device values runs once per device.
  auto onDevices = llvm::find_if(op.getOperands(),
                                 [&](Value v) { return perDevice.count(v); });
  if (onDevices != op.operand_end())
    return evaluateOnDevices(op, rt, perDevice[*onDevices].size());
  return evaluateWhole(op, rt);
}

/// The COPY's value is its source's (where a value lives is the runtime's
/// business).
LogicalResult FunctionInterpreter::evaluateCopy(CopyOp copy) {
  if (perDevice.count(copy.getSrc()))
    return copy.emitError("interpreter: COPY of a per-device (MSTACK) "
                          "value; MSELECT or ALLREDUCE it");
  auto it = env.find(copy.getSrc());
  if (it == env.end())
    return copy.emitError("interpreter: the copied value is not computed");
  HostTensor v = it->second;
  live += tensorBytes(v);
  env[copy.getResult()] = std::move(v);
  return success();
}

/// Fails, before computing it, when a value of type `rt` would bring the
/// live tensors over the budget.
LogicalResult FunctionInterpreter::checkBudget(Operation &op,
                                               RankedTensorType rt) {
  int64_t need = rt.getNumElements() * 8;
  if (live + need <= budget)
    return success();
  return op.emitError("interpreter: this value's ")
         << rt.getNumElements() << " elements would bring the "
         << "reference's live tensors"
         << (held ? " and its caller's copies" : "") << " to "
         << ((live + need) >> 20) << " MiB, over its limit of "
         << (budget >> 20)
         << " MiB (UOP_INTERPRETER_MAX_MIB; the reference materializes "
            "every intermediate tensor)";
}

/// Evaluates `op` once per device, on each device's operands (a whole
/// operand is the same on every device).
LogicalResult FunctionInterpreter::evaluateOnDevices(Operation &op,
                                                     RankedTensorType rt,
                                                     size_t devices) {
  SmallVector<HostTensor> outs;
  for (size_t d = 0; d < devices; ++d) {
    DenseMap<Value, HostTensor> local;
    for (Value v : op.getOperands()) {
      auto it = perDevice.find(v);
      if (it != perDevice.end() && it->second.size() != devices)
        return op.emitError("interpreter: per-device operands on ")
               << devices << " and " << it->second.size() << " devices";
      local[v] = it != perDevice.end() ? it->second[d] : env[v];
    }
    FailureOr<HostTensor> out = evaluateOp(op, rt, local);
    if (failed(out))
      return failure();
    live += tensorBytes(*out);
    outs.push_back(std::move(*out));
  }
  perDevice[op.getResult(0)] = std::move(outs);
  return success();
}

LogicalResult FunctionInterpreter::evaluateWhole(Operation &op,
                                                 RankedTensorType rt) {
  FailureOr<HostTensor> out =
      fused.count(&op) ? FailureOr<HostTensor>(evaluateFusedReduce(
                             cast<ReduceAxisOp>(op), fused[&op], rt, env))
                       : evaluateOp(op, rt, env);
  if (failed(out))
    return failure();
  live += tensorBytes(*out);
  env[op.getResult(0)] = std::move(*out);
  return success();
}
} // namespace

FailureOr<SmallVector<HostTensor>>
uop::interpretTensorFunction(func::FuncOp fn, ArrayRef<HostTensor> args,
                             int64_t held) {
  if (fn.isExternal() || !fn.getBody().hasOneBlock())
    return fn.emitError("interpreter: needs a single-block function body");
  FailureOr<int64_t> budget = hostMemoryBudget(fn);
  if (failed(budget))
    return failure();
  return FunctionInterpreter(fn.getBody().front(), *budget, held).run(fn, args);
}

OwningOpRef<func::FuncOp>
uop::specializeShapes(func::FuncOp fn, const llvm::StringMap<int64_t> &values) {
  for (VarAttr v : getShapeVars(fn))
    if (!values.count(v.getName().getValue()))
      return emitError(fn.getLoc(), "shape variable '")
                 << v.getName().getValue() << "' of @" << fn.getName()
                 << " has no value",
             nullptr;
  OwningOpRef<func::FuncOp> copy(fn.clone());
  auto specialize = [&](Value v) {
    if (auto t = dyn_cast<RankedTensorType>(v.getType()))
      if (RankedTensorType s = specializeType(t, values))
        v.setType(s);
  };
  copy->walk([&](Operation *op) {
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          specialize(a);
    for (Value r : op->getResults())
      specialize(r);
  });
  auto types = [&](TypeRange in) {
    SmallVector<Type> out;
    for (Type t : in) {
      auto rt = dyn_cast<RankedTensorType>(t);
      RankedTensorType s = rt ? specializeType(rt, values) : RankedTensorType();
      out.push_back(s ? Type(s) : t);
    }
    return out;
  };
  copy->setFunctionType(FunctionType::get(fn.getContext(),
                                          types(fn.getArgumentTypes()),
                                          types(fn.getResultTypes())));
  (*copy)->removeAttr(UOpDialect::VarsAttrHelper::getNameStr());
  return copy;
}

uop::ElementEvaluator uop::elementEvaluator(Operation &op) {
  if (op.getNumResults() != 1)
    return nullptr;
  std::optional<ElementFn> f = elementFunction(op);
  if (!f)
    return nullptr;
  Type res = getElementTypeOrSelf(op.getResult(0).getType());
  return [f = *f, res](ArrayRef<ElementValue> in) {
    SmallVector<Scalar, 4> a;
    for (const ElementValue &e : in)
      a.push_back(Scalar{e.f, e.i, e.undef});
    Scalar s = f(a);
    if (isa<FloatType>(res))
      return ElementValue{roundToFloatType(res, s.f), 0, false};
    return ElementValue{0, wrapToWidth(s.i, widthOf(res)), s.undef};
  };
}
