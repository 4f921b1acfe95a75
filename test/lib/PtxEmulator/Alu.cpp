//===- Alu.cpp - Per-thread instructions ----------------------------------===//
//
// Integer, floating-point, conversion, comparison, data-movement and
// control-flow instructions of one thread. Section numbers are the PTX ISA
// 9.x ones (chapter 9, "Instruction Set").
//
//===----------------------------------------------------------------------===//

#include "Machine.h"

#include <cfenv>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <limits>
#include <mutex>
#include <set>

namespace uop::emu {

//===----------------------------------------------------------------------===//
// Halves
//===----------------------------------------------------------------------===//

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exp = (h >> 10) & 0x1f,
           man = h & 0x3ff;
  float f;
  if (exp == 0) {
    f = std::ldexp(float(man), -24); // subnormal (or zero)
    uint32_t u = fromF32(f) | sign;
    return asF32(u);
  }
  uint32_t u = exp == 31 ? sign | 0x7f800000u | (man << 13)
                         : sign | ((exp + 112) << 23) | (man << 13);
  return asF32(u);
}

uint16_t floatToHalf(float f) { // round to nearest even
  uint32_t u = uint32_t(fromF32(f));
  uint16_t sign = uint16_t((u >> 16) & 0x8000);
  if (std::isnan(f))
    return sign | 0x7e00 | uint16_t((u >> 13) & 0x3ff);
  float a = std::fabs(f);
  if (a >= 65520.0f)
    return sign | 0x7c00;
  if (a < 6.103515625e-05f) { // subnormal half: multiples of 2^-24
    float q = std::nearbyint(a * 16777216.0f); // exact scaling, RN-even
    return sign | uint16_t(q);
  }
  uint32_t au = uint32_t(fromF32(a));
  uint32_t exp = (au >> 23) - 112, man = au & 0x7fffff;
  uint32_t h = (exp << 10) | (man >> 13);
  uint32_t rest = man & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
    ++h;
  return sign | uint16_t(h);
}

float bf16ToFloat(uint16_t h) { return asF32(uint64_t(h) << 16); }

uint16_t floatToBf16(float f) {
  uint32_t u = uint32_t(fromF32(f));
  if (std::isnan(f))
    return uint16_t((u >> 16) | 0x40);
  u += 0x7fff + ((u >> 16) & 1);
  return uint16_t(u >> 16);
}

