//===- Optimize.cpp - heuristic kernel options ----------------------------===//
//
// No search: a few rules that pay off on every target.
//  cpu:  matmul-shaped kernels get a register tile (two upcast ranges); a long
//        add-reduction of one is cache-blocked (BLOCK: K blocks in an outer
//        loop, each adding to the output the previous one stored) with the
//        block's strip of B packed into a register array, and for tall A
//        its blocks of 512 rows packed too (outside the loop over B's
//        strips, so each packed block serves all of them), and each tile
//        prefetches its output rows before its reduction loop. Other kernels:
//        the innermost output range is split loop x upcast(N) so that
//        uop-expand writes N neighbouring outputs per iteration (the C
//        compiler turns them into one vector store); a float reduction over
//        one range gets lanes with their own accumulators, other reduction
//        ranges are split reduce x unroll(N).
//  cuda: output ranges become global. A long 32-bit reduction gets GROUP: its
//        innermost range is split reduce x group_reduce and the threads of a
//        block cooperate on one output (each accumulates a strided part, the
//        block combines the parts); one whose reads do not coalesce along it
//        but with few outputs gets GROUPTOP (each thread a contiguous
//        run). Otherwise the innermost output range is
//        split global x local so a block holds up to 256 threads; a
//        matmul-shaped kernel first gets a 4 x 4 register tile per thread.
// The options applied are recorded in the SINK's KernelInfo (applied_opts).
//
//===----------------------------------------------------------------------===//

#include "RangeUtils.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Dialect/UOp/Utils/AffineIndex.h"
#include "uop/Dialect/UOp/Utils/MatmulMatch.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include <functional>

