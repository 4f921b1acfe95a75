//===- Simplify.cpp - symbolic simplification of kernel index arithmetic --===//
//
// The ranges of RANGE / SPECIAL / DEFINE_VAR come from upstream's
// IntegerRangeAnalysis (they implement InferIntRangeInterface). On top of the
// arith canonicalizations and upstream's range-based folds (constant values,
// decided comparisons) this adds the rules tinygrad's symbolic rewriter is
// known for: x/c and x%c by bounds, sums split by a divisor, common gcd of a
// sum and its divisor, nested mod, dead ranges of REDUCE / END, and gates
// that are always true.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Dialect/UOp/Transforms/Patterns.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/ScopeExit.h"

#include <numeric>

namespace uop {
#define GEN_PASS_DEF_UOPSIMPLIFY
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {
/// Signed bounds of an index value: from a constant, else from the ranges.
struct Bounds {
  int64_t min, max;
};

/// Integer ranges of values, computed on demand from InferIntRangeInterface
/// and cached. A kernel is one block of SSA values without control flow, so
/// a value's range is its defining op's inference over its operands' ranges:
/// what upstream's IntegerRangeAnalysis reaches at its fixpoint, without the
/// solver's worklist over every op of the kernel (after uop-expand most
/// are float lanes nobody asks about). Values made by a rewrite are analysed
/// when first asked for. A rewrite keeps a value's meaning, so a cached
/// range stays sound; entries of erased ops are dropped (a new value may
/// reuse the address).
class RangeCache {
public:
  IntegerValueRange get(Value root) {
    if (auto it = cache.find(root); it != cache.end())
      return it->second;
    // Post-order over the operands, iteratively (long sums would overflow
    // the stack). A value on the stack that is reached again (a cycle, which
    // a graph region could have) counts as unknown.
    SmallVector<std::pair<Value, bool>> stack = {{root, false}};
    llvm::SmallDenseSet<Value, 16> onStack = {root};
    while (!stack.empty()) {
      auto [v, expanded] = stack.back();
      if (cache.count(v)) {
        stack.pop_back();
        onStack.erase(v);
        continue;
      }
      Operation *def = v.getDefiningOp();
      auto iface = def ? dyn_cast<InferIntRangeInterface>(def) : nullptr;
      if (!iface) {
        cache[v] = IntegerValueRange::getMaxRange(v);
        stack.pop_back();
        onStack.erase(v);
        continue;
      }
      if (!expanded) {
        stack.back().second = true;
        for (Value o : def->getOperands()) {
          if (cache.count(o))
            continue;
          if (onStack.contains(o)) {
            cache[o] = IntegerValueRange::getMaxRange(o);
            continue;
          }
          stack.push_back({o, false});
          onStack.insert(o);
        }
        continue;
      }
      stack.pop_back();
      onStack.erase(v);
      SmallVector<IntegerValueRange> args;
      for (Value o : def->getOperands())
        args.push_back(cache.lookup(o));
      // A result the op says nothing about stays uninitialized (unknown).
      for (Value r : def->getResults())
        cache[r] = IntegerValueRange();
      iface.inferResultRangesFromOptional(
          args, [&](Value r, const IntegerValueRange &range) {
            auto res = dyn_cast<OpResult>(r);
            if (!res || res.getOwner() != def)
              return;
            IntegerValueRange &slot = cache[r];
            slot = IntegerValueRange::join(slot, range);
          });
    }
    return cache.lookup(root);
  }
  void forget(Operation *op) {
    for (Value v : op->getResults())
      cache.erase(v);
  }

private:
  DenseMap<Value, IntegerValueRange> cache;
};

/// The range cache of the function this thread is simplifying: the pattern
/// set is built once per pass (building and freezing arith's, math's and
/// uop's canonicalizations per function cost more than simplifying a small
/// kernel), so per-function state cannot live in the patterns.
thread_local RangeCache *activeRanges = nullptr;

/// Ranges for the patterns, from `activeRanges`.
class RangeOracle {
public:
  std::optional<Bounds> get(Value v) const {
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c)))
      return Bounds{c.getSExtValue(), c.getSExtValue()};
    std::optional<ConstantIntRanges> r = range(v);
    if (!r || r->smin().getBitWidth() > 64)
      return std::nullopt;
    return Bounds{r->smin().getSExtValue(), r->smax().getSExtValue()};
  }
  bool nonNegative(Value v) const {
    auto b = get(v);
    return b && b->min >= 0;
  }
  /// The full range, when anything is known.
  std::optional<ConstantIntRanges> range(Value v) const {
    if (!activeRanges)
      return std::nullopt;
    IntegerValueRange r = activeRanges->get(v);
    if (r.isUninitialized())
      return std::nullopt;
    return r.getValue();
  }
};

