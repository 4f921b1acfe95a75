//===- Npy.h - NumPy .npy files, read and written -----------------*- C++ -*-===//
//
// The .npy format (versions 1.0, 2.0 and 3.0 read; 1.0 written, 2.0 when the
// header needs it): a magic string, a Python-literal header with `descr`,
// `fortran_order` and `shape`, then the elements in C order. Only the
// fixed-size numeric and bool dtypes, which is what uop programs take.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_NPY_H
#define UOP_RUNTIME_NPY_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace uop::npy {
struct Array {
  /// The dtype with '<' or '|' byte order: "<f4", "|b1", "<u8", ...
  std::string descr;
  llvm::SmallVector<int64_t> shape;
  /// The elements, little-endian, C order.
  std::vector<unsigned char> bytes;
};

/// The longest header read (numpy writes a few hundred bytes).
constexpr size_t kMaxHeaderBytes = 1 << 20;
/// Reads `path`; big-endian data is byte-swapped. Errors say what is wrong
/// (not a .npy file, a truncated or oversized body, a key given twice,
/// Fortran order, an unknown dtype). Reads at most the header and the bytes
/// it gives, plus one: a header of more than `maxElements` elements is an
/// error before any data is read (so /dev/zero ends at once).
llvm::Expected<Array> read(llvm::StringRef path,
                           std::optional<int64_t> maxElements = std::nullopt);
/// Parses the contents of a .npy file; `what` names it in errors.
llvm::Expected<Array> parse(llvm::StringRef contents, llvm::StringRef what);
/// Writes `array` to `path`.
llvm::Error write(llvm::StringRef path, const Array &array);

/// The numpy dtype holding elements of `elem` (an integer `isUnsigned` or
/// not, or a float): "<f4", "|u1", "|b1" for i1, ...; bf16, which numpy lacks,
/// travels as "<f4" (exact). Empty for other types.
std::string descrFor(mlir::Type elem, bool isUnsigned);
/// Bytes per element of a descr such as "<f4" (0 when unknown).
unsigned itemSize(llvm::StringRef descr);
} // namespace uop::npy

#endif
