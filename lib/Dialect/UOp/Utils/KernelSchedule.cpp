//===- KernelSchedule.cpp - the loop tree of a kernel ---------------------===//

#include "uop/Dialect/UOp/Utils/KernelSchedule.h"

#include "mlir/Analysis/TopologicalSortUtils.h"

#include <queue>

using namespace mlir;
using namespace uop;

bool uop::isKernel(FunctionOp fn) {
  SinkOp sink = fn.getSink();
  return sink && sink.getInfo();
}

namespace {
/// The state of scheduling one kernel, built up stage by stage.
class KernelScheduler {
public:
  explicit KernelScheduler(FunctionOp fn) : fn(fn) {}

  /// Runs every stage; the schedule, or failure after a diagnostic.
  FailureOr<KernelSchedule> run() {
    if (failed(collectOpenRanges()) || failed(buildLoops()) ||
        failed(linkParents()) || failed(placeOps()))
      return failure();
    buildItems();
    for (auto &nodePtr : sched.nodes)
      if (failed(orderBody(nodePtr.get())))
        return failure();
    return std::move(sched);
  }

private:
  LogicalResult collectOpenRanges();
  LogicalResult buildLoops();
  LogicalResult linkParents();
  LogicalResult placeOps();
  void buildItems();
  LogicalResult orderBody(LoopNode *n);

  Value deepest(const llvm::SetVector<Value> &s);
  static bool isLoopPart(Operation *op);
  std::optional<unsigned> itemOf(Operation *d, LoopNode *n);
  void addDeps(LoopNode *n, unsigned to, Operation *op,
               std::vector<llvm::SmallDenseSet<unsigned>> &succ,
               std::vector<unsigned> &indeg);
  std::vector<bool>
  markLoadFeeders(ArrayRef<ScheduleItem> its,
                  const std::vector<llvm::SmallDenseSet<unsigned>> &succ);

  FunctionOp fn;
  DenseMap<Operation *, unsigned> position;
  DenseMap<Operation *, llvm::SetVector<Value>> open;
  SmallVector<Operation *> ops;
  KernelSchedule sched;
  DenseMap<Value, LoopNode *> loopOf;
  DenseMap<Value, llvm::SetVector<Value>> context;
  DenseMap<LoopNode *, LoopNode *> parent;
  DenseMap<Operation *, LoopNode *> home;
  DenseMap<LoopNode *, SmallVector<ScheduleItem>> items;
  DenseMap<std::pair<LoopNode *, Operation *>, unsigned> itemIndex;
  DenseMap<std::pair<LoopNode *, LoopNode *>, unsigned> loopIndex;
};
} // namespace

// Records each op's position and the ranges open at it (read, not yet ENDed).
LogicalResult KernelScheduler::collectOpenRanges() {
  Block &body = fn.getBody().front();
  for (Operation &op : body.without_terminator()) {
    // A REDUCE across threads (over threadIdx SPECIALs, after uop-gpudims)
    // runs where it stands; one over RANGEs is a loop devectorize makes.
    if (auto red = dyn_cast<ReduceOp>(op);
        red && !llvm::all_of(red.getRanges(), [](Value r) {
          return r.getDefiningOp<SpecialOp>() != nullptr;
        })) {
      if (llvm::any_of(red.getRanges(), [](Value r) {
            auto range = r.getDefiningOp<RangeOp>();
            return range && range.getAxisType() == AxisType::GroupReduce;
          }))
        return op.emitError("cannot schedule a REDUCE over a group_reduce "
                            "range (GROUP) on a CPU; on a GPU uop-gpudims "
                            "makes it a reduction across threads");
      return op.emitError("cannot schedule a REDUCE; run uop-devectorize first");
    }
    if (isa<IfOp, EndIfOp>(op))
      return op.emitError("cannot schedule an IF or ENDIF; lower it to gates "
                          "first (uop::lowerIfsToGates)");
    position[&op] = ops.size();
    ops.push_back(&op);
    llvm::SetVector<Value> s;
    if (auto r = dyn_cast<RangeOp>(op))
      s.insert(r.getResult());
    for (Value o : op.getOperands())
      if (Operation *d = o.getDefiningOp())
        s.insert(open[d].begin(), open[d].end());
    if (auto e = dyn_cast<EndOp>(op))
      for (Value r : e.getRanges())
        s.remove(r);
    if (auto st = dyn_cast<StoreOp>(op); st && !st.getRanges().empty())
      return st.emitError("cannot schedule a STORE that closes ranges; close "
                          "them with END");
    open[&op] = std::move(s);
  }
  return success();
}

