//===- GPUDims.cpp - global / local RANGEs to SPECIAL ---------------------===//
//
// On a GPU a global range is a block index and a local range a thread index;
// the hardware runs the "loop", so the RANGE becomes a SPECIAL and leaves the
// END lists. The innermost (last) range of each kind takes x.
//
// A global range over a shape variable launches its upper bound (the launch
// is fixed when the kernel is built); every access to a kernel argument is
// then gated on `id < variable`, so the extra threads neither read nor write.
//
//===----------------------------------------------------------------------===//

#include "RangeUtils.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

namespace uop {
#define GEN_PASS_DEF_UOPGPUDIMS
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

/// An upper bound of a RANGE's extent: a constant, or a DEFINE_VAR's max.
static std::optional<int64_t> extentBound(RangeOp r) {
  if (std::optional<int64_t> c = getConstantExtent(r))
    return c;
  if (auto v = r.getEnd().getDefiningOp<DefineVarOp>())
    return v.getMaxVal();
  return std::nullopt;
}

/// Whether `v` is computed from `s`.
static bool dependsOn(Value v, Value s, DenseMap<Value, bool> &memo) {
  if (v == s)
    return true;
  auto [it, inserted] = memo.try_emplace(v, false);
  if (!inserted)
    return it->second;
  bool d = false;
  if (Operation *def = v.getDefiningOp())
    d = llvm::any_of(def->getOperands(),
                     [&](Value o) { return dependsOn(o, s, memo); });
  memo[v] = d;
  return d;
}

/// After a REDUCE across threadIdx.x every thread holds the same value, so
/// a store of the kernel's that does not depend on the thread is done by
/// thread 0 alone (its INDEX gains `threadIdx.x == 0`; an INDEX a load
/// shares is copied first, so the load stays ungated).
static void gateStoresToFirstThread(FunctionOp fn) {
  SpecialOp tid;
  fn.walk([&](SpecialOp s) {
    if (s.getDim() == SpecialDim::ThreadX)
      tid = s;
  });
  OpBuilder b(tid->getBlock(), std::next(tid->getIterator()));
  Location loc = tid.getLoc();
  Value first = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, tid,
      arith::ConstantIndexOp::create(b, loc, 0));
  DenseMap<Value, bool> memo;
  fn.walk([&](StoreOp st) {
    auto idx = st.getIndex().getDefiningOp<IndexOp>();
    if (!idx || !isa<BlockArgument>(idx.getBuffer()) ||
        dependsOn(idx.getResult(), tid, memo))
      return;
    OpBuilder ib(idx);
    if (!idx->hasOneUse()) {
      idx = cast<IndexOp>(ib.clone(*idx));
      st.getIndexMutable().assign(idx.getResult());
    }
    Value gate = first;
    if (Value old = idx.getGate())
      gate = arith::AndIOp::create(ib, idx.getLoc(), old, first);
    idx.getGateMutable().assign(gate);
  });
}

