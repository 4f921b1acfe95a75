//===- OptimizeApply.cpp - the one applier of kernel options --------------===//
//
// One function per option kind (OptimizeApply.h); BLOCK's rewrite, with
// its packs and prefetches, is OptimizeBlock.cpp's. The heuristics in
// Optimize.cpp and pinned schedules both come through OptApplier::apply.
//
//===----------------------------------------------------------------------===//

#include "OptimizeApply.h"
#include "OptimizeBlock.h"
#include "RangeUtils.h"
#include "TensorCores.h"
#include "uop/Dialect/UOp/Utils/MatmulMatch.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace mlir;
using namespace uop;

FailureOr<SmallVector<OptAttr>>
uop::parseOptsOption(MLIRContext *ctx, ArrayRef<std::string> entries,
                     std::string &why) {
  SmallVector<OptAttr> out;
  std::string joined = llvm::join(entries, ",");
  StringRef text = StringRef(joined).trim();
  if (text.empty())
    return out;
  std::string list =
      text.starts_with("[") ? text.str() : "[" + text.str() + "]";
  std::string message;
  Attribute parsed;
  {
    ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &d) {
      if (message.empty())
        message = d.str();
      return success();
    });
    size_t read = 0;
    parsed = parseAttribute(list, ctx, Type(), &read);
    if (parsed && read != list.size())
      message = "unexpected text after the list";
  }
  auto array = dyn_cast_or_null<ArrayAttr>(parsed);
  if (array && message.empty())
    for (Attribute a : array) {
      auto opt = dyn_cast<OptAttr>(a);
      if (!opt) {
        llvm::raw_string_ostream os(message);
        os << a << " is not a #uop.opt";
        break;
      }
      out.push_back(opt);
    }
  if (!message.empty() || !array) {
    why = ("opts '" + text + "' is not a list of #uop.opt<KIND, axis, " +
           "amount> (e.g. #uop.opt<UPCAST, 1, 4>): " +
           (message.empty() ? "not a list" : message))
              .str();
    return failure();
  }
  return out;
}

/// The RANGEs the accesses of a hand-written register (a DEFINE_REG in the
/// kernel before uop-optimize: uop-devectorize's accumulator form) depend on,
/// through its INDEXes, LOADs, STOREs and AFTERs. Splitting one into lanes
/// (UPCAST, UNROLL, GROUP) would give every lane the one register and would
/// not order the unrolled steps of an AFTER carried around the loop, so
/// uop-optimize declines those options.
SmallVector<RangeOp> uop::registerRanges(FunctionOp fn) {
  SmallVector<Operation *> work;
  llvm::SmallPtrSet<Operation *, 32> seen;
  fn.walk([&](DefineRegOp reg) { work.push_back(reg); });
  // Forward: every op that reaches the register (AFTER, INDEX) or accesses
  // it (LOAD, STORE).
  SmallVector<Operation *> roots;
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (!seen.insert(op).second)
      continue;
    roots.push_back(op);
    for (Operation *user : op->getUsers())
      if (isa<AfterOp, IndexOp, LoadOp, StoreOp>(user))
        work.push_back(user);
  }
  // Backward: the ranges those ops read.
  SmallVector<RangeOp> out;
  llvm::SmallPtrSet<Operation *, 32> visited;
  while (!roots.empty()) {
    Operation *op = roots.pop_back_val();
    if (!visited.insert(op).second)
      continue;
    if (auto r = dyn_cast<RangeOp>(op))
      out.push_back(r);
    for (Value v : op->getOperands())
      if (Operation *def = v.getDefiningOp())
        roots.push_back(def);
  }
  return out;
}

/// The RANGEs a hand-written register is carried around: those closed by
/// an END that an AFTER of the register waits for (the loop whose steps
/// update it and whose end the result is read after). They stay sequential
/// loops: on cuda never grid (block or thread) dimensions.
SmallVector<RangeOp> uop::carriedRanges(FunctionOp fn) {
  SmallVector<RangeOp> out;
  std::function<void(Value)> visit = [&](Value dep) {
    Operation *def = dep.getDefiningOp();
    if (auto end = dyn_cast_or_null<EndOp>(def)) {
      for (Value r : end.getRanges())
        if (auto range = r.getDefiningOp<RangeOp>();
            range && !llvm::is_contained(out, range))
          out.push_back(range);
    } else if (auto group = dyn_cast_or_null<GroupOp>(def)) {
      for (Value v : group->getOperands())
        visit(v);
    }
  };
  fn.walk([&](AfterOp after) {
    Value base = after.getPassthrough();
    while (auto inner = base.getDefiningOp<AfterOp>())
      base = inner.getPassthrough();
    if (base.getDefiningOp<DefineRegOp>())
      for (Value dep : after.getDeps())
        visit(dep);
  });
  return out;
}

