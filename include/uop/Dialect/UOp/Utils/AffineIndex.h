//===- AffineIndex.h - index values as affine forms -------------*- C++ -*-===//
//
// The indices rangeify writes are sums and constant multiples of RANGEs
// (and other index values). uop-optimize asks which range an access walks
// contiguously; MatmulMatch.h which operand is A[i, k] and which B[k, j].
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_UTILS_AFFINEINDEX_H
#define UOP_DIALECT_UOP_UTILS_AFFINEINDEX_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

namespace uop {
/// `constant + sum coeff[v] * v`: the atoms v are the values that are not
/// a constant, an addi, or a muli by a constant (RANGEs, SPECIALs, ...).
struct AffineIndex {
  llvm::SmallDenseMap<mlir::Value, int64_t> coeff;
  int64_t constant = 0;
  int64_t of(mlir::Value v) const { return coeff.lookup(v); }
};

/// Adds `scale` times the affine form of `v` to `out`; failure when `v` is
/// not affine (a muli of two non-constants), on overflow, or past 4096
/// visited ops (far more than any index rangeify writes).
mlir::LogicalResult addAffineIndex(mlir::Value v, int64_t scale,
                                   AffineIndex &out);
} // namespace uop

#endif
