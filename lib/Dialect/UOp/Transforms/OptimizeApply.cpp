//===- OptimizeApply.cpp - the one applier of kernel options --------------===//
//
// One function per option kind (OptimizeApply.h). The heuristics in
// Optimize.cpp and pinned schedules both come through OptApplier::apply.
//
//===----------------------------------------------------------------------===//

#include "OptimizeApply.h"
#include "RangeUtils.h"
#include "TensorCores.h"
#include "uop/Dialect/UOp/Utils/MatmulMatch.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

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

/// A new RANGE of `end` steps (a constant, or the bound of a K tail block:
/// kTailBound) and type `type` at `b`'s insertion point, numbered after
/// every axis of `fn`.
RangeOp newRange(OpBuilder &b, Location loc, FunctionOp fn, Value end,
                 AxisType type) {
  int64_t nextId = 0;
  bool renumbered = false;
  fn.walk([&](RangeOp o) {
    nextId = std::max(nextId, o.getAxisId().getId() + 1);
    renumbered |= o.getAxisId().getRenumbered();
  });
  MLIRContext *ctx = fn.getContext();
  return RangeOp::create(b, loc, IndexType::get(ctx), end,
                         AxisIdAttr::get(ctx, nextId, renumbered),
                         AxisTypeAttr::get(ctx, type), ValueRange{});
}

RangeOp newRange(OpBuilder &b, Location loc, FunctionOp fn, int64_t extent,
                 AxisType type) {
  return newRange(b, loc, fn, arith::ConstantIndexOp::create(b, loc, extent),
                  type);
}

/// The steps of a K block whose last block is shorter (splitKBlocks) are
/// `min(block, K - kb * block)`: the block, a constant, is their bound.
std::optional<int64_t> kTailBound(RangeOp r) {
  auto min = r.getEnd().getDefiningOp<arith::MinSIOp>();
  APInt c;
  if (!min || !(matchPattern(min.getLhs(), m_ConstantInt(&c)) ||
                matchPattern(min.getRhs(), m_ConstantInt(&c))))
    return std::nullopt;
  return c.getSExtValue();
}

/// Splits the reduce range `k` (K steps) into K blocks of `block` steps, the
/// last one shorter when `block` does not divide K: a loop `kb` over
/// ceil(K / block) blocks and a reduce range of `min(block, K - kb * block)`
/// steps, `k` read as `kb * block + step`. Each step reads inside K, so
/// nothing is masked, and a full block runs the same loop as an even split.
/// (kb, steps), numbered as splitRange numbers them.
std::pair<RangeOp, RangeOp> splitKBlocks(FunctionOp fn, RangeOp k,
                                         int64_t block) {
  int64_t n = *getConstantExtent(k);
  if (n % block == 0)
    return splitRange(k, block, AxisType::Loop, AxisType::Reduce);
  OpBuilder b(k);
  Location loc = k.getLoc();
  RangeOp kb = newRange(b, loc, fn, llvm::divideCeil(n, block), AxisType::Loop);
  Value start = arith::MulIOp::create(
      b, loc, kb.getResult(), arith::ConstantIndexOp::create(b, loc, block));
  Value left = arith::SubIOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, n), start);
  Value steps = arith::MinSIOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, block), left);
  RangeOp ks = newRange(b, loc, fn, steps, AxisType::Reduce);
  Value at = arith::AddIOp::create(b, loc, start, ks.getResult());
  SmallVector<Operation *> users(k->getUsers().begin(), k->getUsers().end());
  for (Operation *user : users) {
    if (auto closed = getClosedRangesMutable(user)) {
      SmallVector<Value> list;
      for (Value v : static_cast<OperandRange>(*closed))
        if (v == k.getResult())
          list.append({kb.getResult(), ks.getResult()});
        else
          list.push_back(v);
      closed->assign(list);
    }
    user->replaceUsesOfWith(k, at);
  }
  k->erase();
  return {kb, ks};
}