/// The largest power of two <= `limit` that divides the range's extent and
/// leaves at least one outer iteration.
int64_t uop::factorFor(RangeOp r, int64_t limit) {
  std::optional<int64_t> n = getConstantExtent(r);
  for (int64_t f = limit; f > 1; f /= 2)
    if (n && *n % f == 0 && *n > f)
      return f;
  return 1;
}

/// The upcast of output range `r` toward `want` lanes: factorFor's exact
/// factor, or, where that falls short and `overlap` allows, `want` itself
/// with the last tile shifted back (splitRangeOverlapped) when that computes
/// at most an eighth more elements. Without it an extent with no power-of-two
/// factor (1023, 1021) got no vectors at all: a 1023^3 matmul ran at 1.7
/// instead of about 90 GFLOP/s. {factor, overlapped}.
std::pair<int64_t, bool> uop::upcastFor(RangeOp r, int64_t want,
                                         bool overlap) {
  int64_t f = factorFor(r, want);
  std::optional<int64_t> n = getConstantExtent(r);
  if (!overlap || f >= want || want < 2 || !n || *n <= want || *n % want == 0 ||
      (static_cast<int64_t>(llvm::divideCeil(*n, want)) * want - *n) * 8 > *n)
    return {f, false};
  return {want, true};
}

/// The K block of a reduction of `k` steps: `want` when it divides k, else
/// the divisor of k from want / 2 to 2 * want nearest to want (1800: 225).
/// Without one (2047 = 23 x 89, a prime), blocks of about `want` whose last
/// is shorter by less than a step per block: ceil(k / ceil(k / want))
/// (2047: 256, the last 255; 1031: 207, the last 203). Unblocked, 2047^3 ran
/// at a third of the speed of 2048^3 (docs/performance.md).
int64_t uop::kBlockFor(int64_t k, int64_t want) {
  if (want < 1 || k < 1)
    return 0;
  if (k % want == 0)
    return want;
  int64_t best = 0;
  for (int64_t d = std::max<int64_t>(want / 2, 1); d <= 2 * want; ++d)
    if (k % d == 0 && (!best || std::abs(d - want) < std::abs(best - want)))
      best = d;
  if (best)
    return best;
  return llvm::divideCeil(k, llvm::divideCeil(k, want));
}

namespace {
/// Peels the last `tail` steps off `red`'s single range `r`: `r` keeps
/// the steps before them, and the returned REDUCE, of `red`'s source
/// cloned with `r` read as `steps(r) + t`, covers them over a new reduce
/// range `t` of `tail` steps.
Value peelTail(ReduceOp red, RangeOp r, int64_t tail) {
  FunctionOp fn = red->getParentOfType<FunctionOp>();
  int64_t head = *getConstantExtent(r) - tail;
  OpBuilder b(red);
  Location loc = red.getLoc();
  RangeOp t = newRange(b, loc, fn, tail, AxisType::Reduce);
  Value at = arith::AddIOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, head), t.getResult());
  IRMapping m;
  m.map(r.getResult(), at);
  DenseMap<Value, bool> memo;
  Value src = cloneReplacing(b, red.getSrc(), m, memo);
  auto rest = ReduceOp::create(b, loc, red.getType(), src,
                               ValueRange{t.getResult()},
                               red.getReduceOpAttr());
  b.setInsertionPoint(r);
  r.getEndMutable().assign(arith::ConstantIndexOp::create(b, loc, head));
  return rest.getResult();
}

