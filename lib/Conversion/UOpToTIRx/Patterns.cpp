//===- Patterns.cpp - uop-to-tirx conversion patterns ---------------------===//
//
// The memory, synchronisation and cross-thread REDUCE ops of a kernel, one
// pattern each, applied by convert-uop-to-tirx's walker to each op it has
// placed in the loop nest (uop/Conversion/UOpToTIRx/Patterns.h).
//
//===----------------------------------------------------------------------===//

#include "uop/Conversion/UOpToTIRx/Patterns.h"
#include "uop/Conversion/UOpToTIRx/WMMA.h"
#include "PrimFunc.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace uop;
using namespace uop::tirx;
using uop::detail::bufferFor;

/// A shared buffer of `n` elements of `t`, allocated at the top of the
/// device entry around `at` (it lives as long as the kernel).
static Value allocShared(PatternRewriter &rw, Operation *at, Type t,
                         int64_t n) {
  auto entry = at->getParentOfType<DeviceEntryOp>();
  OpBuilder::InsertionGuard guard(rw);
  rw.setInsertionPointToStart(&entry.getBody().front());
  return AllocBufferOp::create(
             rw, at->getLoc(),
             BufferType::get(t.getContext(), {n}, t, StorageScope::Shared,
                             Attribute(), {}, 0, -1))
      .getResult();
}

/// The INDEX of a LOAD / STORE, when it is one index into a tirx buffer.
static IndexOp tirxIndex(Value index) {
  auto idx = index.getDefiningOp<IndexOp>();
  if (!idx || idx.getIndices().size() != 1 ||
      !isa<BufferType>(idx.getBuffer().getType()))
    return IndexOp();
  return idx;
}

namespace {
struct LoadToBufferLoad : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp load, PatternRewriter &rw) const override {
    IndexOp idx = tirxIndex(load.getIndex());
    if (!idx)
      return failure();
    Location loc = load.getLoc();
    Value buf = idx.getBuffer(), i = idx.getIndices().front();
    if (!idx.getGate()) {
      rw.replaceOpWithNewOp<BufferLoadOp>(load, load.getType(), buf,
                                          ValueRange{i});
      return success();
    }
    auto ifOp = scf::IfOp::create(rw, loc, load.getType(), idx.getGate(), true);
    OpBuilder tb = ifOp.getThenBodyBuilder();
    scf::YieldOp::create(
        tb, loc,
        BufferLoadOp::create(tb, loc, load.getType(), buf, ValueRange{i})
            .getResult());
    OpBuilder eb = ifOp.getElseBodyBuilder();
    Value alt = load.getAlt() ? load.getAlt()
                              : arith::ConstantOp::create(
                                    eb, loc, eb.getZeroAttr(load.getType()));
    scf::YieldOp::create(eb, loc, alt);
    rw.replaceOp(load, ifOp.getResult(0));
    return success();
  }
};

struct StoreToBufferStore : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp store, PatternRewriter &rw) const override {
    IndexOp idx = tirxIndex(store.getIndex());
    if (!idx)
      return failure();
    Location loc = store.getLoc();
    Value buf = idx.getBuffer(), i = idx.getIndices().front();
    if (idx.getGate()) {
      auto ifOp = scf::IfOp::create(rw, loc, TypeRange{}, idx.getGate(), false);
      OpBuilder tb = ifOp.getThenBodyBuilder();
      BufferStoreOp::create(tb, loc, store.getValue(), buf, ValueRange{i});
    } else {
      BufferStoreOp::create(rw, loc, store.getValue(), buf, ValueRange{i});
    }
    rw.eraseOp(store);
    return success();
  }
};

struct DefineRegToLocalBuffer : public OpRewritePattern<DefineRegOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DefineRegOp reg, PatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<AllocBufferOp>(
        reg, bufferFor(cast<PtrType>(reg.getType()), StorageScope::Local));
    return success();
  }
};

struct DefineLocalToSharedBuffer : public OpRewritePattern<DefineLocalOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DefineLocalOp local, PatternRewriter &rw) const override {
    if (!local->getParentOfType<DeviceEntryOp>())
      return failure();
    auto p = cast<PtrType>(local.getType()); // sized (its verifier)
    rw.replaceOp(local, allocShared(rw, local, p.getElementType(), p.getSize()));
    return success();
  }
};

/// The threads wait for each other; the deps only ordered the schedule.
struct BarrierToGPUBarrier : public OpRewritePattern<BarrierOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BarrierOp barrier, PatternRewriter &rw) const override {
    gpu::BarrierOp::create(rw, barrier.getLoc());
    rw.replaceOp(barrier, barrier.getSrc());
    return success();
  }
};

