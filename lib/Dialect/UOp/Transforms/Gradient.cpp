//===- Gradient.cpp - uop-gradient: reverse-mode VJPs -----------*- C++ -*-===//
//
// A func.func carrying `uop.grad_wrt = array<i64: i, ...>` asks for its
// vector-Jacobian product. The pass adds `@<f>_vjp(f's inputs..., dy)` that
// recomputes f's forward graph and returns the gradient of each requested
// argument, one rule per op in the style of tinygrad's gradient.py:
// elementwise arith/math through their derivatives (powf and remf as
// tinygrad/torch define them at base 0 and for fmod; floor/ceil/trunc/round
// pass none), select, float casts, CONTIGUOUS/CONTIGUOUS_BACKWARD/COPY,
// movement ops through their adjoints (EXPAND's is a REDUCE_AXIS add),
// REDUCE_AXIS add/max/min/mul; matmul is EXPAND * EXPAND -> REDUCE_AXIS add
// and needs no rule of its own. A value read several times sums its
// cotangents.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include <cmath>

namespace uop {
#define GEN_PASS_DEF_UOPGRADIENT
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {

bool isFloatTensor(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  return rt && isa<FloatType>(rt.getElementType());
}

/// Builds the adjoint ops of one VJP function. `fwd` maps f's values to
/// their recomputed copies; `adj` holds each of f's values' cotangent.
struct Adjoint {
  Adjoint(OpBuilder &b, Location loc) : b(b), loc(loc) {}
  OpBuilder &b;
  Location loc;
  IRMapping fwd;
  DenseMap<Value, Value> adj;

  Value x(Value v) { return fwd.lookup(v); }
  Value splat(Type t, double v) {
    auto st = cast<ShapedType>(t);
    auto attr =
        DenseElementsAttr::get(st, b.getFloatAttr(st.getElementType(), v));
    return arith::ConstantOp::create(b, loc, st, attr);
  }
  Value add(Value a, Value c) { return arith::AddFOp::create(b, loc, a, c); }
  Value mul(Value a, Value c) { return arith::MulFOp::create(b, loc, a, c); }
  Value div(Value a, Value c) { return arith::DivFOp::create(b, loc, a, c); }
  Value neg(Value a) { return arith::NegFOp::create(b, loc, a); }
  Value scale(Value a, double s) { return mul(a, splat(a.getType(), s)); }
  Value cmp(arith::CmpFPredicate p, Value a, Value c) {
    return arith::CmpFOp::create(b, loc, p, a, c);
  }
  Value select(Value c, Value a, Value e) {
    return arith::SelectOp::create(b, loc, c, a, e);
  }
  void accumulate(Value orig, Value g) {
    auto [it, fresh] = adj.try_emplace(orig, g);
    if (!fresh)
      it->second = add(it->second, g);
  }

  /// `g` of shape `src` with `axes` dropped (a reduction's result),
  /// broadcast back to `src`'s shape.
  Value broadcast(Value g, RankedTensorType src, ArrayRef<int64_t> axes) {
    SmallVector<int64_t> kept(src.getShape());
    for (int64_t a : axes)
      kept[a] = 1;
    auto keptTy = RankedTensorType::get(kept, src.getElementType());
    Value r = ReshapeOp::create(b, loc, keptTy, g);
    return ExpandOp::create(b, loc, src, r);
  }
  /// EXPAND's adjoint: the sum over the broadcast axes, reshaped to `src`.
  Value unbroadcast(Value g, RankedTensorType src) {
    auto gt = cast<RankedTensorType>(g.getType());
    SmallVector<int64_t> axes, kept;
    for (int64_t i = 0; i < src.getRank(); ++i) {
      if (src.getDimSize(i) == 1 && gt.getDimSize(i) != 1)
        axes.push_back(i);
      else
        kept.push_back(gt.getDimSize(i));
    }
    if (axes.empty())
      return g;
    auto redTy = RankedTensorType::get(kept, src.getElementType());
    Value r = ReduceAxisOp::create(b, loc, redTy, g, ReduceOpKind::Add, axes);
    return ReshapeOp::create(b, loc, src, r);
  }

  LogicalResult arithRule(Operation *op, Value g);
  LogicalResult mathRule(Operation *op, Value g);
  void pow(Operation *op, Value g);
  LogicalResult passthrough(Operation *op, Value g);
  LogicalResult movement(Operation *op, Value g);
  Value extremum(ReduceAxisOp op, Value g);
  Value product(ReduceAxisOp op, Value g);
  LogicalResult reduce(ReduceAxisOp op, Value g);
  LogicalResult rule(Operation *op, Value g);
};

/// max/min, torch's rule: an operand that loses gets 0, a tie splits the
/// cotangent, otherwise it passes; so maximumf/minimumf pass it to both
/// operands where one is NaN (the result is NaN; torch.maximum). maxnumf and
/// minnumf return the operand that is not NaN, which takes it all (a NaN pair
/// gives it to the first, as torch.fmax).
void minMax(Adjoint &A, Operation *op, Value a, Value c, Value g, Value oa,
            Value oc) {
  bool isMax = isa<arith::MaximumFOp, arith::MaxNumFOp>(op);
  Value zero = A.splat(g.getType(), 0.0);
  auto loses = isMax ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OGT;
  // Selects, not a multiplied weight: an infinite cotangent gives a loser 0.
  Value share =
      A.select(A.cmp(arith::CmpFPredicate::OEQ, a, c), A.scale(g, 0.5), g);
  Value ga = A.select(A.cmp(loses, a, c), zero, share);
  Value gc = A.select(A.cmp(loses, c, a), zero, share);
  if (isa<arith::MaxNumFOp, arith::MinNumFOp>(op)) {
    Value aNaN = A.cmp(arith::CmpFPredicate::UNO, a, a);
    Value cNaN = A.cmp(arith::CmpFPredicate::UNO, c, c);
    ga = A.select(aNaN, A.select(cNaN, g, zero), ga);
    gc = A.select(cNaN, zero, gc);
  }
  A.accumulate(oa, ga);
  A.accumulate(oc, gc);
}

LogicalResult Adjoint::arithRule(Operation *op, Value g) {
  Value y = x(op->getResult(0));
  auto in = [&](unsigned i) { return x(op->getOperand(i)); };
  auto to = [&](unsigned i, Value v) { accumulate(op->getOperand(i), v); };
  if (isa<arith::AddFOp>(op))
    return to(0, g), to(1, g), success();
  if (isa<arith::SubFOp>(op))
    return to(0, g), to(1, neg(g)), success();
  if (isa<arith::MulFOp>(op))
    return to(0, mul(g, in(1))), to(1, mul(g, in(0))), success();
  if (isa<arith::DivFOp>(op))
    return to(0, div(g, in(1))), to(1, neg(div(mul(g, y), in(1)))), success();
  if (isa<arith::NegFOp>(op))
    return to(0, neg(g)), success();
  if (isa<arith::RemFOp>(op)) // fmod: x - trunc(x / y) * y (torch, tinygrad)
    return to(0, g),
           to(1, neg(mul(g, math::TruncOp::create(b, loc, div(in(0), in(1)))))),
           success();
  if (isa<arith::MaximumFOp, arith::MaxNumFOp, arith::MinimumFOp,
          arith::MinNumFOp>(op)) {
    minMax(*this, op, in(0), in(1), g, op->getOperand(0), op->getOperand(1));
    return success();
  }
  if (isa<arith::SelectOp>(op)) {
    Value c = in(0), zero = splat(g.getType(), 0.0);
    if (isFloatTensor(op->getOperand(1).getType()))
      to(1, select(c, g, zero));
    if (isFloatTensor(op->getOperand(2).getType()))
      to(2, select(c, zero, g));
    return success();
  }
  Type srcTy = op->getNumOperands() ? op->getOperand(0).getType() : Type();
  if (isa<arith::ExtFOp>(op))
    return to(0, arith::TruncFOp::create(b, loc, srcTy, g)), success();
  if (isa<arith::TruncFOp>(op))
    return to(0, arith::ExtFOp::create(b, loc, srcTy, g)), success();
  return failure();
}

/// pow(b, e): tinygrad's rule, torch's values, base 0 included: d/db is 0
/// where e == 0; d/de is 0 at b == 0 (e >= 0) and -inf there for e < 0.
void Adjoint::pow(Operation *op, Value g) {
  Value base = x(op->getOperand(0)), e = x(op->getOperand(1));
  Value y = x(op->getResult(0));
  Type t = g.getType();
  Value zero = splat(t, 0.0);
  Value em1 = arith::SubFOp::create(b, loc, e, splat(t, 1.0));
  Value db = mul(e, math::PowFOp::create(b, loc, base, em1));
  accumulate(op->getOperand(0),
             mul(g, select(cmp(arith::CmpFPredicate::OEQ, e, zero), zero, db)));
  Value atZero = select(cmp(arith::CmpFPredicate::OLT, e, zero),
                        splat(t, -INFINITY), zero);
  Value de = mul(y, math::LogOp::create(b, loc, base));
  accumulate(
      op->getOperand(1),
      mul(g, select(cmp(arith::CmpFPredicate::OEQ, base, zero), atZero, de)));
}

LogicalResult Adjoint::mathRule(Operation *op, Value g) {
  Value y = x(op->getResult(0));
  auto in = [&](unsigned i) { return x(op->getOperand(i)); };
  auto to = [&](unsigned i, Value v) { accumulate(op->getOperand(i), v); };
  if (isa<math::PowFOp>(op))
    return pow(op, g), success();
  // Piecewise constant: no cotangent flows (tinygrad's TRUNC, torch's zeros).
  if (isa<math::FloorOp, math::CeilOp, math::TruncOp, math::RoundEvenOp,
          math::RoundOp>(op))
    return success();
  if (isa<math::ExpOp>(op))
    return to(0, mul(g, y)), success();
  if (isa<math::Exp2Op>(op))
    return to(0, scale(mul(g, y), std::log(2.0))), success();
  if (isa<math::LogOp>(op))
    return to(0, div(g, in(0))), success();
  if (isa<math::Log2Op>(op))
    return to(0, div(g, scale(in(0), std::log(2.0)))), success();
  if (isa<math::SqrtOp>(op))
    return to(0, div(g, scale(y, 2.0))), success();
  if (isa<math::RsqrtOp>(op)) // d x^-1/2 = -x^-3/2 / 2 = -y / (2x)
    return to(0, neg(div(mul(g, y), scale(in(0), 2.0)))), success();
  if (isa<math::SinOp>(op))
    return to(0, mul(g, math::CosOp::create(b, loc, in(0)))), success();
  if (isa<math::CosOp>(op))
    return to(0, neg(mul(g, math::SinOp::create(b, loc, in(0))))), success();
  if (isa<math::TanhOp>(op)) // 1 - y^2
    return to(0, mul(g, arith::SubFOp::create(b, loc, splat(y.getType(), 1.0),
                                              mul(y, y)))),
           success();
  if (isa<math::ErfOp>(op)) { // 2 / sqrt(pi) * exp(-x^2)
    Value e = math::ExpOp::create(b, loc, neg(mul(in(0), in(0))));
    return to(0, mul(g, scale(e, 2.0 / std::sqrt(std::acos(-1.0))))), success();
  }
  if (isa<math::AbsFOp>(op)) {
    Value zero = splat(y.getType(), 0.0);
    Value sgn = select(cmp(arith::CmpFPredicate::OGT, in(0), zero),
                       splat(y.getType(), 1.0),
                       select(cmp(arith::CmpFPredicate::OLT, in(0), zero),
                              splat(y.getType(), -1.0), zero));
    return to(0, mul(g, sgn)), success();
  }
  return failure();
}

/// CONTIGUOUS and COPY pass the cotangent (COPY's goes back to its source's
/// device where a COPY names it, tinygrad's copy_to_device; an argument is
/// on the program's one device); CONTIGUOUS_BACKWARD makes it contiguous.
LogicalResult Adjoint::passthrough(Operation *op, Value g) {
  Value src = op->getOperand(0);
  if (isa<ContiguousOp>(op))
    return accumulate(src, g), success();
  if (isa<ContiguousBackwardOp>(op))
    return accumulate(src, ContiguousOp::create(b, loc, g.getType(), g)),
           success();
  if (!isa<CopyOp>(op))
    return failure();
  if (auto from = src.getDefiningOp<CopyOp>())
    g = CopyOp::create(b, loc, g.getType(), g, x(from.getDevice()));
  return accumulate(src, g), success();
}

LogicalResult Adjoint::movement(Operation *op, Value g) {
  Value src = op->getOperand(0);
  auto st = cast<RankedTensorType>(src.getType());
  if (isa<ReshapeOp>(op))
    return accumulate(src, ReshapeOp::create(b, loc, st, g)), success();
  if (isa<ExpandOp>(op))
    return accumulate(src, unbroadcast(g, st)), success();
  if (auto p = dyn_cast<PermuteOp>(op)) {
    SmallVector<int64_t> inv(p.getAxes().size());
    for (auto [i, a] : llvm::enumerate(p.getAxes()))
      inv[a] = i;
    return accumulate(src, PermuteOp::create(b, loc, st, g, inv)), success();
  }
  if (auto p = dyn_cast<PadOp>(op)) {
    SmallVector<int64_t> ends;
    for (auto [lo, d] : llvm::zip(p.getBeginPads(), st.getShape()))
      ends.push_back(lo + d);
    return accumulate(src,
                      ShrinkOp::create(b, loc, st, g, p.getBeginPads(), ends)),
           success();
  }
  if (auto s = dyn_cast<ShrinkOp>(op)) {
    SmallVector<int64_t> high;
    for (auto [e, d] : llvm::zip(s.getEnds(), st.getShape()))
      high.push_back(d - e);
    return accumulate(src, PadOp::create(b, loc, st, g, s.getBegins(), high)),
           success();
  }
  if (auto f = dyn_cast<FlipOp>(op))
    return accumulate(src, FlipOp::create(b, loc, st, g, f.getAxes())),
           success();
  return failure();
}

/// MAX/MIN: the extrema share the cotangent equally (tinygrad, torch's
/// amax/amin).
Value Adjoint::extremum(ReduceAxisOp op, Value g) {
  auto st = cast<RankedTensorType>(op.getSrc().getType());
  ArrayRef<int64_t> axes = op.getAxes();
  Value yb = broadcast(x(op.getResult()), st, axes);
  Value mask = select(cmp(arith::CmpFPredicate::OEQ, x(op.getSrc()), yb),
                      splat(st, 1.0), splat(st, 0.0));
  Value count =
      ReduceAxisOp::create(b, loc, op.getType(), mask, ReduceOpKind::Add, axes);
  return mul(mask, broadcast(div(g, count), st, axes));
}

/// MUL (prod), tinygrad's rule: d prod / dx_j = prod / x_j where x_j != 0;
/// at a zero, the product of the others if it is the only zero, else 0.
Value Adjoint::product(ReduceAxisOp op, Value g) {
  auto st = cast<RankedTensorType>(op.getSrc().getType());
  ArrayRef<int64_t> axes = op.getAxes();
  Value src = x(op.getSrc()), zero = splat(st, 0.0), one = splat(st, 1.0);
  Value isZero = cmp(arith::CmpFPredicate::OEQ, src, zero);
  Value safe = select(isZero, one, src);
  auto reduceTo = [&](ReduceOpKind kind, Value v) {
    Value r = ReduceAxisOp::create(b, loc, op.getType(), v, kind, axes);
    return broadcast(r, st, axes);
  };
  Value zeros = reduceTo(ReduceOpKind::Add, select(isZero, one, zero));
  Value others = select(cmp(arith::CmpFPredicate::OEQ, zeros, one),
                        reduceTo(ReduceOpKind::Mul, safe), zero);
  Value ratio = div(broadcast(x(op.getResult()), st, axes), safe);
  return mul(broadcast(g, st, axes), select(isZero, others, ratio));
}

LogicalResult Adjoint::reduce(ReduceAxisOp op, Value g) {
  auto st = cast<RankedTensorType>(op.getSrc().getType());
  switch (op.getReduceOp()) {
  case ReduceOpKind::Add:
    return accumulate(op.getSrc(), broadcast(g, st, op.getAxes())), success();
  case ReduceOpKind::Max:
  case ReduceOpKind::Min:
    return accumulate(op.getSrc(), extremum(op, g)), success();
  case ReduceOpKind::Mul:
    return accumulate(op.getSrc(), product(op, g)), success();
  default:
    return failure();
  }
}

LogicalResult Adjoint::rule(Operation *op, Value g) {
  if (auto r = dyn_cast<ReduceAxisOp>(op))
    return reduce(r, g);
  if (isa<ReshapeOp, ExpandOp, PermuteOp, PadOp, ShrinkOp, FlipOp>(op))
    return movement(op, g);
  if (isa<ContiguousOp, ContiguousBackwardOp, CopyOp>(op))
    return passthrough(op, g);
  if (isa<arith::ArithDialect>(op->getDialect()))
    return arithRule(op, g);
  if (isa<math::MathDialect>(op->getDialect()))
    return mathRule(op, g);
  return failure();
}

/// The values that depend on a differentiated argument through float ops;
/// DETACH stops the dependence (tinygrad's detach).
llvm::SetVector<Value> activeValues(func::FuncOp f, ArrayRef<int64_t> wrt) {
  llvm::SetVector<Value> active;
  for (int64_t i : wrt)
    active.insert(f.getArgument(i));
  for (Operation &op : f.getBody().front()) {
    if (isa<DetachOp>(op))
      continue;
    if (llvm::none_of(op.getOperands(),
                      [&](Value v) { return active.contains(v); }))
      continue;
    for (Value r : op.getResults())
      if (isFloatTensor(r.getType()))
        active.insert(r);
  }
  return active;
}

/// Checks the request on `f`; emits a located error when it is malformed.
/// The dialect's verifier owns the rules on the request and the signature
/// (UOpDialect.cpp); calling it here keeps unverified input from crashing.
LogicalResult checkRequest(func::FuncOp f, NamedAttribute request) {
  auto *dialect = f->getContext()->getLoadedDialect<UOpDialect>();
  if (failed(dialect->verifyOperationAttribute(f, request)))
    return failure();
  if (SymbolTable::lookupNearestSymbolFrom(
          f, StringAttr::get(f->getContext(), f.getName() + "_vjp")))
    return f.emitError("uop-gradient: a symbol @")
           << f.getName() << "_vjp already exists";
  return success();
}

/// Adds `@<f>_vjp` after `f`: its forward graph, then the adjoints in
/// reverse order, returning the cotangent of each argument in `wrt`.
LogicalResult buildVJP(func::FuncOp f, ArrayRef<int64_t> wrt) {
  SmallVector<Type> ins(f.getArgumentTypes());
  ins.push_back(f.getResultTypes()[0]);
  SmallVector<Type> outs;
  for (int64_t i : wrt)
    outs.push_back(f.getArgumentTypes()[i]);
  OpBuilder b(f->getContext());
  b.setInsertionPointAfter(f);
  auto vjp = func::FuncOp::create(b, f.getLoc(), (f.getName() + "_vjp").str(),
                                  b.getFunctionType(ins, outs));
  Block *body = vjp.addEntryBlock();
  b.setInsertionPointToStart(body);
  Adjoint A(b, f.getLoc());
  for (auto [from, to] : llvm::zip(f.getArguments(), body->getArguments()))
    A.fwd.map(from, to);
  Block &src = f.getBody().front();
  for (Operation &op : src.without_terminator())
    b.clone(op, A.fwd);
  auto ret = cast<func::ReturnOp>(src.getTerminator());
  llvm::SetVector<Value> active = activeValues(f, wrt);
  if (active.contains(ret.getOperand(0)))
    A.adj[ret.getOperand(0)] = body->getArguments().back();
  for (Operation &op : llvm::reverse(src.without_terminator())) {
    if (op.getNumResults() != 1 || !A.adj.count(op.getResult(0)))
      continue;
    A.loc = op.getLoc();
    if (failed(A.rule(&op, A.adj.lookup(op.getResult(0))))) {
      vjp.erase();
      return op.emitError("uop-gradient: no gradient rule for '")
             << op.getName() << "'";
    }
    // Only differentiable operands carry cotangents onward.
    for (Value v : op.getOperands())
      if (!active.contains(v))
        A.adj.erase(v);
  }
  SmallVector<Value> grads;
  for (int64_t i : wrt) {
    Value g = A.adj.lookup(f.getArgument(i));
    grads.push_back(g ? g : A.splat(f.getArgumentTypes()[i], 0.0));
  }
  func::ReturnOp::create(b, f.getLoc(), grads);
  // The forward ops no adjoint reads are dropped.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*body)))
    if (isOpTriviallyDead(&op))
      op.erase();
  return success();
}

struct UOpGradientPass : uop::impl::UOpGradientBase<UOpGradientPass> {
  void runOnOperation() override {
    UOpDialect::GradWrtAttrHelper request(&getContext());
    SmallVector<func::FuncOp> requests;
    getOperation().walk([&](func::FuncOp f) {
      // Any attribute of the name: a malformed one is an error, not skipped.
      if (f->hasAttr(request.getName()))
        requests.push_back(f);
    });
    for (func::FuncOp f : requests) {
      StringAttr name = request.getName();
      if (failed(checkRequest(f, NamedAttribute(name, f->getAttr(name)))) ||
          failed(buildVJP(f, request.getAttr(f))))
        return signalPassFailure();
      request.removeAttr(f);
    }
  }
};

} // namespace