/// GROUP: `red`, a REDUCE over reduce ranges, becomes a per-thread REDUCE
/// over all but the innermost `t` steps of its innermost range and a
/// REDUCE of those partials over a new group_reduce range of `t` (the
/// inner part of the split, so neighbouring threads read neighbouring
/// elements).
/// With `top` (GROUPTOP) the group range is the outer part instead: each
/// thread reduces a contiguous run of extent / t elements.
void groupReduce(ReduceOp red, RangeOp inner, int64_t t, bool top) {
  // One step per thread: the range itself is the group.
  if (getConstantExtent(inner) == t) {
    inner.setAxisType(AxisType::GroupReduce);
    if (red.getRanges().size() == 1)
      return;
  }
  RangeOp group = inner;
  if (getConstantExtent(inner) != t) {
    if (top)
      group = splitRange(inner, *getConstantExtent(inner) / t,
                         AxisType::GroupReduce, AxisType::Reduce)
                  .first;
    else
      group = splitRange(inner, t, AxisType::Reduce, AxisType::GroupReduce)
                  .second;
  }
  SmallVector<Value> rest;
  for (Value r : red.getRanges())
    if (r != group.getResult())
      rest.push_back(r);
  OpBuilder b(red);
  auto partial = ReduceOp::create(b, red.getLoc(), red.getType(),
                                  red.getSrc(), rest, red.getReduceOpAttr());
  auto combined = ReduceOp::create(b, red.getLoc(), red.getType(),
                                   partial.getResult(),
                                   ValueRange{group.getResult()},
                                   red.getReduceOpAttr());
  red.getResult().replaceAllUsesWith(combined.getResult());
  red->erase();
}
} // namespace

// A float REDUCE over the single range `r` (add, max or min): `r` split
// reduce x upcast(reduce-lanes), the REDUCE over the outer steps runs per
// lane, each with its own accumulator, and a second REDUCE over the
// lanes combines them once at the end. The C compiler then vectorizes
// along the range (an unroll contracts its lanes into one accumulator
// every step: a chain of dependent adds). Float adds are reassociated
// (lane-wise partial sums), within the reference's relative bound.
// When `want` lanes do not divide the extent (1023) but fit in it twice,
// the steps past the last multiple are peeled off (peelTail) into a
// scalar REDUCE combined at the end: without it such a row sum had no
// lanes and ran at a fifth of the memory's speed.
/// `want` lanes, at least 4; returns the lanes made, 0 when it does not
/// apply (the kernel unchanged).
int64_t OptApplier::applyLanes(RangeOp r, int64_t want) {
  SmallVector<Operation *> users(r->getUsers().begin(), r->getUsers().end());
  ReduceOp red;
  for (Operation *u : users)
    if (auto closed = getClosedRangesMutable(u);
        closed && llvm::is_contained(static_cast<OperandRange>(*closed),
                                     r.getResult())) {
      if (red || !isa<ReduceOp>(u))
        return 0;
      red = cast<ReduceOp>(u);
    }
  if (!red || red.getRanges().size() != 1 || !isa<FloatType>(red.getType()))
    return 0;
  ReduceOpKind kind = red.getReduceOp();
  if (kind != ReduceOpKind::Add && kind != ReduceOpKind::Max &&
      kind != ReduceOpKind::Min)
    return 0;
  int64_t f = factorFor(r, want), tail = 0;
  std::optional<int64_t> n = getConstantExtent(r);
  if (f < want && want >= 4 && n && *n >= 2 * want) {
    f = want;
    tail = *n % want;
  }
  if (f < 4)
    return 0;
  Value rest;
  if (tail)
    rest = peelTail(red, r, tail);
  auto [outer, lanes] = splitRange(r, f, AxisType::Reduce, AxisType::Upcast);
  red.getRangesMutable().assign(outer.getResult());
  OpBuilder b(red->getContext());
  b.setInsertionPointAfter(red);
  auto combined = ReduceOp::create(b, red.getLoc(), red.getType(),
                                   red.getResult(),
                                   ValueRange{lanes.getResult()},
                                   red.getReduceOpAttr());
  red.getResult().replaceAllUsesExcept(combined.getResult(), combined);
  if (rest) {
    // A float add / max / min always combines.
    FailureOr<Value> all =
        combineReduce(b, red.getLoc(), kind, combined.getResult(), rest);
    assert(succeeded(all) && "a float reduction must combine");
    combined.getResult().replaceAllUsesExcept(*all, all->getDefiningOp());
  }
  return f;
}