/// REDUCE across threadIdx.x: each thread parks its partial in shared
/// memory and the CTA combines them with tirx.tile.reduce <cta> (add, max
/// and min of 32-bit data dispatch to warp shuffles with a workspace of one
/// element per warp); every thread then reads the result. Other operators:
/// every thread combines the parked partials.
struct ThreadReduceToTileReduce : public OpRewritePattern<uop::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The extent of threadIdx.x when `range` is it and the only thread axis.
  static std::optional<int64_t> threadAxis(Value range) {
    auto def = range.getDefiningOp<ScopeIdDefOp>();
    if (!def || def.getChild() != ExecScopeKind::Thread ||
        def.getExtents().size() != 1)
      return std::nullopt;
    return def.getExtents().front();
  }

  LogicalResult matchAndRewrite(uop::ReduceOp red, PatternRewriter &rw) const override {
    if (red.getRanges().size() != 1 || !red.getType().isIntOrFloat())
      return failure();
    std::optional<int64_t> threads = threadAxis(red.getRanges().front());
    if (!threads)
      return failure();
    Location loc = red.getLoc();
    Type t = red.getType();
    Value tid = red.getRanges().front();
    Value parts = allocShared(rw, red, t, *threads);
    Value zero = arith::ConstantIndexOp::create(rw, loc, 0);
    BufferStoreOp::create(rw, loc, red.getSrc(), parts, ValueRange{tid});
    gpu::BarrierOp::create(rw, loc);
    // The tile reduction takes add (its `sum`), max and min.
    ReduceOpKind kind = red.getReduceOp();
    if (kind == ReduceOpKind::Add || kind == ReduceOpKind::Max ||
        kind == ReduceOpKind::Min) {
      Value result = allocShared(rw, red, t, 1);
      SmallVector<Value> workspace;
      if (t.getIntOrFloatBitWidth() == 32 && *threads % 32 == 0)
        workspace.push_back(allocShared(rw, red, t, *threads / 32));
      tirx::ReduceOp::create(rw, loc, result, parts, workspace, kind,
                             ArrayRef<int64_t>{0}, ExecScopeKind::Cta,
                             StringAttr(), TileConfigAttr());
      rw.replaceOpWithNewOp<BufferLoadOp>(red, t, result, ValueRange{zero});
      return success();
    }
    rw.replaceOp(red, walkPartials(rw, red, parts, zero, *threads));
    return success();
  }

  /// mul, umax, umin: every thread walks the partials (the same order in
  /// each, so every thread gets the same bits).
  static Value walkPartials(PatternRewriter &rw, uop::ReduceOp red,
                            Value parts, Value zero, int64_t threads) {
    Location loc = red.getLoc();
    Type t = red.getType();
    Value init = arith::ConstantOp::create(
        rw, loc, getReduceIdentity(red.getReduceOp(), t));
    auto loop = scf::ForOp::create(
        rw, loc, zero, arith::ConstantIndexOp::create(rw, loc, threads),
        arith::ConstantIndexOp::create(rw, loc, 1), ValueRange{init});
    {
      OpBuilder::InsertionGuard guard(rw);
      rw.setInsertionPointToStart(loop.getBody());
      Value x = BufferLoadOp::create(rw, loc, t, parts,
                                     ValueRange{loop.getInductionVar()});
      Value acc = arith::getReductionOp(
          getReductionKind(red.getReduceOp(), t), rw, loc,
          loop.getRegionIterArgs()[0], x);
      scf::YieldOp::create(rw, loc, acc);
    }
    // The partials are read before a next REDUCE overwrites them.
    gpu::BarrierOp::create(rw, loc);
    return loop.getResult(0);
  }
};

/// Records what replaces the op the patterns are applied to.
struct ReplacementListener : public RewriterBase::Listener {
  Operation *root;
  std::optional<SmallVector<Value>> replacement;
  explicit ReplacementListener(Operation *root) : root(root) {}
  void notifyOperationReplaced(Operation *op, ValueRange values) override {
    if (op == root)
      replacement = SmallVector<Value>(values);
  }
  void notifyOperationErased(Operation *op) override {
    if (op == root && !replacement)
      replacement = SmallVector<Value>();
  }
};

/// A PatternRewriter reporting to a listener.
struct ListeningRewriter : public PatternRewriter {
  ListeningRewriter(MLIRContext *ctx, Listener *l) : PatternRewriter(ctx) {
    setListener(l);
  }
};
} // namespace

void uop::populateUOpToTIRxMemoryPatterns(RewritePatternSet &patterns) {
  patterns.add<LoadToBufferLoad, StoreToBufferStore, DefineRegToLocalBuffer,
               DefineLocalToSharedBuffer, BarrierToGPUBarrier>(
      patterns.getContext());
}

void uop::populateUOpToTIRxReducePatterns(RewritePatternSet &patterns) {
  patterns.add<ThreadReduceToTileReduce>(patterns.getContext());
}

void uop::populateUOpToTIRxPatterns(RewritePatternSet &patterns,
                                    const GPUChip &chip) {
  populateUOpToTIRxMemoryPatterns(patterns);
  populateUOpToTIRxReducePatterns(patterns);
  populateUOpToTIRxWmmaPatterns(patterns, chip);
}

FailureOr<SmallVector<Value>>
uop::applyUOpToTIRxPatterns(Operation *op, PatternApplicator &applicator) {
  ReplacementListener listener(op);
  ListeningRewriter rw(op->getContext(), &listener);
  rw.setInsertionPoint(op);
  if (failed(applicator.matchAndRewrite(op, rw)) || !listener.replacement)
    return failure();
  return *listener.replacement;
}