namespace {
/// The threads of a GROUP reduce together across the whole block: a
/// group_reduce range must be the only thread axis, of 1..1024 steps.
LogicalResult checkGroup(ArrayRef<RangeOp> group, ArrayRef<RangeOp> local) {
  if (group.empty())
    return success();
  RangeOp first = group.front();
  if (group.size() > 1 || !local.empty())
    return RangeOp(group.size() > 1 ? group[1] : local.front())
        .emitError("uop-gpudims: a group_reduce range must be the "
                   "kernel's only thread axis (its threads reduce "
                   "across the whole block)");
  std::optional<int64_t> n = getConstantExtent(first);
  if (!n || *n < 1 || *n > 1024)
    return first.emitError(
        "uop-gpudims: a group_reduce range needs a constant extent of "
        "1..1024 (threads per block)");
  return success();
}

/// CUDA's grid: x up to 2^31 - 1, y and z up to 65535. Returns the global
/// ranges that become blockIdx (innermost last); one that fits nowhere
/// stays a loop inside each thread.
SmallVector<RangeOp> placeGrid(SmallVector<RangeOp> global) {
  if (global.empty())
    return global;
  llvm::sort(global, [](RangeOp a, RangeOp b) {
    return a.getAxisId().getId() < b.getAxisId().getId();
  });
  auto extent = [](RangeOp r) { return extentBound(r).value_or(INT64_MAX); };
  // The largest range takes x when the innermost one would fit y.
  auto largest = llvm::max_element(
      global, [&](RangeOp a, RangeOp b) { return extent(a) < extent(b); });
  if (extent(*largest) > 65535 && largest != global.end() - 1)
    std::rotate(largest, largest + 1, global.end());
  SmallVector<RangeOp> kept;
  for (auto [i, r] : llvm::enumerate(llvm::reverse(global))) {
    bool fits = i == 0 ? extent(r) < (1ll << 31) : extent(r) <= 65535;
    if (fits && kept.size() < 3)
      kept.insert(kept.begin(), r);
    else
      r.setAxisType(AxisType::Loop);
  }
  return kept;
}

/// Replaces range `r` by SPECIAL `s` in its users: closing ops drop it,
/// except a REDUCE over a group range, which combines across its threads.
void replaceBySpecial(RangeOp r, Value s) {
  SmallVector<Operation *> users(r->getUsers().begin(), r->getUsers().end());
  bool threadsReduce = r.getAxisType() == AxisType::GroupReduce;
  for (Operation *user : users) {
    if (threadsReduce && isa<ReduceOp>(user)) {
      user->replaceUsesOfWith(r, s);
      continue;
    }
    if (auto closed = getClosedRangesMutable(user)) {
      SmallVector<Value> keep;
      for (Value v : static_cast<OperandRange>(*closed))
        if (v != r.getResult())
          keep.push_back(v);
      closed->assign(keep);
    }
    user->replaceUsesOfWith(r, s);
  }
  r->erase();
}

/// Lowers `ranges` to blockIdx (`block`) or threadIdx SPECIALs, innermost
/// as x. A range over a shape variable launches at the variable's upper
/// bound: its (id, extent) goes to `bounded` for gating.
LogicalResult lowerRanges(SmallVector<RangeOp> &ranges, bool block,
                          Block &body,
                          SmallVectorImpl<std::pair<Value, Value>> &bounded) {
  if (ranges.size() > 3)
    return ranges[3].emitError("uop-gpudims: more than three ")
           << (block ? "blockIdx" : "threadIdx") << " dimensions";
  if (!block)
    llvm::sort(ranges, [](RangeOp a, RangeOp b) {
      return a.getAxisId().getId() < b.getAxisId().getId();
    });
  for (auto [i, r] : llvm::enumerate(llvm::reverse(ranges))) {
    OpBuilder b(r);
    Value end = r.getEnd();
    if (auto var = end.getDefiningOp<DefineVarOp>()) {
      // Hoisted so that the gates can dominate every access.
      var->moveBefore(&body, body.begin());
      b.setInsertionPointAfter(var);
      end = arith::ConstantIndexOp::create(b, r.getLoc(), var.getMaxVal());
    } else if (!getConstantExtent(r)) {
      return r.emitError("uop-gpudims: a global or local RANGE needs a "
                         "constant extent or a shape variable's");
    }
    Value s = SpecialOp::create(b, r.getLoc(), r.getType(), end,
                                getSpecialDim(block, i));
    if (end != r.getEnd())
      bounded.push_back({s, r.getEnd()});
    replaceBySpecial(r, s);
  }
  return success();
}

/// Gates every argument access on each bounded SPECIAL being below its
/// variable extent (the threads past it neither read nor write).
void gateBounded(FunctionOp fn, Block &body,
                 ArrayRef<std::pair<Value, Value>> bounded) {
  if (bounded.empty())
    return;
  Operation *last = bounded.front().first.getDefiningOp();
  for (auto [id, end] : bounded)
    if (last->isBeforeInBlock(id.getDefiningOp()))
      last = id.getDefiningOp();
  OpBuilder b(&body, std::next(last->getIterator()));
  Location loc = fn.getLoc();
  Value valid;
  for (auto [s, end] : bounded) {
    Value lt =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, s, end);
    valid = valid ? arith::AndIOp::create(b, loc, valid, lt).getResult() : lt;
  }
  gateArgumentAccesses(valid);
}

struct UOpGPUDimsPass : public uop::impl::UOpGPUDimsBase<UOpGPUDimsPass> {
  void runOnOperation() override {
    FunctionOp fn = getOperation();
    SmallVector<RangeOp> global, local, group;
    fn.walk([&](RangeOp r) {
      if (r.getAxisType() == AxisType::Global)
        global.push_back(r);
      else if (r.getAxisType() == AxisType::Local)
        local.push_back(r);
      else if (r.getAxisType() == AxisType::GroupReduce)
        group.push_back(r);
    });
    if (failed(checkGroup(group, local)))
      return signalPassFailure();
    global = placeGrid(std::move(global));
    // (id, variable extent) of each SPECIAL launched at an upper bound.
    SmallVector<std::pair<Value, Value>> bounded;
    Block &body = fn.getBody().front();
    if (failed(lowerRanges(global, /*block=*/true, body, bounded)) ||
        failed(lowerRanges(local, /*block=*/false, body, bounded)) ||
        failed(lowerRanges(group, /*block=*/false, body, bounded)))
      return signalPassFailure();
    gateBounded(fn, body, bounded);
    if (!group.empty())
      gateStoresToFirstThread(fn);
    // An END that closes nothing now is its computation.
    SmallVector<EndOp> empty;
    fn.walk([&](EndOp e) {
      if (e.getRanges().empty())
        empty.push_back(e);
    });
    for (EndOp e : empty) {
      e.getResult().replaceAllUsesWith(e.getComputation());
      e->erase();
    }
  }
};
} // namespace