//===----------------------------------------------------------------------===//
// OptApplier
//===----------------------------------------------------------------------===//

namespace {
/// The RANGE of axis id `axis`, or null.
RangeOp rangeWithId(FunctionOp fn, int64_t axis) {
  RangeOp found;
  fn.walk([&](RangeOp r) {
    if (r.getAxisId().getId() == axis)
      found = r;
  });
  return found;
}

/// The one REDUCE that closes `r`, or null.
ReduceOp reduceOf(RangeOp r) {
  ReduceOp red;
  for (Operation *u : r->getUsers())
    if (auto rd = dyn_cast<ReduceOp>(u);
        rd && llvm::is_contained(rd.getRanges(), r.getResult())) {
      if (red)
        return {};
      red = rd;
    }
  return red;
}

std::string axisText(int64_t axis) { return "axis " + std::to_string(axis); }
} // namespace

LogicalResult OptApplier::apply(OptAttr o, std::string &why) {
  last = {};
  OptOps kind = o.getKind();
  if (kind == OptOps::NoLocals) {
    noLocals = true;
    appliedOpts.push_back(o);
    return success();
  }
  RangeOp r = rangeWithId(fn, o.getAxis());
  if (!r) {
    why = "the kernel has no RANGE with axis id " + std::to_string(o.getAxis());
    return failure();
  }
  if ((kind == OptOps::Upcast || kind == OptOps::Unroll ||
       kind == OptOps::Group || kind == OptOps::GroupTop ||
       kind == OptOps::Pitch) &&
      llvm::is_contained(registerRanges(fn), r)) {
    why = "a hand-written register (DEFINE_REG) accumulator depends on " +
          axisText(o.getAxis()) + "; its lanes would share the register";
    return failure();
  }
  if ((kind == OptOps::Local || kind == OptOps::Thread) &&
      llvm::is_contained(carriedRanges(fn), r)) {
    why = "a hand-written register (DEFINE_REG) is carried around " +
          axisText(o.getAxis()) + "; it stays a sequential loop";
    return failure();
  }
  switch (kind) {
  case OptOps::Upcast: return applyUpcast(o, r, why);
  case OptOps::Unroll: return applyUnroll(o, r, why);
  case OptOps::Local: return applyLocal(o, r, why);
  case OptOps::Group:
  case OptOps::GroupTop: return applyGroup(o, r, why);
  case OptOps::TC: return applyTC(o, r, why);
  case OptOps::Block: return applyBlock(o, r, why);
  case OptOps::Pack:
  case OptOps::Prefetch: return applyPackOrPrefetch(o, r, why);
  case OptOps::Pitch: return applyPitch(o, r, why);
  case OptOps::Swap: return applySwap(o, r, why);
  default:
    why = "not available in a pinned schedule (UPCAST, UNROLL, LOCAL, GROUP, "
          "GROUPTOP, TC, BLOCK, PACK, PREFETCH, PITCH, SWAP and NOLOCALS are)";
    return failure();
  }
}

bool OptApplier::tryApply(OptOps kind, RangeOp r, int64_t arg) {
  std::string why;
  return succeeded(apply(
      OptAttr::get(fn.getContext(), kind, r.getAxisId().getId(), arg), why));
}

std::string OptApplier::unconsumed() const {
  for (const std::optional<OptAttr> &o : {pendingPack, pendingPrefetch})
    if (o)
      return (stringifyOptOps(o->getKind()) + " of " +
              axisText(o->getAxis()) +
              " qualifies a BLOCK of that axis, and none follows it")
          .str();
  return "";
}

