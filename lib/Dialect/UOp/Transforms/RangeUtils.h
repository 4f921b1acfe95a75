//===- RangeUtils.h - helpers shared by the uop kernel passes ---*- C++ -*-===//
#ifndef UOP_LIB_DIALECT_UOP_TRANSFORMS_RANGEUTILS_H
#define UOP_LIB_DIALECT_UOP_TRANSFORMS_RANGEUTILS_H

#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace uop {
/// The constant extent of a RANGE, if it has one.
std::optional<int64_t> getConstantExtent(RangeOp r);

/// The mutable list of ranges `op` closes (RangeClosingOpInterface's
/// getClosedRangesMutable), or nullopt for ops without such a list.
std::optional<mlir::MutableOperandRange> getClosedRangesMutable(mlir::Operation *op);

/// Replaces RANGE `r` by `outer * inner + innerRange`: two new ranges of the
/// given types (extent(r) / inner and inner). Closing ops list both in place
/// of `r`. Returns the new (outer, inner) ranges.
std::pair<RangeOp, RangeOp> splitRange(RangeOp r, int64_t inner,
                                       AxisType outerType, AxisType innerType);
/// Splits RANGE `r`, whose constant extent n is not a multiple of `inner`
/// (n > inner), into ceil(n / inner) x inner steps, replacing it by
/// `min(outer * inner, n - inner) + innerRange`: the last tile is shifted
/// back to end at n and overlaps its neighbour, so every step stays in
/// bounds and the inner steps stay consecutive (one vector). The overlapped
/// elements are computed twice: only for output ranges of a kernel that
/// reads back nothing it stores (kernelMayRecompute).
std::pair<RangeOp, RangeOp> splitRangeOverlapped(RangeOp r, int64_t inner,
                                                 AxisType outerType,
                                                 AxisType innerType);
/// True when computing an output element of `fn` twice stores the same
/// value twice: no LOAD reads a buffer that a STORE of the kernel writes.
bool kernelMayRecompute(FunctionOp fn);
/// splitRange of a RANGE over a shape variable (a DEFINE_VAR extent): the
/// new ranges cover the variable's upper bound, and every access to a kernel
/// argument that follows is gated on `outer * inner + innerRange < extent`,
/// so the extra iterations neither read nor write.
std::pair<RangeOp, RangeOp> splitBoundedRange(RangeOp r, int64_t inner,
                                              AxisType outerType,
                                              AxisType innerType);
/// The row-major index of `idx` into a buffer of the given extents (index
/// values: constants or shape variables); null for no indices.
mlir::Value buildRowMajorIndex(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::ValueRange idx, mlir::ValueRange extents);
/// The `uop.shape` of `buffer` when it is an argument of a kernel function
/// that records one (uop-split-kernels does); null otherwise.
mlir::DenseI64ArrayAttr argumentShape(mlir::Value buffer);
/// Gates every INDEX of a kernel argument after `valid` in its block on it.
void gateArgumentAccesses(mlir::Value valid);
/// `a <op> b` for a reduction operator (addf/addi, mulf/muli, maximumf/maxsi,
/// minimumf/minsi); fails for types other than scalars of int or float.
mlir::FailureOr<mlir::Value> combineReduce(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           ReduceOpKind kind, mlir::Value a,
                                           mlir::Value c);

/// The bytes of one element of `elem` in a buffer (i1 as a byte, index as
/// int64_t).
int64_t bufferElementBytes(mlir::Type elem);
/// The element count of a buffer of `t`, every shape variable at its upper
/// bound in `vars`, when the count and its byte size fit int64; else a
/// located error at `loc` naming `what` (checked products: a type's own
/// getNumElements() wraps).
mlir::FailureOr<int64_t> boundedBufferElements(mlir::RankedTensorType t,
                                               llvm::ArrayRef<VarAttr> vars,
                                               mlir::Location loc,
                                               const llvm::Twine &what);
/// boundedBufferElements of every ranked tensor argument and result of `fn`.
mlir::LogicalResult checkSignatureSizes(mlir::func::FuncOp fn,
                                        llvm::StringRef pass);
} // namespace uop

#endif
