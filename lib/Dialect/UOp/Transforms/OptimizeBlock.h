//===- OptimizeBlock.h - K blocks, packs and prefetches --------*- C++ -*-===//
//
// What OptApplier's BLOCK (qualified by PACK and PREFETCH) does to a
// register-tiled kernel (OptimizeBlock.cpp), and two helpers it shares with
// the applier's other options (OptimizeApply.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef UOP_LIB_DIALECT_UOP_TRANSFORMS_OPTIMIZEBLOCK_H
#define UOP_LIB_DIALECT_UOP_TRANSFORMS_OPTIMIZEBLOCK_H

#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/IR/IRMapping.h"

namespace uop {

/// A new RANGE of `end` steps (a constant, or the bound of a K tail block)
/// and type `type` at `b`'s insertion point, numbered after every axis of
/// `fn`.
RangeOp newRange(mlir::OpBuilder &b, mlir::Location loc, FunctionOp fn,
                 mlir::Value end, AxisType type);
RangeOp newRange(mlir::OpBuilder &b, mlir::Location loc, FunctionOp fn,
                 int64_t extent, AxisType type);

/// `v` with the ranges `m` maps replaced: the ops between them and `v` are
/// cloned at `b` (and recorded in `m`), the rest is shared. `memo`: whether
/// a value reads one of the replaced ranges.
mlir::Value cloneReplacing(mlir::OpBuilder &b, mlir::Value v,
                           mlir::IRMapping &m,
                           llvm::DenseMap<mlir::Value, bool> &memo);

/// K blocking of a register-tiled kernel whose only REDUCE is an f32/f64
/// add over the range `k` alone, stored straight into an argument nothing
/// else touches by the kernel's only END: `k` becomes blocks of `block`
/// steps (the last may be shorter), each adding to what the blocks before it
/// stored. `innerOuter` / `innerLanes` and `nextOuter` / `nextLanes` are the
/// tile's two output ranges (loop part, upcast lanes or null); with `pack`
/// B's strips are packed, and A's blocks of `packRows` rows; with
/// `prefetch` each tile prefetches its output rows. An overlap extent is the
/// extent an overlapping upcast split (0: none). Returns the (K blocks,
/// steps) ranges, or nulls (the kernel unchanged) when it is not of that
/// form. Details at the definition.
std::pair<RangeOp, RangeOp>
blockReduction(FunctionOp fn, RangeOp k, int64_t block, RangeOp innerOuter,
               RangeOp innerLanes, RangeOp nextOuter, RangeOp nextLanes,
               bool pack, int64_t packRows, bool prefetch,
               int64_t innerOverlapExtent, int64_t nextOverlapExtent);

} // namespace uop

#endif // UOP_LIB_DIALECT_UOP_TRANSFORMS_OPTIMIZEBLOCK_H