LogicalResult OptApplier::split(RangeOp r, int64_t n, int64_t limit,
                                AxisType outerType, AxisType innerType,
                                bool overlap, std::string &why) {
  int64_t axis = r.getAxisId().getId();
  std::optional<int64_t> extent = getConstantExtent(r);
  if (!extent) {
    why = axisText(axis) + " has no constant extent";
    return failure();
  }
  if (n == 0 || n == *extent) {
    r.setAxisType(innerType);
    return success();
  }
  bool divides = n >= 2 && n <= limit && n < *extent && *extent % n == 0;
  bool overlaps = overlap && n >= 2 && n <= limit && n < *extent &&
                  *extent % n && kernelMayRecompute(fn);
  if (!divides && !overlaps) {
    why = "the amount must divide the extent " + std::to_string(*extent) +
          " and lie in 2.." + std::to_string(limit) + " (0: the whole axis)";
    if (overlap && *extent % n)
      why += "; an UPCAST that does not divide overlaps its last tile, which "
             "needs a kernel that reads back nothing it stores";
    return failure();
  }
  last = overlaps ? splitRangeOverlapped(r, n, outerType, innerType)
                  : splitRange(r, n, outerType, innerType);
  if (innerType == AxisType::Upcast)
    upcasts[last.second.getAxisId().getId()] = {
        last.first.getAxisId().getId(), overlaps ? *extent : 0};
  return success();
}

LogicalResult OptApplier::applyUpcast(OptAttr o, RangeOp r, std::string &why) {
  AxisType type = r.getAxisType();
  if (type == AxisType::Reduce) {
    if (!cuda && o.getArg() > 1)
      if (int64_t lanes = applyLanes(r, o.getArg())) {
        appliedOpts.push_back(OptAttr::get(fn.getContext(), OptOps::Upcast,
                                           o.getAxis(), lanes));
        return success();
      }
    why = "an UPCAST of a reduce range is lane accumulators (cpu, a float "
          "add/max/min REDUCE over this range alone, 4 or more lanes); use "
          "UNROLL for other reductions";
    return failure();
  }
  if (type != AxisType::Loop && type != AxisType::Global) {
    why = "UPCAST applies to output (loop or global) ranges; " +
          axisText(o.getAxis()) + " is " + stringifyAxisType(type).str();
    return failure();
  }
  if (failed(split(r, o.getArg(), 256, type, AxisType::Upcast,
                   /*overlap=*/true, why)))
    return failure();
  appliedOpts.push_back(o);
  return success();
}

LogicalResult OptApplier::applyUnroll(OptAttr o, RangeOp r, std::string &why) {
  if (r.getAxisType() != AxisType::Reduce) {
    why = "UNROLL applies to reduce ranges; " + axisText(o.getAxis()) +
          " is " + stringifyAxisType(r.getAxisType()).str();
    return failure();
  }
  if (failed(split(r, o.getArg(), 256, AxisType::Reduce, AxisType::Unroll,
                   /*overlap=*/false, why)))
    return failure();
  appliedOpts.push_back(o);
  return success();
}

LogicalResult OptApplier::applyLocal(OptAttr o, RangeOp r, std::string &why) {
  if (!cuda)
    why = "LOCAL needs target=cuda";
  else if (noLocals)
    why = "the kernel has NOLOCALS";
  else if (r.getAxisType() != AxisType::Global)
    why = "LOCAL applies to grid (global) ranges; " + axisText(o.getAxis()) +
          " is " + stringifyAxisType(r.getAxisType()).str();
  if (!why.empty())
    return failure();
  int64_t n = o.getArg();
  auto var = r.getEnd().getDefiningOp<DefineVarOp>();
  if (!getConstantExtent(r) && var) {
    int64_t bound = var.getMaxVal();
    if (n < 2 || n > 1024 || bound % n || bound <= n) {
      why = "a LOCAL split of a range over a shape variable needs an amount "
            "in 2..1024 that divides the variable's upper bound " +
            std::to_string(bound);
      return failure();
    }
    last = splitBoundedRange(r, n, AxisType::Global, AxisType::Local);
  } else if (failed(split(r, n, 1024, AxisType::Global, AxisType::Local,
                          /*overlap=*/false, why))) {
    return failure();
  }
  appliedOpts.push_back(o);
  return success();
}

