//===- HostData.cpp - host buffers, random inputs and checks --------------===//

#include "uop/Runtime/HostData.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace uop;

unsigned DType::bytes() const {
  return std::max<unsigned>(1, type.getIntOrFloatBitWidth() / 8);
}
bool DType::isFloat() const { return isa<FloatType>(type); }
unsigned DType::width() const { return type.getIntOrFloatBitWidth(); }

std::string DType::name() const {
  if (type.isInteger(1))
    return "bool";
  if (!isFloat())
    return (llvm::Twine(isUnsigned ? "u" : "i") + llvm::Twine(width())).str();
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

bool DType::isSupported() const {
  if (isFloat())
    return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
  unsigned w = type.isInteger() ? width() : 0;
  return w == 1 || w == 8 || w == 16 || w == 32 || w == 64;
}

void DType::store(double v, void *p) const {
  HostTensor h;
  h.shape = {1};
  if (isFloat())
    h.data = {v};
  else
    h.ints = {(int64_t)v};
  std::vector<unsigned char> raw = toBytes(h);
  std::memcpy(p, raw.data(), bytes());
}

double DType::load(const void *p) const {
  HostTensor h = fromBytes(static_cast<const unsigned char *>(p), {1});
  return isFloat() ? h.data[0] : asDouble(h.ints[0]);
}

double DType::asDouble(int64_t v) const {
  return isUnsigned ? (double)(uint64_t)(v & (width() >= 64
                                                  ? ~0ull
                                                  : (1ull << width()) - 1))
                    : (double)v;
}

std::vector<unsigned char> DType::toBytes(const HostTensor &h) const {
  int64_t n = h.numElements();
  std::vector<unsigned char> raw(n * bytes());
  for (int64_t i = 0; i < n; ++i) {
    unsigned char *p = raw.data() + i * bytes();
    if (type.isF32()) {
      float f = (float)h.data[i];
      std::memcpy(p, &f, 4);
    } else if (type.isF64()) {
      std::memcpy(p, &h.data[i], 8);
    } else if (isFloat()) { // f16, bf16
      llvm::APFloat a(h.data[i]);
      bool lost;
      a.convert(cast<FloatType>(type).getFloatSemantics(),
                llvm::APFloat::rmNearestTiesToEven, &lost);
      uint16_t bits = (uint16_t)a.bitcastToAPInt().getZExtValue();
      std::memcpy(p, &bits, 2);
    } else {
      int64_t v = h.ints[i];
      std::memcpy(p, &v, bytes()); // little endian: the low bytes
    }
  }
  return raw;
}

HostTensor DType::fromBytes(const unsigned char *p,
                            llvm::ArrayRef<int64_t> shape) const {
  HostTensor h;
  h.shape.assign(shape.begin(), shape.end());
  int64_t n = h.numElements();
  for (int64_t i = 0; i < n; ++i, p += bytes()) {
    if (type.isF32()) {
      float f;
      std::memcpy(&f, p, 4);
      h.data.push_back(f);
    } else if (type.isF64()) {
      double d;
      std::memcpy(&d, p, 8);
      h.data.push_back(d);
    } else if (isFloat()) {
      uint16_t bits;
      std::memcpy(&bits, p, 2);
      llvm::APFloat a(cast<FloatType>(type).getFloatSemantics(),
                      llvm::APInt(16, bits));
      bool lost;
      a.convert(llvm::APFloat::IEEEdouble(),
                llvm::APFloat::rmNearestTiesToEven, &lost);
      h.data.push_back(a.convertToDouble());
    } else {
      int64_t v = 0;
      std::memcpy(&v, p, bytes());
      h.ints.push_back(wrapToWidth(v, width())); // C's _Bool is 0 or 1
    }
  }
  return h;
}

double DType::tolerance() const {
  if (type.isF64())
    return 1e-9;
  if (type.isF32())
    return 1e-5;
  if (type.isF16())
    return 4 * 0x1p-10;
  if (type.isBF16())
    return 4 * 0x1p-7;
  return 0;
}

HostBuffer HostBuffer::fromValues(DType dtype, const HostTensor &values) {
  HostBuffer b;
  b.dtype = dtype;
  b.shape = values.shape;
  std::vector<unsigned char> raw = dtype.toBytes(values);
  b.bytes.assign(raw.begin(), raw.end());
  return b;
}

HostBuffer HostBuffer::poisoned(DType dtype, llvm::ArrayRef<int64_t> shape) {
  HostBuffer b;
  b.dtype = dtype;
  b.shape.assign(shape.begin(), shape.end());
  b.bytes.assign(b.numElements() * dtype.bytes(), 0xFF);
  return b;
}

int64_t HostBuffer::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

HostTensor HostBuffer::values() const {
  return dtype.fromBytes(bytes.data(), shape);
}

llvm::Error HostBuffer::writeNpy(llvm::StringRef path) const {
  npy::Array a;
  a.descr = npy::descrFor(dtype.type, dtype.isUnsigned);
  a.shape = shape;
  if (dtype.type.isBF16())
    a.bytes = DType{Float32Type::get(dtype.type.getContext())}.toBytes(values());
  else
    a.bytes.assign(bytes.begin(), bytes.end());
  return npy::write(path, a);
}

std::string uop::numpyShape(llvm::ArrayRef<int64_t> shape) {
  std::string s = "(";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + (shape.size() == 1 ? ",)" : ")");
}

void uop::fillRandom(HostTensor &h, DType t, std::mt19937_64 &rng) {
  int64_t n = h.numElements();
  if (t.isFloat()) {
    std::uniform_real_distribution<double> real(-1.0, 1.0);
    h.data.resize(n);
    for (double &v : h.data)
      v = roundToFloatType(t.type, real(rng));
    return;
  }
  std::uniform_int_distribution<int> integer(
      t.width() == 1 || t.isUnsigned ? 0 : -8, t.width() == 1 ? 1
                                               : t.isUnsigned ? 16
                                                              : 8);
  h.ints.resize(n);
  for (int64_t &v : h.ints)
    v = integer(rng);
}

double uop::finiteRms(llvm::ArrayRef<double> v) {
  double top = 0;
  size_t n = 0;
  for (double x : v)
    if (std::isfinite(x)) {
      top = std::max(top, std::fabs(x));
      ++n;
    }
  if (!n || top == 0)
    return 0;
  double sum = 0;
  for (double x : v)
    if (std::isfinite(x))
      sum += (x / top) * (x / top);
  return top * std::sqrt(sum / n);
}

namespace {
void mismatch(Comparison &c) {
  ++c.bad;
  c.maxAbs = c.maxRel = INFINITY;
}

/// Integer outputs: the same bits (or, against a double-precision tirx
/// reference without `ints`, the same number), exactly.
void compareExact(const HostTensor &got, const HostTensor &ref,
                  Comparison &c) {
  if (ref.ints.empty()) {
    for (size_t i = 0; i < ref.data.size(); ++i) {
      ++c.checked;
      if (got.data[i] != ref.data[i])
        mismatch(c);
    }
    return;
  }
  for (size_t i = 0; i < ref.ints.size(); ++i) {
    ++c.checked;
    if (ref.isUndefined(i) || got.ints[i] != ref.ints[i])
      mismatch(c);
  }
}
} // namespace

void uop::compare(const HostTensor &got, const HostTensor &ref, DType t,
                  Comparison &c, double tolerance,
                  const HostTensor *perturbed) {
  if (tolerance == 0)
    tolerance = t.tolerance();
  if (!t.isFloat())
    return compareExact(got, ref, c);
  // The reference rounded to the output's type (1e78 is +inf in f32).
  std::vector<double> r(ref.data);
  for (double &x : r)
    x = roundToFloatType(t.type, x);
  double floor = std::max(finiteRms(r), 1e-30);
  // Each element's rounding spread, floored by its RMS over the output.
  std::vector<double> spread(r.size(), 0.0);
  if (perturbed) {
    for (size_t i = 0; i < r.size(); ++i)
      spread[i] = std::fabs(r[i] - perturbed->data[i]);
    double rms = finiteRms(spread);
    for (double &s : spread)
      s = std::isfinite(s) ? std::max(s, rms) : 0.0;
    c.spread = std::max(c.spread.value_or(0.0), rms / floor);
  }
  for (size_t i = 0; i < r.size(); ++i) {
    double g = got.data[i];
    ++c.checked;
    if (!std::isfinite(r[i]) || !std::isfinite(g)) {
      // An unwritten (NaN-poisoned) element lands here too.
      bool same = std::isnan(r[i]) ? std::isnan(g) : g == r[i];
      if (!same)
        mismatch(c);
      continue;
    }
    double abs = std::fabs(g - r[i]);
    double scale = std::max(std::fabs(r[i]), floor);
    if (abs > tolerance * scale + kSpreadFactor * spread[i])
      ++c.bad;
    c.maxAbs = std::max(c.maxAbs, abs);
    c.maxRel = std::max(c.maxRel, abs / scale);
  }
}

void uop::compare(const HostBuffer &got, const HostTensor &ref, Comparison &c) {
  compare(got.values(), ref, got.dtype, c);
}