/// Keeps the cache from answering for values whose ops were erased (a new
/// value may reuse the address).
class RangeCacheListener : public RewriterBase::Listener {
public:
  explicit RangeCacheListener(RangeCache &c) : cache(c) {}
  void notifyOperationErased(Operation *op) override { cache.forget(op); }
  void notifyOperationReplaced(Operation *op, ValueRange) override {
    cache.forget(op);
  }

private:
  RangeCache &cache;
};

/// A result whose range is one value is that constant (upstream's
/// MaterializeKnownConstantValues, over the cached ranges): decided
/// comparisons, sums of constants the folders do not see, and so on.
struct MaterializeKnownConstants : public RewritePattern {
  MaterializeKnownConstants(MLIRContext *ctx, const RangeOracle &o)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx), oracle(o) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rw) const override {
    if (op->getNumRegions() || op->getNumResults() == 0 ||
        matchPattern(op, m_Constant()))
      return failure();
    // A sum, difference or product of ranges is one value only when its
    // operands are (or a factor is 0): the folders' case. Skipping them
    // spares inferring the range of every address of every lane.
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op))
      return failure();
    auto constantOf = [&](Value v) -> std::optional<APInt> {
      if (v.use_empty() || !v.getType().isIntOrIndex())
        return std::nullopt;
      std::optional<ConstantIntRanges> r = oracle.range(v);
      if (!r)
        return std::nullopt;
      return r->getConstantValue();
    };
    bool changed = false, replacedAll = true;
    for (Value v : op->getResults()) {
      std::optional<APInt> c = constantOf(v);
      if (!c) {
        replacedAll &= v.use_empty();
        continue;
      }
      Type t = v.getType();
      Attribute attr = rw.getIntegerAttr(t, *c);
      Operation *cst = op->getDialect()->materializeConstant(rw, attr, t, v.getLoc());
      if (!cst)
        cst = rw.getContext()->getLoadedDialect<arith::ArithDialect>()->materializeConstant(
            rw, attr, t, v.getLoc());
      if (!cst) {
        replacedAll = false;
        continue;
      }
      rw.replaceAllUsesWith(v, cst->getResult(0));
      changed = true;
    }
    if (!changed)
      return failure();
    if (replacedAll && isOpTriviallyDead(op))
      rw.eraseOp(op);
    return success();
  }
  const RangeOracle &oracle;
};

/// x % c is x when 0 <= x < c, for any integer type (upstream's
/// DeleteTrivialRem: unsigned bounds for remui, signed for remsi).
template <typename RemOp>
struct TrivialRem : public OpRewritePattern<RemOp> {
  TrivialRem(MLIRContext *ctx, const RangeOracle &o)
      : OpRewritePattern<RemOp>(ctx), oracle(o) {}
  LogicalResult matchAndRewrite(RemOp op, PatternRewriter &rw) const override {
    std::optional<int64_t> modulus = getConstantIntValue(op.getRhs());
    if (!modulus || *modulus <= 0)
      return failure();
    std::optional<ConstantIntRanges> r = oracle.range(op.getLhs());
    if (!r)
      return failure();
    const APInt &min = std::is_same_v<RemOp, arith::RemUIOp> ? r->umin() : r->smin();
    const APInt &max = std::is_same_v<RemOp, arith::RemUIOp> ? r->umax() : r->smax();
    if (min.isNegative() || min.uge(*modulus) || max.isNegative() ||
        max.uge(*modulus) || !min.ule(max))
      return failure();
    rw.replaceOp(op, op.getLhs());
    return success();
  }
  const RangeOracle &oracle;
};

/// x as sum(coeff_i * v_i) + constant, through addi, subi and muli by a
/// constant (index values only). Terms that cancel keep a 0 coefficient.
struct LinearSum {
  SmallVector<std::pair<Value, int64_t>> terms;
  int64_t constant = 0;
};

void collect(Value v, int64_t coeff, LinearSum &sum, int depth = 0) {
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c))) {
    sum.constant += coeff * c.getSExtValue();
    return;
  }
  if (depth < 8) {
    if (auto add = v.getDefiningOp<arith::AddIOp>()) {
      collect(add.getLhs(), coeff, sum, depth + 1);
      collect(add.getRhs(), coeff, sum, depth + 1);
      return;
    }
    if (auto sub = v.getDefiningOp<arith::SubIOp>()) {
      collect(sub.getLhs(), coeff, sum, depth + 1);
      collect(sub.getRhs(), -coeff, sum, depth + 1);
      return;
    }
    if (auto mul = v.getDefiningOp<arith::MulIOp>()) {
      if (matchPattern(mul.getRhs(), m_ConstantInt(&c)))
        return collect(mul.getLhs(), coeff * c.getSExtValue(), sum, depth + 1);
      if (matchPattern(mul.getLhs(), m_ConstantInt(&c)))
        return collect(mul.getRhs(), coeff * c.getSExtValue(), sum, depth + 1);
    }
  }
  for (auto &t : sum.terms)
    if (t.first == v) {
      t.second += coeff;
      return;
    }
  sum.terms.push_back({v, coeff});
}