LogicalResult OptApplier::applyGroup(OptAttr o, RangeOp r, std::string &why) {
  int64_t n = o.getArg();
  if (!cuda) {
    why = (stringifyOptOps(o.getKind()) + " needs target=cuda").str();
    return failure();
  }
  if (r.getAxisType() != AxisType::Reduce) {
    why = "GROUP applies to reduce ranges; " + axisText(o.getAxis()) + " is " +
          stringifyAxisType(r.getAxisType()).str();
    return failure();
  }
  ReduceOp red = reduceOf(r);
  Type t = red ? red.getType() : Type();
  if (!red || !t.isIntOrFloat() || t.getIntOrFloatBitWidth() != 32 ||
      (red.getReduceOp() != ReduceOpKind::Add &&
       red.getReduceOp() != ReduceOpKind::Max &&
       red.getReduceOp() != ReduceOpKind::Min)) {
    why = "GROUP needs one add, max or min REDUCE of 32-bit data over the "
          "range";
    return failure();
  }
  std::optional<int64_t> extent = getConstantExtent(r);
  if (!extent || n < 32 || n > 1024 || n % 32 || *extent % n) {
    why = "the group must be whole warps (a multiple of 32 up to 1024) that "
          "divide the range's constant extent";
    return failure();
  }
  groupReduce(red, r, n, o.getKind() == OptOps::GroupTop);
  appliedOpts.push_back(o);
  return success();
}

LogicalResult OptApplier::applyTC(OptAttr o, RangeOp r, std::string &why) {
  if (!cuda || !tensorCores) {
    why = "TC needs target=cuda and tensor-cores (a chip with mma.sync)";
    return failure();
  }
  FailureOr<MatmulMatch> mm = matchMatmul(fn);
  if (failed(mm)) {
    why = "the kernel is not a matmul of f16 / bf16 tiles (MatmulMatch.h)";
    return failure();
  }
  if (mm->k != r ||
      (o.getArg() != kTensorCoreTileK && o.getArg() != kWmmaStepK)) {
    why = "TC names the reduction's axis (" +
          std::to_string(mm->k.getAxisId().getId()) + ") and its form: " +
          std::to_string(kTensorCoreTileK) + ", the tiled kernel, or " +
          std::to_string(kWmmaStepK) + ", per-warp WMMA";
    return failure();
  }
  if (o.getArg() == kWmmaStepK) {
    if (failed(rewriteMatmulToWmma(fn, *mm, why)))
      return failure();
    appliedOpts.push_back(o);
    return success();
  }
  if (mm->m % kTensorCoreTileM || mm->n % kTensorCoreTileN ||
      mm->kExtent % kTensorCoreTileK) {
    why = "the matmul is " + std::to_string(mm->m) + "x" +
          std::to_string(mm->n) + "x" + std::to_string(mm->kExtent) +
          "; TC needs M and N multiples of " + std::to_string(kTensorCoreTileM) +
          " and K of " + std::to_string(kTensorCoreTileK);
    return failure();
  }
  appliedOpts.push_back(o);
  return success();
}

LogicalResult OptApplier::applyPackOrPrefetch(OptAttr o, RangeOp r,
                                              std::string &why) {
  bool pack = o.getKind() == OptOps::Pack;
  if (cuda)
    why = (stringifyOptOps(o.getKind()) + " needs target=cpu").str();
  else if (r.getAxisType() != AxisType::Reduce)
    why = (stringifyOptOps(o.getKind()) + " names the reduce range of a " +
           "BLOCK that follows it; " + axisText(o.getAxis()) + " is " +
           stringifyAxisType(r.getAxisType()))
              .str();
  else if (!pack && o.getArg() != 0)
    why = "PREFETCH takes no amount (0)";
  else if (pack && o.getArg() < 0)
    why = "PACK's amount is the rows of A per packed block (0: pack only B)";
  if (!why.empty())
    return failure();
  (pack ? pendingPack : pendingPrefetch) = o;
  return success();
}

