//===- Elementwise.cpp - copy, cast, unary, binary, fill, reduce ------===//
//
// Part of tirx-dispatch-tile-primitives; see Dispatch.h.
//
//===----------------------------------------------------------------------===//

#include "Dispatch.h"
#include "uop/Support/Reduction.h"


#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace uop::tirx::dispatch {

void expandCopyLike(Operation *op, OpBuilder &b,
                    function_ref<Value(OpBuilder &, Value)> convert) {
  Location loc = op->getLoc();
  auto tile = cast<TilePrimitiveOpInterface>(op);
  Value dstV = op->getOperand(0), srcV = op->getOperand(1);
  TileAccess dst = getAccess(b, loc, dstV), src = getAccess(b, loc, srcV);
  emitTileLoop(b, loc, op, tile.getScopeKind(), dst.shape,
                  [&](OpBuilder &nb, ValueRange coord) {
                    // src may have another shape with the same element count:
                    // walk both in row-major order.
                    SmallVector<Value> srcCoord(coord.begin(), coord.end());
                    if (src.shape != dst.shape)
                      srcCoord = delinearize(nb, loc, linearize(nb, loc, coord,
                                                                dst.shape),
                                             src.shape);
                    Value v = load(nb, loc, src, srcCoord);
                    store(nb, loc, convert(nb, v), dst, coord);
                  });
  syncAfter(b, loc, tile.getScopeKind(), dstV);
}

TileImpl genericCopy() {
  return {"generic", 0, genericLoopAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            expandCopyLike(op, b, [](OpBuilder &, Value v) { return v; });
          }, {TileConfigAttr::kVec}};
}

TileImpl genericCast() {
  return {"generic", 0, genericLoopAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            Type to = getTileElementType(op->getOperand(0).getType());
            expandCopyLike(op, b, [&](OpBuilder &nb, Value v) {
              return emitCast(nb, op->getLoc(), v, to);
            });
          }, {TileConfigAttr::kVec}};
}

TileImpl genericUnary() {
  return {"generic", 0, genericLoopAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            UnaryKind kind = cast<UnaryOp>(op).getKind();
            expandCopyLike(op, b, [&](OpBuilder &nb, Value v) {
              return emitUnary(nb, op->getLoc(), kind, v);
            });
          }, {TileConfigAttr::kVec}};
}

TileImpl genericFill() {
  return {"generic", 0, genericLoopAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto fill = cast<FillOp>(op);
            Location loc = op->getLoc();
            TileAccess dst = getAccess(b, loc, fill.getDst());
            Value value = loadScalarOperand(b, loc, fill.getValue());
            emitTileLoop(b, loc, op, fill.getScope(), dst.shape,
                            [&](OpBuilder &nb, ValueRange coord) {
                              store(nb, loc, value, dst, coord);
                            });
            syncAfter(b, loc, fill.getScope(), fill.getDst());
          }, {TileConfigAttr::kVec}};
}

TileImpl genericBinary() {
  return {"generic", 0, genericLoopAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto bin = cast<BinaryOp>(op);
            Location loc = op->getLoc();
            TileAccess dst = getAccess(b, loc, bin.getDst());
            TileAccess lhs = getAccess(b, loc, bin.getLhs());
            bool tileRhs = isa<BufferType, RegionType>(bin.getRhs().getType()) &&
                           !isPointRegion(bin.getRhs().getType());
            TileAccess rhs;
            Value scalar;
            if (tileRhs)
              rhs = getAccess(b, loc, bin.getRhs());
            else
              scalar = loadScalarOperand(b, loc, bin.getRhs());
            emitTileLoop(b, loc, op, bin.getScope(), dst.shape,
                            [&](OpBuilder &nb, ValueRange coord) {
                              Value x = load(nb, loc, lhs, coord);
                              Value y = tileRhs ? load(nb, loc, rhs, coord)
                                                : scalar;
                              store(nb, loc,
                                    emitBinary(nb, loc, bin.getKind(), x, y),
                                    dst, coord);
                            });
            syncAfter(b, loc, bin.getScope(), bin.getDst());
          }, {TileConfigAttr::kVec}};
}