Value build(PatternRewriter &rw, Location loc, ArrayRef<std::pair<Value, int64_t>> terms,
            int64_t constant) {
  Value acc;
  for (auto [v, k] : terms) {
    if (k == 0)
      continue;
    Value t = k == 1 ? v
                     : arith::MulIOp::create(
                           rw, loc, v, arith::ConstantIndexOp::create(rw, loc, k))
                           .getResult();
    acc = acc ? arith::AddIOp::create(rw, loc, acc, t).getResult() : t;
  }
  if (constant != 0 || !acc) {
    Value c = arith::ConstantIndexOp::create(rw, loc, constant);
    acc = acc ? arith::AddIOp::create(rw, loc, acc, c).getResult() : c;
  }
  return acc;
}

/// Bounds of sum(terms) + constant from the bounds of the terms.
std::optional<Bounds> boundsOf(const RangeOracle &o,
                               ArrayRef<std::pair<Value, int64_t>> terms,
                               int64_t constant) {
  Bounds b{constant, constant};
  for (auto [v, k] : terms) {
    auto vb = o.get(v);
    if (!vb)
      return std::nullopt;
    int64_t lo = k >= 0 ? vb->min * k : vb->max * k;
    int64_t hi = k >= 0 ? vb->max * k : vb->min * k;
    b.min += lo;
    b.max += hi;
  }
  return b;
}

/// `sum` split by a positive factor `f`: the non-negative terms whose
/// coefficient `f` divides (divided by it), the floor of the constant over
/// `f`, the other terms and the constant's rest in [0, f).
struct FactorSplit {
  SmallVector<std::pair<Value, int64_t>> quot, rest;
  int64_t quotConst = 0, restConst = 0;
};
FactorSplit splitByFactor(const LinearSum &sum, int64_t f,
                          const RangeOracle &oracle) {
  FactorSplit out;
  for (auto [v, k] : sum.terms) {
    if (k % f == 0 && oracle.nonNegative(v))
      out.quot.push_back({v, k / f});
    else
      out.rest.push_back({v, k});
  }
  out.quotConst = llvm::divideFloorSigned(sum.constant, f);
  out.restConst = sum.constant - out.quotConst * f;
  return out;
}

/// x / c for non-negative x: bounds, splitting off multiples of c, gcd.
template <typename DivOp>
struct SimplifyDiv : public OpRewritePattern<DivOp> {
  SimplifyDiv(MLIRContext *ctx, const RangeOracle &o)
      : OpRewritePattern<DivOp>(ctx), oracle(o) {}
  LogicalResult matchAndRewrite(DivOp op, PatternRewriter &rw) const override {
    APInt cv;
    if (!op.getType().isIndex() ||
        !matchPattern(op.getRhs(), m_ConstantInt(&cv)))
      return failure();
    int64_t c = cv.getSExtValue();
    if (c <= 1)
      return failure();
    Value x = op.getLhs();
    auto xb = oracle.get(x);
    if (!xb || xb->min < 0)
      return failure();
    // All of x's values share one quotient.
    if (xb->min / c == xb->max / c) {
      rw.replaceOpWithNewOp<arith::ConstantIndexOp>(op, xb->min / c);
      return success();
    }
    LinearSum sum;
    collect(x, 1, sum);
    // Terms divisible by c leave the division whole; the constant's
    // multiples of c move to the quotient (floor division, so the rest
    // keeps a constant in [0, c)).
    auto [quot, rest, quotConst, restConst] = splitByFactor(sum, c, oracle);
    auto rb = boundsOf(oracle, rest, restConst);
    if ((!quot.empty() || quotConst) && rb && rb->min >= 0) {
      Value q = build(rw, op.getLoc(), quot, quotConst);
      if (rb->max < c) {
        rw.replaceOp(op, q);
        return success();
      }
      Value r = build(rw, op.getLoc(), rest, restConst);
      Value d = DivOp::create(rw, op.getLoc(), r, op.getRhs());
      rw.replaceOpWithNewOp<arith::AddIOp>(op, q, d);
      return success();
    }
    // A factor g of c that some terms' coefficients share, the other terms
    // and the constant's rest within [0, g): x / c = (x / g) / (c / g), and
    // x / g drops that rest ((58 kh + kw + 2 ow) / 116 = kh / 2 for
    // kw + 2 ow < 58: a stride-2 window read from its phases).
    for (auto [v0, k0] : sum.terms) {
      int64_t f = std::gcd(c, k0);
      if (f <= 1 || f == c)
        continue;
      FactorSplit split = splitByFactor(sum, f, oracle);
      auto db = boundsOf(oracle, split.rest, split.restConst);
      if (!db || db->min < 0 || db->max >= f)
        continue;
      Value n = build(rw, op.getLoc(), split.quot, split.quotConst);
      Value d = arith::ConstantIndexOp::create(rw, op.getLoc(), c / f);
      rw.replaceOpWithNewOp<DivOp>(op, n, d);
      return success();
    }
    // A common factor of every term, the constant and c.
    int64_t g = c;
    for (auto [v, k] : sum.terms)
      g = std::gcd(g, k);
    g = std::gcd(g, sum.constant);
    if (g > 1 && llvm::all_of(sum.terms, [&](auto t) {
          return oracle.nonNegative(t.first) && t.second > 0;
        }) && sum.constant >= 0) {
      SmallVector<std::pair<Value, int64_t>> scaled;
      for (auto [v, k] : sum.terms)
        scaled.push_back({v, k / g});
      Value n = build(rw, op.getLoc(), scaled, sum.constant / g);
      Value d = arith::ConstantIndexOp::create(rw, op.getLoc(), c / g);
      rw.replaceOpWithNewOp<DivOp>(op, n, d);
      return success();
    }
    return failure();
  }
  const RangeOracle &oracle;
};

