//===- OptimizeBlock.cpp - K blocks, packs and prefetches of a tile ------===//
//
// BLOCK (with PACK and PREFETCH) of uop-optimize's cpu register tile
// (OptimizeBlock.h): the K blocks, the packed strips of B and blocks of A,
// the output rows prefetched per tile, and the overlapping last tiles that
// must not add a block twice.
//
//===----------------------------------------------------------------------===//

#include "OptimizeBlock.h"
#include "RangeUtils.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/Matchers.h"

#include <functional>

using namespace mlir;
using namespace uop;

/// A new RANGE of `end` steps (a constant, or the bound of a K tail block:
/// kTailBound) and type `type` at `b`'s insertion point, numbered after
/// every axis of `fn`.
RangeOp uop::newRange(OpBuilder &b, Location loc, FunctionOp fn, Value end,
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

RangeOp uop::newRange(OpBuilder &b, Location loc, FunctionOp fn, int64_t extent,
                      AxisType type) {
  return newRange(b, loc, fn, arith::ConstantIndexOp::create(b, loc, extent),
                  type);
}

/// `v` with the ranges `m` maps replaced (by constants): the ops between
/// them and `v` are cloned at `b` (and recorded in `m`), the rest is shared.
/// `memo`: whether a value reads one of the replaced ranges.
Value uop::cloneReplacing(OpBuilder &b, Value v, IRMapping &m,
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

namespace {
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
  Value target =
      after ? AfterOp::create(b, loc, reg, ValueRange{after}).getResult() : reg;
  SmallVector<Value> fill(layout.size());
  for (auto [n, pos] : llvm::enumerate(loopOrder)) {
    AxisType type = n + 1 == loopOrder.size() ? innerType : AxisType::Loop;
    RangeOp r = layout[pos];
    fill[pos] = (getConstantExtent(r) ? newRange(b, loc, fn, extents[pos], type)
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
  Value src =
      IndexOp::create(b, loc, idx.getType(), idx.getBuffer(), packIdx, Value());
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
std::optional<BlockForm> matchBlockForm(FunctionOp fn, RangeOp k, int64_t block,
                                        RangeOp innerOuter, RangeOp nextOuter) {
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
      red.getRanges().front() != k.getResult() || !(t.isF32() || t.isF64()) ||
      !red->hasOneUse())
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

/// The extents of kernel argument `buffer` (its uop.shape) when `rank`
/// indices address it; nullopt otherwise. One index needs none: {}.
std::optional<SmallVector<int64_t>> indexedShape(Value buffer, size_t rank) {
  if (rank == 1)
    return SmallVector<int64_t>();
  DenseI64ArrayAttr shape = argumentShape(buffer);
  if (!shape || shape.size() != static_cast<int64_t>(rank) ||
      llvm::any_of(shape.asArrayRef(), [](int64_t e) { return e < 0; }))
    return std::nullopt;
  return SmallVector<int64_t>(shape.asArrayRef());
}

/// `indices` as one row-major index over `shape` (indexedShape).
Value flatIndex(OpBuilder &b, Location loc, ValueRange indices,
                ArrayRef<int64_t> shape) {
  Value flat = indices.front();
  for (auto [i, v] : llvm::enumerate(indices.drop_front()))
    flat = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(
            b, loc, flat, arith::ConstantIndexOp::create(b, loc, shape[i + 1])),
        v);
  return flat;
}

/// The inner output's last tile, shifted back onto the tile before it
/// (upcastFor, extent `n`), where both run inside the K blocks (A packed):
/// the tile before has already added this block to their shared columns,
/// and the last tile would add it again. A tile's columns are one vector,
/// and uop-expand vectorizes a select only on a lane-invariant condition,
/// so no column can keep what it loaded by itself. Instead every tile
/// stores a second vector after `store` (its sums): the last tile the tile
/// before's columns as they were before its own store (loaded first),
/// which puts the shared ones back; every other tile its sums again, at the
/// same place. AFTERs of the output order the three accesses, and so that
/// uop-devectorize need not look through them, the output's accesses here
/// (and `prevIdx`, the read of the previous blocks' sums) take one
/// row-major index over `shape` (indexedShape). Returns the second STORE.
Value restoreSharedColumns(StoreOp store, IndexOp prevIdx, RangeOp innerOuter,
                           RangeOp innerLanes, int64_t n,
                           ArrayRef<int64_t> shape) {
  auto idx = store.getIndex().getDefiningOp<IndexOp>();
  Value out = idx.getBuffer();
  Type idxTy = idx.getType(), t = store.getValue().getType();
  int64_t f = *getConstantExtent(innerLanes);
  OpBuilder b(store);
  Location loc = store.getLoc();
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  // Tile o starts at min(o * f, n - f); shifted (the last tile), the tile
  // before it starts o * f - n columns further back.
  Value of = arith::MulIOp::create(b, loc, innerOuter.getResult(), cst(f));
  Value start = arith::MinSIOp::create(b, loc, of, cst(n - f));
  Value shifted =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, start, of);
  Value back = arith::SelectOp::create(
      b, loc, shifted, arith::SubIOp::create(b, loc, of, cst(n)), cst(0));
  IRMapping m;
  m.map(innerLanes.getResult(),
        arith::AddIOp::create(b, loc, innerLanes.getResult(), back));
  DenseMap<Value, bool> memo;
  SmallVector<Value> before;
  for (Value i : idx.getIndices())
    before.push_back(cloneReplacing(b, i, m, memo));
  Value own = shape.empty() ? idx.getIndices().front()
                            : flatIndex(b, loc, idx.getIndices(), shape);
  Value prior =
      shape.empty() ? before.front() : flatIndex(b, loc, before, shape);
  prevIdx.getIndicesMutable().assign(own);
  Value kept = LoadOp::create(
      b, loc, t, out,
      IndexOp::create(b, loc, idxTy, out, ValueRange{prior}, Value()), Value());
  Value afterLoad = AfterOp::create(b, loc, out, ValueRange{kept});
  store.getIndexMutable().assign(
      IndexOp::create(b, loc, idxTy, afterLoad, ValueRange{own}, Value()));
  if (idx->use_empty())
    idx->erase();
  b.setInsertionPointAfter(store);
  Value afterStore =
      AfterOp::create(b, loc, out, ValueRange{store.getResult()});
  Value again =
      arith::SelectOp::create(b, loc, shifted, kept, store.getValue());
  Value second = StoreOp::create(
      b, loc,
      IndexOp::create(b, loc, idxTy, afterStore, ValueRange{prior}, Value()),
      again, ValueRange{});
  // `prevIdx` came before the flat index it now reads.
  sortTopologically(store->getBlock());
  return second;
}

/// With `packRows`, the next output's tiles (`nextOuter`, of `nextLanes`
/// rows each) are split into blocks of that many rows of A (blocks x tiles
/// in a block), the A block outside the K blocks' loop over B's strips, so
/// that a packed A block (packRows x `block` elements, 512 KiB by default: a
/// quarter of a 2 MiB L2) serves every strip of B. Fewer rows, down to
/// half as many, where the tile rows do not make two such blocks (the A
/// blocks are what the kernel's threads share out): the most tiles that
/// divide them (2039 rows, 510 tiles of 4: 6 blocks of 85); not fewer, as
/// every A block packs each strip of B again. Returns (A blocks, tiles of a
/// block), or (null, nextOuter).
std::pair<RangeOp, RangeOp> splitABlocks(RangeOp nextOuter, RangeOp nextLanes,
                                         int64_t packRows) {
  std::optional<int64_t> m = getConstantExtent(nextOuter);
  int64_t rowsPerTile = nextLanes ? *getConstantExtent(nextLanes) : 1;
  if (!nextLanes || !m || packRows % rowsPerTile)
    return {RangeOp(), nextOuter};
  int64_t most = packRows / rowsPerTile;
  for (int64_t tiles = most; tiles >= 2 && tiles * 2 >= most; --tiles)
    if (*m % tiles == 0 && *m >= 2 * tiles)
      return splitRange(nextOuter, tiles, AxisType::Loop, AxisType::Loop);
  return {RangeOp(), nextOuter};
}

} // namespace

/// K blocking of a register-tiled kernel (see the pass description): the
/// kernel's only REDUCE, an add over the single range `k`, whose result is
/// stored straight into a kernel argument nothing else in the kernel reads or
/// writes, by the kernel's only END. `inner` is the tile's innermost output
/// range before its upcast split (`innerOuter` its loop part, or `inner`
/// itself when it was not split), `nextOuter` the same of the next output
/// range. Tiles that overlap their neighbour (upcastFor, the extent n
/// split in `nextOverlapExtent` / `innerOverlapExtent`): the next output's
/// run inside the K blocks, so the rows of the last tile that the tile
/// before it covers store back what they load; the inner output's run
/// inside them too where A is packed (restoreSharedColumns), else outside,
/// each finishing its sums before the next one starts. Returns the new
/// (K blocks, steps) ranges, or nulls when the kernel is not of that form.
std::pair<RangeOp, RangeOp>
uop::blockReduction(FunctionOp fn, RangeOp k, int64_t block, RangeOp innerOuter,
                    RangeOp innerLanes, RangeOp nextOuter, RangeOp nextLanes,
                    bool pack, int64_t packRows, bool prefetch,
                    int64_t innerOverlapExtent, int64_t nextOverlapExtent) {
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
  Value prevIdx =
      IndexOp::create(b, loc, idx.getType(), out, idx.getIndices(), Value());
  Value loaded = LoadOp::create(b, loc, t, out, prevIdx, Value());
  Value zeroF = arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 0.0));
  Value prev = arith::SelectOp::create(b, loc, notFirst, loaded, zeroF);
  Value sum = arith::AddFOp::create(b, loc, red.getResult(), prev);
  if (nextOverlapExtent && nextLanes) {
    // Row `min(o * f, n - f) + lane` of tile o is the tile before's when
    // it is below o * f: it keeps that tile's sum for this block.
    int64_t f = *getConstantExtent(nextLanes);
    Value of = arith::MulIOp::create(b, loc, nextOuter.getResult(),
                                     arith::ConstantIndexOp::create(b, loc, f));
    Value start = arith::MinSIOp::create(
        b, loc, of,
        arith::ConstantIndexOp::create(b, loc, nextOverlapExtent - f));
    Value row = arith::AddIOp::create(b, loc, start, nextLanes.getResult());
    Value shared =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, row, of);
    sum = arith::SelectOp::create(b, loc, shared, loaded, sum);
  }
  store.getValueMutable().assign(sum);
  // Overlapping columns go inside the K blocks (A blocked) only where
  // restoreSharedColumns can index the output.
  std::optional<SmallVector<int64_t>> shape =
      indexedShape(out, idx.getIndices().size());
  auto [aBlock, aTiles] =
      pack && innerLanes && (!innerOverlapExtent || shape)
          ? splitABlocks(nextOuter, nextLanes, packRows)
          : std::pair<RangeOp, RangeOp>{RangeOp(), nextOuter};
  if (aBlock && innerOverlapExtent)
    end.getComputationMutable().assign(restoreSharedColumns(
        store, prevIdx.getDefiningOp<IndexOp>(), innerOuter, innerLanes,
        innerOverlapExtent, *shape));
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
    // A: [tile][step][row], filled in that order: rows read side by side
    // (along one row at a time, each line of A was a miss waited on alone:
    // 10% of a 1024^3 matmul, stop 60). B's strips, filled in the loop over
    // them, come after it: inside the A block's loop, which they do not
    // read; without A's fill (no single load of A) B is read in place.
    Value packedA;
    if (aBlock)
      packedA =
          packOperand(fn, {aTiles, ks, nextLanes}, {0, 1, 2}, AxisType::Loop,
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