namespace {
/// How a reduction splits its source: kept dims index the output, reduced
/// dims are walked by the accumulation loop.
struct ReduceShape {
  SmallVector<int64_t> keptDims, reducedDims, reducedShape, outShape;
  int64_t reducedCount = 1;
};

ReduceShape getReduceShape(ReduceOp red) {
  ReduceShape r;
  ArrayRef<int64_t> src = getTileShape(red.getSrc().getType());
  for (int64_t d = 0; d < static_cast<int64_t>(src.size()); ++d) {
    if (llvm::is_contained(red.getAxes(), d)) {
      r.reducedDims.push_back(d);
      r.reducedShape.push_back(src[d]);
      r.reducedCount *= src[d];
    } else {
      r.keptDims.push_back(d);
      r.outShape.push_back(src[d]);
    }
  }
  return r;
}

/// The neutral element of `kind` for `elem`, by the rule uop's REDUCE uses
/// too (getArithReductionKind).
Value reduceIdentity(OpBuilder &b, Location loc, ReduceOpKind kind,
                     Type elem) {
  return arith::ConstantOp::create(
      b, loc,
      arith::getIdentityValueAttr(getArithReductionKind(kind, elem), elem, b,
                                  loc));
}

Value reduceCombine(OpBuilder &b, Location loc, ReduceOpKind kind, Value acc,
                    Value x) {
  return arith::getReductionOp(
      getArithReductionKind(kind, getElementTypeOrSelf(acc)), b, loc, acc, x);
}

/// Accumulates the reduced elements start, start + step, ... of output `out`.
Value emitPartialReduce(OpBuilder &b, Location loc, ReduceOp red,
                        const TileAccess &src, const ReduceShape &shape,
                        ValueRange out, Value start, int64_t step) {
  Type elem = getTileElementType(red.getSrc().getType());
  Value init = reduceIdentity(b, loc, red.getKind(), elem);
  auto loop = scf::ForOp::create(b, loc, start, cst(b, loc, shape.reducedCount),
                                 cst(b, loc, step), ValueRange{init});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> srcCoord(src.shape.size());
  for (auto [i, d] : llvm::enumerate(shape.keptDims))
    srcCoord[d] = out[i];
  SmallVector<Value> reduced =
      delinearize(b, loc, loop.getInductionVar(), shape.reducedShape);
  for (auto [i, d] : llvm::enumerate(shape.reducedDims))
    srcCoord[d] = reduced[i];
  Value x = load(b, loc, src, srcCoord);
  scf::YieldOp::create(b, loc,
                       reduceCombine(b, loc, red.getKind(),
                                     loop.getRegionIterArgs()[0], x));
  return loop.getResult(0);
}

/// `v` combined over the 32 lanes of the warp: a butterfly of xor shuffles
/// (16, 8, 4, 2, 1); every lane ends with the result.
Value warpButterfly(OpBuilder &b, Location loc, ReduceOpKind kind, Value v) {
  for (int32_t offset = 16; offset >= 1; offset /= 2) {
    Value other =
        gpu::ShuffleOp::create(b, loc, v, offset, 32, gpu::ShuffleMode::XOR)
            .getShuffleResult();
    v = reduceCombine(b, loc, kind, v, other);
  }
  return v;
}

/// dst keeps the reduced axes as 1 or drops them.
SmallVector<Value> reduceDstCoord(OpBuilder &b, Location loc, ReduceOp red,
                                  const TileAccess &dst,
                                  const ReduceShape &shape, ValueRange out) {
  size_t srcRank = shape.keptDims.size() + shape.reducedDims.size();
  if (dst.shape.size() != srcRank)
    return llvm::to_vector(out);
  SmallVector<Value> coord;
  for (size_t d = 0, k = 0; d < srcRank; ++d)
    coord.push_back(llvm::is_contained(shape.reducedDims, int64_t(d))
                        ? cst(b, loc, 0)
                        : out[k++]);
  return coord;
}
} // namespace

/// Each thread owns a strided subset of the output elements and reduces the
/// source over the reduced axes serially.
TileImpl genericReduce() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto red = cast<ReduceOp>(op);
            Location loc = op->getLoc();
            TileAccess dst = getAccess(b, loc, red.getDst());
            TileAccess src = getAccess(b, loc, red.getSrc());
            ReduceShape shape = getReduceShape(red);
            emitTileLoop(b, loc, op, red.getScope(), shape.outShape,
                         [&](OpBuilder &nb, ValueRange out) {
                           Value v = emitPartialReduce(nb, loc, red, src, shape,
                                                       out, cst(nb, loc, 0), 1);
                           store(nb, loc, v, dst,
                                 reduceDstCoord(nb, loc, red, dst, shape, out));
                         });
            syncAfter(b, loc, red.getScope(), red.getDst());
          }};
}