/// x % c for non-negative x: bounds, dropping multiples of c, nested mod.
template <typename RemOp>
struct SimplifyRem : public OpRewritePattern<RemOp> {
  SimplifyRem(MLIRContext *ctx, const RangeOracle &o)
      : OpRewritePattern<RemOp>(ctx), oracle(o) {}
  LogicalResult matchAndRewrite(RemOp op, PatternRewriter &rw) const override {
    APInt cv;
    if (!op.getType().isIndex() ||
        !matchPattern(op.getRhs(), m_ConstantInt(&cv)))
      return failure();
    int64_t c = cv.getSExtValue();
    if (c <= 0)
      return failure();
    Value x = op.getLhs();
    auto xb = oracle.get(x);
    if (!xb || xb->min < 0)
      return failure();
    if (xb->max < c) {
      rw.replaceOp(op, x);
      return success();
    }
    // All of x's values share one quotient q: x % c = x - q * c.
    if (xb->min / c == xb->max / c) {
      Value qc = arith::ConstantIndexOp::create(rw, op.getLoc(), (xb->min / c) * c);
      rw.replaceOpWithNewOp<arith::SubIOp>(op, x, qc);
      return success();
    }
    // (y % (k*c)) % c == y % c
    if (auto inner = x.getDefiningOp<RemOp>()) {
      APInt ic;
      if (matchPattern(inner.getRhs(), m_ConstantInt(&ic)) &&
          ic.getSExtValue() % c == 0 && oracle.nonNegative(inner.getLhs())) {
        rw.replaceOpWithNewOp<RemOp>(op, inner.getLhs(), op.getRhs());
        return success();
      }
    }
    LinearSum sum;
    collect(x, 1, sum);
    SmallVector<std::pair<Value, int64_t>> rest;
    bool dropped = false;
    for (auto [v, k] : sum.terms) {
      bool nonNeg = oracle.nonNegative(v);
      // A coefficient's multiples of c drop out: (59 kw + ow) % 58 is
      // (kw + ow) % 58, which the bounds may then drop (a conv's input index).
      int64_t kept = nonNeg && k > 0 ? k % c : k;
      if (nonNeg && kept % c == 0) {
        dropped = true;
        continue;
      }
      dropped |= kept != k;
      rest.push_back({v, kept});
    }
    int64_t restConst = sum.constant - llvm::divideFloorSigned(sum.constant, c) * c;
    if (restConst != sum.constant)
      dropped = true;
    auto rb = boundsOf(oracle, rest, restConst);
    if (!dropped || !rb || rb->min < 0)
      return failure();
    Value r = build(rw, op.getLoc(), rest, restConst);
    if (rb->max < c)
      rw.replaceOp(op, r);
    else
      rw.replaceOpWithNewOp<RemOp>(op, r, op.getRhs());
    return success();
  }
  const RangeOracle &oracle;
};

/// A RANGE that only REDUCE / END lists mention is read by nothing: each
/// iteration computes the same value. (A range read elsewhere counts as live
/// for every op that closes it; that keeps the test cheap.)
bool isDeadRange(Value range) {
  return llvm::all_of(range.getUsers(), [&](Operation *u) {
    if (auto r = dyn_cast<ReduceOp>(u))
      return r.getSrc() != range;
    if (auto e = dyn_cast<EndOp>(u))
      return e.getComputation() != range;
    return false;
  });
}