/// Whether `v` is computed from `r`.
bool reads(Value v, Value r, DenseMap<Value, bool> &memo) {
  if (v == r)
    return true;
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  bool d = false;
  if (Operation *def = v.getDefiningOp())
    for (Value o : def->getOperands())
      if ((d = reads(o, r, memo)))
        break;
  return memo[v] = d;
}

/// The one load of a kernel argument packOperand applies to: it reads every
/// range of `layout` and none of `notReads`; null unless exactly one does.
LoadOp packedLoad(FunctionOp fn, ArrayRef<RangeOp> layout,
                  ArrayRef<Value> notReads) {
  SmallVector<LoadOp> candidates;
  SmallVector<DenseMap<Value, bool>> memos(layout.size());
  fn.walk([&](LoadOp ld) {
    auto idx = ld.getIndex().getDefiningOp<IndexOp>();
    if (!idx || idx.getGate() || !isa<BlockArgument>(idx.getBuffer()) ||
        ld.getAlt())
      return;
    for (auto [r, memo] : llvm::zip(layout, memos))
      if (!reads(ld.getResult(), RangeOp(r).getResult(), memo))
        return;
    for (Value r : notReads) {
      DenseMap<Value, bool> memo;
      if (reads(ld.getResult(), r, memo))
        return;
    }
    candidates.push_back(ld);
  });
  return candidates.size() == 1 ? candidates.front() : LoadOp();
}

