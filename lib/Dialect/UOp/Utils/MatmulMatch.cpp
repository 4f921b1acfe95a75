//===- MatmulMatch.cpp - a kernel that is a tensor-core matmul ------------===//

#include "uop/Dialect/UOp/Utils/MatmulMatch.h"
#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/Utils/AffineIndex.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace uop;

namespace {
using Affine = AffineIndex;

/// The kernel argument an ungated INDEX reads and the affine form of its
/// row-major flat index (a multi-dimensional INDEX through the argument's
/// `uop.shape`).
FailureOr<std::pair<BlockArgument, Affine>> access(Value index) {
  auto idx = index.getDefiningOp<IndexOp>();
  if (!idx || idx.getGate() || idx.getIndices().empty())
    return failure();
  auto arg = dyn_cast<BlockArgument>(idx.getBuffer());
  if (!arg)
    return failure();
  auto fn = cast<FunctionOp>(arg.getOwner()->getParentOp());
  SmallVector<int64_t> strides(idx.getIndices().size(), 1);
  if (idx.getIndices().size() > 1) {
    auto shape = fn.getArgAttrOfType<DenseI64ArrayAttr>(
        arg.getArgNumber(), UOpDialect::ShapeAttrHelper::getNameStr());
    if (!shape || shape.size() != (int64_t)strides.size())
      return failure();
    for (int64_t d = strides.size() - 2; d >= 0; --d)
      if (llvm::MulOverflow(strides[d + 1], shape[d + 1], strides[d]))
        return failure();
  }
  Affine a;
  for (auto [v, s] : llvm::zip(idx.getIndices(), strides))
    if (failed(addAffineIndex(v, s, a)))
      return failure();
  return std::make_pair(arg, a);
}

/// A LOAD of a kernel argument of element type `t`, ungated.
FailureOr<std::pair<BlockArgument, Affine>> loadOf(Value v, Type t) {
  auto ld = v.getDefiningOp<LoadOp>();
  if (!ld || ld.getType() != t || ld.getAlt())
    return failure();
  return access(ld.getIndex());
}

/// The ops with a tirx UnaryKind / BinaryKind (the ALU table's TIRX column).
bool hasTIRxKind(Operation *op, unsigned arity) {
  const ALUOpInfo *info = lookupALUOp(op);
  return info && info->arity == arity && !info->tirxKind.empty();
}
bool isUnaryStep(Operation *op) { return hasTIRxKind(op, 1); }
bool isBinaryStep(Operation *op) { return hasTIRxKind(op, 2); }

/// The body holds one f32 add-REDUCE over one reduce range and one STORE,
/// and nothing but ranges, indexing, loads and arith/math besides.
LogicalResult matchReduceAndStore(Block &body, Type f32, MatmulMatch &mm) {
  for (Operation &op : body) {
    if (auto r = dyn_cast<ReduceOp>(op)) {
      if (mm.reduce)
        return failure();
      mm.reduce = r;
    } else if (auto s = dyn_cast<StoreOp>(op)) {
      if (mm.store)
        return failure();
      mm.store = s;
    } else if (!isa<RangeOp, IndexOp, LoadOp, EndOp, SinkOp, arith::ConstantOp>(
                   op) &&
               !isALUOp(&op)) {
      return failure();
    }
  }
  if (!mm.reduce || !mm.store || mm.reduce.getReduceOp() != ReduceOpKind::Add ||
      mm.reduce.getType() != f32 || mm.reduce.getRanges().size() != 1)
    return failure();
  mm.k = mm.reduce.getRanges().front().getDefiningOp<RangeOp>();
  if (!mm.k || mm.k.getAxisType() != AxisType::Reduce)
    return failure();
  return success();
}

using Access = std::pair<BlockArgument, Affine>;

/// The reduced value is the product of two widened f16 / bf16 loads; sets
/// the input type and returns the two loads' accesses.
FailureOr<std::pair<Access, Access>> matchProduct(MatmulMatch &mm) {
  auto mul = mm.reduce.getSrc().getDefiningOp<arith::MulFOp>();
  if (!mul)
    return failure();
  auto lhs = mul.getLhs().getDefiningOp<arith::ExtFOp>();
  auto rhs = mul.getRhs().getDefiningOp<arith::ExtFOp>();
  if (!lhs || !rhs || lhs.getIn().getType() != rhs.getIn().getType())
    return failure();
  mm.inType = lhs.getIn().getType();
  if (!mm.inType.isF16() && !mm.inType.isBF16())
    return failure();
  auto x = loadOf(lhs.getIn(), mm.inType), y = loadOf(rhs.getIn(), mm.inType);
  if (failed(x) || failed(y))
    return failure();
  return std::make_pair(*x, *y);
}

/// The constant trip count of a range, 0 when it is not constant.
int64_t extent(RangeOp r) {
  APInt c;
  return matchPattern(r.getEnd(), m_ConstantInt(&c)) ? c.getSExtValue() : 0;
}

/// The output side: the store is ENDed over two loop ranges and writes C
/// row-major (i steps by N, j by 1); sets i, j, the extents and c.
LogicalResult matchOutput(MatmulMatch &mm) {
  SmallVector<RangeOp> outs;
  for (Operation *user : mm.store->getUsers()) {
    auto end = dyn_cast<EndOp>(user);
    if (!end || end.getRanges().size() != 2 || !outs.empty())
      return failure();
    for (Value r : end.getRanges()) {
      auto range = r.getDefiningOp<RangeOp>();
      if (!range || range.getAxisType() != AxisType::Loop)
        return failure();
      outs.push_back(range);
    }
  }
  if (outs.size() != 2)
    return failure();
  FailureOr<Access> cAccess = access(mm.store.getIndex());
  if (failed(cAccess) || cAccess->second.constant != 0)
    return failure();
  const Affine &ca = cAccess->second;
  for (auto [i, j] : {std::pair(outs[0], outs[1]), std::pair(outs[1], outs[0])})
    if (ca.of(j) == 1 && ca.of(i) == extent(j) && ca.coeff.size() == 2) {
      mm.i = i;
      mm.j = j;
    }
  if (!mm.i)
    return failure();
  mm.m = extent(mm.i);
  mm.n = extent(mm.j);
  mm.kExtent = extent(mm.k);
  if (mm.m <= 0 || mm.n <= 0 || mm.kExtent <= 0)
    return failure();
  mm.c = cAccess->first;
  return success();
}

/// Which load is A[i, k] row-major (i by K, k by 1) and which B[k, j] (k by
/// N, j by 1); the product may name them in either order.
LogicalResult assignOperands(const Access &x, const Access &y,
                             MatmulMatch &mm) {
  auto isA = [&](const Affine &a) {
    return a.constant == 0 && a.coeff.size() == 2 && a.of(mm.i) == mm.kExtent &&
           a.of(mm.k) == 1;
  };
  auto isB = [&](const Affine &a) {
    return a.constant == 0 && a.coeff.size() == 2 && a.of(mm.k) == mm.n &&
           a.of(mm.j) == 1;
  };
  if (isA(x.second) && isB(y.second)) {
    mm.a = x.first;
    mm.b = y.first;
  } else if (isA(y.second) && isB(x.second)) {
    mm.a = y.first;
    mm.b = x.first;
  } else {
    return failure();
  }
  return success();
}

/// The other operand of a binary epilogue step: a float constant, or an f32
/// load indexed by i and/or j with non-negative strides (a bias or a
/// residual), never by k.
LogicalResult matchStepOperand(Value other, MatmulMatch &mm, Type f32,
                               MatmulEpilogueStep &step) {
  FloatAttr c;
  if (matchPattern(other, m_Constant(&c))) {
    step.constant = c;
    return success();
  }
  auto ld = loadOf(other, f32);
  if (failed(ld) || ld->second.constant != 0 || ld->second.of(mm.k) ||
      ld->second.coeff.size() !=
          (size_t)((ld->second.of(mm.i) != 0) + (ld->second.of(mm.j) != 0)) ||
      ld->second.of(mm.i) < 0 || ld->second.of(mm.j) < 0)
    return failure();
  step.arg = ld->first;
  step.rowStride = ld->second.of(mm.i);
  step.colStride = ld->second.of(mm.j);
  return success();
}

/// One step of the elementwise chain: `op` uses `cur` and is a cast to the
/// stored half type (last), an f32 unary step or an f32 binary step.
FailureOr<MatmulEpilogueStep> matchEpilogueStep(Operation *op, Value cur,
                                                MatmulMatch &mm, Type f32) {
  MatmulEpilogueStep step;
  step.op = op;
  step.chain = cur == op->getOperand(0) ? 0 : 1;
  if (op->getNumResults() != 1)
    return failure();
  if (auto t = dyn_cast<arith::TruncFOp>(op)) {
    // A cast to the stored half type ends the chain.
    if (!(t.getType().isF16() || t.getType().isBF16()) ||
        t.getResult() != mm.store.getValue())
      return failure();
  } else if (isUnaryStep(op)) {
    if (op->getResult(0).getType() != f32)
      return failure();
  } else if (isBinaryStep(op)) {
    if (op->getResult(0).getType() != f32 ||
        op->getOperand(0) == op->getOperand(1))
      return failure();
    if (failed(matchStepOperand(op->getOperand(1 - step.chain), mm, f32, step)))
      return failure();
  } else {
    return failure();
  }
  return step;
}
} // namespace

