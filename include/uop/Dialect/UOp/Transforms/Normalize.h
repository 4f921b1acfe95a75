//===- Normalize.h - the seed's forms the later passes do not take -----*- C++ -*-===//
//
// uop-normalize rewrites the bestiary's forms that have a simpler equivalent
// into that equivalent, so that every later pass and target sees one form:
// STORE closing ranges, BIND, PRECAST, GET_TUPLE, CUSTOM_FUNCTION graph.
// The reference interpreter gives most of them their meaning itself; it
// shares only the structural STORE rewrite.
//
//===----------------------------------------------------------------------===//
#ifndef UOP_DIALECT_UOP_TRANSFORMS_NORMALIZE_H
#define UOP_DIALECT_UOP_TRANSFORMS_NORMALIZE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace uop {
/// Rewrites each `store %i, %v [%r...]` under `root` into
/// `end (store %i, %v) [%r...]` (the seed: STORE closes its ranges=2+ as END
/// closes its ranges=1+).
void splitStoreRanges(mlir::Operation *root);

/// PRECAST's meaning as arith ops: `v` cast to `to` with tinygrad's CAST
/// rules (`v` itself when it has that type).
mlir::Value buildPrecast(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                         mlir::Type to);
} // namespace uop

#endif // UOP_DIALECT_UOP_TRANSFORMS_NORMALIZE_H