/// Packing of an operand of a K-blocked tile: the one load that reads every
/// range of `layout` (and none of `notReads`) reads a register array instead,
/// which a loop nest before it fills: element (r0, r1, ...) of the array,
/// row-major over `layout`'s extents, is the load's element with each range
/// of `layout` replaced by a new range of the same extent. The fill loops
/// nest in the order `loopOrder` (positions in `layout`), the last with
/// `innerType`. B: the block's `ks` x `lanes` strip, whose rows are a row of
/// B apart (4 KiB at 1024 columns): read in place, a 256-row strip maps to
/// two sets of L1 and thrashes it; packed it is 32 KiB of consecutive floats.
/// A: the rows of an A block, micro-tile by micro-tile, each `ks` x `lanes`
/// (the tile's rows interleaved per step), so the tile's broadcasts read one
/// cache line per step instead of one line from each of its rows, which are
/// a row of A apart and share an L1 set with each other. With `after` the
/// fill writes the array only after that value (the END of another fill),
/// which also places it in that value's loops. Returns the fill's END, null
/// when it did not pack.
Value packOperand(FunctionOp fn, ArrayRef<RangeOp> layout,
                  ArrayRef<unsigned> loopOrder, AxisType innerType,
                  ArrayRef<Value> notReads, Value after = {}) {
  LoadOp ld = packedLoad(fn, layout, notReads);
  if (!ld)
    return {};
  auto idx = ld.getIndex().getDefiningOp<IndexOp>();
  Type t = ld.getType();
  MLIRContext *ctx = fn.getContext();
  OpBuilder b(idx);
  Location loc = ld.getLoc();
  // A K tail block's steps fill and read the array at the full block's
  // strides; its fill runs as many steps as it has.
  SmallVector<int64_t> extents;
  int64_t size = 1;
  for (RangeOp r : layout) {
    extents.push_back(getConstantExtent(r) ? *getConstantExtent(r)
                                           : *kTailBound(r));
    size *= extents.back();
  }
  auto regTy = PtrType::get(ctx, t, AddrSpace::Reg, size);
  int64_t id = 0;
  fn.walk([&](DefineRegOp r) { id = std::max<int64_t>(id, r.getId() + 1); });
  Value reg = DefineRegOp::create(b, loc, regTy, size, id);
  Value target = after ? AfterOp::create(b, loc, reg, ValueRange{after})
                             .getResult()
                       : reg;
  SmallVector<Value> fill(layout.size());
  for (auto [n, pos] : llvm::enumerate(loopOrder)) {
    AxisType type = n + 1 == loopOrder.size() ? innerType : AxisType::Loop;
    RangeOp r = layout[pos];
    fill[pos] = (getConstantExtent(r)
                     ? newRange(b, loc, fn, extents[pos], type)
                     : newRange(b, loc, fn, r.getEnd(), type))
                    .getResult();
  }
  // The load's index with each range of `layout` -> its fill range.
  DenseMap<Value, Value> mapped;
  SmallVector<Value> layoutValues;
  for (auto [r, f] : llvm::zip(layout, fill)) {
    mapped[RangeOp(r).getResult()] = f;
    layoutValues.push_back(RangeOp(r).getResult());
  }
  DenseMap<Value, bool> memo;
  std::function<bool(Value)> readsLayout = [&](Value v) -> bool {
    if (auto it = memo.find(v); it != memo.end())
      return it->second;
    bool d = llvm::is_contained(layoutValues, v);
    if (Operation *def = v.getDefiningOp(); def && !d)
      d = llvm::any_of(def->getOperands(), readsLayout);
    return memo[v] = d;
  };
  std::function<Value(Value)> remap = [&](Value v) -> Value {
    if (auto it = mapped.find(v); it != mapped.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    if (!def || !readsLayout(v))
      return v;
    IRMapping map;
    for (Value o : def->getOperands())
      map.map(o, remap(o));
    Operation *c = b.clone(*def, map);
    return mapped[v] = c->getResult(cast<OpResult>(v).getResultNumber());
  };
  SmallVector<Value> packIdx;
  for (Value i : idx.getIndices())
    packIdx.push_back(remap(i));
  Value src = IndexOp::create(b, loc, idx.getType(), idx.getBuffer(), packIdx,
                              Value());
  Value val = LoadOp::create(b, loc, t, idx.getBuffer(), src, Value());
  auto flat = [&](ArrayRef<Value> at) {
    Value f = at.front();
    for (auto [v, e] :
         llvm::zip(at.drop_front(), ArrayRef(extents).drop_front())) {
      Value scaled = arith::MulIOp::create(
          b, loc, f, arith::ConstantIndexOp::create(b, loc, e));
      f = arith::AddIOp::create(b, loc, scaled, v);
    }
    return f;
  };
  Value dst =
      IndexOp::create(b, loc, t, target, ValueRange{flat(fill)}, Value());
  Value st = StoreOp::create(b, loc, dst, val, ValueRange{});
  SmallVector<Value> fillOrder;
  for (unsigned pos : loopOrder)
    fillOrder.push_back(fill[pos]);
  Value packed = EndOp::create(b, loc, VoidType::get(ctx), st, fillOrder);
  Value filled = AfterOp::create(b, loc, reg, ValueRange{packed});
  Value from = IndexOp::create(b, loc, t, filled,
                               ValueRange{flat(layoutValues)}, Value());
  Value read = LoadOp::create(b, loc, t, filled, from, Value());
  ld.getResult().replaceAllUsesWith(read);
  ld->erase();
  if (idx->use_empty())
    idx->erase();
  return packed;
}

/// `v` with the ranges `m` maps replaced (by constants): the ops between
/// them and `v` are cloned at `b` (and recorded in `m`), the rest is shared.
/// `memo`: whether a value reads one of the replaced ranges.
Value cloneReplacing(OpBuilder &b, Value v, IRMapping &m,
                     DenseMap<Value, bool> &memo) {
  if (Value r = m.lookupOrNull(v))
    return r;
  Operation *def = v.getDefiningOp();
  auto known = memo.find(v);
  if (!def || isa<RangeOp>(def) || (known != memo.end() && !known->second))
    return v;
  bool reads = false;
  for (Value o : def->getOperands())
    reads |= cloneReplacing(b, o, m, memo) != o;
  memo[v] = reads;
  if (!reads)
    return v;
  Operation *c = b.clone(*def, m);
  for (auto [from, to] : llvm::zip(def->getResults(), c->getResults()))
    m.map(from, to);
  return m.lookup(v);
}

/// Prefetch of a K-blocked tile's output (`idx`, the STORE's INDEX): one
/// PREFETCH per cache line of each of its rows (`rows` x `cols`, the tile's
/// upcast ranges; either may be null), which `filled` (the AFTER the
/// reduction's packed B strip is read through) then waits for, so that the
/// lines are requested before the tile's reduction loop and have arrived
/// when the tile adds the previous blocks' sums after it. The rows are a row
/// of C apart, each on its own page, which the hardware prefetchers do not
/// follow: without it a 2048^2 tile waited on memory for each row (measured
/// in docs/performance.md).
void prefetchTile(FunctionOp fn, IndexOp idx, RangeOp rows, RangeOp cols,
                  AfterOp filled) {
  Type t = idx.getElementType();
  if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() % 8)
    return;
  int64_t perLine = std::max<int64_t>(64 / (t.getIntOrFloatBitWidth() / 8), 1);
  int64_t nRows = rows ? getConstantExtent(rows).value_or(0) : 1;
  int64_t nCols = cols ? getConstantExtent(cols).value_or(0) : 1;
  if (nRows < 1 || nCols < 1)
    return;
  OpBuilder b(filled);
  Location loc = idx.getLoc();
  SmallVector<Value> deps(filled.getDeps());
  for (int64_t r = 0; r < nRows; ++r)
    for (int64_t c = 0; c < nCols; c += perLine) {
      IRMapping m;
      if (rows)
        m.map(rows.getResult(), arith::ConstantIndexOp::create(b, loc, r));
      if (cols)
        m.map(cols.getResult(), arith::ConstantIndexOp::create(b, loc, c));
      DenseMap<Value, bool> memo;
      SmallVector<Value> indices;
      for (Value i : idx.getIndices())
        indices.push_back(cloneReplacing(b, i, m, memo));
      Value at = IndexOp::create(b, loc, idx.getType(), idx.getBuffer(),
                                 indices, Value());
      deps.push_back(PrefetchOp::create(b, loc, VoidType::get(b.getContext()),
                                        at, /*write=*/true, /*locality=*/3));
    }
  filled.getDepsMutable().assign(deps);
  // The output's index arithmetic may come after `filled` in the block.
  sortTopologically(&fn.getBody().front());
}