namespace {

//===----------------------------------------------------------------------===//
// Floating point: values of any float type pass through double; f32
// arithmetic in double rounded once to float is correctly rounded for
// + - * / sqrt (the double has more than 2p + 2 bits), likewise f16 and bf16
// through float.
//===----------------------------------------------------------------------===//

bool isHalfTy(Ty t) {
  return t == Ty::F16 || t == Ty::BF16 || t == Ty::F16x2 || t == Ty::BF16x2;
}

double toDouble(uint64_t bits, Ty t) {
  switch (t) {
  case Ty::F16: case Ty::F16x2: return halfToFloat(uint16_t(bits));
  case Ty::BF16: case Ty::BF16x2: return bf16ToFloat(uint16_t(bits));
  case Ty::F32: return asF32(bits);
  case Ty::F64: return asF64(bits);
  default: return 0;
  }
}

float flush(float f) {
  return std::fpclassify(f) == FP_SUBNORMAL ? std::copysign(0.0f, f) : f;
}

// Rounds a double result to the type, with .sat and .ftz.
uint64_t fromDouble(double v, Ty t, uint64_t mods) {
  if ((mods & M_Sat) && !std::isnan(v))
    v = std::min(1.0, std::max(0.0, v));
  else if ((mods & M_Sat) && std::isnan(v))
    v = 0;
  switch (t) {
  case Ty::F16: case Ty::F16x2: return floatToHalf(float(v));
  case Ty::BF16: case Ty::BF16x2: return floatToBf16(float(v));
  case Ty::F32: {
    float f = float(v);
    return fromF32((mods & M_Ftz) ? flush(f) : f);
  }
  case Ty::F64: return fromF64(v);
  default: return 0;
  }
}

int roundingMode(uint64_t mods) {
  if (mods & (M_Rz | M_Rzi)) return FE_TOWARDZERO;
  if (mods & (M_Rm | M_Rmi)) return FE_DOWNWARD;
  if (mods & (M_Rp | M_Rpi)) return FE_UPWARD;
  return FE_TONEAREST;
}

// Applies `f` to one lane (or both halves of an x2 type).
template <typename F>
uint64_t floatLanes(Ty t, uint64_t mods, F f) {
  if (t == Ty::F16x2 || t == Ty::BF16x2) {
    uint64_t lo = fromDouble(f(0), t, mods), hi = fromDouble(f(1), t, mods);
    return (lo & 0xffff) | ((hi & 0xffff) << 16);
  }
  return fromDouble(f(0), t, mods);
}

double lane(uint64_t v, Ty t, int l, uint64_t mods) {
  if (t == Ty::F16x2 || t == Ty::BF16x2)
    v = (v >> (16 * l)) & 0xffff;
  else if (t == Ty::F16 || t == Ty::BF16)
    v &= 0xffff;
  double d = toDouble(v, t);
  if ((mods & M_Ftz) && t == Ty::F32)
    d = flush(float(d));
  return d;
}

// IEEE min/max with PTX's NaN rules (9.7.3.10, 9.7.3.11): a NaN operand
// yields the other unless .NaN; -0 orders below +0.
double fminmax(double a, double b, bool isMax, bool nanProp) {
  if (std::isnan(a) || std::isnan(b)) {
    if (nanProp || (std::isnan(a) && std::isnan(b)))
      return std::numeric_limits<double>::quiet_NaN();
    return std::isnan(a) ? b : a;
  }
  if (a == b && a == 0)
    return (std::signbit(a) != isMax) ? a : b;
  return isMax ? std::max(a, b) : std::min(a, b);
}

bool floatCompare(Cmp c, double a, double b) {
  bool un = std::isnan(a) || std::isnan(b);
  switch (c) {
  case Cmp::Eq: return !un && a == b;
  case Cmp::Ne: return !un && a != b;
  case Cmp::Lt: return !un && a < b;
  case Cmp::Le: return !un && a <= b;
  case Cmp::Gt: return !un && a > b;
  case Cmp::Ge: return !un && a >= b;
  case Cmp::Equ: return un || a == b;
  case Cmp::Neu: return un || a != b;
  case Cmp::Ltu: return un || a < b;
  case Cmp::Leu: return un || a <= b;
  case Cmp::Gtu: return un || a > b;
  case Cmp::Geu: return un || a >= b;
  case Cmp::Num: return !un;
  case Cmp::Nan: return un;
  default: return false;
  }
}

bool intCompare(Cmp c, uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  int64_t sa = signExtend(a, bits), sb = signExtend(b, bits);
  switch (c) {
  case Cmp::Eq: return a == b;
  case Cmp::Ne: return a != b;
  case Cmp::Lt: return isSigned ? sa < sb : a < b;
  case Cmp::Le: return isSigned ? sa <= sb : a <= b;
  case Cmp::Gt: return isSigned ? sa > sb : a > b;
  case Cmp::Ge: return isSigned ? sa >= sb : a >= b;
  case Cmp::Lo: return a < b;
  case Cmp::Ls: return a <= b;
  case Cmp::Hi: return a > b;
  case Cmp::Hs: return a >= b;
  default: return false;
  }
}

// Float to integer with the rounding modifier, clamped to the destination's
// range, NaN to 0 (9.7.9.21, cvt: "clamped to the destination range").
uint64_t floatToInt(double v, Ty dst, uint64_t mods) {
  switch (roundingMode(mods)) {
  case FE_TOWARDZERO: v = std::trunc(v); break;
  case FE_DOWNWARD: v = std::floor(v); break;
  case FE_UPWARD: v = std::ceil(v); break;
  default: v = std::nearbyint(v); break;
  }
  unsigned bits = tyBits(dst);
  if (std::isnan(v))
    return 0;
  if (tyIsSigned(dst)) {
    double lo = -std::ldexp(1.0, int(bits) - 1), hi = -lo - 1;
    if (v <= lo)
      return truncBits(uint64_t(int64_t(lo)), bits);
    if (v >= hi)
      return truncBits(bits == 64 ? uint64_t(INT64_MAX) : uint64_t(hi), bits);
    return truncBits(uint64_t(int64_t(v)), bits);
  }
  if (v <= 0)
    return 0;
  if (v >= std::ldexp(1.0, int(bits)))
    return truncBits(~uint64_t(0), bits);
  return uint64_t(v);
}

// Integer to integer (9.7.9.21): extend by the source's signedness, .sat
// clamps to the destination's range.
uint64_t intToInt(uint64_t v, Ty src, Ty dst, bool sat) {
  unsigned sb = tyBits(src), db = tyBits(dst);
  int64_t sv = tyIsSigned(src) ? signExtend(v, sb) : int64_t(truncBits(v, sb));
  if (sat) {
    bool srcSigned = tyIsSigned(src);
    if (tyIsSigned(dst)) {
      int64_t hi = db == 64 ? INT64_MAX : (int64_t(1) << (db - 1)) - 1;
      int64_t lo = -hi - 1;
      if (!srcSigned && uint64_t(sv) > uint64_t(hi))
        sv = hi;
      else if (srcSigned)
        sv = std::max(lo, std::min(hi, sv));
    } else {
      uint64_t hi = truncBits(~uint64_t(0), db);
      if (srcSigned && sv < 0)
        sv = 0;
      else if (uint64_t(sv) > hi)
        sv = int64_t(hi);
    }
  }
  return truncBits(uint64_t(sv), db);
}

} // namespace