FailureOr<MatmulMatch> uop::matchMatmul(FunctionOp kernel) {
  MatmulMatch mm;
  Type f32 = Float32Type::get(kernel.getContext());
  if (failed(matchReduceAndStore(kernel.getBody().front(), f32, mm)))
    return failure();
  FailureOr<std::pair<Access, Access>> xy = matchProduct(mm);
  if (failed(xy) || failed(matchOutput(mm)) ||
      failed(assignOperands(xy->first, xy->second, mm)))
    return failure();

  // The elementwise chain from the sum to the stored value.
  Value cur = mm.reduce.getResult();
  while (cur != mm.store.getValue()) {
    if (!cur.hasOneUse())
      return failure();
    Operation *op = *cur.getUsers().begin();
    FailureOr<MatmulEpilogueStep> step = matchEpilogueStep(op, cur, mm, f32);
    if (failed(step))
      return failure();
    mm.epilogue.push_back(*step);
    cur = op->getResult(0);
  }
  mm.outType = mm.store.getValue().getType();
  return mm;
}

bool uop::hasTiledTensorCoreOpt(FunctionOp kernel) {
  SinkOp sink = kernel.getSink();
  return sink && sink.getInfo() &&
         llvm::any_of(sink.getInfo()->getAppliedOpts(), [](OptAttr o) {
           return o.getKind() == OptOps::TC && o.getArg() == kTensorCoreTileK;
         });
}