/// What blockReduction rewrites: the kernel's only REDUCE, its STORE (into
/// the output through `idx`) and the only END.
struct BlockForm {
  ReduceOp red;
  EndOp end;
  StoreOp store;
  IndexOp idx;
};

/// The kernel's BlockForm when it is of the form blockReduction needs (see
/// there) and `k` makes at least two blocks of `block` (the last may be
/// shorter); nullopt otherwise.
std::optional<BlockForm> matchBlockForm(FunctionOp fn, RangeOp k,
                                        int64_t block, RangeOp innerOuter,
                                        RangeOp nextOuter) {
  std::optional<int64_t> extent = getConstantExtent(k);
  if (block < 1 || !extent || *extent <= block)
    return std::nullopt;
  SmallVector<ReduceOp> reduces;
  SmallVector<EndOp> ends;
  fn.walk([&](ReduceOp r) { reduces.push_back(r); });
  fn.walk([&](EndOp e) { ends.push_back(e); });
  if (reduces.size() != 1 || ends.size() != 1)
    return std::nullopt;
  ReduceOp red = reduces.front();
  EndOp end = ends.front();
  Type t = red.getType();
  if (red.getReduceOp() != ReduceOpKind::Add || red.getRanges().size() != 1 ||
      red.getRanges().front() != k.getResult() ||
      !(t.isF32() || t.isF64()) || !red->hasOneUse())
    return std::nullopt;
  auto store = dyn_cast<StoreOp>(*red->user_begin());
  if (!store || store.getValue() != red.getResult() ||
      !store.getRanges().empty() || !store->hasOneUse() ||
      *store->user_begin() != end.getOperation() ||
      end.getComputation() != store.getResult())
    return std::nullopt;
  auto idx = store.getIndex().getDefiningOp<IndexOp>();
  if (!idx || idx.getGate() || !isa<BlockArgument>(idx.getBuffer()))
    return std::nullopt;
  // Nothing else touches the output: its only INDEX is the store's.
  for (Operation *user : idx.getBuffer().getUsers())
    if (user != idx.getOperation())
      return std::nullopt;
  if (!llvm::is_contained(end.getRanges(), innerOuter.getResult()) ||
      !llvm::is_contained(end.getRanges(), nextOuter.getResult()) ||
      innerOuter == nextOuter)
    return std::nullopt;
  return BlockForm{red, end, store, idx};
}

