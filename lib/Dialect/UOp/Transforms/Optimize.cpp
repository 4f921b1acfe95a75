//===- Optimize.cpp - heuristic kernel options ----------------------------===//
//
// No search: a few rules that pay off on every target.
//  cpu:  the innermost output range is split loop x upcast(N) so that uop-expand
//        writes N neighbouring outputs per iteration (the C compiler turns them
//        into one vector store); each reduction range is split reduce x
//        unroll(N) for independent accumulations.
//  cuda: output ranges become global; the innermost is split global x local so
//        a block holds up to 256 threads.
// The options applied are recorded in the SINK's KernelInfo (applied_opts).
//
//===----------------------------------------------------------------------===//

#include "RangeUtils.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

namespace uop {
#define GEN_PASS_DEF_UOPOPTIMIZE
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {
/// Records an applied option on the axis id of `r`, as tinygrad's Opt.
void note(SmallVectorImpl<OptAttr> &applied, OptOps kind, RangeOp r,
          int64_t n) {
  applied.push_back(
      OptAttr::get(r.getContext(), kind, r.getAxisId().getId(), n));
}

/// The largest power of two <= `limit` that divides the range's extent and
/// leaves at least one outer iteration.
int64_t factorFor(RangeOp r, int64_t limit) {
  std::optional<int64_t> n = getConstantExtent(r);
  for (int64_t f = limit; f > 1; f /= 2)
    if (n && *n % f == 0 && *n > f)
      return f;
  return 1;
}

struct UOpOptimizePass : public uop::impl::UOpOptimizeBase<UOpOptimizePass> {
  using UOpOptimizeBase::UOpOptimizeBase;

  void runOnOperation() override {
    FunctionOp fn = getOperation();
    if (!isKernel(fn))
      return;
    if (target != "cpu" && target != "cuda") {
      fn.emitError("uop-optimize: unknown target '") << target
          << "' (expected cpu or cuda)";
      return signalPassFailure();
    }
    MLIRContext *ctx = &getContext();
    SmallVector<OptAttr> applied;

    // Output ranges: the RANGEs an END closes, outermost first.
    SmallVector<RangeOp> outputs, reduces;
    fn.walk([&](EndOp end) {
      for (Value r : end.getRanges())
        if (auto range = r.getDefiningOp<RangeOp>();
            range && range.getAxisType() == AxisType::Loop &&
            !llvm::is_contained(outputs, range))
          outputs.push_back(range);
    });
    fn.walk([&](RangeOp r) {
      if (r.getAxisType() == AxisType::Reduce)
        reduces.push_back(r);
    });

    if (target == "cpu")
      optimizeForCpu(outputs, reduces, applied);
    else
      optimizeForCuda(outputs, applied);

    if (applied.empty())
      return;
    SinkOp sink = fn.getSink();
    KernelInfoAttr info = *sink.getInfo();
    sink.setInfoAttr(KernelInfoAttr::get(ctx, info.getName(),
                                         info.getDontUseLocals(),
                                         applied));
  }

private:
  // cpu: a register tile of upcast outputs when there is a reduction, else
  // an upcast innermost output and unrolled reductions.
  void optimizeForCpu(ArrayRef<RangeOp> outputs, ArrayRef<RangeOp> reduces,
                      SmallVectorImpl<OptAttr> &applied) {
    if (!reduces.empty() && outputs.size() >= 2) {
      // A register tile: upcast x upcast-outer accumulators.
      RangeOp inner = outputs.back(), next = outputs[outputs.size() - 2];
      // Measured on AVX-512 with 256-bit vectors (docs/performance.md): a
      // 32-wide tile pays off for long reductions (K >= 1024), a 16-wide
      // one for shorter ones, whose B strip then stays in L1.
      // Only whether K reaches 1024 matters: saturate rather than overflow.
      int64_t k = 1;
      for (RangeOp r : reduces)
        if (llvm::MulOverflow(k, getConstantExtent(r).value_or(1), k))
          k = std::numeric_limits<int64_t>::max();
      int64_t width = std::min<int64_t>(upcast, k >= 1024 ? 32 : 16);
      int64_t fi = factorFor(inner, width), fo = factorFor(next, upcastOuter);
      if (fi > 1) {
        note(applied, OptOps::Upcast, inner, fi);
        splitRange(inner, fi, AxisType::Loop, AxisType::Upcast);
      }
      if (fo > 1) {
        note(applied, OptOps::Upcast, next, fo);
        splitRange(next, fo, AxisType::Loop, AxisType::Upcast);
      }
      return;
    }
    if (!outputs.empty()) {
      RangeOp inner = outputs.back();
      if (int64_t f = factorFor(inner, std::min<int64_t>(upcast, 4)); f > 1) {
        note(applied, OptOps::Upcast, inner, f);
        splitRange(inner, f, AxisType::Loop, AxisType::Upcast);
      }
    }
    for (RangeOp r : reduces)
      if (int64_t f = factorFor(r, unroll); f > 1) {
        note(applied, OptOps::Unroll, r, f);
        splitRange(r, f, AxisType::Reduce, AxisType::Unroll);
      }
  }

  // cuda: the innermost output ranges become the grid, the innermost split
  // into global x local threads.
  void optimizeForCuda(ArrayRef<RangeOp> outputs,
                       SmallVectorImpl<OptAttr> &applied) {
    // The innermost three output ranges are the grid; outer ones stay
    // loops inside each thread.
    for (RangeOp r : llvm::drop_begin(outputs, outputs.size() > 3
                                                   ? outputs.size() - 3
                                                   : 0))
      r.setAxisType(AxisType::Global);
    if (!outputs.empty()) {
      RangeOp inner = outputs.back();
      std::optional<int64_t> n = getConstantExtent(inner);
      // A range over a shape variable is split at its upper bound, gated.
      auto var = inner.getEnd().getDefiningOp<DefineVarOp>();
      if (!n && var) {
        int64_t bound = var.getMaxVal();
        for (int64_t l = 256; l > 1; l /= 2)
          if (bound % l == 0 && bound > l) {
            note(applied, OptOps::Local, inner, l);
            splitBoundedRange(inner, l, AxisType::Global, AxisType::Local);
            break;
          }
        return;
      }
      int64_t local = 1;
      for (int64_t l = 256; l > 1; l /= 2)
        if (n && *n % l == 0 && *n > l) {
          local = l;
          break;
        }
      if (local > 1) {
        note(applied, OptOps::Local, inner, local);
        splitRange(inner, local, AxisType::Global, AxisType::Local);
      }
    }
  }
};
} // namespace
