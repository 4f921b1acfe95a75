//===- HostData.h - element types, random inputs and checks on the host -*- C++ -*-===//
//
// What a runner needs around a program's buffers on the host: the element
// type of a buffer with its byte form and its tolerance (DType), seeded
// random inputs, and the comparison of an output with a double-precision
// reference. uop-run, and any other front end that checks results, use it.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_HOSTDATA_H
#define UOP_RUNTIME_HOSTDATA_H

#include "uop/Runtime/Interpreter.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
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

/// Seeded random values of the element type: floats in [-1, 1) rounded to
/// the type, signed integers in [-8, 8], unsigned in [0, 16], bools 0/1.
void fillRandom(HostTensor &h, DType t, std::mt19937_64 &rng);

/// The outcome of comparing outputs with their references (accumulated over
/// several outputs).
struct Comparison {
  double maxAbs = 0, maxRel = 0;
  int64_t bad = 0, checked = 0;
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
void compare(const HostTensor &got, const HostTensor &ref, DType t,
             Comparison &c, double tolerance = 0);
} // namespace uop

#endif // UOP_RUNTIME_HOSTDATA_H
