//===- KernelSchedule.cpp - the loop tree of a kernel ---------------------===//

#include "uop/Dialect/UOp/Utils/KernelSchedule.h"

#include <queue>

using namespace mlir;
using namespace uop;

bool uop::isKernel(FunctionOp fn) {
  SinkOp sink = fn.getSink();
  return sink && sink.getInfo();
}

FailureOr<KernelSchedule> uop::scheduleKernel(FunctionOp fn) {
  Block &body = fn.getBody().front();
  DenseMap<Operation *, unsigned> position;
  DenseMap<Operation *, llvm::SetVector<Value>> open;
  SmallVector<Operation *> ops;
  for (Operation &op : body.without_terminator()) {
    if (isa<ReduceOp>(op))
      return op.emitError("cannot schedule a REDUCE; run uop-devectorize first");
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

  KernelSchedule sched;
  sched.nodes.push_back(std::make_unique<LoopNode>());
  sched.root = sched.nodes.back().get();
  DenseMap<Value, LoopNode *> loopOf;
  DenseMap<Value, llvm::SetVector<Value>> context;
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
  auto deepest = [&](const llvm::SetVector<Value> &s) -> Value {
    Value best;
    for (Value v : s)
      if (!best || loopOf[v]->depth > loopOf[best]->depth)
        best = v;
    return best;
  };
  // Each range's parent must enclose all of its context: a chain.
  DenseMap<LoopNode *, LoopNode *> parent;
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
  // Placement of ops (a RANGE belongs to its own loop as its header; an END
  // that closes loops belongs to the outermost one it closes).
  DenseMap<Operation *, LoopNode *> home;
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
  // Items: walk up from each op's home to find, for every ancestor, which of
  // its items holds the op.
  DenseMap<LoopNode *, SmallVector<ScheduleItem>> items;
  DenseMap<std::pair<LoopNode *, Operation *>, unsigned> itemIndex;
  DenseMap<std::pair<LoopNode *, LoopNode *>, unsigned> loopIndex;
  auto isLoopPart = [](Operation *op) {
    return isa<RangeOp>(op) ||
           (isa<EndOp>(op) && !cast<EndOp>(op).getRanges().empty());
  };
  // The item of `n` that holds `d` (an op directly in `n`, or the child loop
  // whose subtree holds it).
  auto itemOf = [&](Operation *d, LoopNode *n) -> std::optional<unsigned> {
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
  };
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
  // Order each body: Kahn on data dependences, ties by original position.
  for (auto &nodePtr : sched.nodes) {
    LoopNode *n = nodePtr.get();
    SmallVector<ScheduleItem> &its = items[n];
    unsigned count = its.size();
    std::vector<llvm::SmallDenseSet<unsigned>> succ(count);
    std::vector<unsigned> indeg(count, 0);
    auto addDeps = [&](unsigned to, Operation *op) {
      for (Value o : op->getOperands()) {
        Operation *d = o.getDefiningOp();
        if (!d)
          continue;
        std::optional<unsigned> from = itemOf(d, n);
        if (from && *from != to && succ[*from].insert(to).second)
          ++indeg[to];
      }
    };
    for (unsigned i = 0; i < count; ++i) {
      if (its[i].op) {
        addDeps(i, its[i].op);
        continue;
      }
      // Everything inside the loop, its header and its closer.
      SmallVector<LoopNode *> stack = {its[i].loop};
      while (!stack.empty()) {
        LoopNode *l = stack.pop_back_val();
        addDeps(i, l->range);
        for (EndOp e : l->closers)
          addDeps(i, e);
        for (ScheduleItem &sub : items[l]) {
          if (sub.op)
            addDeps(i, sub.op);
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
    std::vector<bool> feedsLoad(count, false);
    {
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
    }
    auto cmp = [&](unsigned a, unsigned b) {
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
  }
  return sched;
}
