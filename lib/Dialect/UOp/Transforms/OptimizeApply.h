//===- OptimizeApply.h - the one applier of kernel options ------*- C++ -*-===//
//
// uop-optimize decides and OptApplier applies: the heuristics of each target
// and a pinned schedule (opts_to_apply, the `opts` option) both change a
// kernel only through OptApplier::apply, one option at a time, and the
// kernel's applied_opts is the list of options it applied. Applying that
// list to the kernel as it was before uop-optimize gives the same kernel,
// which is what makes a recorded schedule replayable and a search over
// schedules possible (tinygrad: heuristic.py calls Scheduler.apply_opt).
//
//===----------------------------------------------------------------------===//
#ifndef UOP_LIB_DIALECT_UOP_TRANSFORMS_OPTIMIZEAPPLY_H
#define UOP_LIB_DIALECT_UOP_TRANSFORMS_OPTIMIZEAPPLY_H

#include "uop/Dialect/UOp/IR/UOp.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace uop {

/// The RANGEs the accesses of a hand-written register (a DEFINE_REG before
/// uop-optimize: uop-devectorize's accumulator form) depend on. Lanes of them
/// (UPCAST, UNROLL, GROUP) would share the one register.
llvm::SmallVector<RangeOp> registerRanges(FunctionOp fn);
/// The RANGEs a hand-written register is carried around (an AFTER of it
/// waits for their END): they stay sequential loops, never grid dimensions.
llvm::SmallVector<RangeOp> carriedRanges(FunctionOp fn);
/// The largest power of two <= `limit` that divides the range's extent and
/// leaves at least one outer iteration; 1 when there is none.
int64_t factorFor(RangeOp r, int64_t limit);
/// The upcast of output range `r` toward `want` lanes: factorFor's exact
/// factor, or `want` itself with an overlapping last tile where `overlap`
/// allows and that computes at most an eighth more. {factor, overlapped}.
std::pair<int64_t, bool> upcastFor(RangeOp r, int64_t want, bool overlap);
/// The K block of a reduction of `k` steps: `want` when it divides k, else
/// the divisor of k from want / 2 to 2 * want nearest to want, else
/// ceil(k / ceil(k / want)), whose last block is shorter.
int64_t kBlockFor(int64_t k, int64_t want);

/// PITCH (PitchRows.cpp): output range `oh` and the next output range ow
/// (extents H, W) become one range q of (H - 1) * pitch + W steps that keeps
/// oh's axis id (oh = q / pitch, ow = q % pitch); an access at (x + oh,
/// y + ow) of rows `pitch` long becomes base + q; every store, and every
/// read whose padding columns could leave its elements, is gated on ow < W.
/// On failure the kernel is unchanged and `why` says why.
mlir::LogicalResult pitchRows(FunctionOp fn, RangeOp oh, int64_t pitch,
                              std::string &why);

/// The `opts` pass option: `#uop.opt<KIND, axis, amount>` attributes,
/// comma-separated, optionally in brackets, parsed by the dialect's attribute
/// parser. The entries are joined with commas first: a textual pipeline
/// splits a list option at every comma, those inside `<...>` too. On failure
/// `why` holds the parser's message.
mlir::FailureOr<llvm::SmallVector<OptAttr>>
parseOptsOption(mlir::MLIRContext *ctx, llvm::ArrayRef<std::string> entries,
                std::string &why);

/// Applies kernel options to one kernel, each checked against the kernel as
/// it is when it applies (see the uop-optimize description for what each
/// kind does).
class OptApplier {
public:
  OptApplier(FunctionOp fn, bool cuda, bool tensorCores, bool noLocals)
      : fn(fn), cuda(cuda), tensorCores(tensorCores), noLocals(noLocals) {}

  /// Applies `opt` and records it (normalised: an UPCAST of a reduce range
  /// records the lanes it made). On failure the kernel is unchanged and
  /// `why` says why.
  mlir::LogicalResult apply(OptAttr opt, std::string &why);
  /// apply() of a heuristic's choice, whose failure only means "not here".
  bool tryApply(OptOps kind, RangeOp r, int64_t arg);

  /// The options applied so far, in order.
  llvm::ArrayRef<OptAttr> applied() const { return appliedOpts; }
  /// The (outer, inner) ranges of the last split (nulls if none).
  std::pair<RangeOp, RangeOp> lastSplit() const { return last; }
  bool hasNoLocals() const { return noLocals; }
  /// Why a PACK or PREFETCH waits for a BLOCK that never came; "" if none.
  std::string unconsumed() const;

private:
  mlir::LogicalResult applyUpcast(OptAttr o, RangeOp r, std::string &why);
  mlir::LogicalResult applyUnroll(OptAttr o, RangeOp r, std::string &why);
  mlir::LogicalResult applyLocal(OptAttr o, RangeOp r, std::string &why);
  mlir::LogicalResult applyGroup(OptAttr o, RangeOp r, std::string &why);
  mlir::LogicalResult applyTC(OptAttr o, RangeOp r, std::string &why);
  mlir::LogicalResult applyBlock(OptAttr o, RangeOp r, std::string &why);
  mlir::LogicalResult applyPitch(OptAttr o, RangeOp r, std::string &why);
  /// SWAP axis, other: the two output loops exchange places in every END
  /// that closes them (the one that was inside runs outside).
  mlir::LogicalResult applySwap(OptAttr o, RangeOp r, std::string &why);
  mlir::LogicalResult applyPackOrPrefetch(OptAttr o, RangeOp r,
                                          std::string &why);
  /// Lane accumulators of the float REDUCE over `r` alone; 0 when it does
  /// not apply, else the lanes made.
  int64_t applyLanes(RangeOp r, int64_t want);
  /// Splits `r` into (outer, inner) of `n` steps (retypes it to `innerType`
  /// for n == 0 or the whole extent), overlapping the last tile when n does
  /// not divide the extent and `overlap` allows it.
  mlir::LogicalResult split(RangeOp r, int64_t n, int64_t limit,
                            AxisType outerType, AxisType innerType,
                            bool overlap, std::string &why);

  FunctionOp fn;
  bool cuda, tensorCores, noLocals;
  llvm::SmallVector<OptAttr> appliedOpts;
  std::pair<RangeOp, RangeOp> last;
  /// Each upcast split, by its inner range's axis id: the outer range's axis
  /// id and, when the last tile overlaps its neighbour, the extent that was
  /// split (else 0). (Axis ids, never reused, rather than ops, which splits
  /// erase.)
  llvm::DenseMap<int64_t, std::pair<int64_t, int64_t>> upcasts;
  /// PACK / PREFETCH waiting for the BLOCK of their axis.
  std::optional<OptAttr> pendingPack, pendingPrefetch;
};

} // namespace uop

#endif // UOP_LIB_DIALECT_UOP_TRANSFORMS_OPTIMIZEAPPLY_H