// Makes the root and one loop node per range, with its ENDs and the loops
// around it (its context).
LogicalResult KernelScheduler::buildLoops() {
  sched.nodes.push_back(std::make_unique<LoopNode>());
  sched.root = sched.nodes.back().get();
  // Ranges and their END.
  for (Operation *op : ops) {
    auto r = dyn_cast<RangeOp>(op);
    if (!r)
      continue;
    // Several ENDs may close one range (lanes of an expanded accumulator);
    // they must agree on the loops around it.
    SmallVector<EndOp> closers;
    std::optional<llvm::SetVector<Value>> ctx;
    for (Operation *user : r->getUsers()) {
      auto e = dyn_cast<EndOp>(user);
      if (!e || !llvm::is_contained(e.getRanges(), r.getResult()))
        continue;
      if (llvm::is_contained(closers, e))
        continue;
      closers.push_back(e);
      llvm::SetVector<Value> c = open[e];
      for (Value v : e.getRanges()) {
        if (v == r.getResult())
          break;
        c.insert(v);
      }
      if (ctx && (ctx->size() != c.size() ||
                  !llvm::all_of(c, [&](Value v) { return ctx->contains(v); })))
        return e.emitError("this END closes a range inside different loops "
                           "than another END of the same range");
      ctx = std::move(c);
    }
    if (closers.empty())
      return r.emitError("range is never closed by an END");
    context[r] = *ctx;
    sched.nodes.push_back(std::make_unique<LoopNode>());
    LoopNode *node = sched.nodes.back().get();
    node->range = r;
    node->closers = closers;
    node->depth = ctx->size();
    loopOf[r] = node;
  }
  return success();
}

// The deepest loop among the ranges `s` (null when `s` is empty).
Value KernelScheduler::deepest(const llvm::SetVector<Value> &s) {
  Value best;
  for (Value v : s)
    if (!best || loopOf[v]->depth > loopOf[best]->depth)
      best = v;
  return best;
}

// Gives each loop its parent, checking that the loops around it form a chain.
LogicalResult KernelScheduler::linkParents() {
  // Each range's parent must enclose all of its context: a chain.
  for (auto &[r, ctx] : context) {
    Value p = deepest(ctx);
    parent[loopOf[r]] = p ? loopOf[p] : sched.root;
    if (p) {
      llvm::SetVector<Value> expect = context[p];
      expect.insert(p);
      if (expect.size() != ctx.size() ||
          !llvm::all_of(ctx, [&](Value v) { return expect.contains(v); }))
        return r.getDefiningOp()->emitError("ranges do not nest: this range "
                                            "is closed inside a different "
                                            "set of loops than its parent");
    }
  }
  return success();
}

// Chooses the loop each op runs in (its home).
LogicalResult KernelScheduler::placeOps() {
  // Placement of ops (a RANGE belongs to its own loop as its header; an END
  // that closes loops belongs to the outermost one it closes).
  for (Operation *op : ops) {
    if (auto r = dyn_cast<RangeOp>(op)) {
      home[op] = loopOf[r];
      continue;
    }
    if (auto e = dyn_cast<EndOp>(op); e && !e.getRanges().empty()) {
      home[op] = loopOf[e.getRanges().front()];
      continue;
    }
    Value d = deepest(open[op]);
    LoopNode *node = d ? loopOf[d] : sched.root;
    if (d) {
      llvm::SetVector<Value> allowed = context[d];
      allowed.insert(d);
      for (Value v : open[op])
        if (!allowed.contains(v))
          return op->emitError("op reads ranges that are never open together");
    }
    home[op] = node;
  }
  return success();
}

// True for the ops that make up a loop itself: its RANGE and a closing END.
bool KernelScheduler::isLoopPart(Operation *op) {
  return isa<RangeOp>(op) ||
         (isa<EndOp>(op) && !cast<EndOp>(op).getRanges().empty());
}

// The item of `n` that holds `d` (an op directly in `n`, or the child loop
// whose subtree holds it).
std::optional<unsigned> KernelScheduler::itemOf(Operation *d, LoopNode *n) {
  LoopNode *cur = home[d];
  if (!isLoopPart(d) && cur == n)
    return itemIndex.lookup({n, d});
  while (cur && cur != sched.root) {
    LoopNode *p = parent.lookup(cur);
    if (p == n)
      return loopIndex.lookup({n, cur});
    cur = p;
  }
  return std::nullopt;
}

