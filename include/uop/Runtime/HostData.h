//===- HostData.h - host buffers, random inputs and checks -------*- C++ -*-===//
//
// The host data model of the runtime. A program's buffer on the host is a
// HostBuffer: its element type (DType: storage, signedness, tolerance), its
// shape and its bytes, as the compiled program reads and writes them, with
// .npy I/O. The references compute on HostTensor values (Interpreter.h),
// which a buffer converts to and from; an output is compared with its
// reference within its type's tolerance. Every front end (uop-run, the C
// API) holds its buffers this way.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_HOSTDATA_H
#define UOP_RUNTIME_HOSTDATA_H

#include "uop/Runtime/Interpreter.h"
#include "uop/Runtime/Npy.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace uop {
/// An element type on the host: its storage, its name, its tolerance.
/// Integers are signless in the IR; `isUnsigned` comes from `uop.unsigned`
/// at the program interface.
struct DType {
  mlir::Type type;
  bool isUnsigned = false;

  unsigned bytes() const;
  bool isFloat() const;
  unsigned width() const;
  /// "f32", "bf16", "i8", "u32", "bool".
  std::string name() const;
  /// Storable on the host (and in .npy): the dtypes of uop programs.
  bool isSupported() const;
  /// One element as a double, for the tirx references (which are floats).
  void store(double v, void *p) const;
  double load(const void *p) const;
  /// The integer `v` (wrapped bits) as the number it denotes.
  double asDouble(int64_t v) const;
  /// `h` (in the interpreter's representation) as little-endian bytes of
  /// this type.
  std::vector<unsigned char> toBytes(const HostTensor &h) const;
  /// Elements of this type from little-endian bytes.
  HostTensor fromBytes(const unsigned char *p,
                       llvm::ArrayRef<int64_t> shape) const;
  /// Relative error bound of a float result: f32 and f64 as the reference
  /// computes in double; f16 and bf16 four units in the last place (their
  /// per-op rounding is modelled exactly). Integers and bools are exact.
  double tolerance() const;
};

/// Host memory aligned to a cache line, as CPU tensor allocators give it
/// (PyTorch's aligns to 64 bytes). A large malloc block is only 16-byte
/// aligned, so each 512-bit load of a row would straddle two lines: a
/// 1024^3 matmul runs 12% slower on such buffers (docs/performance.md).
template <typename T> struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlign{64};
  CacheLineAllocator() = default;
  template <typename U> CacheLineAllocator(const CacheLineAllocator<U> &) {}
  T *allocate(size_t n) {
    return static_cast<T *>(::operator new(n * sizeof(T), kAlign));
  }
  void deallocate(T *p, size_t) { ::operator delete(p, kAlign); }
  bool operator==(const CacheLineAllocator &) const { return true; }
  bool operator!=(const CacheLineAllocator &) const { return false; }
};
using AlignedBytes =
    std::vector<unsigned char, CacheLineAllocator<unsigned char>>;

/// One buffer of a program on the host, as a compiled program reads and
/// writes it: elements of `dtype`, row-major and little-endian.
struct HostBuffer {
  DType dtype;
  llvm::SmallVector<int64_t> shape;
  AlignedBytes bytes;

  /// `values` stored in `dtype` (floats rounded to nearest even).
  static HostBuffer fromValues(DType dtype, const HostTensor &values);
  /// A buffer of NaN bytes (0xFF), so that elements a program leaves
  /// unwritten fail a check.
  static HostBuffer poisoned(DType dtype, llvm::ArrayRef<int64_t> shape);
  int64_t numElements() const;
  /// The elements as the references hold them (exact).
  HostTensor values() const;
  /// Writes the buffer as a .npy file of its numpy dtype; bf16, which numpy
  /// lacks, as float32 (exact).
  llvm::Error writeNpy(llvm::StringRef path) const;
};

/// A shape as numpy prints it: "(2, 3)", "(4,)", "()".
std::string numpyShape(llvm::ArrayRef<int64_t> shape);

/// Seeded random values of the element type: floats in [-1, 1) rounded to
/// the type, signed integers in [-8, 8], unsigned in [0, 16], bools 0/1.
void fillRandom(HostTensor &h, DType t, std::mt19937_64 &rng);

/// The outcome of comparing outputs with their references (accumulated over
/// several outputs).
struct Comparison {
  double maxAbs = 0, maxRel = 0;
  int64_t bad = 0, checked = 0;
  /// Set when float outputs were judged with the spread of a perturbed
  /// evaluation: the largest RMS of |ref - perturbed| over an output,
  /// relative to the RMS of its reference.
  std::optional<double> spread;
};

/// The root mean square of the finite values of `v` (scaled by the largest,
/// so squares of large values do not overflow).
double finiteRms(llvm::ArrayRef<double> v);

/// Integers and bools: the same bits, exactly; an element the reference
/// leaves undefined matches nothing. Floats: |got - ref| <= tol * scale,
/// where scale is |ref| floored by the RMS of the output's finite reference
/// values, so values near zero are judged against the data. A NaN in the
/// reference matches only a NaN at that element and an infinity only the
/// same infinity; they stay out of the floor and of the recorded errors,
/// which are finite on a pass. `tolerance` 0 means the type's.
/// With `perturbed` (the FloatRounding::Perturbed evaluation of the same
/// output), each float element may also differ by kSpreadFactor times its
/// spread |ref - perturbed|, floored by the spread's RMS over the output:
/// rounding the data amplify (a norm, a long sum that cancels) is allowed,
/// in proportion to what a correct evaluation shows.
void compare(const HostTensor &got, const HostTensor &ref, DType t,
             Comparison &c, double tolerance = 0,
             const HostTensor *perturbed = nullptr);
/// How many times an element's rounding spread it may differ by.
constexpr double kSpreadFactor = 8;
/// The same for an output buffer, in its own type.
void compare(const HostBuffer &got, const HostTensor &ref, Comparison &c);
} // namespace uop

#endif // UOP_RUNTIME_HOSTDATA_H