/// With `packRows`, the next output's tiles (`nextOuter`, of `nextLanes`
/// rows each) are split into blocks of that many rows of A (blocks x tiles
/// in a block), the A block outside the K blocks' loop over B's strips, so
/// that a packed A block (packRows x `block` elements, 512 KiB by default: a
/// quarter of a 2 MiB L2) serves every strip of B. Half as many rows where
/// the tile rows do not make two such blocks (the A blocks are what the
/// kernel's threads share out); not fewer, as every A block packs each strip
/// of B again. Returns (A blocks, tiles of a block), or (null, nextOuter).
std::pair<RangeOp, RangeOp> splitABlocks(RangeOp nextOuter, RangeOp nextLanes,
                                         int64_t packRows) {
  std::optional<int64_t> m = getConstantExtent(nextOuter);
  int64_t rowsPerTile = nextLanes ? *getConstantExtent(nextLanes) : 1;
  if (!nextLanes || !m || packRows % rowsPerTile)
    return {RangeOp(), nextOuter};
  int64_t most = packRows / rowsPerTile;
  for (int64_t tiles = most; tiles >= 2 && tiles * 2 >= most; tiles /= 2)
    if (*m % tiles == 0 && *m >= 2 * tiles)
      return splitRange(nextOuter, tiles, AxisType::Loop, AxisType::Loop);
  return {RangeOp(), nextOuter};
}