/// Running `v`'s computation twice equals running it once: it does not read
/// a buffer it writes (`out[i] += 1` is not idempotent).
bool isIdempotent(Value v) {
  llvm::SmallDenseSet<Value> stored, loaded;
  llvm::SmallDenseSet<Operation *> seen;
  SmallVector<Value> work = {v};
  auto root = [](Value b) {
    while (auto a = b.getDefiningOp<AfterOp>())
      b = a.getPassthrough();
    return b;
  };
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || !seen.insert(def).second)
      continue;
    if (isa<StoreOp, StoreLanesOp>(def))
      if (auto idx = def->getOperand(0).getDefiningOp<IndexOp>())
        stored.insert(root(idx.getBuffer()));
    if (auto ld = dyn_cast<LoadOp>(def))
      loaded.insert(root(ld.getBuffer()));
    llvm::append_range(work, def->getOperands());
  }
  return llvm::none_of(stored, [&](Value b) { return loaded.contains(b); });
}

/// REDUCE over a range its source does not read: add multiplies by the trip
/// count, max/min ignore it.
struct DeadReduceRange : public OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op, PatternRewriter &rw) const override {
    SmallVector<Value> live, dead;
    for (Value r : op.getRanges())
      (isDeadRange(r) ? dead : live).push_back(r);
    if (dead.empty())
      return failure();
    ReduceOpKind kind = op.getReduceOp();
    if (kind == ReduceOpKind::Mul)
      return failure();
    Value src = op.getSrc();
    if (kind == ReduceOpKind::Add) {
      // An add over a range of unknown trip count stays (nothing is created
      // before the decision: a pattern that fails must not touch the IR).
      SmallVector<Value> known;
      for (Value r : dead) {
        auto range = r.getDefiningOp<RangeOp>();
        APInt n;
        if (range && matchPattern(range.getEnd(), m_ConstantInt(&n)))
          known.push_back(r);
        else
          live.push_back(r);
      }
      dead = known;
      if (dead.empty())
        return failure();
      if (!isa<FloatType>(src.getType()) && !src.getType().isIntOrIndex())
        return failure();
      for (Value r : dead) {
        auto range = r.getDefiningOp<RangeOp>();
        APInt n;
        (void)matchPattern(range.getEnd(), m_ConstantInt(&n));
        Type t = src.getType();
        if (isa<FloatType>(t)) {
          Value k = arith::ConstantOp::create(
              rw, op.getLoc(), rw.getFloatAttr(t, (double)n.getSExtValue()));
          src = arith::MulFOp::create(rw, op.getLoc(), src, k);
        } else {
          Value k = arith::ConstantOp::create(
              rw, op.getLoc(), rw.getIntegerAttr(t, n.getSExtValue()));
          src = arith::MulIOp::create(rw, op.getLoc(), src, k);
        }
      }
    }
    if (live.empty())
      rw.replaceOp(op, src);
    else
      rw.replaceOpWithNewOp<ReduceOp>(op, op.getType(), src, live,
                                      op.getReduceOpAttr());
    return success();
  }
};

/// END over a range nothing before it reads: the body is the same on each
/// iteration, so one is enough.
struct DeadEndRange : public OpRewritePattern<EndOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(EndOp op, PatternRewriter &rw) const override {
    SmallVector<Value> live;
    for (Value r : op.getRanges())
      if (!isDeadRange(r))
        live.push_back(r);
    if (live.size() == op.getRanges().size() || !isIdempotent(op.getComputation()))
      return failure();
    if (live.empty() && isa<VoidType>(op.getComputation().getType())) {
      rw.replaceOp(op, op.getComputation());
      return success();
    }
    rw.replaceOpWithNewOp<EndOp>(op, op.getType(), op.getComputation(), live);
    return success();
  }
};

/// A RANGE of one iteration is the constant 0 and closes nothing. (Before
/// the range-based folds, which would put a constant where a RANGE must be.)
struct UnitRange : public OpRewritePattern<RangeOp> {
  UnitRange(MLIRContext *ctx) : OpRewritePattern<RangeOp>(ctx, /*benefit=*/10) {}
  LogicalResult matchAndRewrite(RangeOp op, PatternRewriter &rw) const override {
    APInt n;
    if (!matchPattern(op.getEnd(), m_ConstantInt(&n)) || n.getSExtValue() != 1)
      return failure();
    // A BUFFERIZE's ranges are the result's dimensions: keep the range.
    if (llvm::any_of(op->getUsers(), llvm::IsaPred<BufferizeOp>))
      return failure();
    Value zero = arith::ConstantIndexOp::create(rw, op.getLoc(), 0);
    SmallVector<Operation *> users(op->getUsers().begin(), op->getUsers().end());
    for (Operation *user : users) {
      auto drop = [&](MutableOperandRange list) {
        SmallVector<Value> keep;
        for (Value v : static_cast<OperandRange>(list))
          if (v != op.getResult())
            keep.push_back(v);
        rw.modifyOpInPlace(user, [&] { list.assign(keep); });
      };
      if (auto r = dyn_cast<ReduceOp>(user))
        drop(r.getRangesMutable());
      else if (auto e = dyn_cast<EndOp>(user))
        drop(e.getRangesMutable());
      else if (auto s = dyn_cast<StoreOp>(user))
        drop(s.getRangesMutable());
    }
    rw.replaceOp(op, zero);
    return success();
  }
};