// Lists the unordered items of every loop body: its own ops and child loops.
void KernelScheduler::buildItems() {
  for (Operation *op : ops) {
    LoopNode *h = home[op];
    if (!isLoopPart(op)) {
      itemIndex[{h, op}] = items[h].size();
      items[h].push_back({op, nullptr});
    }
    if (auto r = dyn_cast<RangeOp>(op)) {
      LoopNode *p = parent[h];
      loopIndex[{p, h}] = items[p].size();
      items[p].push_back({nullptr, h});
    }
  }
}

// Adds an edge to item `to` of `n` from each item of `n` that defines an
// operand of `op`.
void KernelScheduler::addDeps(LoopNode *n, unsigned to, Operation *op,
                              std::vector<llvm::SmallDenseSet<unsigned>> &succ,
                              std::vector<unsigned> &indeg) {
  for (Value o : op->getOperands()) {
    Operation *d = o.getDefiningOp();
    if (!d)
      continue;
    std::optional<unsigned> from = itemOf(d, n);
    if (from && *from != to && succ[*from].insert(to).second)
      ++indeg[to];
  }
}

// Marks the items that are loads or compute what a load needs.
std::vector<bool> KernelScheduler::markLoadFeeders(
    ArrayRef<ScheduleItem> its,
    const std::vector<llvm::SmallDenseSet<unsigned>> &succ) {
  unsigned count = its.size();
  std::vector<bool> feedsLoad(count, false);
  SmallVector<unsigned> work;
  for (unsigned i = 0; i < count; ++i)
    if (its[i].op && isa<LoadOp>(its[i].op)) {
      feedsLoad[i] = true;
      work.push_back(i);
    }
  std::vector<llvm::SmallVector<unsigned>> pred(count);
  for (unsigned i = 0; i < count; ++i)
    for (unsigned s : succ[i])
      pred[s].push_back(i);
  while (!work.empty()) {
    unsigned i = work.pop_back_val();
    for (unsigned p : pred[i])
      if (its[p].op && !feedsLoad[p]) {
        feedsLoad[p] = true;
        work.push_back(p);
      }
  }
  return feedsLoad;
}

// Orders the body of `n`: Kahn on data dependences, ties by original position.
LogicalResult KernelScheduler::orderBody(LoopNode *n) {
  SmallVector<ScheduleItem> &its = items[n];
  unsigned count = its.size();
  std::vector<llvm::SmallDenseSet<unsigned>> succ(count);
  std::vector<unsigned> indeg(count, 0);
  for (unsigned i = 0; i < count; ++i) {
    if (its[i].op) {
      addDeps(n, i, its[i].op, succ, indeg);
      continue;
    }
    // Everything inside the loop, its header and its closer.
    SmallVector<LoopNode *> stack = {its[i].loop};
    while (!stack.empty()) {
      LoopNode *l = stack.pop_back_val();
      addDeps(n, i, l->range, succ, indeg);
      for (EndOp e : l->closers)
        addDeps(n, i, e, succ, indeg);
      for (ScheduleItem &sub : items[l]) {
        if (sub.op)
          addDeps(n, i, sub.op, succ, indeg);
        else
          stack.push_back(sub.loop);
      }
    }
  }
  auto pos = [&](unsigned i) {
    return its[i].op ? position[its[i].op] : position[its[i].loop->range];
  };
  // Among ready items, loads and the address arithmetic they need go
  // first: a body that reads everything before computing is what C
  // compilers vectorize across lanes (and what hides memory latency).
  std::vector<bool> feedsLoad = markLoadFeeders(its, succ);
  // Before that, the inner loops and what they need: a load only read after
  // an inner loop waits for it rather than holding a register through it (a
  // K-blocked matmul's read of the previous blocks' sums would otherwise
  // keep 256 floats live across its reduction loop).
  std::vector<bool> feedsLoop(count, false);
  {
    std::vector<llvm::SmallVector<unsigned>> pred(count);
    for (unsigned i = 0; i < count; ++i)
      for (unsigned s : succ[i])
        pred[s].push_back(i);
    SmallVector<unsigned> work;
    for (unsigned i = 0; i < count; ++i)
      if (its[i].loop) {
        feedsLoop[i] = true;
        work.push_back(i);
      }
    while (!work.empty()) {
      unsigned i = work.pop_back_val();
      for (unsigned p : pred[i])
        if (!feedsLoop[p]) {
          feedsLoop[p] = true;
          work.push_back(p);
        }
    }
  }
  auto cmp = [&](unsigned a, unsigned b) {
    if (feedsLoop[a] != feedsLoop[b])
      return bool(feedsLoop[b]);
    if (feedsLoad[a] != feedsLoad[b])
      return bool(feedsLoad[b]);
    return pos(a) > pos(b);
  };
  std::priority_queue<unsigned, std::vector<unsigned>, decltype(cmp)> ready(cmp);
  for (unsigned i = 0; i < count; ++i)
    if (!indeg[i])
      ready.push(i);
  while (!ready.empty()) {
    unsigned i = ready.top();
    ready.pop();
    n->items.push_back(its[i]);
    for (unsigned s : succ[i])
      if (--indeg[s] == 0)
        ready.push(s);
  }
  if (n->items.size() != count)
    return fn.emitError("kernel has a dependence cycle between loops");
  return success();
}