//===----------------------------------------------------------------------===//
// The instruction families
//===----------------------------------------------------------------------===//

namespace {

struct Ctx {
  Machine &m;
  Cta &cta;
  Thread &t;
  const Inst &in;
  uint64_t src(unsigned i, unsigned bits) const {
    return m.read(cta, t, in.ops[i], bits);
  }
  void dst(unsigned i, uint64_t v, unsigned bits) {
    m.write(t, in.ops[i], v, bits);
  }
  bool fail(const std::string &why) { return m.fail(cta, t, in, why); }
};

bool execFloat(Ctx &c) {
  const Inst &in = c.in;
  Ty t = in.ty;
  unsigned bits = tyBits(t);
  uint64_t a = c.src(1, bits), b = in.ops.size() > 2 ? c.src(2, bits) : 0,
           d = in.ops.size() > 3 ? c.src(3, bits) : 0;
  uint64_t mods = in.mods;
  if (isHalfTy(t) && (mods & (M_Rz | M_Rm | M_Rp)))
    return c.fail("directed rounding of half-precision arithmetic is not "
                  "implemented");
  int saved = std::fegetround();
  std::fesetround(roundingMode(mods));
  auto L = [&](uint64_t v, int l) { return lane(v, t, l, mods); };
  uint64_t r = 0;
  bool ok = true;
  switch (in.op) {
  case Op::Add: r = floatLanes(t, mods, [&](int l) {
      return t == Ty::F32 ? double(float(L(a, l)) + float(L(b, l)))
                          : L(a, l) + L(b, l); }); break;
  case Op::Sub: r = floatLanes(t, mods, [&](int l) {
      return t == Ty::F32 ? double(float(L(a, l)) - float(L(b, l)))
                          : L(a, l) - L(b, l); }); break;
  case Op::Mul: r = floatLanes(t, mods, [&](int l) {
      return t == Ty::F32 ? double(float(L(a, l)) * float(L(b, l)))
                          : L(a, l) * L(b, l); }); break;
  case Op::Div: r = floatLanes(t, mods, [&](int l) {
      return t == Ty::F32 ? double(float(L(a, l)) / float(L(b, l)))
                          : L(a, l) / L(b, l); }); break;
  case Op::Mad: case Op::Fma: r = floatLanes(t, mods, [&](int l) {
      double v = t == Ty::F64 ? std::fma(L(a, l), L(b, l), L(d, l))
                              : double(std::fmaf(float(L(a, l)),
                                                 float(L(b, l)),
                                                 float(L(d, l))));
      return (mods & M_Relu) && !(v >= 0) ? 0.0 : v; }); break;
  case Op::Min: case Op::Max: r = floatLanes(t, mods, [&](int l) {
      double v = fminmax(L(a, l), L(b, l), in.op == Op::Max, mods & M_NaN);
      return (mods & M_Relu) && !(v >= 0) && !std::isnan(v) ? 0.0 : v; });
    break;
  case Op::Neg: r = floatLanes(t, mods, [&](int l) { return -L(a, l); });
    break;
  case Op::Abs: r = floatLanes(t, mods, [&](int l) {
      return std::fabs(L(a, l)); }); break;
  case Op::Copysign: r = floatLanes(t, mods, [&](int l) {
      return std::copysign(L(b, l), L(a, l)); }); break;
  case Op::Rcp: r = floatLanes(t, mods, [&](int l) {
      return t == Ty::F32 ? double(1.0f / float(L(a, l))) : 1.0 / L(a, l); });
    break;
  case Op::Sqrt: r = floatLanes(t, mods, [&](int l) {
      return t == Ty::F32 ? double(std::sqrt(float(L(a, l))))
                          : std::sqrt(L(a, l)); }); break;
  case Op::Rsqrt: r = floatLanes(t, mods, [&](int l) {
      return 1.0 / std::sqrt(L(a, l)); }); break;
  case Op::Ex2: r = floatLanes(t, mods, [&](int l) {
      return std::exp2(L(a, l)); }); break;
  case Op::Lg2: r = floatLanes(t, mods, [&](int l) {
      return std::log2(L(a, l)); }); break;
  case Op::Sin: r = floatLanes(t, mods, [&](int l) {
      return std::sin(L(a, l)); }); break;
  case Op::Cos: r = floatLanes(t, mods, [&](int l) {
      return std::cos(L(a, l)); }); break;
  case Op::Tanh: r = floatLanes(t, mods, [&](int l) {
      return std::tanh(L(a, l)); }); break;
  default: ok = c.fail("not a floating-point instruction"); break;
  }
  std::fesetround(saved);
  if (ok)
    c.dst(0, r, bits);
  return ok;
}

uint64_t mulHi(uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  if (bits == 64) {
    if (isSigned)
      return uint64_t((__int128(int64_t(a)) * __int128(int64_t(b))) >> 64);
    return uint64_t((unsigned __int128)a * b >> 64);
  }
  if (isSigned)
    return uint64_t((signExtend(a, bits) * signExtend(b, bits)) >> bits);
  return (truncBits(a, bits) * truncBits(b, bits)) >> bits;
}

// Integer arithmetic (9.7.1).
bool execInt(Ctx &c) {
  const Inst &in = c.in;
  unsigned bits = tyBits(in.ty);
  bool sg = tyIsSigned(in.ty);
  uint64_t a = c.src(1, bits), b = in.ops.size() > 2 ? c.src(2, bits) : 0;
  int64_t sa = signExtend(a, bits), sb = signExtend(b, bits);
  unsigned outBits = (in.mods & M_Wide) ? 2 * bits : bits;
  uint64_t r = 0;
  auto product = [&]() -> uint64_t {
    if (in.mods & M_Wide)
      return sg ? uint64_t(sa * sb) : a * b;
    if (in.mods & M_Hi)
      return mulHi(a, b, bits, sg);
    return a * b;
  };
  switch (in.op) {
  case Op::Add:
    r = a + b;
    if ((in.mods & M_Sat) && sg) {
      int64_t s = sa + sb, hi = (int64_t(1) << (bits - 1)) - 1;
      r = uint64_t(std::max(-hi - 1, std::min(hi, s)));
    }
    break;
  case Op::Sub: r = a - b; break;
  case Op::Mul: r = product(); break;
  case Op::Mad: r = product() + c.src(3, outBits); break;
  case Op::Div: case Op::Rem: {
    // "Division by zero yields an unspecified, machine-specific value"
    // (9.7.1.8): a poison value, never a plausible one.
    bool overflow = sg && b == truncBits(~uint64_t(0), bits) &&
                    sa == signExtend(uint64_t(1) << (bits - 1), bits);
    if (b == 0 || overflow)
      r = 0xdeadbeefdeadbeefull;
    else if (in.op == Op::Div)
      r = sg ? uint64_t(sa / sb) : a / b;
    else
      r = sg ? uint64_t(sa % sb) : a % b;
    break;
  }
  case Op::Min: r = sg ? uint64_t(std::min(sa, sb)) : std::min(a, b); break;
  case Op::Max: r = sg ? uint64_t(std::max(sa, sb)) : std::max(a, b); break;
  case Op::Neg: r = uint64_t(-sa); break;
  case Op::Abs: r = uint64_t(sa < 0 ? -sa : sa); break;
  default: return c.fail("not an integer instruction");
  }
  c.dst(0, r, outBits);
  return true;
}

bool execBits(Ctx &c) {
  const Inst &in = c.in;
  unsigned bits = tyBits(in.ty);
  uint64_t a = c.src(1, bits), b = in.ops.size() > 2 ? c.src(2, 32) : 0;
  uint64_t r = 0;
  switch (in.op) {
  case Op::And: r = a & c.src(2, bits); break;
  case Op::Or: r = a | c.src(2, bits); break;
  case Op::Xor: r = a ^ c.src(2, bits); break;
  case Op::Not: r = in.ty == Ty::Pred ? !a : ~a; break;
  case Op::Cnot: r = a == 0; break;
  case Op::Shl: // shift amounts past the width clamp to it (9.7.8.8)
    r = b >= bits ? 0 : a << b;
    break;
  case Op::Shr:
    if (tyIsSigned(in.ty))
      r = uint64_t(signExtend(a, bits) >> std::min<uint64_t>(b, bits - 1));
    else
      r = b >= bits ? 0 : a >> b;
    break;
  case Op::Popc: c.dst(0, __builtin_popcountll(a), 32); return true;
  case Op::Clz:
    c.dst(0, a == 0 ? bits : __builtin_clzll(a) - (64 - bits), 32);
    return true;
  case Op::Brev:
    for (unsigned i = 0; i < bits; ++i)
      r |= ((a >> i) & 1) << (bits - 1 - i);
    break;
  default: return c.fail("not a logic instruction");
  }
  c.dst(0, r, bits);
  return true;
}

// bfe, bfi (9.7.8.10-11) and prmt (9.7.9.7, default mode).
bool execField(Ctx &c) {
  const Inst &in = c.in;
  unsigned bits = tyBits(in.ty), msb = bits - 1;
  uint64_t a = c.src(1, bits), r = 0;
  if (in.op == Op::Bfe) {
    unsigned pos = unsigned(c.src(2, 32) & 0xff), len = unsigned(c.src(3, 32) &
                                                                 0xff);
    uint64_t sbit = 0;
    if (tyIsSigned(in.ty) && len)
      sbit = (a >> std::min(pos + len - 1, msb)) & 1;
    for (unsigned i = 0; i <= msb; ++i)
      r |= ((i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : sbit) << i;
  } else if (in.op == Op::Bfi) {
    r = c.src(2, bits);
    unsigned pos = unsigned(c.src(3, 32) & 0xff), len = unsigned(c.src(4, 32) &
                                                                 0xff);
    for (unsigned i = 0; i < len && pos + i <= msb; ++i)
      r = (r & ~(uint64_t(1) << (pos + i))) | (((a >> i) & 1) << (pos + i));
  } else { // prmt: bytes 0-3 of a, 4-7 of b
    uint64_t b = c.src(2, 32), sel = c.src(3, 32);
    uint64_t bytes = (b << 32) | a;
    for (unsigned i = 0; i < 4; ++i) {
      unsigned s = (sel >> (4 * i)) & 0xf;
      uint64_t byte = (bytes >> (8 * (s & 7))) & 0xff;
      if (s & 8)
        byte = (byte & 0x80) ? 0xff : 0;
      r |= byte << (8 * i);
    }
  }
  c.dst(0, r, bits);
  return true;
}

bool execSetp(Ctx &c) {
  const Inst &in = c.in;
  unsigned bits = tyBits(in.ty);
  // Operands: p[|q], a, b[, c].
  size_t n = in.ops.size();
  bool hasQ = n == 5 || (n == 4 && in.boolOp == BoolOp::None);
  unsigned ai = hasQ ? 2 : 1;
  uint64_t a = c.src(ai, bits), b = c.src(ai + 1, bits);
  bool r;
  if (tyIsFloat(in.ty)) {
    if (in.ty == Ty::F16x2 || in.ty == Ty::BF16x2)
      return c.fail("setp on packed halves is not implemented");
    r = floatCompare(in.cmp, lane(a, in.ty, 0, in.mods),
                     lane(b, in.ty, 0, in.mods));
  } else {
    r = intCompare(in.cmp, a, b, bits, tyIsSigned(in.ty));
  }
  bool q = !r;
  if (in.boolOp != BoolOp::None) {
    bool p3 = c.src(ai + 2, 1);
    auto combine = [&](bool v) {
      return in.boolOp == BoolOp::And ? v && p3
             : in.boolOp == BoolOp::Or ? v || p3
                                       : v != p3;
    };
    r = combine(r), q = combine(q);
  }
  c.dst(0, r, 1);
  if (hasQ)
    c.dst(1, q, 1);
  return true;
}

bool execCvt(Ctx &c) {
  const Inst &in = c.in;
  Ty dst = in.ty, src = in.ty2;
  if (dst == Ty::F16x2 || dst == Ty::BF16x2) {
    // d = {cvt(a) in the upper half, cvt(b) in the lower} (9.7.9.21).
    if (c.in.ops.size() != 3 || src != Ty::F32)
      return c.fail("packed cvt takes two .f32 sources");
    uint64_t hi = fromDouble(asF32(c.src(1, 32)), dst, in.mods),
             lo = fromDouble(asF32(c.src(2, 32)), dst, in.mods);
    c.dst(0, (hi << 16) | (lo & 0xffff), 32);
    return true;
  }
  uint64_t a = c.src(1, tyBits(src));
  uint64_t r;
  if (tyIsFloat(src) && tyIsFloat(dst)) {
    double v = toDouble(a, src);
    if ((in.mods & M_Ftz) && src == Ty::F32)
      v = flush(float(v));
    if (in.mods & (M_Rni | M_Rzi | M_Rmi | M_Rpi)) { // round to integer
      int mode = roundingMode(in.mods);
      v = mode == FE_TOWARDZERO ? std::trunc(v)
          : mode == FE_DOWNWARD ? std::floor(v)
          : mode == FE_UPWARD   ? std::ceil(v)
                                : std::nearbyint(v);
    }
    if (tyBits(dst) < tyBits(src) && !(in.mods & (M_Rn | M_Rz | M_Rm | M_Rp)))
      return c.fail("a narrowing float conversion needs a rounding modifier");
    int saved = std::fegetround();
    std::fesetround(roundingMode(in.mods));
    r = fromDouble(v, dst, in.mods);
    std::fesetround(saved);
  } else if (tyIsFloat(src)) {
    r = floatToInt(toDouble(a, src), dst, in.mods);
  } else if (tyIsFloat(dst)) {
    double v = tyIsSigned(src) ? double(signExtend(a, tyBits(src)))
                               : double(a);
    if (tyBits(src) == 64) { // exact in long double, round once
      int saved = std::fegetround();
      std::fesetround(roundingMode(in.mods));
      if (dst == Ty::F32)
        r = fromF32(tyIsSigned(src) ? float(int64_t(a)) : float(a));
      else
        r = fromDouble(tyIsSigned(src) ? double(int64_t(a)) : double(a), dst,
                       in.mods);
      std::fesetround(saved);
    } else {
      r = fromDouble(v, dst, in.mods);
    }
  } else {
    r = intToInt(a, src, dst, in.mods & M_Sat);
  }
  c.dst(0, r, tyBits(dst));
  return true;
}

// mov, including packing into and unpacking from vector operands.
bool execMov(Ctx &c) {
  const Inst &in = c.in;
  unsigned bits = tyBits(in.ty);
  const Operand &d = in.ops[0], &s = in.ops[1];
  if (s.kind == Operand::Vec) {
    unsigned eb = bits / unsigned(s.elems.size());
    uint64_t v = 0;
    for (size_t i = 0; i < s.elems.size(); ++i)
      v |= c.m.read(c.cta, c.t, s.elems[i], eb) << (eb * i);
    c.dst(0, v, bits);
    return true;
  }
  if (d.kind == Operand::Vec) {
    unsigned eb = bits / unsigned(d.elems.size());
    uint64_t v = c.src(1, bits);
    for (size_t i = 0; i < d.elems.size(); ++i)
      c.m.write(c.t, d.elems[i], v >> (eb * i), eb);
    return true;
  }
  c.dst(0, c.src(1, s.kind == Operand::Sym ? 64 : bits), bits);
  return true;
}

bool execLdSt(Ctx &c) {
  const Inst &in = c.in;
  bool isLd = in.op == Op::Ld;
  const Operand &addrOp = in.ops[isLd ? 1 : 0], &val = in.ops[isLd ? 0 : 1];
  if (addrOp.kind != Operand::Addr)
    return c.fail("expected an address operand");
  unsigned eb = tyBits(in.ty) / 8, n = in.vec;
  Space space = in.space;
  uint64_t addr = c.m.address(c.t, addrOp, space);
  uint8_t buf[64];
  if (isLd) {
    if (!c.m.load(c.cta, c.t, space, addr, buf, eb * n, in))
      return false;
    for (unsigned i = 0; i < n; ++i) {
      uint64_t v = 0;
      std::memcpy(&v, buf + eb * i, eb);
      // A narrow integer loaded into a wider register is extended by the
      // instruction type's signedness (9.7.9.8).
      if (tyIsSigned(in.ty))
        v = uint64_t(signExtend(v, eb * 8));
      c.m.write(c.t, n == 1 ? val : val.elems[i], v, 64);
    }
    return true;
  }
  for (unsigned i = 0; i < n; ++i) {
    uint64_t v = c.m.read(c.cta, c.t, n == 1 ? val : val.elems[i], eb * 8);
    std::memcpy(buf + eb * i, &v, eb);
  }
  return c.m.store(c.cta, c.t, space, addr, buf, eb * n, in);
}

bool execCvta(Ctx &c) {
  const Inst &in = c.in;
  unsigned bits = tyBits(in.ty);
  uint64_t a = c.src(1, in.ops[1].kind == Operand::Sym ? 64 : bits);
  // The executing CTA's shared window is the part of the cluster window
  // whose CTA bits (above bit 32 here) are zero.
  uint64_t tag = in.space == Space::Shared || in.space == Space::SharedCluster
                     ? kGenericShared
                 : in.space == Space::Local ? kGenericLocal
                 : in.space == Space::Param ? kGenericParam
                                            : 0;
  if (in.space == Space::Const)
    return c.fail("cvta of this state space is not implemented");

  if (in.mods & M_To) {
    if (tag && (a & kGenericMask) != tag)
      return c.fail("cvta.to: the generic address is not in this state "
                    "space");
    if (!tag && (a & kGenericMask))
      return c.fail("cvta.to.global: the generic address is not global");
    c.dst(0, a & ~kGenericMask, bits);
  } else {
    c.dst(0, a | tag, bits);
  }
  return true;
}

bool execAtom(Ctx &c) {
  const Inst &in = c.in;
  bool isRed = in.op == Op::Red;
  const Operand &addrOp = in.ops[isRed ? 0 : 1];
  unsigned bits = tyBits(in.ty), bytes = bits / 8;
  Space space = in.space;
  uint64_t addr = c.m.address(c.t, addrOp, space);
  uint64_t old = 0, b = c.src(isRed ? 1 : 2, bits), r;
  // Atomics are exempt from the race check: read and write directly.
  uint64_t a2 = addr;
  Space sp = space;
  if (sp == Space::Generic && (a2 & kGenericMask) == kGenericShared)
    sp = Space::Shared, a2 &= ~kGenericMask;
  uint8_t *p;
  if (sp == Space::Shared || sp == Space::SharedCluster) {
    if ((a2 >> kClusterRankShift) != c.cta.rank)
      return c.fail("atomics on other CTAs' shared memory are not "
                    "implemented");
    a2 &= kClusterOffsetMask;
    if (a2 < kSharedBase || a2 + bytes > kSharedBase + c.m.sharedBytes)
      return c.fail("atomic outside shared memory");
    p = &c.cta.shared[a2];
  } else {
    void *host;
    if (!c.m.load(c.cta, c.t, Space::Global, addr, &old, bytes, in))
      return false;
    host = reinterpret_cast<void *>(uintptr_t(addr));
    p = static_cast<uint8_t *>(host);
  }
  std::memcpy(&old, p, bytes);
  bool fl = tyIsFloat(in.ty), sg = tyIsSigned(in.ty);
  switch (in.atom) {
  case AtomOp::Add:
    r = fl ? fromDouble(toDouble(old, in.ty) + toDouble(b, in.ty), in.ty, 0)
           : old + b;
    break;
  case AtomOp::Min: case AtomOp::Max: {
    bool mx = in.atom == AtomOp::Max;
    if (fl)
      r = fromDouble(fminmax(toDouble(old, in.ty), toDouble(b, in.ty), mx,
                             false), in.ty, 0);
    else if (sg)
      r = (signExtend(b, bits) > signExtend(old, bits)) == mx ? b : old;
    else
      r = (b > old) == mx ? b : old;
    break;
  }
  case AtomOp::And: r = old & b; break;
  case AtomOp::Or: r = old | b; break;
  case AtomOp::Xor: r = old ^ b; break;
  case AtomOp::Exch: r = b; break;
  case AtomOp::Cas: r = old == b ? c.src(3, bits) : old; break;
  case AtomOp::Inc: r = old >= b ? 0 : old + 1; break;
  case AtomOp::Dec: r = (old == 0 || old > b) ? b : old - 1; break;
  }
  std::memcpy(p, &r, bytes);
  if (!isRed)
    c.dst(0, old, bits);
  return true;
}

bool execBarrier(Ctx &c) {
  const Inst &in = c.in;
  unsigned id = unsigned(c.src(0, 32));
  unsigned nthreads = unsigned(c.cta.threads.size());
  unsigned count = in.ops.size() > 1 ? unsigned(c.src(1, 32)) : nthreads;
  if (id >= 16)
    return c.fail("barrier id " + std::to_string(id) + " is not in 0..15");
  if (in.ops.size() > 1 && (count % 32 || count == 0 || count > ((nthreads +
                                                                   31) & ~31u)))
    return c.fail("barrier thread count " + std::to_string(count) +
                  " is not a positive multiple of 32 within the block");
  Barrier &bar = c.cta.barriers[id];
  if (bar.arrived && bar.expected != count)
    return c.fail("barrier " + std::to_string(id) +
                  " used with different thread counts");
  bar.expected = count;
  ++bar.arrived;
  ++c.t.pc;
  if (in.op == Op::BarSync) {
    c.t.status = ThreadStatus::AtBarrier;
    bar.waiting.push_back(c.t.linear);
  }
  // A partial last warp counts as a whole one (9.7.13.1).
  if (bar.arrived >= count || (count == nthreads && bar.arrived == nthreads)) {
    for (unsigned w : bar.waiting)
      c.cta.threads[w].status = ThreadStatus::Ready;
    bar = Barrier();
    ++c.cta.epoch;
  }
  return true;
}

// cp.async (9.7.9.25): the source is read now; the destination holds
// poison until the wait that retires the group writes it.
bool execCpAsync(Ctx &c) {
  const Inst &in = c.in;
  Space sd = Space::Shared, sg = Space::Global;
  uint64_t dst = c.m.address(c.t, in.ops[0], sd);
  uint64_t src = c.m.address(c.t, in.ops[1], sg);
  unsigned size = in.count;
  unsigned srcSize = in.ops.size() > 3 ? unsigned(c.src(3, 32)) : size;
  if (srcSize > size)
    return c.fail("cp.async src-size exceeds cp-size");
  PendingCopy p{dst, {}, size};
  std::memset(p.bytes, 0, sizeof(p.bytes));
  if (srcSize && !c.m.load(c.cta, c.t, Space::Global, src, p.bytes, srcSize,
                           in))
    return false;
  uint8_t poison[16];
  std::memset(poison, 0xff, sizeof(poison));
  if (!c.m.store(c.cta, c.t, Space::Shared, dst, poison, size, in))
    return false;
  c.t.openGroup.push_back(p);
  return true;
}

// Lands the oldest groups until `keep` remain. Bytes that a copy still in
// flight also targets stay poison: either copy may land last.
bool retireGroups(Ctx &c, size_t keep) {
  if (c.t.groups.size() <= keep)
    return true;
  while (c.t.groups.size() > keep) {
    for (const PendingCopy &p : c.t.groups.front())
      if (!c.m.store(c.cta, c.t, Space::Shared, p.dst, p.bytes, p.size, c.in))
        return false;
    c.t.groups.erase(c.t.groups.begin());
  }
  uint8_t poison[16];
  std::memset(poison, 0xff, sizeof(poison));
  auto repoison = [&](const std::vector<PendingCopy> &g) {
    for (const PendingCopy &p : g)
      if (!c.m.store(c.cta, c.t, Space::Shared, p.dst, poison, p.size, c.in))
        return false;
    return true;
  };
  for (const auto &g : c.t.groups)
    if (!repoison(g))
      return false;
  return repoison(c.t.openGroup);
}

bool execCpAsyncGroup(Ctx &c) {
  Thread &t = c.t;
  switch (c.in.op) {
  case Op::CpAsyncCommit:
    t.groups.push_back(std::move(t.openGroup));
    t.openGroup.clear();
    return true;
  case Op::CpAsyncWait:
    return retireGroups(c, c.in.count);
  default: // wait_all: commit, then wait for everything
    t.groups.push_back(std::move(t.openGroup));
    t.openGroup.clear();
    return retireGroups(c, 0);
  }
}

} // namespace

void recordExecutedForm(const std::string &form) {
  static std::mutex lock;
  static std::set<std::string> seen;
  static const char *path = std::getenv("UOP_EMU_FORMS");
  if (!path || !*path)
    return;
  std::lock_guard<std::mutex> guard(lock);
  if (!seen.insert(form).second)
    return;
  // Appended at once: lit may run each unit test in its own process.
  if (FILE *f = std::fopen(path, "a")) {
    std::fprintf(f, "%s\n", form.c_str());
    std::fclose(f);
  }
}

bool Machine::step(Cta &cta, Thread &t) {
  const Inst &in = fn.code[t.pc];
  ++executed;
  if (in.guarded && bool(t.regs[in.guard]) == in.guardNeg) {
    ++t.pc;
    return true;
  }
  if (recordForms)
    recordExecutedForm(in.form);
  Ctx c{*this, cta, t, in};
  bool fl = tyIsFloat(in.ty);
  bool ok = true;
  switch (in.op) {
  case Op::Bra: t.pc = uint32_t(in.ops[0].imm); return true;
  case Op::Ret: case Op::Exit: t.status = ThreadStatus::Exited; return true;
  case Op::BarSync: case Op::BarArrive: return execBarrier(c);
  case Op::Shfl: case Op::Redux: case Op::Mma: case Op::Ldmatrix:
  case Op::BarWarp: case Op::WgmmaMma: case Op::WgmmaFence:
  case Op::WgmmaCommit: case Op::WgmmaWait: case Op::Setmaxnreg:
  case Op::TcAlloc:
  case Op::TcDealloc: case Op::TcRelinquish: case Op::TcLd: case Op::TcWaitLd:
    t.status = ThreadStatus::AtWarp; // Warp.cpp runs it for the warp
    return true;
  case Op::Add: case Op::Sub: case Op::Mul: case Op::Mad: case Op::Div:
  case Op::Min: case Op::Max: case Op::Neg: case Op::Abs:
    ok = fl ? execFloat(c) : execInt(c);
    break;
  case Op::Rem: ok = execInt(c); break;
  case Op::Fma: case Op::Rcp: case Op::Sqrt: case Op::Rsqrt: case Op::Ex2:
  case Op::Lg2: case Op::Sin: case Op::Cos: case Op::Tanh: case Op::Copysign:
    ok = execFloat(c);
    break;
  case Op::And: case Op::Or: case Op::Xor: case Op::Not: case Op::Cnot:
  case Op::Shl: case Op::Shr: case Op::Popc: case Op::Clz: case Op::Brev:
    ok = execBits(c);
    break;
  case Op::Bfe: case Op::Bfi: case Op::Prmt: ok = execField(c); break;
  case Op::Setp: ok = execSetp(c); break;
  case Op::Selp: {
    unsigned bits = tyBits(in.ty);
    c.dst(0, c.src(3, 1) ? c.src(1, bits) : c.src(2, bits), bits);
    break;
  }
  case Op::Cvt: ok = execCvt(c); break;
  case Op::Cvta: ok = execCvta(c); break;
  case Op::Mov: ok = execMov(c); break;
  case Op::Ld: case Op::St: ok = execLdSt(c); break;
  case Op::Atom: case Op::Red: ok = execAtom(c); break;
  case Op::Fence: break;
  case Op::MbarInit: case Op::MbarArrive: case Op::MbarTryWait:
  case Op::FenceProxyAsync: case Op::TmaLoad: case Op::TmaStore:
  case Op::BulkCommit: case Op::BulkWait:
  case Op::BulkLoad: case Op::Nanosleep:
    ok = execAsync(cta, t, in);
    break;
  case Op::TcMma: case Op::TcCommit: ok = execTcgen05(cta, t, in); break;
  case Op::Mapa: ok = mapa(cta, t, in); break;
  case Op::ClusterArrive: case Op::ClusterWait:
    return clusterBarrier(cta, t, in); // moves the pc itself
  case Op::CpAsync: ok = execCpAsync(c); break;
  case Op::CpAsyncCommit: case Op::CpAsyncWait: case Op::CpAsyncWaitAll:
    ok = execCpAsyncGroup(c);
    break;
  default: return fail(cta, t, in, "instruction not implemented");
  }
  ++t.pc;
  return ok;
}

} // namespace uop::emu