LogicalResult OptApplier::applyBlock(OptAttr o, RangeOp r, std::string &why) {
  if (cuda) {
    why = "BLOCK needs target=cpu";
    return failure();
  }
  SmallVector<EndOp> ends;
  fn.walk([&](EndOp e) { ends.push_back(e); });
  // The register tile: the END's two innermost output ranges, each a loop
  // range or an upcast split's (outer, lanes) pair.
  SmallVector<Value> closed;
  if (ends.size() == 1)
    closed.assign(ends.front().getRanges().begin(),
                  ends.front().getRanges().end());
  auto takeTile = [&]() -> std::pair<RangeOp, RangeOp> {
    if (closed.empty())
      return {};
    auto back = closed.pop_back_val().getDefiningOp<RangeOp>();
    if (!back)
      return {};
    auto it = upcasts.find(back.getAxisId().getId());
    if (it != upcasts.end() && !closed.empty())
      if (auto outer = closed.back().getDefiningOp<RangeOp>();
          outer && outer.getAxisId().getId() == it->second.first) {
        closed.pop_back();
        return {outer, back};
      }
    return back.getAxisType() == AxisType::Loop
               ? std::pair<RangeOp, RangeOp>{back, RangeOp()}
               : std::pair<RangeOp, RangeOp>{};
  };
  auto [innerOuter, innerLanes] = takeTile();
  auto [nextOuter, nextLanes] = takeTile();
  auto overlapOf = [&](RangeOp lanes) -> int64_t {
    return lanes ? upcasts.lookup(lanes.getAxisId().getId()).second : 0;
  };
  auto qualifies = [&](const std::optional<OptAttr> &q) {
    return q && q->getAxis() == o.getAxis();
  };
  bool pack = qualifies(pendingPack), prefetch = qualifies(pendingPrefetch);
  if (!innerOuter || !nextOuter ||
      !blockReduction(fn, r, o.getArg(), innerOuter, innerLanes, nextOuter,
                      nextLanes, pack, pack ? pendingPack->getArg() : 0,
                      prefetch, overlapOf(innerLanes), overlapOf(nextLanes))
           .first) {
    why = "BLOCK needs a kernel with one END whose two innermost output "
          "ranges are its tile, and one REDUCE, an f32/f64 add over this "
          "range alone stored straight into an argument nothing else "
          "touches, with a block shorter than the range (a last block "
          "that is shorter takes the rest)";
    return failure();
  }
  if (pack)
    appliedOpts.push_back(*std::exchange(pendingPack, std::nullopt));
  if (prefetch)
    appliedOpts.push_back(*std::exchange(pendingPrefetch, std::nullopt));
  appliedOpts.push_back(o);
  return success();
}

LogicalResult OptApplier::applyPitch(OptAttr o, RangeOp r, std::string &why) {
  if (cuda) {
    why = "PITCH is a cpu option";
    return failure();
  }
  if (r.getAxisType() != AxisType::Loop &&
      r.getAxisType() != AxisType::Global) {
    why = "PITCH applies to output (loop or global) ranges; " +
          axisText(o.getAxis()) + " is " +
          stringifyAxisType(r.getAxisType()).str();
    return failure();
  }
  if (failed(pitchRows(fn, r, o.getArg(), why)))
    return failure();
  appliedOpts.push_back(o);
  return success();
}

LogicalResult OptApplier::applySwap(OptAttr o, RangeOp r, std::string &why) {
  RangeOp other = rangeWithId(fn, o.getArg());
  if (cuda)
    why = "SWAP is a cpu option (a grid's ranges have no nesting)";
  else if (!other || other == r)
    why = "SWAP needs a second RANGE: the kernel has none with axis id " +
          std::to_string(o.getArg()) + " other than the first";
  else if (r.getAxisType() != AxisType::Loop ||
           other.getAxisType() != AxisType::Loop)
    why = "SWAP exchanges two output loops; " + axisText(o.getAxis()) +
          " is " + stringifyAxisType(r.getAxisType()).str() + " and " +
          axisText(o.getArg()) + " " +
          stringifyAxisType(other.getAxisType()).str();
  if (!why.empty())
    return failure();
  // Every END that closes one must close both, so that the loops stay a
  // chain: the outer then holds the inner wherever either is open.
  Value a = r.getResult(), b = other.getResult();
  SmallVector<EndOp> ends;
  bool apart = false;
  fn.walk([&](EndOp e) {
    bool hasA = llvm::is_contained(e.getRanges(), a),
         hasB = llvm::is_contained(e.getRanges(), b);
    if (hasA && hasB)
      ends.push_back(e);
    else if (hasA || hasB)
      apart = true;
  });
  if (ends.empty() || apart) {
    why = "SWAP needs two loops that every END closing one closes together";
    return failure();
  }
  for (EndOp e : ends) {
    SmallVector<Value> ranges(e.getRanges());
    for (Value &v : ranges)
      v = v == a ? b : v == b ? a : v;
    e.getRangesMutable().assign(ranges);
  }
  appliedOpts.push_back(o);
  return success();
}