/// A REDUCE or END that closes no range is its operand.
struct EmptyCloser : public RewritePattern {
  EmptyCloser(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rw) const override {
    if (auto r = dyn_cast<ReduceOp>(op); r && r.getRanges().empty()) {
      rw.replaceOp(op, r.getSrc());
      return success();
    }
    if (auto e = dyn_cast<EndOp>(op); e && e.getRanges().empty() &&
                                      isa<VoidType>(e.getComputation().getType())) {
      rw.replaceOp(op, e.getComputation());
      return success();
    }
    return failure();
  }
};

/// (x + c) * k -> x * k + c * k on index values: an address becomes a
/// shared base plus a constant, which is what lanes of an upcast differ by.
struct DistributeConstantMul : public OpRewritePattern<arith::MulIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::MulIOp op, PatternRewriter &rw) const override {
    APInt k, c;
    if (!op.getType().isIndex() || !matchPattern(op.getRhs(), m_ConstantInt(&k)))
      return failure();
    auto add = op.getLhs().getDefiningOp<arith::AddIOp>();
    if (!add || !matchPattern(add.getRhs(), m_ConstantInt(&c)))
      return failure();
    Location loc = op.getLoc();
    Value xk = arith::MulIOp::create(rw, loc, add.getLhs(), op.getRhs());
    Value ck = arith::ConstantIndexOp::create(
        rw, loc, c.getSExtValue() * k.getSExtValue());
    rw.replaceOpWithNewOp<arith::AddIOp>(op, xk, ck);
    return success();
  }
};

/// a + (b + c) -> (a + b) + c for a constant c, so that constants end up
/// outermost and the rest is shared (CSE) between lanes.
struct ConstantsOutward : public OpRewritePattern<arith::AddIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddIOp op, PatternRewriter &rw) const override {
    if (!op.getType().isIndex())
      return failure();
    for (int side = 0; side < 2; ++side) {
      Value a = side ? op.getRhs() : op.getLhs();
      Value inner = side ? op.getLhs() : op.getRhs();
      auto add = inner.getDefiningOp<arith::AddIOp>();
      APInt c;
      if (!add || matchPattern(a, m_ConstantInt(&c)) ||
          !matchPattern(add.getRhs(), m_ConstantInt(&c)))
        continue;
      Value ab = arith::AddIOp::create(rw, op.getLoc(), a, add.getLhs());
      rw.replaceOpWithNewOp<arith::AddIOp>(op, ab, add.getRhs());
      return success();
    }
    return failure();
  }
};

/// (x / c) * c + x % c -> x: a split index put back together (reshape
/// round trips, split ranges), for x >= 0.
template <typename DivOp, typename RemOp>
struct RecombineDivRem : public OpRewritePattern<arith::AddIOp> {
  RecombineDivRem(MLIRContext *ctx, const RangeOracle &o)
      : OpRewritePattern<arith::AddIOp>(ctx), oracle(o) {}
  LogicalResult matchAndRewrite(arith::AddIOp op, PatternRewriter &rw) const override {
    for (int side = 0; side < 2; ++side) {
      auto mul = (side ? op.getRhs() : op.getLhs()).getDefiningOp<arith::MulIOp>();
      auto rem = (side ? op.getLhs() : op.getRhs()).getDefiningOp<RemOp>();
      if (!mul || !rem)
        continue;
      auto div = mul.getLhs().getDefiningOp<DivOp>();
      APInt c1, c2, c3;
      if (!div || div.getLhs() != rem.getLhs() ||
          !matchPattern(mul.getRhs(), m_ConstantInt(&c1)) ||
          !matchPattern(div.getRhs(), m_ConstantInt(&c2)) ||
          !matchPattern(rem.getRhs(), m_ConstantInt(&c3)) || c1 != c2 ||
          c2 != c3 || !oracle.nonNegative(div.getLhs()))
        continue;
      rw.replaceOp(op, div.getLhs());
      return success();
    }
    return failure();
  }
  const RangeOracle &oracle;
};