/// The ops `ifOp` guards: its body's, and those whose every user is guarded.
static llvm::SmallPtrSet<Operation *, 16> guardedBy(IfOp ifOp) {
  llvm::SmallPtrSet<Operation *, 16> guarded;
  for (Value v : ifOp.getBody())
    if (Operation *d = v.getDefiningOp())
      guarded.insert(d);
  // Users come later in the block, so one backward sweep settles each op.
  for (Operation *op = ifOp->getPrevNode(); op; op = op->getPrevNode())
    if (!op->use_empty() && llvm::all_of(op->getUsers(), [&](Operation *u) {
          return guarded.contains(u);
        }))
      guarded.insert(op);
  return guarded;
}

/// Replaces the INDEX of `access` (a LOAD or STORE) by one gated also by
/// `conds`.
static void addGates(Operation *access, ArrayRef<Value> conds) {
  OpOperand &operand = isa<StoreOp>(access)
                           ? cast<StoreOp>(access).getIndexMutable()
                           : cast<LoadOp>(access).getIndexMutable();
  auto idx = operand.get().getDefiningOp<IndexOp>();
  OpBuilder b(access);
  Value gate = idx.getGate();
  for (Value c : conds)
    gate = gate ? arith::AndIOp::create(b, access->getLoc(), gate, c) : c;
  operand.set(IndexOp::create(b, idx.getLoc(), idx.getType(), idx.getBuffer(),
                              idx.getIndices(), gate));
  if (idx->use_empty())
    idx->erase();
}

void uop::lowerIfsToGates(FunctionOp fn) {
  Block &body = fn.getBody().front();
  SmallVector<IfOp> ifs(body.getOps<IfOp>());
  if (ifs.empty())
    return;
  DenseMap<Operation *, SmallVector<Value>> conds;
  for (IfOp ifOp : ifs) {
    llvm::SmallPtrSet<Operation *, 16> guarded = guardedBy(ifOp);
    for (Operation *op : guarded) {
      // A load that an unguarded op also needs must still run.
      bool onlyGuardedUsers = llvm::all_of(
          op->getUsers(), [&](Operation *u) { return guarded.contains(u); });
      if (isa<StoreOp>(op) || (isa<LoadOp>(op) && onlyGuardedUsers))
        conds[op].push_back(ifOp.getCondition());
    }
  }
  for (Operation &op : llvm::make_early_inc_range(body))
    if (auto it = conds.find(&op); it != conds.end())
      addGates(&op, it->second);
  // The IF and ENDIF leave; what waited for the ENDIF waits for the body.
  MLIRContext *ctx = fn.getContext();
  for (IfOp ifOp : ifs) {
    OpBuilder b(ifOp);
    Value done = ifOp.getBody().size() == 1 &&
                         isa<VoidType>(ifOp.getBody().front().getType())
                     ? ifOp.getBody().front()
                     : GroupOp::create(b, ifOp.getLoc(), VoidType::get(ctx),
                                       ifOp.getBody())
                           .getResult();
    for (Operation *user : llvm::make_early_inc_range(ifOp->getUsers()))
      if (isa<EndIfOp>(user)) {
        user->replaceAllUsesWith(ValueRange{done});
        user->erase();
      }
    ifOp.getResult().replaceAllUsesWith(done);
    ifOp->erase();
  }
  // A gate may be computed after the access it now guards.
  sortTopologically(&body);
}

FailureOr<KernelSchedule> uop::scheduleKernel(FunctionOp fn) {
  return KernelScheduler(fn).run();
}
