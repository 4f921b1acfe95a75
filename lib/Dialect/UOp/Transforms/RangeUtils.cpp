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

static std::pair<RangeOp, RangeOp> split(RangeOp r, int64_t extent,
                                         int64_t inner, AxisType outerType,
                                         AxisType innerType, Value *sumOut,
                                         bool overlapped = false) {
  MLIRContext *ctx = r.getContext();
  int64_t nextId = 0;
  r->getParentOp()->walk([&](RangeOp o) {
    nextId = std::max(nextId, o.getAxisId().getId() + 1);
  });
  bool renumbered = r.getAxisId().getRenumbered();
  OpBuilder b(r);
  Location loc = r.getLoc();
  int64_t steps = overlapped ? llvm::divideCeil(extent, inner) : extent / inner;
  auto outer = RangeOp::create(
      b, loc, r.getType(), arith::ConstantIndexOp::create(b, loc, steps),
      AxisIdAttr::get(ctx, nextId, renumbered),
      AxisTypeAttr::get(ctx, outerType), r.getDeps());
  auto in = RangeOp::create(
      b, loc, r.getType(), arith::ConstantIndexOp::create(b, loc, inner),
      AxisIdAttr::get(ctx, nextId + 1, renumbered),
      AxisTypeAttr::get(ctx, innerType), r.getDeps());
  Value scaled = arith::MulIOp::create(
      b, loc, outer, arith::ConstantIndexOp::create(b, loc, inner));
  if (overlapped)
    scaled = arith::MinSIOp::create(
        b, loc, scaled, arith::ConstantIndexOp::create(b, loc, extent - inner));
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
  if (sumOut)
    *sumOut = sum;
  return {outer, in};
}

std::pair<RangeOp, RangeOp> uop::splitRange(RangeOp r, int64_t inner,
                                            AxisType outerType,
                                            AxisType innerType) {
  return split(r, *getConstantExtent(r), inner, outerType, innerType, nullptr);
}

std::pair<RangeOp, RangeOp> uop::splitRangeOverlapped(RangeOp r, int64_t inner,
                                                      AxisType outerType,
                                                      AxisType innerType) {
  int64_t n = *getConstantExtent(r);
  assert(n > inner && n % inner != 0 && "not an overlapping split");
  return split(r, n, inner, outerType, innerType, nullptr, /*overlapped=*/true);
}

bool uop::kernelMayRecompute(FunctionOp fn) {
  // A STORE writes its INDEX's buffer; one through anything else (a
  // PTRCAT of several) is not followed: assume the worst.
  llvm::SmallDenseSet<Value> stored;
  bool opaque = false;
  fn.walk([&](StoreOp st) {
    if (auto idx = st.getIndex().getDefiningOp<IndexOp>())
      stored.insert(idx.getBuffer());
    else
      opaque = true;
  });
  if (opaque)
    return false;
  return !fn.walk([&](LoadOp ld) {
              return stored.contains(ld.getBuffer()) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
            })
              .wasInterrupted();
}

std::pair<RangeOp, RangeOp> uop::splitBoundedRange(RangeOp r, int64_t inner,
                                                   AxisType outerType,
                                                   AxisType innerType) {
  Value extent = r.getEnd();
  int64_t bound = cast<DefineVarOp>(extent.getDefiningOp()).getMaxVal();
  Value sum;
  auto ranges = split(r, bound, inner, outerType, innerType, &sum);
  OpBuilder b(sum.getContext());
  b.setInsertionPointAfterValue(sum);
  Value valid = arith::CmpIOp::create(b, sum.getLoc(),
                                      arith::CmpIPredicate::ult, sum, extent);
  gateArgumentAccesses(valid);
  return ranges;
}

