//===- KernelSchedule.cpp - the loop tree of a kernel ---------------------===//

#include "uop/Dialect/UOp/Utils/KernelSchedule.h"

#include "mlir/Analysis/TopologicalSortUtils.h"

#include <deque>
#include <functional>
#include <queue>

using namespace mlir;
using namespace uop;

bool uop::isKernel(FunctionOp fn) {
  SinkOp sink = fn.getSink();
  return sink && sink.getInfo();
}

namespace {
struct BodyGraph;

/// The state of scheduling one kernel, built up stage by stage. Ops are
/// numbered by position and loops by their index in `sched.nodes` (0 is the
/// root), so that the per-op work is array lookups.
class KernelScheduler {
public:
  explicit KernelScheduler(FunctionOp fn) : fn(fn) {}

  /// Runs every stage; the schedule, or failure after a diagnostic.
  FailureOr<KernelSchedule> run() {
    if (failed(collectOpenRanges()) || failed(buildLoops()) ||
        failed(linkParents()) || failed(placeOps()))
      return failure();
    buildItems();
    for (unsigned n = 0, e = sched.nodes.size(); n < e; ++n)
      if (failed(orderBody(n)))
        return failure();
    return std::move(sched);
  }

private:
  using RangeSet = llvm::SetVector<Value>;
  /// One entry of a loop body while it is ordered: an op (by position) or a
  /// child loop (by node id).
  struct Item {
    unsigned op = kNone;
    unsigned loop = kNone;
  };
  static constexpr unsigned kNone = ~0u;

  LogicalResult collectOpenRanges();
  LogicalResult buildLoops();
  LogicalResult linkParents();
  LogicalResult placeOps();
  void buildItems();
  std::vector<std::pair<unsigned, unsigned>> bodyEdges(unsigned n) const;
  std::vector<uint64_t> readyKeys(unsigned n, const BodyGraph &g) const;
  LogicalResult orderBody(unsigned n);

  const RangeSet &openAt(Operation *op) const;
  Value deepest(const RangeSet &s);
  bool isLoopPart(unsigned op) const;
  unsigned itemOf(unsigned d, unsigned n) const;
  void addDeps(unsigned n, unsigned to, unsigned op,
               std::vector<unsigned> &seen,
               std::vector<std::pair<unsigned, unsigned>> &edges) const;
  unsigned positionOf(Operation *op) const {
    auto it = position.find(op);
    return it == position.end() ? kNone : it->second;
  }

  FunctionOp fn;
  DenseMap<Operation *, unsigned> position;
  SmallVector<Operation *> ops;
  /// The operands' defining ops of each op (positions), CSR: those of op i
  /// are operandOps[operandStart[i] .. operandStart[i + 1]).
  std::vector<unsigned> operandStart, operandOps;
  /// The ranges open at each op (read, not yet ENDed); null when none. Most
  /// ops share their operands' set: one pointer, not a copy per op.
  std::vector<const RangeSet *> open;
  std::deque<RangeSet> openStore;
  KernelSchedule sched;
  DenseMap<Value, unsigned> loopOf;
  DenseMap<Value, RangeSet> context;
  std::vector<unsigned> parent;    // per node; kNone for the root
  std::vector<unsigned> loopSlot;  // per node: its item in its parent's body
  std::vector<unsigned> rangePos;  // per node: its RANGE's position
  std::vector<SmallVector<unsigned, 2>> closerPos; // per node: its ENDs'
  std::vector<unsigned> home;      // per op: the loop it runs in
  std::vector<unsigned> itemSlot;  // per op: its item in its home's body
  std::vector<SmallVector<Item>> items; // per node: the unordered body
};
} // namespace

const KernelScheduler::RangeSet &
KernelScheduler::openAt(Operation *op) const {
  static const RangeSet none;
  unsigned i = positionOf(op);
  return i == kNone || !open[i] ? none : *open[i];
}