/// Warp or CTA scope, 32-bit data: each warp owns a strided subset of the
/// output elements; its lanes accumulate lane-strided partials that a
/// butterfly of shfl.sync.bfly (xor 16, 8, 4, 2, 1) combines; lane 0 writes.
TileImpl shuffleReduce() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto red = cast<ReduceOp>(op);
    if (red.getScope() != ExecScopeKind::Warp &&
        red.getScope() != ExecScopeKind::Cta)
      return std::string("shuffles combine the lanes of warps (scope warp or "
                         "cta)");
    if (Declines why = genericAccepts(op, t))
      return why;
    if (getTileElementType(red.getSrc().getType()).getIntOrFloatBitWidth() != 32)
      return std::string("shfl.sync moves 32-bit values");
    if (red.getScope() == ExecScopeKind::Cta) {
      std::optional<int64_t> threads = getThreadsPerCtaInForce(op);
      if (!threads || *threads % 32)
        return std::string("the CTA's threads must form whole warps");
    }
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto red = cast<ReduceOp>(op);
    Location loc = op->getLoc();
    TileAccess dst = getAccess(b, loc, red.getDst());
    TileAccess src = getAccess(b, loc, red.getSrc());
    ReduceShape shape = getReduceShape(red);
    auto [lane, lanes] = threadInScope(b, loc, op, ExecScopeKind::Warp);
    (void)lanes;
    Value warp = cst(b, loc, 0);
    int64_t warps = 1;
    if (red.getScope() == ExecScopeKind::Cta) {
      warps = *getThreadsPerCtaInForce(op) / 32;
      warp = ScopeIdDefOp::create(
                 b, loc, TypeRange{b.getIndexType()},
                 ExecScopeKindAttr::get(b.getContext(), ExecScopeKind::Cta),
                 ExecScopeKindAttr::get(b.getContext(), ExecScopeKind::Warp),
                 b.getDenseI64ArrayAttr({warps}), DenseI64ArrayAttr())
                 .getIds()[0];
    }
    emitElementLoop(b, loc, warp, warps, shape.outShape, [&](OpBuilder &nb,
                                                             ValueRange out) {
      Value v = warpButterfly(
          nb, loc, red.getKind(),
          emitPartialReduce(nb, loc, red, src, shape, out, lane, 32));
      Value first = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::eq,
                                          lane, cst(nb, loc, 0));
      auto ifOp = scf::IfOp::create(nb, loc, first, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(nb);
      nb.setInsertionPointToStart(ifOp.thenBlock());
      store(nb, loc, v, dst, reduceDstCoord(nb, loc, red, dst, shape, out));
    });
    syncAfter(b, loc, red.getScope(), red.getDst());
  };
  return {"shuffle", 5, accepts, expand};
}