/// K blocking of a register-tiled kernel (see the pass description): the
/// kernel's only REDUCE, an add over the single range `k`, whose result is
/// stored straight into a kernel argument nothing else in the kernel reads or
/// writes, by the kernel's only END. `inner` is the tile's innermost output
/// range before its upcast split (`innerOuter` its loop part, or `inner`
/// itself when it was not split), `nextOuter` the same of the next output
/// range. Tiles that overlap their neighbour (upcastFor): the inner
/// output's run outside the K blocks, each finishing its sums before the
/// next one starts, so `innerOverlaps` only rules out packing A (whose
/// order puts them inside); the next output's run inside the K blocks, so
/// with `nextOverlapExtent` (its extent n) the rows of the last tile that
/// the tile before it covers store back what they load. Returns the new
/// (K blocks, steps) ranges, or nulls when the kernel is not of that form.
std::pair<RangeOp, RangeOp> blockReduction(FunctionOp fn, RangeOp k,
                                           int64_t block, RangeOp innerOuter,
                                           RangeOp innerLanes,
                                           RangeOp nextOuter,
                                           RangeOp nextLanes, bool pack,
                                           int64_t packRows, bool prefetch,
                                           bool innerOverlaps,
                                           int64_t nextOverlapExtent) {
  std::optional<BlockForm> form =
      matchBlockForm(fn, k, block, innerOuter, nextOuter);
  if (!form)
    return {};
  auto [red, end, store, idx] = *form;
  Type t = red.getType();
  Value out = idx.getBuffer();
  auto [kb, ks] = splitKBlocks(fn, k, block);
  red.getRangesMutable().assign(ks.getResult());
  // The partial sum of this block plus what the previous blocks stored.
  OpBuilder b(store);
  Location loc = store.getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value notFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                         kb.getResult(), zero);
  // An unconditional load and a select, not a gated load: the C of a gated
  // load is a branch per lane, after which clang no longer vectorizes the
  // tile (5 instead of 175 GFLOP/s at 512^3). The first block reads the
  // output before anything is stored there and drops what it read.
  Value prevIdx = IndexOp::create(b, loc, idx.getType(), out, idx.getIndices(),
                                  Value());
  Value loaded = LoadOp::create(b, loc, t, out, prevIdx, Value());
  Value zeroF = arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 0.0));
  Value prev = arith::SelectOp::create(b, loc, notFirst, loaded, zeroF);
  Value sum = arith::AddFOp::create(b, loc, red.getResult(), prev);
  if (nextOverlapExtent && nextLanes) {
    // Row `min(o * f, n - f) + lane` of tile o is the tile before's when
    // it is below o * f: it keeps that tile's sum for this block.
    int64_t f = *getConstantExtent(nextLanes);
    Value of = arith::MulIOp::create(
        b, loc, nextOuter.getResult(), arith::ConstantIndexOp::create(b, loc, f));
    Value start = arith::MinSIOp::create(
        b, loc, of,
        arith::ConstantIndexOp::create(b, loc, nextOverlapExtent - f));
    Value row = arith::AddIOp::create(b, loc, start, nextLanes.getResult());
    Value shared =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, row, of);
    sum = arith::SelectOp::create(b, loc, shared, loaded, sum);
  }
  store.getValueMutable().assign(sum);
  auto [aBlock, aTiles] =
      pack && !innerOverlaps && innerLanes
          ? splitABlocks(nextOuter, nextLanes, packRows)
          : std::pair<RangeOp, RangeOp>{RangeOp(), nextOuter};
  // Loops: the outer outputs, then either the inner output's tiles, the K
  // blocks and the next output's tiles, or (A blocked) the A blocks, the K
  // blocks, the inner output's tiles and the tiles of the A block; then the
  // lanes.
  SmallVector<Value> order;
  for (Value r : end.getRanges()) {
    if (aBlock && r == aBlock.getResult()) {
      order.append(
          {aBlock.getResult(), kb.getResult(), innerOuter.getResult()});
      continue;
    }
    if (!aBlock && r == nextOuter.getResult()) {
      order.push_back(innerOuter.getResult());
      order.push_back(kb.getResult());
    }
    if (r != innerOuter.getResult())
      order.push_back(r);
  }
  end.getRangesMutable().assign(order);
  if (pack && innerLanes) {
    SmallVector<Value> notB = {aTiles.getResult()};
    if (nextLanes)
      notB.push_back(nextLanes.getResult());
    // A: [tile][step][row of the tile], filled along A's rows (steps
    // innermost: contiguous reads). B's strips, filled in the loop over
    // them, come after it: that places them inside the A block's loop,
    // which they do not read; without A's fill (no single load of A) B is
    // read in place, as a fill outside the A block's loop would not nest.
    Value packedA;
    if (aBlock)
      packedA = packOperand(fn, {aTiles, ks, nextLanes}, {0, 2, 1},
                            AxisType::Loop,
                            {innerOuter.getResult(), innerLanes.getResult()});
    Value packedB;
    if (!aBlock || packedA)
      packedB = packOperand(fn, {ks, innerLanes}, {0, 1}, AxisType::Upcast,
                            notB, packedA);
    if (packedB && prefetch)
      for (Operation *user : packedB.getUsers())
        if (auto filled = dyn_cast<AfterOp>(user)) {
          prefetchTile(fn, prevIdx.getDefiningOp<IndexOp>(), nextLanes,
                       innerLanes, filled);
          break;
        }
  }
  return {kb, ks};
}

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
       kind == OptOps::Group || kind == OptOps::GroupTop) &&
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
  default:
    why = "not available in a pinned schedule (UPCAST, UNROLL, LOCAL, GROUP, "
          "GROUPTOP, TC, BLOCK, PACK, PREFETCH and NOLOCALS are)";
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
                      prefetch, overlapOf(innerLanes) != 0,
                      overlapOf(nextLanes))
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