// Records each op's position and the ranges open at it (read, not yet ENDed).
LogicalResult KernelScheduler::collectOpenRanges() {
  Block &body = fn.getBody().front();
  operandStart.push_back(0);
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
    // The operands' sets, in operand order; when they are all one set (or
    // none) and `op` neither opens nor closes a range, it is `op`'s too.
    SmallVector<const RangeSet *, 4> sets;
    bool shared = true;
    for (Value o : op.getOperands()) {
      unsigned d = o.getDefiningOp() ? positionOf(o.getDefiningOp()) : kNone;
      if (d == kNone)
        continue;
      operandOps.push_back(d);
      if (const RangeSet *od = open[d]) {
        shared &= sets.empty() || sets.front() == od;
        sets.push_back(od);
      }
    }
    operandStart.push_back(operandOps.size());
    if (auto st = dyn_cast<StoreOp>(op); st && !st.getRanges().empty())
      return st.emitError("cannot schedule a STORE that closes ranges; close "
                          "them with END");
    auto r = dyn_cast<RangeOp>(op);
    auto e = dyn_cast<EndOp>(op);
    if (!r && !e && shared) {
      open.push_back(sets.empty() ? nullptr : sets.front());
      continue;
    }
    RangeSet s;
    if (r)
      s.insert(r.getResult());
    for (const RangeSet *od : sets)
      s.insert(od->begin(), od->end());
    if (e)
      for (Value v : e.getRanges())
        s.remove(v);
    if (s.empty()) {
      open.push_back(nullptr);
      continue;
    }
    openStore.push_back(std::move(s));
    open.push_back(&openStore.back());
  }
  return success();
}