/// A LOAD nobody reads is dropped: it only reads memory (its op has no
/// declared effects, so the generic dead-code rules keep it), and a kept
/// one would hold open the ranges of a computation that folded away
/// (`s - s` of a reduction).
struct DeadLoad : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op, PatternRewriter &rw) const override {
    if (!op->use_empty())
      return failure();
    rw.eraseOp(op);
    return success();
  }
};

/// A LOAD whose gate is always false reads nothing: it is its alt.
struct FalseGate : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op, PatternRewriter &rw) const override {
    auto idx = op.getIndex().getDefiningOp<IndexOp>();
    if (!idx || !idx.getGate() || !op.getAlt() ||
        !matchPattern(idx.getGate(), m_Zero()))
      return failure();
    rw.replaceOp(op, op.getAlt());
    return success();
  }
};

/// (x / a) / b -> x / (a * b) for non-negative x and positive constants.
template <typename DivOp>
struct NestedDiv : public OpRewritePattern<DivOp> {
  NestedDiv(MLIRContext *ctx, const RangeOracle &o)
      : OpRewritePattern<DivOp>(ctx), oracle(o) {}
  LogicalResult matchAndRewrite(DivOp op, PatternRewriter &rw) const override {
    auto inner = op.getLhs().template getDefiningOp<DivOp>();
    APInt a, b;
    if (!op.getType().isIndex() || !inner ||
        !matchPattern(op.getRhs(), m_ConstantInt(&b)) ||
        !matchPattern(inner.getRhs(), m_ConstantInt(&a)) || a.getSExtValue() <= 0 ||
        b.getSExtValue() <= 0 || !oracle.nonNegative(inner.getLhs()))
      return failure();
    Value c = arith::ConstantIndexOp::create(rw, op.getLoc(),
                                             a.getSExtValue() * b.getSExtValue());
    rw.replaceOpWithNewOp<DivOp>(op, inner.getLhs(), c);
    return success();
  }
  const RangeOracle &oracle;
};

/// Like terms of an index sum cancel: (a * -4 + 1) + a * 4 -> 1.
struct CancelTerms : public OpRewritePattern<arith::AddIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddIOp op, PatternRewriter &rw) const override {
    if (!op.getType().isIndex())
      return failure();
    // Only the root of a sum (not an add feeding another add).
    if (op->hasOneUse() && isa<arith::AddIOp, arith::SubIOp>(*op->user_begin()))
      return failure();
    LinearSum sum;
    collect(op.getResult(), 1, sum);
    bool cancelled = llvm::any_of(sum.terms, [](auto t) { return t.second == 0; });
    if (!cancelled)
      return failure();
    rw.replaceOp(op, build(rw, op.getLoc(), sum.terms, sum.constant));
    return success();
  }
};

/// A gate that is always true is no gate.
struct TrueGate : public OpRewritePattern<IndexOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IndexOp op, PatternRewriter &rw) const override {
    if (!op.getGate() || !matchPattern(op.getGate(), m_One()))
      return failure();
    rw.modifyOpInPlace(op, [&] { op.getGateMutable().clear(); });
    for (Operation *user : op->getUsers())
      if (auto load = dyn_cast<LoadOp>(user); load && load.getAlt())
        rw.modifyOpInPlace(load, [&] { load.getAltMutable().clear(); });
    return success();
  }
};

} // namespace

void uop::populateUOpSymbolicPatterns(RewritePatternSet &patterns) {
  // The patterns read ranges through the thread's UOpRangeScope.
  static const RangeOracle oracle;
  MLIRContext *ctx = patterns.getContext();
  patterns.add<SimplifyDiv<arith::DivUIOp>, SimplifyDiv<arith::DivSIOp>,
               SimplifyDiv<arith::FloorDivSIOp>, SimplifyRem<arith::RemUIOp>,
               SimplifyRem<arith::RemSIOp>,
               RecombineDivRem<arith::DivUIOp, arith::RemUIOp>,
               RecombineDivRem<arith::DivSIOp, arith::RemSIOp>,
               NestedDiv<arith::DivUIOp>, MaterializeKnownConstants,
               TrivialRem<arith::RemUIOp>, TrivialRem<arith::RemSIOp>>(ctx,
                                                                       oracle);
  patterns.add<DistributeConstantMul, ConstantsOutward, CancelTerms>(ctx);
}

void uop::populateUOpRangeCleanupPatterns(RewritePatternSet &patterns) {
  patterns.add<DeadReduceRange, DeadEndRange, TrueGate, FalseGate, DeadLoad,
               UnitRange, EmptyCloser>(patterns.getContext());
}

void uop::populateUOpKernelCanonicalizationPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  for (StringRef ns : {"arith", "math", "uop"})
    if (Dialect *d = ctx->getLoadedDialect(ns))
      d->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations()) {
    StringRef ns = op.getDialectNamespace();
    if (ns == "arith" || ns == "math" || ns == "uop")
      op.getCanonicalizationPatterns(patterns, ctx);
  }
}

void uop::populateUOpSimplifyPatterns(RewritePatternSet &patterns) {
  // The order of uop-simplify's set before it was split (the driver tries
  // patterns of equal benefit in the order they were added).
  populateUOpSymbolicPatterns(patterns);
  populateUOpRangeCleanupPatterns(patterns);
  populateUOpKernelCanonicalizationPatterns(patterns);
}

/// The range cache and its listener; installs the cache as the thread's
/// `activeRanges` (restoring the previous one when it goes).
class uop::UOpRangeScope::Impl {
public:
  Impl() : listener(cache), previous(activeRanges) { activeRanges = &cache; }
  ~Impl() { activeRanges = previous; }
  RangeCache cache;
  RangeCacheListener listener;
  RangeCache *previous;
};

uop::UOpRangeScope::UOpRangeScope() : impl(std::make_unique<Impl>()) {}
uop::UOpRangeScope::~UOpRangeScope() = default;
RewriterBase::Listener &uop::UOpRangeScope::listener() {
  return impl->listener;
}

/// The arith-only run: after a full one, only what a later pass added needs
/// visiting: its ALU ops (uop-devectorize's row-major addresses and
/// scalarized lanes), and whatever rewriting them reaches (users of a
/// rewritten value, operands of an erased op). The accumulators' many uop
/// ops are not visited unless that reaches them.
static void applyFromArithOps(FunctionOp fn,
                              const FrozenRewritePatternSet &patterns,
                              const GreedyRewriteConfig &config) {
  SmallVector<Operation *> ops;
  fn.walk([&](Operation *op) {
    if (isALUOp(op))
      ops.push_back(op);
  });
  (void)applyOpPatternsGreedily(ops, patterns, config);
  // What the rewrites left unused and the driver did not visit (an alt
  // constant of a gate that went): users follow their operands, so one
  // backward sweep.
  SmallVector<Operation *> all;
  fn.walk([&](Operation *op) {
    if (op != fn)
      all.push_back(op);
  });
  for (Operation *op : llvm::reverse(all))
    if (isOpTriviallyDead(op))
      op->erase();
}

void uop::applyUOpSimplifyPatterns(FunctionOp fn,
                                   const FrozenRewritePatternSet &patterns,
                                   bool arithOnly) {
  // One range cache per function, which the patterns read through
  // `activeRanges`. It answers for values rewrites create too, so one
  // greedy run reaches the fixpoint.
  UOpRangeScope ranges;
  GreedyRewriteConfig config;
  config.setListener(&ranges.listener());
  // A kernel is one block without control flow: no region to simplify
  // (that walk cost a fifth of the pass on an expanded matmul).
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  // A bounded number of rewrites: every rewrite keeps the kernel correct,
  // so stopping short only leaves it less simplified, while some inputs
  // (uop-fuzz: a DAG of 40 doubled sums, expanded) keep the driver
  // rewriting for minutes. Not converging is therefore not an error.
  int64_t numOps = 0;
  fn.walk([&](Operation *) { ++numOps; });
  config.setMaxNumRewrites(std::max<int64_t>(1 << 14, 32 * numOps));
  if (arithOnly)
    applyFromArithOps(fn, patterns, config);
  else
    (void)applyPatternsGreedily(fn, patterns, config);
  // The driver's constant CSE gives a merged constant an unknown location;
  // an error a later stage reports at it (the C translation) would have
  // none. It takes the location of its first user, else the function's.
  fn.walk([&](arith::ConstantOp c) {
    if (!isa<UnknownLoc>(c.getLoc()))
      return;
    Operation *user = c->use_empty() ? nullptr : *c->user_begin();
    c->setLoc(user && !isa<UnknownLoc>(user->getLoc()) ? user->getLoc()
                                                       : fn.getLoc());
  });
}

namespace {
struct UOpSimplifyPass : public uop::impl::UOpSimplifyBase<UOpSimplifyPass> {
  using UOpSimplifyBase::UOpSimplifyBase;

  /// The set is built once per pass (building and freezing arith's, math's
  /// and uop's canonicalizations per function cost more than simplifying a
  /// small kernel) and shared by the pass's copies on other threads.
  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet patterns(ctx);
    populateUOpSimplifyPatterns(patterns);
    frozen = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    applyUOpSimplifyPatterns(getOperation(), frozen, arithOnly);
  }

  FrozenRewritePatternSet frozen;
};
} // namespace