Value uop::buildRowMajorIndex(OpBuilder &b, Location loc, ValueRange idx,
                              ValueRange extents) {
  Value flat, stride;
  for (int64_t i = (int64_t)idx.size() - 1; i >= 0; --i) {
    Value term =
        stride ? arith::MulIOp::create(b, loc, idx[i], stride).getResult()
               : idx[i];
    flat = flat ? arith::AddIOp::create(b, loc, term, flat).getResult() : term;
    if (i == 0)
      break;
    stride = stride
                 ? arith::MulIOp::create(b, loc, stride, extents[i]).getResult()
                 : extents[i];
  }
  return flat;
}

DenseI64ArrayAttr uop::argumentShape(Value buffer) {
  auto arg = dyn_cast<BlockArgument>(buffer);
  auto fn =
      arg ? dyn_cast<FunctionOp>(arg.getOwner()->getParentOp()) : FunctionOp();
  return fn ? fn.getArgAttrOfType<DenseI64ArrayAttr>(
                  arg.getArgNumber(), UOpDialect::ShapeAttrHelper::getNameStr())
            : DenseI64ArrayAttr();
}

void uop::gateArgumentAccesses(Value valid) {
  Operation *after = valid.getDefiningOp();
  Operation *fn = after->getParentOp();
  fn->walk([&](IndexOp idx) {
    if (!isa<BlockArgument>(idx.getBuffer()) ||
        idx->getBlock() != after->getBlock() || !after->isBeforeInBlock(idx))
      return;
    Value gate = valid;
    if (Value old = idx.getGate()) {
      OpBuilder b(idx);
      gate = arith::AndIOp::create(b, idx.getLoc(), old, valid);
    }
    idx.getGateMutable().assign(gate);
  });
}

FailureOr<Value> uop::combineReduce(OpBuilder &b, Location loc,
                                    ReduceOpKind kind, Value a, Value c) {
  // Vectors combine lane by lane (uop-expand{vectorize}'s accumulators).
  Type t = getElementTypeOrSelf(a.getType());
  bool f = isa<FloatType>(t);
  if (!f && !t.isIntOrIndex())
    return failure();
  return arith::getReductionOp(getReductionKind(kind, getElementTypeOrSelf(t)),
                               b, loc, a, c);
}

int64_t uop::bufferElementBytes(Type elem) {
  if (elem.isIndex())
    return 8;
  return std::max<int64_t>(1, (elem.getIntOrFloatBitWidth() + 7) / 8);
}

FailureOr<int64_t> uop::boundedBufferElements(RankedTensorType t,
                                              ArrayRef<VarAttr> vars,
                                              Location loc,
                                              const Twine &what) {
  llvm::StringMap<int64_t> upper;
  for (VarAttr v : vars)
    upper[v.getName().getValue()] = v.getMax();
  const char *bounds = t.hasStaticShape() ? "" : " at the variables' upper "
                                                 "bounds";
  std::optional<int64_t> n = getNumElementsAt(t, upper);
  if (!n)
    return emitError(loc) << what << " of type " << t << " has more than "
                          << "INT64_MAX elements" << bounds
                          << " (the product of its extents overflows int64)";
  int64_t bytes = 0, per = bufferElementBytes(t.getElementType());
  if (llvm::MulOverflow(*n, per, bytes))
    return emitError(loc) << what << " of type " << t << " has " << *n
                          << " elements of " << per << " bytes" << bounds
                          << ": more than INT64_MAX bytes, no buffer can "
                             "hold it";
  return *n;
}

LogicalResult uop::checkSignatureSizes(func::FuncOp fn, StringRef pass) {
  SmallVector<VarAttr> vars = getShapeVars(fn);
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes()))
    if (auto rt = dyn_cast<RankedTensorType>(t); rt && hasSymbolicShape(rt))
      if (failed(boundedBufferElements(rt, vars, fn.getArgument(i).getLoc(),
                                       pass + ": argument #" + Twine(i))))
        return failure();
  for (auto [i, t] : llvm::enumerate(fn.getResultTypes()))
    if (auto rt = dyn_cast<RankedTensorType>(t); rt && hasSymbolicShape(rt))
      if (failed(boundedBufferElements(rt, vars, fn.getLoc(),
                                       pass + ": result #" + Twine(i))))
        return failure();
  return success();
}
