//===- RangeUtils.cpp - helpers shared by the uop kernel passes -----------===//

#include "RangeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace uop;

std::optional<int64_t> uop::getConstantExtent(RangeOp r) {
  APInt c;
  if (matchPattern(r.getEnd(), m_ConstantInt(&c)))
    return c.getSExtValue();
  return std::nullopt;
}

std::optional<MutableOperandRange> uop::getClosedRangesMutable(Operation *op) {
  if (auto closer = dyn_cast<RangeClosingOpInterface>(op))
    return closer.getClosedRangesMutable();
  return std::nullopt;
}

std::pair<RangeOp, RangeOp> uop::splitRange(RangeOp r, int64_t inner,
                                            AxisType outerType,
                                            AxisType innerType) {
  MLIRContext *ctx = r.getContext();
  int64_t extent = *getConstantExtent(r);
  int64_t nextId = 0;
  r->getParentOp()->walk([&](RangeOp o) {
    nextId = std::max(nextId, o.getAxisId().getId() + 1);
  });
  bool renumbered = r.getAxisId().getRenumbered();
  OpBuilder b(r);
  Location loc = r.getLoc();
  auto outer = RangeOp::create(
      b, loc, r.getType(), arith::ConstantIndexOp::create(b, loc, extent / inner),
      AxisIdAttr::get(ctx, nextId, renumbered),
      AxisTypeAttr::get(ctx, outerType), r.getDeps());
  auto in = RangeOp::create(
      b, loc, r.getType(), arith::ConstantIndexOp::create(b, loc, inner),
      AxisIdAttr::get(ctx, nextId + 1, renumbered),
      AxisTypeAttr::get(ctx, innerType), r.getDeps());
  Value scaled = arith::MulIOp::create(
      b, loc, outer, arith::ConstantIndexOp::create(b, loc, inner));
  Value sum = arith::AddIOp::create(b, loc, scaled, in);
  SmallVector<Operation *> users(r->getUsers().begin(), r->getUsers().end());
  for (Operation *user : users) {
    if (auto closed = getClosedRangesMutable(user)) {
      SmallVector<Value> list;
      bool found = false;
      for (Value v : static_cast<OperandRange>(*closed)) {
        if (v == r.getResult()) {
          list.push_back(outer);
          list.push_back(in);
          found = true;
        } else {
          list.push_back(v);
        }
      }
      if (found)
        closed->assign(list);
    }
    user->replaceUsesOfWith(r, sum);
  }
  r->erase();
  return {outer, in};
}

FailureOr<Value> uop::combineReduce(OpBuilder &b, Location loc,
                                    ReduceOpKind kind, Value a, Value c) {
  Type t = a.getType();
  bool f = isa<FloatType>(t);
  if (!f && !t.isIntOrIndex())
    return failure();
  return arith::getReductionOp(getReductionKind(kind, getElementTypeOrSelf(t)),
                               b, loc, a, c);
}