namespace uop {
#define GEN_PASS_DEF_UOPOPTIMIZE
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {
/// Records an applied option on the axis id of `r`, as tinygrad's Opt.
void note(SmallVectorImpl<OptAttr> &applied, OptOps kind, RangeOp r,
          int64_t n) {
  applied.push_back(
      OptAttr::get(r.getContext(), kind, r.getAxisId().getId(), n));
}

/// The RANGEs the accesses of a hand-written register (a DEFINE_REG in the
/// kernel before uop-optimize: uop-devectorize's accumulator form) depend on,
/// through its INDEXes, LOADs, STOREs and AFTERs. Splitting one into lanes
/// (UPCAST, UNROLL, GROUP) would give every lane the one register and would
/// not order the unrolled steps of an AFTER carried around the loop, so
/// uop-optimize declines those options.
SmallVector<RangeOp> registerRanges(FunctionOp fn) {
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
SmallVector<RangeOp> carriedRanges(FunctionOp fn) {
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

/// `ranges` without those in `held`.
SmallVector<RangeOp> without(ArrayRef<RangeOp> ranges, ArrayRef<RangeOp> held) {
  SmallVector<RangeOp> out;
  for (RangeOp r : ranges)
    if (!llvm::is_contained(held, r))
      out.push_back(r);
  return out;
}

/// Bits of the element type the kernel's first REDUCE accumulates in (a
/// register tile's lanes); 32 without one.
int64_t accumulatorBits(FunctionOp fn) {
  int64_t bits = 32;
  fn.walk([&](ReduceOp r) {
    if (r.getType().isIntOrFloat())
      bits = r.getType().getIntOrFloatBitWidth();
    return WalkResult::interrupt();
  });
  return std::max<int64_t>(bits, 8);
}

/// The largest power of two <= `limit` that divides the range's extent and
/// leaves at least one outer iteration.
int64_t factorFor(RangeOp r, int64_t limit) {
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
std::pair<int64_t, bool> upcastFor(RangeOp r, int64_t want, bool overlap) {
  int64_t f = factorFor(r, want);
  std::optional<int64_t> n = getConstantExtent(r);
  if (!overlap || f >= want || want < 2 || !n || *n <= want || *n % want == 0 ||
      (static_cast<int64_t>(llvm::divideCeil(*n, want)) * want - *n) * 8 > *n)
    return {f, false};
  return {want, true};
}

/// The K block of a reduction of `k` steps: `want` when it divides k, else
/// the divisor of k from want / 2 to 2 * want nearest to want (1800: 225);
/// 0 when there is none (2047 = 23 x 89).
int64_t kBlockFor(int64_t k, int64_t want) {
  if (want < 1 || k < 1)
    return 0;
  if (k % want == 0)
    return want;
  int64_t best = 0;
  for (int64_t d = std::max<int64_t>(want / 2, 1); d <= 2 * want; ++d)
    if (k % d == 0 && (!best || std::abs(d - want) < std::abs(best - want)))
      best = d;
  return best;
}

/// splitRange, or splitRangeOverlapped for an upcastFor that overlaps.
std::pair<RangeOp, RangeOp> splitUpcast(RangeOp r, std::pair<int64_t, bool> f,
                                        AxisType outerType) {
  return f.second ? splitRangeOverlapped(r, f.first, outerType, AxisType::Upcast)
                  : splitRange(r, f.first, outerType, AxisType::Upcast);
}

/// A new RANGE of `extent` steps and type `type` at `b`'s insertion point,
/// numbered after every axis of `fn`.
RangeOp newRange(OpBuilder &b, Location loc, FunctionOp fn, int64_t extent,
                 AxisType type) {
  int64_t nextId = 0;
  bool renumbered = false;
  fn.walk([&](RangeOp o) {
    nextId = std::max(nextId, o.getAxisId().getId() + 1);
    renumbered |= o.getAxisId().getRenumbered();
  });
  MLIRContext *ctx = fn.getContext();
  return RangeOp::create(b, loc, IndexType::get(ctx),
                         arith::ConstantIndexOp::create(b, loc, extent),
                         AxisIdAttr::get(ctx, nextId, renumbered),
                         AxisTypeAttr::get(ctx, type), ValueRange{});
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
  if (candidates.size() != 1)
    return {};
  LoadOp ld = candidates.front();
  auto idx = ld.getIndex().getDefiningOp<IndexOp>();
  Type t = ld.getType();
  MLIRContext *ctx = fn.getContext();
  OpBuilder b(idx);
  Location loc = ld.getLoc();
  SmallVector<int64_t> extents;
  int64_t size = 1;
  for (RangeOp r : layout) {
    extents.push_back(*getConstantExtent(r));
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
  for (auto [n, pos] : llvm::enumerate(loopOrder))
    fill[pos] = newRange(b, loc, fn, extents[pos],
                         n + 1 == loopOrder.size() ? innerType
                                                   : AxisType::Loop)
                    .getResult();
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
  std::optional<int64_t> extent = getConstantExtent(k);
  if (block < 1 || !extent || *extent % block || *extent < 2 * block)
    return {};
  SmallVector<ReduceOp> reduces;
  SmallVector<EndOp> ends;
  fn.walk([&](ReduceOp r) { reduces.push_back(r); });
  fn.walk([&](EndOp e) { ends.push_back(e); });
  if (reduces.size() != 1 || ends.size() != 1)
    return {};
  ReduceOp red = reduces.front();
  EndOp end = ends.front();
  Type t = red.getType();
  if (red.getReduceOp() != ReduceOpKind::Add || red.getRanges().size() != 1 ||
      red.getRanges().front() != k.getResult() ||
      !(t.isF32() || t.isF64()) || !red->hasOneUse())
    return {};
  auto store = dyn_cast<StoreOp>(*red->user_begin());
  if (!store || store.getValue() != red.getResult() ||
      !store.getRanges().empty() || !store->hasOneUse() ||
      *store->user_begin() != end.getOperation() ||
      end.getComputation() != store.getResult())
    return {};
  auto idx = store.getIndex().getDefiningOp<IndexOp>();
  if (!idx || idx.getGate() || !isa<BlockArgument>(idx.getBuffer()))
    return {};
  Value out = idx.getBuffer();
  // Nothing else touches the output: its only INDEX is the store's.
  for (Operation *user : out.getUsers())
    if (user != idx.getOperation())
      return {};
  if (!llvm::is_contained(end.getRanges(), innerOuter.getResult()) ||
      !llvm::is_contained(end.getRanges(), nextOuter.getResult()) ||
      innerOuter == nextOuter)
    return {};

  auto [kb, ks] = splitRange(k, block, AxisType::Loop, AxisType::Reduce);
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
  // With `packRows`, the next output's tiles are split into blocks of that
  // many rows of A (blocks x tiles in a block), the A block outside the K
  // blocks' loop over B's strips, so that a packed A block (packRows x
  // `block` elements, 512 KiB by default: a quarter of a 2 MiB L2) serves
  // every strip of B. Half as many rows where the tile rows do not make
  // two such blocks (the A blocks are what the kernel's threads share out);
  // not fewer, as every A block packs each strip of B again.
  RangeOp aBlock, aTiles = nextOuter;
  int64_t rowsPerTile = nextLanes ? *getConstantExtent(nextLanes) : 1;
  std::optional<int64_t> m = getConstantExtent(nextOuter);
  if (pack && !innerOverlaps && innerLanes && nextLanes && m &&
      packRows % rowsPerTile == 0) {
    int64_t most = packRows / rowsPerTile;
    for (int64_t tiles = most; tiles >= 2 && tiles * 2 >= most; tiles /= 2)
      if (*m % tiles == 0 && *m >= 2 * tiles) {
        std::tie(aBlock, aTiles) =
            splitRange(nextOuter, tiles, AxisType::Loop, AxisType::Loop);
        break;
      }
  }
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

/// Iterations (the product of a kernel's output and reduction extents) from
/// which elementwise kernels get `elementwise-upcast` lanes and reductions
/// lane accumulators.
constexpr int64_t kWideWork = 65536;

/// cuda: a reduction kernel with at most this many outputs gets GROUPTOP
/// when GROUP does not apply (tinygrad's bound).
constexpr int64_t kFewOutputs = 2048;

struct UOpOptimizePass : public uop::impl::UOpOptimizeBase<UOpOptimizePass> {
  using UOpOptimizeBase::UOpOptimizeBase;

  void runOnOperation() override {
    FunctionOp fn = getOperation();
    if (!isKernel(fn))
      return;
    if (target != "cpu" && target != "cuda") {
      fn.emitError("uop-optimize: unknown target '") << target
          << "' (expected cpu or cuda)";
      return signalPassFailure();
    }
    if (vectorBits < 64 || vectorBits > 4096 ||
        !llvm::isPowerOf2_64(vectorBits) || vectorRegisters < 2) {
      fn.emitError("uop-optimize: vector-bits must be a power of two from "
                   "64 to 4096 and vector-registers at least 2, got ")
          << static_cast<int64_t>(vectorBits) << " and "
          << static_cast<int64_t>(vectorRegisters);
      return signalPassFailure();
    }
    MLIRContext *ctx = &getContext();
    SmallVector<OptAttr> applied;

    // Output ranges: the RANGEs an END closes, outermost first.
    SmallVector<RangeOp> outputs, reduces;
    fn.walk([&](EndOp end) {
      for (Value r : end.getRanges())
        if (auto range = r.getDefiningOp<RangeOp>();
            range && range.getAxisType() == AxisType::Loop &&
            !llvm::is_contained(outputs, range))
          outputs.push_back(range);
    });
    fn.walk([&](RangeOp r) {
      if (r.getAxisType() == AxisType::Reduce)
        reduces.push_back(r);
    });

    SinkOp sink = fn.getSink();
    KernelInfoAttr info = *sink.getInfo();
    bool noLocals = info.getDontUseLocals();
    // A pinned schedule: the kernel's opts_to_apply, else the `opts` option.
    SmallVector<OptAttr> pinned(info.getOptsToApply());
    if (pinned.empty() && failed(parseOptsOption(fn, pinned)))
      return signalPassFailure();

    // Ranges a hand-written register accumulator depends on get no lanes;
    // the SINK says so (declined_opts).
    // On cuda the loops it is carried around are no grid dimensions.
    SmallVector<RangeOp> held = registerRanges(fn);
    SmallVector<RangeOp> gridOutputs = without(outputs, carriedRanges(fn));
    if (!held.empty() && pinned.empty())
      noteDeclined(sink, held);
    if (!pinned.empty()) {
      if (failed(applyPinned(fn, sink, pinned, gridOutputs, applied,
                             noLocals)))
        return signalPassFailure();
    } else if (target == "cpu") {
      optimizeForCpu(fn, without(outputs, held), without(reduces, held),
                     applied);
    } else {
      if (!held.empty())
        makeGrid(gridOutputs); // the grid, without the held ones' splits
      if (failed(optimizeForCuda(fn, without(outputs, held),
                                 without(reduces, held), applied)))
        return signalPassFailure();
    }

    if (applied.empty() && pinned.empty())
      return;
    sink.setInfoAttr(KernelInfoAttr::get(ctx, info.getName(), noLocals,
                                         applied, ArrayRef<OptAttr>()));
  }

private:
  /// Records on the SINK that the ranges `held` get no UPCAST, UNROLL or
  /// GROUP: `declined_opts = "UPCAST/UNROLL/GROUP on R0, R1: ..."`.
  static void noteDeclined(SinkOp sink, ArrayRef<RangeOp> held) {
    SmallVector<int64_t> ids;
    for (RangeOp r : held)
      ids.push_back(r.getAxisId().getId());
    llvm::sort(ids);
    std::string text = "UPCAST/UNROLL/GROUP on";
    for (auto [i, id] : llvm::enumerate(ids))
      text += (i ? ", R" : " R") + std::to_string(id);
    text += ": a hand-written register (DEFINE_REG) accumulator depends on "
            "them";
    sink->setAttr("declined_opts",
                  StringAttr::get(sink.getContext(), text));
  }

  // cpu: a register tile of upcast outputs when there is a reduction, else
  // an upcast innermost output and unrolled reductions.
  void optimizeForCpu(FunctionOp fn, ArrayRef<RangeOp> outputs,
                      ArrayRef<RangeOp> reduces,
                      SmallVectorImpl<OptAttr> &applied) {
    // An output tile may overlap its neighbour (upcastFor) when computing an
    // element twice stores the same value twice.
    bool mayRecompute = kernelMayRecompute(fn);
    if (!reduces.empty() && outputs.size() >= 2) {
      // A register tile: upcast x upcast-outer accumulators.
      RangeOp inner = outputs.back(), next = outputs[outputs.size() - 2];
      // Sized to the vector registers: the tile's rows are two vectors of
      // the accumulator type wide (one for short reductions, K < 1024 and
      // not blocked, whose B strip then stays in L1), and its accumulators
      // take half the registers, the rest holding B's vectors and A's
      // broadcasts. f32 on AVX-512: 8 x 32; on AVX2, 4 x 16 (8 x 32 there
      // spills: 17 instead of 34 GFLOP/s at 1024^3, docs/performance.md).
      // Only whether K reaches 1024 matters: saturate rather than overflow.
      int64_t k = 1;
      for (RangeOp r : reduces)
        if (llvm::MulOverflow(k, getConstantExtent(r).value_or(1), k))
          k = std::numeric_limits<int64_t>::max();
      int64_t kSteps = reduces.size() == 1
                           ? getConstantExtent(reduces.front()).value_or(0)
                           : 0;
      int64_t block = kBlockFor(kSteps, kBlock);
      bool blocked = block > 0 && kSteps >= 2 * block;
      int64_t vectors = k >= 1024 || blocked ? 2 : 1;
      int64_t lanes = std::max<int64_t>(vectorBits / accumulatorBits(fn), 1);
      int64_t width = std::min<int64_t>(upcast, vectors * lanes);
      int64_t rows = std::min<int64_t>(
          upcastOuter, std::max<int64_t>(vectorRegisters / 2 / vectors, 1));
      std::pair<int64_t, bool> fi = upcastFor(inner, width, mayRecompute),
                               fo = upcastFor(next, rows, mayRecompute);
      RangeOp innerOuter = inner, nextOuter = next, innerLanes, nextLanes;
      int64_t nextExtent = getConstantExtent(next).value_or(0);
      if (fi.first > 1) {
        note(applied, OptOps::Upcast, inner, fi.first);
        std::tie(innerOuter, innerLanes) =
            splitUpcast(inner, fi, AxisType::Loop);
      }
      if (fo.first > 1) {
        note(applied, OptOps::Upcast, next, fo.first);
        std::tie(nextOuter, nextLanes) = splitUpcast(next, fo, AxisType::Loop);
      }
      // K blocks add to the output what the previous blocks stored; an
      // overlapping tile must not add its shared outputs twice (see
      // blockReduction).
      if (blocked) {
        RangeOp k0 = reduces.front();
        int64_t axis = k0.getAxisId().getId();
        if (blockReduction(fn, k0, block, innerOuter, innerLanes, nextOuter,
                           nextLanes, pack, packRows, prefetch, fi.second,
                           fo.second ? nextExtent : 0)
                .first)
          applied.push_back(
              OptAttr::get(fn.getContext(), OptOps::Block, axis, block));
      }
      return;
    }
    // Wide lanes only for kernels with work for them: every lane is an op
    // copy that uop-simplify then visits (a 64x64 elementwise kernel took
    // 2 ms to compile with 4 lanes and 9 with 16). A symbolic extent counts
    // as large.
    int64_t work = 1;
    for (ArrayRef<RangeOp> list : {outputs, reduces})
      for (RangeOp r : list)
        work = std::min<int64_t>(
            work * std::max<int64_t>(getConstantExtent(r).value_or(kWideWork),
                                     1),
            kWideWork);
    bool wide = work >= kWideWork;
    // Wide reductions by how their loads walk memory (the innermost reduce
    // range against the innermost output). A row reduction (contiguous along
    // the reduction, not along the output): no output upcast, `reduce-lanes`
    // lanes along the row, so each vector of loads feeds one vector of
    // accumulators (4 rows x 8 lanes instead, clang assembled 256-bit halves
    // of two rows: softmax 1024^2's row sum of exp took 2.0 instead of
    // 0.7 ms, docs/performance.md). A column reduction (contiguous along the
    // output only): `upcast` neighbouring outputs and no lanes, so every row
    // step reads whole cache lines (a 4096^2 column sum: 69 -> 24 ms).
    bool rowReduce = false, columnReduce = false;
    if (wide && !reduces.empty() && !outputs.empty()) {
      auto [alongReduce, alongOutput] =
          accessContiguity(fn, reduces.back(), outputs);
      rowReduce = alongReduce && !alongOutput;
      columnReduce = alongOutput && !alongReduce;
    }
    if (!outputs.empty() && !rowReduce) {
      RangeOp inner = outputs.back();
      // Elementwise kernels: 16 neighbouring outputs (one 512-bit vector of
      // f32); column reductions `upcast`; other reductions and small
      // kernels 4.
      int64_t limit = reduces.empty() && wide ? elementwiseUpcast
                      : columnReduce          ? upcast
                                              : 4;
      std::pair<int64_t, bool> f =
          upcastFor(inner, std::min<int64_t>(upcast, limit), mayRecompute);
      if (f.first > 1) {
        note(applied, OptOps::Upcast, inner, f.first);
        splitUpcast(inner, f, AxisType::Loop);
      }
    }
    if (columnReduce)
      return;
    // Beside an output upcast of 4, a quarter of the lanes: as many
    // accumulators as a row reduction has.
    int64_t lanes =
        rowReduce ? reduceLanes : std::max<int64_t>(reduceLanes / 4, 4);
    for (RangeOp r : reduces) {
      if (wide && reduceLanes > 1 && laneAccumulators(r, applied, lanes))
        continue;
      if (int64_t f = factorFor(r, unroll); f > 1) {
        note(applied, OptOps::Unroll, r, f);
        splitRange(r, f, AxisType::Reduce, AxisType::Unroll);
      }
    }
  }

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
  /// `want` lanes (0: the largest factor up to `reduce-lanes`), at least 4.
  bool laneAccumulators(RangeOp r, SmallVectorImpl<OptAttr> &applied,
                        int64_t want = 0) {
    SmallVector<Operation *> users(r->getUsers().begin(), r->getUsers().end());
    ReduceOp red;
    for (Operation *u : users)
      if (auto closed = getClosedRangesMutable(u);
          closed && llvm::is_contained(static_cast<OperandRange>(*closed),
                                       r.getResult())) {
        if (red || !isa<ReduceOp>(u))
          return false;
        red = cast<ReduceOp>(u);
      }
    if (!red || red.getRanges().size() != 1 || !isa<FloatType>(red.getType()))
      return false;
    ReduceOpKind kind = red.getReduceOp();
    if (kind != ReduceOpKind::Add && kind != ReduceOpKind::Max &&
        kind != ReduceOpKind::Min)
      return false;
    if (!want)
      want = reduceLanes;
    int64_t f = factorFor(r, want), tail = 0;
    std::optional<int64_t> n = getConstantExtent(r);
    if (f < want && want >= 4 && n && *n >= 2 * want) {
      f = want;
      tail = *n % want;
    }
    if (f < 4)
      return false;
    Value rest;
    if (tail)
      rest = peelTail(red, r, tail);
    note(applied, OptOps::Upcast, r, f);
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
    return true;
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
  void applyGroup(ReduceOp red, RangeOp inner, int64_t t,
                  SmallVectorImpl<OptAttr> &applied, bool top = false) {
    note(applied, top ? OptOps::GroupTop : OptOps::Group, inner, t);
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

  /// The coefficient of `r` in the index `v`; nullopt when `v` is not
  /// affine (AffineIndex.h).
  static std::optional<int64_t> coefficient(Value v, Value r) {
    AffineIndex a;
    if (failed(addAffineIndex(v, 1, a)))
      return std::nullopt;
    return a.of(r);
  }

  /// Whether some load of a kernel argument that walks `inner` reads it
  /// contiguously (coefficient 1 in the last, row-major index), and whether
  /// some such load reads the innermost output contiguously.
  static std::pair<bool, bool> accessContiguity(FunctionOp fn, RangeOp inner,
                                                ArrayRef<RangeOp> outputs) {
    bool alongReduce = false, alongOutput = false;
    fn.walk([&](LoadOp ld) {
      auto idx = ld.getIndex().getDefiningOp<IndexOp>();
      if (!idx || idx.getIndices().empty() ||
          !isa<BlockArgument>(idx.getBuffer()))
        return;
      auto along = [&](Value r) {
        return coefficient(idx.getIndices().back(), r);
      };
      bool walks = llvm::any_of(idx.getIndices(), [&](Value i) {
        return coefficient(i, inner.getResult()) != 0;
      });
      if (!walks)
        return;
      alongReduce |= along(inner.getResult()) == 1;
      if (!outputs.empty())
        alongOutput |= along(RangeOp(outputs.back()).getResult()) == 1;
    });
    return {alongReduce, alongOutput};
  }

  /// Whether GROUP's memory accesses coalesce better than LOCAL's: some
  /// load that walks the reduction reads it contiguously, and none of them
  /// reads the innermost output contiguously (a matmul's B, a column sum:
  /// there threads over the outputs are the coalesced choice).
  static bool groupCoalesces(FunctionOp fn, RangeOp inner,
                             ArrayRef<RangeOp> outputs) {
    auto [alongReduce, alongOutput] = accessContiguity(fn, inner, outputs);
    return alongReduce && !alongOutput;
  }

  /// The REDUCE that GROUP applies to, with its innermost range and the
  /// group size, if the kernel has exactly one and it pays: an add, max or
  /// min of 32-bit data (what shfl.sync moves), reduce ranges only, an
  /// innermost range of at least 128 steps with a power-of-two factor of
  /// 32..`group`, and accesses that coalesce along it.
  /// With `few` the coalescing test is replaced by: the kernel has at most
  /// kFewOutputs outputs (GROUPTOP's case: a column sum of 64 columns would
  /// run on 64 threads in all; 256 per output hide the latency of their
  /// strided reads instead).
  std::optional<std::tuple<ReduceOp, RangeOp, int64_t>>
  groupCandidate(ArrayRef<RangeOp> reduces, ArrayRef<RangeOp> outputs,
                 FunctionOp fn, bool few = false) {
    if (group <= 1)
      return std::nullopt;
    SmallVector<ReduceOp> reds;
    fn.walk([&](ReduceOp r) { reds.push_back(r); });
    if (reds.size() != 1 || reds.front().getRanges().empty())
      return std::nullopt;
    ReduceOp red = reds.front();
    Type t = red.getType();
    ReduceOpKind kind = red.getReduceOp();
    if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() != 32 ||
        (kind != ReduceOpKind::Add && kind != ReduceOpKind::Max &&
         kind != ReduceOpKind::Min))
      return std::nullopt;
    for (Value r : red.getRanges()) {
      auto range = r.getDefiningOp<RangeOp>();
      if (!range || range.getAxisType() != AxisType::Reduce ||
          !llvm::is_contained(reduces, range))
        return std::nullopt;
    }
    auto inner = red.getRanges().back().getDefiningOp<RangeOp>();
    std::optional<int64_t> n = getConstantExtent(inner);
    if (!n || *n < 128)
      return std::nullopt;
    if (few) {
      int64_t count = 1;
      for (RangeOp r : outputs) {
        std::optional<int64_t> e = getConstantExtent(r);
        if (!e || llvm::MulOverflow(count, *e, count) || count > kFewOutputs)
          return std::nullopt;
      }
    } else if (!groupCoalesces(fn, inner, outputs)) {
      return std::nullopt;
    }
    for (int64_t f = std::min<int64_t>(group, 1024); f >= 32; f /= 2)
      if (*n % f == 0)
        return std::make_tuple(red, inner, f);
    return std::nullopt;
  }

  // cuda: the innermost output ranges become the grid; a long reduction is
  // shared by a block's threads (GROUP), else the innermost output range is
  // split into global x local threads.
  LogicalResult optimizeForCuda(FunctionOp fn, ArrayRef<RangeOp> outputs,
                                ArrayRef<RangeOp> reduces,
                                SmallVectorImpl<OptAttr> &applied) {
    if (local < 1)
      return fn.emitError("uop-optimize: local must be at least 1, got ")
             << static_cast<int64_t>(local);
    if (group < 0 || (group > 1 && group < 32) || group > 1024)
      return fn.emitError("uop-optimize: group must be 0 or 1 (off) or "
                          "32..1024 (whole warps, at most a block), got ")
             << static_cast<int64_t>(group);
    // A matmul of f16 / bf16 tiles runs on tensor cores: the kernel keeps
    // its loops for convert-uop-to-tirx, which tiles it.
    if (tensorCores) {
      FailureOr<MatmulMatch> mm = matchMatmul(fn);
      if (succeeded(mm) && mm->m % kTensorCoreTileM == 0 &&
          mm->n % kTensorCoreTileN == 0 && mm->kExtent % kTensorCoreTileK == 0) {
        note(applied, OptOps::TC, mm->k, kTensorCoreTileK);
        return success();
      }
    }
    makeGrid(outputs);
    if (auto cand = groupCandidate(reduces, outputs, fn)) {
      auto [red, inner, t] = *cand;
      applyGroup(red, inner, t, applied);
      return success();
    }
    // A long reduction with few outputs whose reads do not coalesce along
    // it (tinygrad's GROUPTOP rule): still a block per output, each thread
    // a contiguous run.
    if (auto cand = groupCandidate(reduces, outputs, fn, /*few=*/true)) {
      auto [red, inner, t] = *cand;
      applyGroup(red, inner, t, applied, /*top=*/true);
      return success();
    }
    if (outputs.empty())
      return success();
    RangeOp inner = outputs.back();
    // A matmul-shaped kernel (a reduction, two or more outputs): each thread
    // computes a register tile of up to 4 x 4 outputs (UPCAST), so every
    // value it loads feeds four multiply-adds instead of one; the tile's
    // outer parts stay the grid.
    if (!reduces.empty() && outputs.size() >= 2) {
      RangeOp next = outputs[outputs.size() - 2];
      int64_t fi = factorFor(inner, std::min<int64_t>(upcast, 4));
      int64_t fo = factorFor(next, std::min<int64_t>(upcastOuter, 4));
      if (fi > 1) {
        note(applied, OptOps::Upcast, inner, fi);
        inner = splitRange(inner, fi, inner.getAxisType(), AxisType::Upcast)
                    .first;
      }
      if (fo > 1) {
        note(applied, OptOps::Upcast, next, fo);
        splitRange(next, fo, next.getAxisType(), AxisType::Upcast);
      }
    }
    std::optional<int64_t> n = getConstantExtent(inner);
    // A range over a shape variable is split at its upper bound, gated.
    auto var = inner.getEnd().getDefiningOp<DefineVarOp>();
    int64_t limit = std::min<int64_t>(local, 1024);
    if (!n && var) {
      int64_t bound = var.getMaxVal();
      for (int64_t l = llvm::bit_floor(uint64_t(limit)); l > 1; l /= 2)
        if (bound % l == 0 && bound > l) {
          note(applied, OptOps::Local, inner, l);
          splitBoundedRange(inner, l, AxisType::Global, AxisType::Local);
          break;
        }
      return success();
    }
    int64_t l = factorFor(inner, llvm::bit_floor(uint64_t(limit)));
    if (l > 1) {
      note(applied, OptOps::Local, inner, l);
      splitRange(inner, l, AxisType::Global, AxisType::Local);
    }
    return success();
  }

  /// cuda: the innermost three output ranges are the grid; outer ones stay
  /// loops inside each thread.
  static void makeGrid(ArrayRef<RangeOp> outputs) {
    for (RangeOp r : llvm::drop_begin(outputs, outputs.size() > 3
                                                   ? outputs.size() - 3
                                                   : 0))
      r.setAxisType(AxisType::Global);
  }

  /// The `opts` option (KIND:axis:amount, tinygrad's names) as OptAttrs.
  LogicalResult parseOptsOption(FunctionOp fn, SmallVectorImpl<OptAttr> &out) {
    for (const std::string &text : opts) {
      SmallVector<StringRef, 3> parts;
      StringRef(text).split(parts, ':');
      std::optional<OptOps> kind =
          parts.size() == 3 ? symbolizeOptOps(parts[0]) : std::nullopt;
      int64_t axis, arg;
      if (!kind || parts[1].getAsInteger(10, axis) ||
          parts[2].getAsInteger(10, arg) || axis < 0 || arg < 0)
        return fn.emitError("uop-optimize: opts entry '")
               << text << "' is not KIND:axis:amount (e.g. UPCAST:1:4; "
                          "axis and amount non-negative)";
      out.push_back(OptAttr::get(fn.getContext(), *kind, axis, arg));
    }
    return success();
  }

  /// The RANGE of axis id `axis`, or null.
  static RangeOp rangeWithId(FunctionOp fn, int64_t axis) {
    RangeOp found;
    fn.walk([&](RangeOp r) {
      if (r.getAxisId().getId() == axis)
        found = r;
    });
    return found;
  }

  /// The one REDUCE that closes `r`, or null.
  static ReduceOp reduceOf(RangeOp r) {
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

  /// A pinned schedule: `pinned`, in order, instead of the heuristic. Each
  /// option is checked against the kernel as it is when it applies; one that
  /// does not fit is an error at the SINK, not skipped.
  LogicalResult applyPinned(FunctionOp fn, SinkOp sink,
                            ArrayRef<OptAttr> pinned,
                            ArrayRef<RangeOp> outputs,
                            SmallVectorImpl<OptAttr> &applied,
                            bool &noLocals) {
    bool cuda = target == "cuda";
    bool tc = llvm::any_of(pinned,
                           [](OptAttr o) { return o.getKind() == OptOps::TC; });
    if (tc && pinned.size() != 1)
      return sink.emitError("uop-optimize: TC is a whole schedule (the "
                            "tensor-core lowering tiles the kernel); it "
                            "cannot be combined with other options");
    if (cuda && !tc)
      makeGrid(outputs);
    for (OptAttr o : pinned) {
      auto fail = [&]() {
        return sink.emitError("uop-optimize: cannot apply ") << o << ": ";
      };
      OptOps kind = o.getKind();
      int64_t n = o.getArg();
      if (kind == OptOps::NoLocals) {
        noLocals = true;
        applied.push_back(o);
        continue;
      }
      RangeOp r = rangeWithId(fn, o.getAxis());
      if (!r)
        return fail() << "the kernel has no RANGE with axis id " << o.getAxis();
      if ((kind == OptOps::Upcast || kind == OptOps::Unroll ||
           kind == OptOps::Group || kind == OptOps::GroupTop) &&
          llvm::is_contained(registerRanges(fn), r))
        return fail() << "a hand-written register (DEFINE_REG) accumulator "
                         "depends on axis "
                      << o.getAxis()
                      << "; its lanes would share the register";
      if ((kind == OptOps::Local || kind == OptOps::Thread) &&
          llvm::is_contained(carriedRanges(fn), r))
        return fail() << "a hand-written register (DEFINE_REG) is carried "
                         "around axis "
                      << o.getAxis() << "; it stays a sequential loop";
      AxisType type = r.getAxisType();
      std::optional<int64_t> extent = getConstantExtent(r);
      // A split of `r` by `n`: n == 0 or the whole extent retypes the range.
      auto checkSplit = [&](int64_t limit) -> LogicalResult {
        if (!extent)
          return fail() << "axis " << o.getAxis()
                        << " has no constant extent";
        if (n == 0 || n == *extent)
          return success();
        if (n < 2 || n > limit || *extent % n)
          return fail() << "the amount must divide the extent " << *extent
                        << " and lie in 2.." << limit << " (0: the whole axis)";
        return success();
      };
      auto split = [&](AxisType outer, AxisType inner) {
        if (n == 0 || n == *extent)
          r.setAxisType(inner);
        else
          splitRange(r, n, outer, inner);
      };
      switch (kind) {
      case OptOps::Upcast:
        if (type == AxisType::Reduce) {
          if (!cuda && extent && n > 1 && *extent % n == 0 && *extent > n &&
              laneAccumulators(r, applied, n))
            continue;
          return fail() << "an UPCAST of a reduce range is lane accumulators "
                           "(cpu, a float add/max/min REDUCE over this range "
                           "alone, 4 or more lanes that divide the extent); "
                           "use UNROLL for other reductions";
        }
        if (type != AxisType::Loop && type != AxisType::Global)
          return fail() << "UPCAST applies to output (loop or global) ranges; "
                           "axis " << o.getAxis() << " is "
                        << stringifyAxisType(type);
        if (failed(checkSplit(256)))
          return failure();
        split(type, AxisType::Upcast);
        break;
      case OptOps::Unroll:
        if (type != AxisType::Reduce)
          return fail() << "UNROLL applies to reduce ranges; axis "
                        << o.getAxis() << " is " << stringifyAxisType(type);
        if (failed(checkSplit(256)))
          return failure();
        split(AxisType::Reduce, AxisType::Unroll);
        break;
      case OptOps::Local: {
        if (!cuda)
          return fail() << "LOCAL needs target=cuda";
        if (noLocals)
          return fail() << "the kernel has NOLOCALS";
        if (type != AxisType::Global)
          return fail() << "LOCAL applies to grid (global) ranges; axis "
                        << o.getAxis() << " is " << stringifyAxisType(type);
        auto var = r.getEnd().getDefiningOp<DefineVarOp>();
        if (!extent && var) {
          int64_t bound = var.getMaxVal();
          if (n < 2 || n > 1024 || bound % n || bound <= n)
            return fail() << "a LOCAL split of a range over a shape variable "
                             "needs an amount in 2..1024 that divides the "
                             "variable's upper bound " << bound;
          splitBoundedRange(r, n, AxisType::Global, AxisType::Local);
          break;
        }
        if (failed(checkSplit(1024)))
          return failure();
        split(AxisType::Global, AxisType::Local);
        break;
      }
      case OptOps::Group:
      case OptOps::GroupTop: {
        if (!cuda)
          return fail() << stringifyOptOps(kind) << " needs target=cuda";
        if (type != AxisType::Reduce)
          return fail() << "GROUP applies to reduce ranges; axis "
                        << o.getAxis() << " is " << stringifyAxisType(type);
        ReduceOp red = reduceOf(r);
        Type t = red ? red.getType() : Type();
        if (!red || !t.isIntOrFloat() || t.getIntOrFloatBitWidth() != 32 ||
            (red.getReduceOp() != ReduceOpKind::Add &&
             red.getReduceOp() != ReduceOpKind::Max &&
             red.getReduceOp() != ReduceOpKind::Min))
          return fail() << "GROUP needs one add, max or min REDUCE of 32-bit "
                           "data over the range";
        if (!extent || n < 32 || n > 1024 || n % 32 || *extent % n)
          return fail() << "the group must be whole warps (a multiple of 32 "
                           "up to 1024) that divide the range's constant "
                           "extent";
        applyGroup(red, r, n, applied, kind == OptOps::GroupTop);
        continue;
      }
      case OptOps::TC: {
        if (!cuda || !tensorCores)
          return fail() << "TC needs target=cuda and tensor-cores (a chip "
                           "with mma.sync)";
        FailureOr<MatmulMatch> mm = matchMatmul(fn);
        if (failed(mm))
          return fail() << "the kernel is not a matmul of f16 / bf16 tiles "
                           "(MatmulMatch.h)";
        if (mm->k != r || n != kTensorCoreTileK)
          return fail() << "TC names the reduction's axis ("
                        << mm->k.getAxisId().getId() << ") and the K tile "
                        << kTensorCoreTileK;
        if (mm->m % kTensorCoreTileM || mm->n % kTensorCoreTileN ||
            mm->kExtent % kTensorCoreTileK)
          return fail() << "the matmul is " << mm->m << "x" << mm->n << "x"
                        << mm->kExtent << "; TC needs M and N multiples of "
                        << kTensorCoreTileM << " and K of " << kTensorCoreTileK;
        break;
      }
      default:
        return fail() << "not available in a pinned schedule (UPCAST, UNROLL, "
                         "LOCAL, GROUP, GROUPTOP, TC and NOLOCALS are)";
      }
      applied.push_back(o);
    }
    return success();
  }
};
} // namespace