/// Copies in 16-byte vectors: every thread of the scope moves whole aligned
/// runs of the last dimension (ld/st .v4 of 32-bit data, .v8 of 16-bit...).
/// CTA scope with a shared workspace (the seed's pre-allocated scratch) of
/// at least one element per warp: the whole CTA reduces each output, for
/// reductions with fewer outputs than warps (a row softmax's one row per
/// CTA). Thread-strided partials, a xor butterfly per warp, lane 0 parks
/// its warp's value in workspace[warp], a CTA barrier, and warp 0 combines
/// the parked values with a second butterfly (lanes past the last warp add
/// the identity); its lane 0 writes, and a barrier frees the workspace for
/// the next output.
TileImpl workspaceReduce() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto red = cast<ReduceOp>(op);
    if (red.getScope() != ExecScopeKind::Cta)
      return std::string("a workspace combines the warps of a CTA (scope cta)");
    if (red.getWorkspace().size() != 1)
      return std::string("needs one workspace buffer for the warps' partials");
    if (Declines why = genericAccepts(op, t))
      return why;
    Type elem = getTileElementType(red.getSrc().getType());
    if (elem.getIntOrFloatBitWidth() != 32)
      return std::string("shfl.sync moves 32-bit values");
    std::optional<int64_t> threads = getThreadsPerCtaInForce(op);
    if (!threads || *threads % 32)
      return std::string("the CTA's threads must form whole warps");
    auto ws = cast<BufferType>(red.getWorkspace()[0].getType());
    if (ws.getScope() != StorageScope::Shared || ws.getShape().size() != 1 ||
        ws.getLayout() || ws.getElementType() != elem)
      return std::string("the workspace must be a 1-D shared buffer of the "
                         "source's dtype");
    if (ws.getShape()[0] < *threads / 32)
      return "the workspace holds " + std::to_string(ws.getShape()[0]) +
             " partials, the CTA has " + std::to_string(*threads / 32) +
             " warps";
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto red = cast<ReduceOp>(op);
    Location loc = op->getLoc();
    TileAccess dst = getAccess(b, loc, red.getDst());
    TileAccess src = getAccess(b, loc, red.getSrc());
    TileAccess wsAccess = getAccess(b, loc, red.getWorkspace()[0]);
    ReduceShape shape = getReduceShape(red);
    Type elem = getTileElementType(red.getSrc().getType());
    int64_t threads = *getThreadsPerCtaInForce(op);
    int64_t warps = threads / 32;
    auto [tid, count] = threadInScope(b, loc, op, ExecScopeKind::Cta);
    auto [lane, lanes] = threadInScope(b, loc, op, ExecScopeKind::Warp);
    (void)count;
    (void)lanes;
    Value warp =
        ScopeIdDefOp::create(
            b, loc, TypeRange{b.getIndexType()},
            ExecScopeKindAttr::get(b.getContext(), ExecScopeKind::Cta),
            ExecScopeKindAttr::get(b.getContext(), ExecScopeKind::Warp),
            b.getDenseI64ArrayAttr({warps}), DenseI64ArrayAttr())
            .getIds()[0];
    auto butterfly = [&](OpBuilder &nb, Value v) {
      return warpButterfly(nb, loc, red.getKind(), v);
    };
    auto ifThen = [&](OpBuilder &nb, Value cond,
                      function_ref<void(OpBuilder &)> body) {
      auto ifOp = scf::IfOp::create(nb, loc, cond, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(nb);
      nb.setInsertionPointToStart(ifOp.thenBlock());
      body(nb);
    };
    auto eq = [&](OpBuilder &nb, Value x, int64_t c) {
      return arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::eq, x,
                                   cst(nb, loc, c));
    };
    // Every thread walks every output: the barriers inside are uniform.
    emitElementLoop(b, loc, cst(b, loc, 0), 1, shape.outShape,
                    [&](OpBuilder &nb, ValueRange out) {
      Value v = emitPartialReduce(nb, loc, red, src, shape, out, tid, threads);
      v = butterfly(nb, v);
      ifThen(nb, eq(nb, lane, 0), [&](OpBuilder &ib) {
        store(ib, loc, v, wsAccess, ValueRange{warp});
      });
      gpu::BarrierOp::create(nb, loc);
      ifThen(nb, eq(nb, warp, 0), [&](OpBuilder &ib) {
        Value parked = arith::CmpIOp::create(ib, loc, arith::CmpIPredicate::ult,
                                             lane, cst(ib, loc, warps));
        // Lanes past the last warp read nothing (clamped index, identity).
        Value at = arith::MinUIOp::create(ib, loc, lane, cst(ib, loc, warps - 1));
        Value x = load(ib, loc, wsAccess, ValueRange{at});
        x = arith::SelectOp::create(ib, loc, parked, x,
                                    reduceIdentity(ib, loc, red.getKind(), elem));
        x = butterfly(ib, x);
        ifThen(ib, eq(ib, lane, 0), [&](OpBuilder &jb) {
          store(jb, loc, x, dst, reduceDstCoord(jb, loc, red, dst, shape, out));
        });
      });
      gpu::BarrierOp::create(nb, loc);
    });
  };
  return {"workspace", 6, accepts, expand};
}

TileImpl vectorizedCopy() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    if (Declines why = genericAccepts(op, t))
      return why;
    return runCopyDeclines(op->getOperand(0), op->getOperand(1), "vectors",
                           getConfigVec(op).value_or(0));
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto tile = cast<TilePrimitiveOpInterface>(op);
    Location loc = op->getLoc();
    Value dstV = op->getOperand(0), srcV = op->getOperand(1);
    TileAccess dst = getAccess(b, loc, dstV), src = getAccess(b, loc, srcV);
    Type elem = getTileElementType(dstV.getType());
    int64_t w = copyVectorWidth(op);
    auto vecType = VectorType::get({w}, elem);
    emitRunLoop(b, loc, op, tile.getScopeKind(), dst, src, w,
                [&](OpBuilder &nb, ValueRange to, ValueRange from) {
                  Value v = VectorLoadOp::create(
                      nb, loc, vecType, src.buffer, offsetCoord(nb, loc, src, from));
                  VectorStoreOp::create(nb, loc, v, dst.buffer,
                                        offsetCoord(nb, loc, dst, to));
                });
    syncAfter(b, loc, tile.getScopeKind(), dstV);
  };
  return {"vectorized", 5, accepts, expand, {TileConfigAttr::kVec}};
}

} // namespace uop::tirx::dispatch