// Makes the root and one loop node per range, with its ENDs and the loops
// around it (its context).
LogicalResult KernelScheduler::buildLoops() {
  sched.nodes.push_back(std::make_unique<LoopNode>());
  sched.root = sched.nodes.back().get();
  rangePos.push_back(kNone);
  closerPos.emplace_back();
  // Ranges and their END.
  for (Operation *op : ops) {
    auto r = dyn_cast<RangeOp>(op);
    if (!r)
      continue;
    // Several ENDs may close one range (lanes of an expanded accumulator);
    // they must agree on the loops around it.
    SmallVector<EndOp> closers;
    std::optional<RangeSet> ctx;
    for (Operation *user : r->getUsers()) {
      auto e = dyn_cast<EndOp>(user);
      if (!e || !llvm::is_contained(e.getRanges(), r.getResult()))
        continue;
      if (llvm::is_contained(closers, e))
        continue;
      // END(END(x, r), r): the outer END has no loop of r left to close
      // (it would close the inner END's loop a second time).
      std::function<bool(Value)> closedBelow = [&](Value v) {
        Operation *def = v.getDefiningOp();
        if (auto inner = dyn_cast_or_null<EndOp>(def))
          return llvm::is_contained(inner.getRanges(), r.getResult()) ||
                 closedBelow(inner.getComputation());
        if (auto group = dyn_cast_or_null<GroupOp>(def))
          return llvm::any_of(group->getOperands(), closedBelow);
        return false;
      };
      if (closedBelow(e.getComputation()))
        return e.emitError("this END closes a range that an END it depends "
                           "on already closed");
      closers.push_back(e);
      RangeSet c = openAt(e);
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
    loopOf[r] = sched.nodes.size();
    sched.nodes.push_back(std::make_unique<LoopNode>());
    LoopNode *node = sched.nodes.back().get();
    node->range = r;
    node->closers = closers;
    node->depth = ctx->size();
    rangePos.push_back(position.lookup(op));
    closerPos.emplace_back();
    for (EndOp e : closers)
      if (unsigned pos = positionOf(e); pos != kNone)
        closerPos.back().push_back(pos);
  }
  return success();
}

// The deepest loop among the ranges `s` (null when `s` is empty).
Value KernelScheduler::deepest(const RangeSet &s) {
  Value best;
  unsigned bestDepth = 0;
  for (Value v : s) {
    unsigned d = sched.nodes[loopOf.lookup(v)]->depth;
    if (!best || d > bestDepth) {
      best = v;
      bestDepth = d;
    }
  }
  return best;
}

// Gives each loop its parent, checking that the loops around it form a chain.
LogicalResult KernelScheduler::linkParents() {
  parent.assign(sched.nodes.size(), kNone);
  // Each range's parent must enclose all of its context: a chain.
  for (auto &[r, ctx] : context) {
    Value p = deepest(ctx);
    parent[loopOf.lookup(r)] = p ? loopOf.lookup(p) : 0;
    if (p) {
      const RangeSet &outer = context.find(p)->second;
      if (outer.size() + 1 != ctx.size() ||
          !llvm::all_of(ctx, [&](Value v) {
            return v == p || outer.contains(v);
          }))
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
  // that closes loops belongs to the outermost one it closes). Ops that
  // share a set of open ranges share a home.
  DenseMap<const RangeSet *, unsigned> homeOfSet;
  home.assign(ops.size(), 0);
  for (auto [i, op] : llvm::enumerate(ops)) {
    if (auto r = dyn_cast<RangeOp>(op)) {
      home[i] = loopOf.lookup(r);
      continue;
    }
    if (auto e = dyn_cast<EndOp>(op); e && !e.getRanges().empty()) {
      home[i] = loopOf.lookup(e.getRanges().front());
      continue;
    }
    const RangeSet *s = open[i];
    if (!s)
      continue;
    if (auto it = homeOfSet.find(s); it != homeOfSet.end()) {
      home[i] = it->second;
      continue;
    }
    Value d = deepest(*s);
    const RangeSet &allowed = context.find(d)->second;
    for (Value v : *s)
      if (v != d && !allowed.contains(v))
        return op->emitError("op reads ranges that are never open together");
    home[i] = homeOfSet[s] = loopOf.lookup(d);
  }
  return success();
}

// True for the ops that make up a loop itself: its RANGE and a closing END.
bool KernelScheduler::isLoopPart(unsigned op) const {
  return isa<RangeOp>(ops[op]) ||
         (isa<EndOp>(ops[op]) && !cast<EndOp>(ops[op]).getRanges().empty());
}

// The item of `n` that holds op `d` (an op directly in `n`, or the child
// loop whose subtree holds it); kNone when `d` is not inside `n`.
unsigned KernelScheduler::itemOf(unsigned d, unsigned n) const {
  unsigned cur = home[d];
  if (cur == n && !isLoopPart(d))
    return itemSlot[d];
  while (cur != 0) {
    unsigned p = parent[cur];
    if (p == n)
      return loopSlot[cur];
    cur = p;
  }
  return kNone;
}

// Lists the unordered items of every loop body: its own ops and child loops.
void KernelScheduler::buildItems() {
  items.resize(sched.nodes.size());
  loopSlot.assign(sched.nodes.size(), kNone);
  itemSlot.assign(ops.size(), kNone);
  for (unsigned i = 0, e = ops.size(); i < e; ++i) {
    unsigned h = home[i];
    if (!isLoopPart(i)) {
      itemSlot[i] = items[h].size();
      items[h].push_back({i, kNone});
    }
    if (isa<RangeOp>(ops[i])) {
      unsigned p = parent[h];
      loopSlot[h] = items[p].size();
      items[p].push_back({kNone, h});
    }
  }
}

// Adds an edge to item `to` of `n` from each item of `n` that defines an
// operand of op `op`. `seen[from] == to` when that edge is already there
// (the edges into one item are all added before the next item's).
void KernelScheduler::addDeps(
    unsigned n, unsigned to, unsigned op, std::vector<unsigned> &seen,
    std::vector<std::pair<unsigned, unsigned>> &edges) const {
  for (unsigned k = operandStart[op], e = operandStart[op + 1]; k < e; ++k) {
    unsigned from = itemOf(operandOps[k], n);
    if (from != kNone && from != to && seen[from] != to) {
      seen[from] = to;
      edges.push_back({from, to});
    }
  }
}

// The dependence edges between the items of `n`'s body; a loop item takes
// the dependences of everything nested in it, its header and its closers.
std::vector<std::pair<unsigned, unsigned>>
KernelScheduler::bodyEdges(unsigned n) const {
  ArrayRef<Item> its = items[n];
  std::vector<unsigned> seen(its.size(), kNone);
  std::vector<std::pair<unsigned, unsigned>> edges;
  for (unsigned i = 0, count = its.size(); i < count; ++i) {
    if (its[i].op != kNone) {
      addDeps(n, i, its[i].op, seen, edges);
      continue;
    }
    // Everything inside the loop, its header and its closer.
    SmallVector<unsigned> stack = {its[i].loop};
    while (!stack.empty()) {
      unsigned l = stack.pop_back_val();
      addDeps(n, i, rangePos[l], seen, edges);
      for (unsigned e : closerPos[l])
        addDeps(n, i, e, seen, edges);
      for (const Item &sub : items[l]) {
        if (sub.op != kNone)
          addDeps(n, i, sub.op, seen, edges);
        else
          stack.push_back(sub.loop);
      }
    }
  }
  return edges;
}

namespace {
/// The successor and predecessor lists of a body's dependence graph (CSR),
/// so that the scheduling walks are array scans.
struct BodyGraph {
  std::vector<unsigned> succStart, predStart, succ, pred;

  BodyGraph(unsigned count, ArrayRef<std::pair<unsigned, unsigned>> edges)
      : succStart(count + 1, 0), predStart(count + 1, 0), succ(edges.size()),
        pred(edges.size()) {
    for (auto [from, to] : edges) {
      ++succStart[from + 1];
      ++predStart[to + 1];
    }
    for (unsigned i = 0; i < count; ++i) {
      succStart[i + 1] += succStart[i];
      predStart[i + 1] += predStart[i];
    }
    std::vector<unsigned> s(succStart.begin(), succStart.end() - 1),
        p(predStart.begin(), predStart.end() - 1);
    for (auto [from, to] : edges) {
      succ[s[from]++] = to;
      pred[p[to]++] = from;
    }
  }
  ArrayRef<unsigned> preds(unsigned i) const {
    return ArrayRef<unsigned>(pred).slice(predStart[i],
                                          predStart[i + 1] - predStart[i]);
  }
  ArrayRef<unsigned> succs(unsigned i) const {
    return ArrayRef<unsigned>(succ).slice(succStart[i],
                                          succStart[i + 1] - succStart[i]);
  }
};

/// Marks `flags[i]` for each seed and, transitively, each predecessor `p`
/// that `follow(p)` admits: what the seeds need.
template <typename Follow>
void markFeeders(const BodyGraph &g, SmallVector<unsigned> work,
                 std::vector<bool> &flags, Follow follow) {
  for (unsigned i : work)
    flags[i] = true;
  while (!work.empty())
    for (unsigned p : g.preds(work.pop_back_val()))
      if (follow(p) && !flags[p]) {
        flags[p] = true;
        work.push_back(p);
      }
}
} // namespace

// The priority of each ready item of `n`'s body (smallest first).
std::vector<uint64_t> KernelScheduler::readyKeys(unsigned n,
                                                 const BodyGraph &g) const {
  ArrayRef<Item> its = items[n];
  unsigned count = its.size();
  // Among ready items, loads and the address arithmetic they need go
  // first: a body that reads everything before computing is what C
  // compilers vectorize across lanes (and what hides memory latency).
  std::vector<bool> feedsLoad(count, false);
  SmallVector<unsigned> loads;
  for (unsigned i = 0; i < count; ++i)
    if (its[i].op != kNone && isa<LoadOp>(ops[its[i].op]))
      loads.push_back(i);
  markFeeders(g, loads, feedsLoad,
              [&](unsigned p) { return its[p].op != kNone; });
  // Before that, the inner loops and what they need: a load only read after
  // an inner loop waits for it rather than holding a register through it (a
  // K-blocked matmul's read of the previous blocks' sums would otherwise
  // keep 256 floats live across its reduction loop).
  std::vector<bool> feedsLoop(count, false);
  SmallVector<unsigned> loops;
  for (unsigned i = 0; i < count; ++i)
    if (its[i].loop != kNone)
      loops.push_back(i);
  markFeeders(g, loops, feedsLoop, [](unsigned) { return true; });
  // The ready item to take first has the smallest key: feeds a loop, then
  // feeds a load, then comes first in the original order (positions are
  // distinct, so the order is total).
  std::vector<uint64_t> key(count);
  for (unsigned i = 0; i < count; ++i) {
    uint64_t pos = its[i].op != kNone ? its[i].op : rangePos[its[i].loop];
    key[i] =
        (uint64_t(!feedsLoop[i]) << 33) | (uint64_t(!feedsLoad[i]) << 32) | pos;
  }
  return key;
}

// Orders the body of `n`: Kahn on data dependences, ties by readyKeys.
LogicalResult KernelScheduler::orderBody(unsigned n) {
  ArrayRef<Item> its = items[n];
  unsigned count = its.size();
  BodyGraph g(count, bodyEdges(n));
  std::vector<uint64_t> key = readyKeys(n, g);
  std::vector<unsigned> indeg(count);
  for (unsigned i = 0; i < count; ++i)
    indeg[i] = g.preds(i).size();
  using Entry = std::pair<uint64_t, unsigned>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready;
  for (unsigned i = 0; i < count; ++i)
    if (!indeg[i])
      ready.push({key[i], i});
  LoopNode *node = sched.nodes[n].get();
  while (!ready.empty()) {
    unsigned i = ready.top().second;
    ready.pop();
    node->items.push_back(
        its[i].op != kNone
            ? ScheduleItem{ops[its[i].op], nullptr}
            : ScheduleItem{nullptr, sched.nodes[its[i].loop].get()});
    for (unsigned s : g.succs(i))
      if (--indeg[s] == 0)
        ready.push({key[s], s});
  }
  if (node->items.size() != count)
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
