//===- Elementwise.cpp - copy, cast, unary, binary, fill, reduce ------===//
//
// Part of tirx-dispatch-tile-primitives; see Dispatch.h.
//
//===----------------------------------------------------------------------===//

#include "Dispatch.h"

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
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            expandCopyLike(op, b, [](OpBuilder &, Value v) { return v; });
          }};
}

TileImpl genericCast() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            Type to = getTileElementType(op->getOperand(0).getType());
            expandCopyLike(op, b, [&](OpBuilder &nb, Value v) {
              return emitCast(nb, op->getLoc(), v, to);
            });
          }};
}

TileImpl genericUnary() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            UnaryKind kind = cast<UnaryOp>(op).getKind();
            expandCopyLike(op, b, [&](OpBuilder &nb, Value v) {
              return emitUnary(nb, op->getLoc(), kind, v);
            });
          }};
}

TileImpl genericFill() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto fill = cast<FillOp>(op);
            Location loc = op->getLoc();
            TileAccess dst = getAccess(b, loc, fill.getDst());
            emitTileLoop(b, loc, op, fill.getScope(), dst.shape,
                            [&](OpBuilder &nb, ValueRange coord) {
                              store(nb, loc, fill.getValue(), dst, coord);
                            });
            syncAfter(b, loc, fill.getScope(), fill.getDst());
          }};
}

TileImpl genericBinary() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto bin = cast<BinaryOp>(op);
            Location loc = op->getLoc();
            TileAccess dst = getAccess(b, loc, bin.getDst());
            TileAccess lhs = getAccess(b, loc, bin.getLhs());
            bool tileRhs = isa<BufferType, RegionType>(bin.getRhs().getType());
            TileAccess rhs;
            if (tileRhs)
              rhs = getAccess(b, loc, bin.getRhs());
            emitTileLoop(b, loc, op, bin.getScope(), dst.shape,
                            [&](OpBuilder &nb, ValueRange coord) {
                              Value x = load(nb, loc, lhs, coord);
                              Value y = tileRhs ? load(nb, loc, rhs, coord)
                                                : bin.getRhs();
                              store(nb, loc,
                                    emitBinary(nb, loc, bin.getKind(), x, y),
                                    dst, coord);
                            });
            syncAfter(b, loc, bin.getScope(), bin.getDst());
          }};
}

/// Each thread owns a strided subset of the output elements and reduces the
/// source over the reduced axes serially.
TileImpl genericReduce() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto red = cast<ReduceOp>(op);
            Location loc = op->getLoc();
            TileAccess dst = getAccess(b, loc, red.getDst());
            TileAccess src = getAccess(b, loc, red.getSrc());
            ArrayRef<int64_t> axes = red.getAxes();
            SmallVector<int64_t> keptDims, reducedShape;
            for (int64_t d = 0; d < static_cast<int64_t>(src.shape.size()); ++d) {
              if (llvm::is_contained(axes, d))
                reducedShape.push_back(src.shape[d]);
              else
                keptDims.push_back(d);
            }
            SmallVector<int64_t> outShape;
            for (int64_t d : keptDims)
              outShape.push_back(src.shape[d]);
            Type elem = getTileElementType(red.getSrc().getType());
            emitTileLoop(b, loc, op, red.getScope(), outShape, [&](OpBuilder &nb,
                                                              ValueRange out) {
              TypedAttr init;
              bool isFloat = isa<FloatType>(elem);
              switch (red.getKind()) {
              case ReduceKind::Sum:
                init = nb.getZeroAttr(elem);
                break;
              case ReduceKind::Max:
                init = isFloat ? (TypedAttr)nb.getFloatAttr(
                                     elem, -std::numeric_limits<double>::infinity())
                               : (TypedAttr)nb.getIntegerAttr(
                                     elem, APInt::getSignedMinValue(
                                               elem.getIntOrFloatBitWidth()));
                break;
              case ReduceKind::Min:
                init = isFloat ? (TypedAttr)nb.getFloatAttr(
                                     elem, std::numeric_limits<double>::infinity())
                               : (TypedAttr)nb.getIntegerAttr(
                                     elem, APInt::getSignedMaxValue(
                                               elem.getIntOrFloatBitWidth()));
                break;
              }
              Value acc = arith::ConstantOp::create(nb, loc, init);
              int64_t n = 1;
              for (int64_t d : reducedShape)
                n *= d;
              auto loop = scf::ForOp::create(nb, loc, cst(nb, loc, 0),
                                             cst(nb, loc, n), cst(nb, loc, 1),
                                             ValueRange{acc});
              {
                OpBuilder::InsertionGuard g(nb);
                nb.setInsertionPointToStart(loop.getBody());
                Value rest = loop.getInductionVar();
                SmallVector<Value> srcCoord(src.shape.size());
                for (auto [i, d] : llvm::enumerate(keptDims))
                  srcCoord[d] = out[i];
                for (int64_t i = axes.size() - 1; i >= 0; --i) {
                  Value dim = cst(nb, loc, reducedShape[i]);
                  // Reduced axes in increasing order of dimension.
                  int64_t d = 0, seen = 0;
                  for (; d < static_cast<int64_t>(src.shape.size()); ++d)
                    if (llvm::is_contained(axes, d) && seen++ == i)
                      break;
                  srcCoord[d] = nb.createOrFold<arith::RemUIOp>(loc, rest, dim);
                  rest = nb.createOrFold<arith::DivUIOp>(loc, rest, dim);
                }
                Value x = load(nb, loc, src, srcCoord);
                Value carried = loop.getRegionIterArgs()[0];
                Value next;
                switch (red.getKind()) {
                case ReduceKind::Sum:
                  next = emitBinary(nb, loc, BinaryKind::Add, carried, x);
                  break;
                case ReduceKind::Max:
                  next = emitBinary(nb, loc, BinaryKind::Maximum, carried, x);
                  break;
                case ReduceKind::Min:
                  next = emitBinary(nb, loc, BinaryKind::Minimum, carried, x);
                  break;
                }
                scf::YieldOp::create(nb, loc, next);
              }
              // dst keeps or drops the reduced axes; index it accordingly.
              SmallVector<Value> dstCoord;
              if (dst.shape.size() == src.shape.size()) {
                for (int64_t d = 0, k = 0; d < static_cast<int64_t>(src.shape.size()); ++d)
                  dstCoord.push_back(llvm::is_contained(axes, d) ? cst(nb, loc, 0)
                                                                 : out[k++]);
              } else {
                dstCoord.assign(out.begin(), out.end());
              }
              store(nb, loc, loop.getResult(0), dst, dstCoord);
            });
            syncAfter(b, loc, red.getScope(), red.getDst());
          }};
}

/// Copies in 16-byte vectors: every thread of the scope moves whole aligned
/// runs of the last dimension (ld/st .v4 of 32-bit data, .v8 of 16-bit...).
TileImpl vectorizedCopy() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    if (Declines why = genericAccepts(op, t))
      return why;
    return runCopyDeclines(op->getOperand(0), op->getOperand(1), "vectors");
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto tile = cast<TilePrimitiveOpInterface>(op);
    Location loc = op->getLoc();
    Value dstV = op->getOperand(0), srcV = op->getOperand(1);
    TileAccess dst = getAccess(b, loc, dstV), src = getAccess(b, loc, srcV);
    Type elem = getTileElementType(dstV.getType());
    int64_t w = vectorWidth(elem);
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
  return {"vectorized", 5, accepts, expand};
}

} // namespace uop::tirx::dispatch
