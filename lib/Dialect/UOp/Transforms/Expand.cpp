//===- Expand.cpp - UNROLL / CONTRACT of upcast and unroll RANGEs ---------===//
//
// A RANGE of type upcast or unroll with constant extent K is an UNROLL over K
// lanes. Every op that reads it (transitively) is replicated per lane with the
// range replaced by the lane number; at the op that closes the range the lanes
// meet: a REDUCE CONTRACTs them with its operator, an END GROUPs the lane
// stores. Ops that do not read the range stay shared.
//
//===----------------------------------------------------------------------===//

#include "RangeUtils.h"
#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Dialect/UOp/Transforms/Patterns.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace uop {
#define GEN_PASS_DEF_UOPEXPAND
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

/// The ops that read `r` (transitively), up to the ops that close it and the
/// terminator.
static llvm::SetVector<Operation *> readersOf(RangeOp r) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work = {r.getResult()};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      auto closed = getClosedRangesMutable(user);
      bool closes =
          closed &&
          llvm::is_contained(static_cast<OperandRange>(*closed), r.getResult());
      // A terminator (the SINK) is never replicated: reading a lane there
      // is an escape, reported below.
      if (closes || user->hasTrait<OpTrait::IsTerminator>() ||
          !slice.insert(user))
        continue;
      llvm::append_range(work, user->getResults());
    }
  }
  return slice;
}

/// At `closer`, which closes `r`: copies per lane the part of the slice it
/// reads (`ordered` is the slice in block order) and meets the lanes (REDUCE
/// contracts them, END groups them).
static LogicalResult mergeLanesAt(Operation *closer, RangeOp r, int64_t k,
                                  const llvm::SetVector<Operation *> &slice,
                                  ArrayRef<Operation *> ordered) {
  OpBuilder b(closer);
  Location loc = closer->getLoc();
  // The part of the slice this closer reads.
  llvm::SmallDenseSet<Operation *> cone;
  SmallVector<Value> stack(closer->getOperands());
  while (!stack.empty()) {
    Operation *def = stack.pop_back_val().getDefiningOp();
    if (!def || !slice.contains(def) || !cone.insert(def).second)
      continue;
    llvm::append_range(stack, def->getOperands());
  }
  // Lane copies of the ops the closer reads.
  SmallVector<IRMapping> lanes(k);
  for (int64_t lane = 0; lane < k; ++lane) {
    lanes[lane].map(r.getResult(),
                    arith::ConstantIndexOp::create(b, loc, lane).getResult());
    for (Operation *op : ordered)
      if (cone.contains(op))
        b.clone(*op, lanes[lane]);
  }
  auto closed = *getClosedRangesMutable(closer);
  SmallVector<Value> remaining;
  for (Value v : static_cast<OperandRange>(closed))
    if (v != r.getResult())
      remaining.push_back(v);
  if (auto red = dyn_cast<ReduceOp>(closer)) {
    Value acc = lanes[0].lookupOrDefault(red.getSrc());
    for (int64_t lane = 1; lane < k; ++lane) {
      FailureOr<Value> c =
          combineReduce(b, loc, red.getReduceOp(), acc,
                        lanes[lane].lookupOrDefault(red.getSrc()));
      if (failed(c))
        return red.emitError("uop-expand: cannot contract this type");
      acc = *c;
    }
    if (remaining.empty()) {
      red.getResult().replaceAllUsesWith(acc);
      red->erase();
    } else {
      red.getSrcMutable().assign(acc);
      red.getRangesMutable().assign(remaining);
    }
  } else if (auto end = dyn_cast<EndOp>(closer)) {
    SmallVector<Value> parts;
    for (int64_t lane = 0; lane < k; ++lane)
      parts.push_back(lanes[lane].lookupOrDefault(end.getComputation()));
    Value group = GroupOp::create(b, loc, VoidType::get(b.getContext()), parts);
    if (remaining.empty()) {
      end.getResult().replaceAllUsesWith(group);
      end->erase();
    } else {
      end.getComputationMutable().assign(group);
      end.getRangesMutable().assign(remaining);
    }
  } else {
    return closer->emitError("uop-expand: cannot expand a range closed by "
                             "this op");
  }
  return success();
}

/// The element types whose lanes the vector form computes on: the C
/// translation's vector types (GCC/Clang vector extensions) hold f32 / f64.
static bool isVectorElement(Type t) { return t.isF32() || t.isF64(); }

/// An elementwise ALU op (uop/Support/ALUOps.def) from f32/f64 operands to
/// one f32/f64 result (what a vector of those lanes computes the same way).
static bool isElementwiseFloat(Operation *op) {
  return isALUOp(op) && op->hasTrait<OpTrait::Elementwise>() &&
         op->getNumResults() == 1 && op->getNumRegions() == 0 &&
         op->getNumOperands() > 0 &&
         !isa<arith::SelectOp>(op) &&
         isVectorElement(op->getResult(0).getType()) &&
         llvm::all_of(op->getOperandTypes(), isVectorElement);
}

/// A lane-mask op: a cmpf of f32 lanes, or and / or / xor of i1 lanes. Its
/// vector form is a mask (uop::isCMaskType) that only other mask ops and
/// the condition of a select of f32 lanes read (sigmoid's `x >= 0 ? ...`).
static bool isMaskOp(Operation *op) {
  if (auto c = dyn_cast<arith::CmpFOp>(op))
    return c.getLhs().getType().isF32() &&
           c.getPredicate() != arith::CmpFPredicate::AlwaysFalse &&
           c.getPredicate() != arith::CmpFPredicate::AlwaysTrue;
  return isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) &&
         op->getResult(0).getType().isInteger(1);
}

/// The vector.reduction kind that combines the lanes of a float REDUCE's
/// vector as its lane-order chain does (((l0 op l1) op l2) ...: uop-to-c and
/// uop-devectorize write it that way); none for the other kinds.
static std::optional<vector::CombiningKind> laneOrderKind(ReduceOpKind kind,
                                                          Type elem) {
  if (!isa<FloatType>(elem))
    return std::nullopt;
  switch (getReductionKind(kind, elem)) {
  case arith::AtomicRMWKind::addf:
    return vector::CombiningKind::ADD;
  case arith::AtomicRMWKind::mulf:
    return vector::CombiningKind::MUL;
  case arith::AtomicRMWKind::maximumf:
    return vector::CombiningKind::MAXIMUMF;
  case arith::AtomicRMWKind::minimumf:
    return vector::CombiningKind::MINIMUMF;
  default:
    return std::nullopt;
  }
}

namespace {
/// Computes the ops reading `r` on vector<K x T> values instead of K scalar
/// copies, when they can: `r` offsets only the innermost index of INDEXes
/// (through index adds of lane-invariant values), so each INDEX addresses K
/// consecutive elements; what is loaded through them flows through
/// elementwise f32/f64 arith/math ops and selects on a lane-invariant
/// condition (lane-invariant operands broadcast) into REDUCEs over other
/// ranges and STOREs. An address that is not consecutive in `r` (a gated
/// INDEX, or one whose indices reach `r` through other integer ops: a
/// division, a remainder) is computed per lane: a LOAD through it gathers K
/// scalar loads into a vector, a STORE through it scatters the K lanes of its
/// value. (uop-optimize's PITCH leaves such addresses outside a reduction:
/// its gated output stores and epilogue reads.) Any other slice (a REDUCE
/// over `r` itself, a lane used as a value, a stride other than 1, another
/// op) is left unchanged, to be expanded into lanes.
class RangeVectorizer {
public:
  RangeVectorizer(RangeOp r, int64_t k,
                  const llvm::SetVector<Operation *> &slice,
                  ArrayRef<Operation *> ordered, ArrayRef<Operation *> closers)
      : r(r), k(k), slice(slice), ordered(ordered), closers(closers) {}

  /// Whether the slice was vectorized (false: nothing changed).
  bool run() {
    if (!canVectorize())
      return false;
    rewrite();
    return true;
  }

private:
  /// Classifies every op of the slice (lane offsets, vectors) before any
  /// rewriting, so that a slice that cannot be vectorized stays untouched.
  bool canVectorize() {
    if (k < 2 || !llvm::isPowerOf2_64(k) ||
        !llvm::all_of(
            closers, [](Operation *c) { return isa<EndOp, ReduceOp>(c); }))
      return false;
    for (Operation *op : ordered)
      if (!classify(op))
        return false;
    // Per-lane addresses pay for themselves around a vectorized reduction
    // that gathers nothing (PITCH's stores and epilogue reads), and inside
    // another reduction beside it (a downsample block's 1x1 shortcut, rows
    // of 7, fused with its 3x3 convolution at the padded pitch of 9: 256
    // gathered steps beside 4608 vector ones), never as the only reduction
    // (a gathered operand of its every step); elsewhere the lanes stay
    // scalar, as before.
    if (!perLane.empty() && !llvm::any_of(ordered, [&](Operation *op) {
          return isa<ReduceOp>(op) && vectors.contains(op->getResult(0)) &&
                 !readsGather(op);
        }))
      return false;
    // A per-lane value only addresses gathered loads and scattered stores.
    for (Value v : perLane)
      for (OpOperand &use : v.getUses()) {
        Operation *u = use.getOwner();
        bool address = (gathers.contains(u) || scatters.contains(u)) &&
                       use.getOperandNumber() == (isa<StoreOp>(u) ? 0 : 1);
        if (!address && !(u->getNumResults() == 1 &&
                          perLane.contains(u->getResult(0))))
          return false;
      }
    // A REDUCE over r combines the lanes of its (vector) source in order.
    for (Operation *c : closers)
      if (auto red = dyn_cast<ReduceOp>(c);
          red && (!vectors.contains(red.getSrc()) ||
                  !isVectorElement(red.getSrc().getType())))
        return false;
    return true;
  }

  /// K lanes of `t` must make a vector the C has a type for.
  bool fits(Type t) const { return isCVectorType(vecOf(t)); }
  VectorType vecOf(Type t) const { return VectorType::get({k}, t); }

  bool invariant(Value v) const {
    return !laneOffsets.contains(v) && !vectors.contains(v) &&
           !(v.getDefiningOp() && slice.contains(v.getDefiningOp()));
  }

  /// Records what `op` computes (a lane offset, a vector, or neither);
  /// false for an op the vector form cannot compute.
  bool classify(Operation *op) {
    if (auto add = dyn_cast<arith::AddIOp>(op);
        add && classifyLaneOffset(add))
      return true;
    if (auto idx = dyn_cast<IndexOp>(op); idx && classifyIndex(idx))
      return true;
    if (!isa<LoadOp, StoreOp>(op) &&
        (isa<arith::AddIOp, IndexOp>(op) || readsLanes(op)))
      return classifyPerLane(op);
    if (auto load = dyn_cast<LoadOp>(op)) {
      bool gather = perLane.contains(load.getIndex());
      if (gather ? !fits(load.getType()) || (load.getAlt() &&
                                             !invariant(load.getAlt()))
                 : load.getAlt() || !vectors.contains(load.getIndex()))
        return false;
      if (gather)
        gathers.insert(load);
      else if (readsLanes(op))
        return false;
      vectors.insert(load.getResult());
    } else if (auto store = dyn_cast<StoreOp>(op)) {
      bool scatter = perLane.contains(store.getIndex());
      if ((!scatter && !vectors.contains(store.getIndex())) ||
          !isVectorElement(getElementTypeOrSelf(store.getValue().getType())) ||
          !store.getRanges().empty())
        return false;
      if (scatter)
        scatters.insert(store);
      if (laneOffsets.contains(store.getValue()) ||
          perLane.contains(store.getValue()))
        return false;
    } else if (auto red = dyn_cast<ReduceOp>(op)) {
      if (llvm::is_contained(red.getRanges(), r.getResult()) ||
          !vectors.contains(red.getSrc()) ||
          !isVectorElement(getElementTypeOrSelf(red.getSrc().getType())))
        return false;
      vectors.insert(red.getResult());
    } else if (auto sel = dyn_cast<arith::SelectOp>(op)) {
      // A condition per lane: a mask (only masks are i1 vectors here).
      bool mask = vectors.contains(sel.getCondition()) &&
                  sel.getType().isF32();
      if (!fits(sel.getType()) || !(mask || invariant(sel.getCondition())))
        return false;
      vectors.insert(sel.getResult());
    } else if (isMaskOp(op)) {
      // Every operand a lane vector (a mask's lanes) or, for a cmpf, an
      // invariant float (broadcast).
      bool cmp = isa<arith::CmpFOp>(op);
      if (!isCMaskType(vecOf(op->getResult(0).getType())) ||
          (cmp && !fits(op->getOperand(0).getType())) ||
          !llvm::all_of(op->getOperands(), [&](Value v) {
            return vectors.contains(v) || (cmp && invariant(v));
          }))
        return false;
      vectors.insert(op->getResult(0));
    } else if (isElementwiseFloat(op) && fits(op->getResult(0).getType())) {
      vectors.insert(op->getResult(0));
    } else if (!isa<EndOp, AfterOp, GroupOp>(op)) {
      // (Orderings stay: the same op once, on the vector store.)
      return false;
    }
    return true;
  }

  /// Whether `op` computes from a gathered LOAD (through any ops).
  bool readsGather(Operation *op) const {
    SmallVector<Operation *> work = {op};
    llvm::SmallPtrSet<Operation *, 16> seen;
    while (!work.empty()) {
      Operation *o = work.pop_back_val();
      if (!o || !seen.insert(o).second)
        continue;
      if (gathers.contains(o))
        return true;
      for (Value v : o->getOperands())
        if (Operation *def = v.getDefiningOp(); def && slice.contains(def))
          work.push_back(def);
    }
    return false;
  }

  /// Whether `op` reads a lane offset or a per-lane value.
  bool readsLanes(Operation *op) const {
    return llvm::any_of(op->getOperands(), [&](Value v) {
      return laneOffsets.contains(v) || perLane.contains(v);
    });
  }

  /// Per-lane values: integer arithmetic (or an INDEX) of lanes that no
  /// vector reaches, computed once per lane where an address needs it.
  bool classifyPerLane(Operation *op) {
    bool integerOp = isALUOp(op) && op->getNumResults() == 1 &&
                     op->getNumRegions() == 0 &&
                     op->getResult(0).getType().isIntOrIndex();
    if ((!integerOp && !isa<IndexOp>(op)) ||
        llvm::any_of(op->getOperands(),
                     [&](Value v) { return vectors.contains(v); }) ||
        (isa<IndexOp>(op) && !fits(op->getResult(0).getType())))
      return false;
    perLane.insert(op->getResult(0));
    return true;
  }

  /// Lane offsets: r + invariant.
  bool classifyLaneOffset(arith::AddIOp add) {
    bool l = laneOffsets.contains(add.getLhs()),
         rr = laneOffsets.contains(add.getRhs());
    if (!add.getType().isIndex() || l == rr ||
        !invariant(l ? add.getRhs() : add.getLhs()))
      return false;
    laneOffsets.insert(add.getResult());
    return true;
  }

  /// Vectors: what INDEXes of lane offsets (in the innermost index only)
  /// give.
  bool classifyIndex(IndexOp idx) {
    if (idx.getGate() || idx.getIndices().empty() || !fits(idx.getType()) ||
        laneOffsets.contains(idx.getBuffer()) ||
        vectors.contains(idx.getBuffer()) ||
        !laneOffsets.contains(idx.getIndices().back()) ||
        !llvm::all_of(idx.getIndices().drop_back(),
                      [&](Value v) { return invariant(v); }))
      return false;
    // Read and written through LOAD / STORE only (an INDEX read as a
    // value is a scalar lvalue in the C, not a vector's address).
    if (!llvm::all_of(idx->getUses(), isAccessThroughIndex))
      return false;
    vectors.insert(idx.getResult());
    return true;
  }

  /// Rewrite in place: lane offsets become the first lane's (r = 0), vector
  /// values take their vector type, invariant operands of vector ops are
  /// broadcast, and the ENDs over r no longer list it.
  void rewrite() {
    OpBuilder b(r);
    Value zero = arith::ConstantIndexOp::create(b, r.getLoc(), 0);
    retype(b);
    // Per-lane ops, collected before splitLanes erases the gathers and
    // scatters that `ordered` also lists.
    SmallVector<Operation *> perLaneOps;
    for (Operation *op : ordered)
      if (op->getNumResults() == 1 && perLane.contains(op->getResult(0)))
        perLaneOps.push_back(op);
    for (Operation *op : ordered)
      if (gathers.contains(op) || scatters.contains(op))
        splitLanes(b, op);
    for (Operation *op : llvm::reverse(perLaneOps))
      if (op->use_empty())
        op->erase();
    for (Operation *c : closers)
      rewriteCloser(b, c);
    r.getResult().replaceAllUsesWith(zero);
  }

  /// The ops computing `address` from the lanes.
  llvm::SmallDenseSet<Operation *> addressCone(Value address) {
    llvm::SmallDenseSet<Operation *> cone;
    SmallVector<Value> stack = {address};
    while (!stack.empty()) {
      Operation *def = stack.pop_back_val().getDefiningOp();
      if (!def || def->getNumResults() != 1 ||
          !(perLane.contains(def->getResult(0)) ||
            laneOffsets.contains(def->getResult(0))) ||
          !cone.insert(def).second)
        continue;
      llvm::append_range(stack, def->getOperands());
    }
    return cone;
  }

  /// A scattered STORE becomes a loop over the lanes (one new RANGE shared
  /// by every scatter) that stores lane `l` of its value at its address
  /// computed with r = l: one store in the C rather than K (K copies of a
  /// 32-lane x 8-channel tile's gated stores were most of clang's time on
  /// a convolution kernel). The loop is typed reduce although it reduces
  /// nothing: uop-devectorize then runs a reduction that feeds it once
  /// before it (a reduce range its source does not read), not per lane.
  void scatterLoop(OpBuilder &b, StoreOp store) {
    if (succeeded(segmentStore(b, store)))
      return;
    llvm::SmallDenseSet<Operation *> cone = addressCone(store.getIndex());
    b.setInsertionPoint(store);
    Location loc = store.getLoc();
    if (!laneLoop) {
      laneLoop = newLoop(b, loc, k);
      loopMap.map(r.getResult(), laneLoop.getResult());
    }
    for (Operation *o : ordered)
      if (cone.contains(o) && !loopMap.contains(o->getResult(0)))
        b.clone(*o, loopMap);
    Value v = store.getValue();
    if (isa<VectorType>(v.getType()))
      v = vector::ExtractOp::create(b, loc, v,
                                    OpFoldResult(laneLoop.getResult()));
    auto one =
        StoreOp::create(b, loc, loopMap.lookupOrDefault(store.getIndex()), v,
                        ValueRange{}, store.getNontemporal());
    auto end = EndOp::create(b, loc, VoidType::get(b.getContext()), one,
                             ValueRange{laneLoop});
    store.getResult().replaceAllUsesWith(end.getResult());
    store->erase();
  }

  /// A new RANGE of `extent` steps, typed reduce (see scatterLoop), with
  /// the kernel's next axis id.
  RangeOp newLoop(OpBuilder &b, Location loc, int64_t extent) {
    int64_t next = 0;
    r->getParentOp()->walk([&](RangeOp o) {
      next = std::max(next, o.getAxisId().getId() + 1);
    });
    MLIRContext *ctx = r.getContext();
    return RangeOp::create(
        b, loc, r.getType(), arith::ConstantIndexOp::create(b, loc, extent),
        AxisIdAttr::get(ctx, next, r.getAxisId().getRenumbered()),
        AxisTypeAttr::get(ctx, AxisType::Reduce), ValueRange{});
  }

  /// PITCH's output store: lane l at [..., q / P, q % P] gated on
  /// q % P < W (q = q0 + l, the other indices lane-invariant, W <= P).
  /// Its K lanes reach at most (K - 1) / P + 2 rows, and the lanes of one
  /// row are consecutive elements: a loop over the rows stores each one's
  /// lanes, [row * P - q0, row * P - q0 + W) clamped to the vector, with one
  /// STORE_LANES at [..., row, q0 - row * P] (lane 0's column, negative
  /// past the first row). One masked vector store a row in the C, where the
  /// lane loop stored and tested each lane (5-11% of a PITCH kernel).
  LogicalResult segmentStore(OpBuilder &b, StoreOp store) {
    auto idx = store.getIndex().getDefiningOp<IndexOp>();
    size_t n = idx ? idx.getIndices().size() : 0;
    if (n < 2 || !idx.getGate() ||
        !isa<VectorType>(store.getValue().getType()) ||
        store.getNontemporal())
      return failure();
    auto gate = idx.getGate().getDefiningOp<arith::CmpIOp>();
    auto rem = idx.getIndices()[n - 1].getDefiningOp<arith::RemUIOp>();
    auto div = idx.getIndices()[n - 2].getDefiningOp<arith::DivUIOp>();
    APInt pitch, width, pitch2;
    if (!gate || !rem || !div ||
        gate.getPredicate() != arith::CmpIPredicate::ult ||
        gate.getLhs() != rem.getResult() ||
        !matchPattern(gate.getRhs(), m_ConstantInt(&width)) ||
        rem.getLhs() != div.getLhs() || !laneOffsets.contains(rem.getLhs()) ||
        !matchPattern(rem.getRhs(), m_ConstantInt(&pitch)) ||
        !matchPattern(div.getRhs(), m_ConstantInt(&pitch2)) ||
        pitch != pitch2 || pitch.getSExtValue() < 1 ||
        width.getSExtValue() > pitch.getSExtValue() ||
        !llvm::all_of(idx.getIndices().drop_back(2),
                      [&](Value v) { return invariant(v); }))
      return failure();
    int64_t p = pitch.getSExtValue(), w = width.getSExtValue();
    Value q = rem.getLhs(); // Lane 0's once r is 0 (rewrite).
    b.setInsertionPoint(store);
    Location loc = store.getLoc();
    auto cst = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    RangeOp seg = newLoop(b, loc, (k - 1) / p + 2);
    Value row = arith::AddIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, q, cst(p)), seg.getResult());
    Value rowStart = arith::MulIOp::create(b, loc, row, cst(p));
    Value start = arith::SubIOp::create(b, loc, rowStart, q);
    Value lo = arith::MaxSIOp::create(b, loc, start, cst(0));
    Value hi = arith::MinSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, start, cst(w)), cst(k));
    SmallVector<Value> indices(idx.getIndices().drop_back(2));
    indices.push_back(row);
    indices.push_back(arith::SubIOp::create(b, loc, q, rowStart));
    auto at = IndexOp::create(b, loc, store.getValue().getType(),
                              idx.getBuffer(), indices, Value());
    auto lanes = StoreLanesOp::create(b, loc, VoidType::get(b.getContext()),
                                      at, store.getValue(), lo, hi);
    auto end = EndOp::create(b, loc, VoidType::get(b.getContext()), lanes,
                             ValueRange{seg});
    store.getResult().replaceAllUsesWith(end.getResult());
    store->erase();
    return success();
  }

  /// A gathered LOAD (its result already a vector) becomes K loads whose
  /// lanes make the vector, each at its own copy of the address (r = lane);
  /// a scattered STORE, scatterLoop.
  void splitLanes(OpBuilder &b, Operation *op) {
    if (auto store = dyn_cast<StoreOp>(op))
      return scatterLoop(b, store);
    Value address = op->getOperand(1);
    llvm::SmallDenseSet<Operation *> cone = addressCone(address);
    b.setInsertionPoint(op);
    Location loc = op->getLoc();
    SmallVector<Value> parts;
    laneMaps.resize(k);
    for (int64_t lane = 0; lane < k; ++lane) {
      // One copy per lane of each address op, shared by every gather and
      // scatter (a tile's channels store through the same lane rows); the
      // first copy precedes every later user in the block.
      IRMapping &map = laneMaps[lane];
      if (!map.contains(r.getResult()))
        map.map(r.getResult(), arith::ConstantIndexOp::create(b, loc, lane));
      for (Operation *o : ordered)
        if (cone.contains(o) && !map.contains(o->getResult(0)))
          b.clone(*o, map);
      Value at = map.lookupOrDefault(address);
      auto load = cast<LoadOp>(op);
      parts.push_back(LoadOp::create(b, loc, at.getType(), load.getBuffer(),
                                     at, load.getAlt()));
    }
    Value whole = vector::FromElementsOp::create(
        b, loc, cast<VectorType>(op->getResult(0).getType()), parts);
    op->getResult(0).replaceAllUsesWith(whole);
    op->erase();
  }

  void retype(OpBuilder &b) {
    // Which ops compute on vectors, decided before any type changes.
    llvm::SmallPtrSet<Operation *, 32> vectorOps;
    for (Operation *op : ordered)
      if ((isa<LoadOp, StoreOp, ReduceOp, arith::SelectOp>(op) ||
           isElementwiseFloat(op) || isMaskOp(op)) &&
          !gathers.contains(op))
        vectorOps.insert(op);
    for (Operation *op : ordered) {
      if (vectorOps.contains(op)) {
        b.setInsertionPoint(op);
        for (OpOperand &o : op->getOpOperands()) {
          Value v = o.get();
          if (vectors.contains(v) || !isVectorElement(v.getType()))
            continue;
          if (isa<StoreOp>(op) && o.getOperandNumber() != 1)
            continue;
          o.set(vector::BroadcastOp::create(b, op->getLoc(), vecOf(v.getType()),
                                            v));
        }
      }
      for (Value res : op->getResults())
        if (vectors.contains(res))
          res.setType(vecOf(res.getType()));
    }
  }

  void rewriteCloser(OpBuilder &b, Operation *c) {
    SmallVector<Value> remaining;
    for (Value v : static_cast<OperandRange>(*getClosedRangesMutable(c)))
      if (v != r.getResult())
        remaining.push_back(v);
    if (auto red = dyn_cast<ReduceOp>(c)) {
      // The other ranges accumulate per lane; then the lanes meet in lane
      // order, as the scalar expansion contracts them.
      b.setInsertionPoint(red);
      Location loc = red.getLoc();
      Value v = red.getSrc();
      if (!remaining.empty())
        v = ReduceOp::create(b, loc, v.getType(), v, remaining,
                             red.getReduceOpAttr());
      Value acc;
      if (std::optional<vector::CombiningKind> kind =
              laneOrderKind(red.getReduceOp(), getElementTypeOrSelf(v))) {
        // One op, which uop-to-c writes as the same chain: a row sum's four
        // rows of 16 lanes were 64 extracts and 60 adds, half of its kernel.
        acc = vector::ReductionOp::create(b, loc, *kind, v);
      } else {
        acc = vector::ExtractOp::create(b, loc, v, 0);
        for (int64_t lane = 1; lane < k; ++lane)
          acc = *combineReduce(b, loc, red.getReduceOp(), acc,
                               vector::ExtractOp::create(b, loc, v, lane));
      }
      red.getResult().replaceAllUsesWith(acc);
      red->erase();
      return;
    }
    auto end = cast<EndOp>(c);
    if (remaining.empty()) {
      // An END over r alone: its stores run once now.
      end.getResult().replaceAllUsesWith(end.getComputation());
      end->erase();
    } else {
      end.getRangesMutable().assign(remaining);
    }
  }

  RangeOp r;
  int64_t k;
  const llvm::SetVector<Operation *> &slice;
  ArrayRef<Operation *> ordered, closers;
  /// Lane offsets (r + invariant) and vector values.
  llvm::SmallDenseSet<Value> laneOffsets = {r.getResult()};
  llvm::SmallDenseSet<Value> vectors;
  /// Integer values and INDEXes computed per lane, and the LOADs / STOREs
  /// through such INDEXes.
  llvm::SetVector<Value> perLane;
  llvm::SmallDenseSet<Operation *> gathers, scatters;
  /// splitLanes's per-lane copies of the address ops; scatterLoop's loop
  /// over the lanes and its copies of them.
  SmallVector<IRMapping> laneMaps;
  RangeOp laneLoop;
  IRMapping loopMap;
};
} // namespace

static LogicalResult expandRange(RangeOp r, bool vectorize) {
  int64_t k = *getConstantExtent(r);
  // The ops that read r, in block order.
  llvm::SetVector<Operation *> slice = readersOf(r);
  // An op that uses `r` twice (END(r, [r]): an empty loop) is listed once.
  llvm::SetVector<Operation *> closers;
  for (Operation *user : r->getUsers())
    if (auto closed = getClosedRangesMutable(user);
        closed &&
        llvm::is_contained(static_cast<OperandRange>(*closed), r.getResult()))
      closers.insert(user);
  for (Operation *op : slice)
    if (llvm::any_of(op->getUsers(), [&](Operation *u) {
          return !slice.contains(u) && !llvm::is_contained(closers, u);
        }))
      return op->emitError("uop-expand: a value that depends on ")
             << (r.getAxisType() == AxisType::Upcast ? "upcast" : "unroll")
             << " range " << r.getAxisId().getId()
             << " escapes the op that closes the range";
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });

  if (vectorize && r.getAxisType() == AxisType::Upcast &&
      RangeVectorizer(r, k, slice, ordered, closers.getArrayRef()).run()) {
    r->erase();
    return success();
  }
  for (Operation *closer : closers)
    if (failed(mergeLanesAt(closer, r, k, slice, ordered)))
      return failure();
  for (Operation *op : llvm::reverse(ordered)) {
    if (!op->use_empty())
      return op->emitError("uop-expand: op still used after expansion");
    op->erase();
  }
  if (!r->use_empty())
    return r.emitError("uop-expand: range still used after expansion");
  r->erase();
  return success();
}

/// An explicit UNROLL of a vector over one axis (the seed's form) gives its
/// K elements as scalar lanes; the arith/math ops reading it are replicated
/// per lane, and a CONTRACT over the same axis packs the lanes back into a
/// vector.
/// The limits of one uop-expand run (its max-lanes and max-ops options).
struct ExpandBudget {
  int64_t maxLanes, maxOps;
};

static LogicalResult expandUnrollOp(UnrollOp u, ExpandBudget budget) {
  ArrayRef<int64_t> axes = u.getUnrollAxes();
  auto vt = dyn_cast<VectorType>(u.getSrc().getType());
  if (axes.size() != 2 || !vt || vt.getRank() != 1 ||
      vt.getNumElements() != axes[1] || isa<VectorType>(u.getType()))
    return u.emitError("uop-expand: only an UNROLL of a vector<K x T> over one "
                       "axis of K lanes into scalars is supported");
  int64_t k = axes[1];
  if (k > budget.maxLanes)
    return u.emitError("uop-expand: expanding this UNROLL would exceed "
                       "max-lanes=")
           << budget.maxLanes << " lanes (it has " << k << ")";
  // The ops between the UNROLL and its CONTRACTs.
  llvm::SetVector<Operation *> slice;
  SmallVector<ContractOp> contracts;
  SmallVector<Value> work = {u.getResult()};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (auto c = dyn_cast<ContractOp>(user)) {
        if (c.getUpcastRanges() != axes || c.getSrc() != v)
          return c.emitError("uop-expand: a CONTRACT of UNROLL axis ")
                 << axes[0] << " must contract exactly that axis";
        if (!llvm::is_contained(contracts, c))
          contracts.push_back(c);
        continue;
      }
      // The lanes flow through ALU ops only (the table's arith/math ops).
      if (!isALUOp(user) || user->getNumResults() != 1 ||
          user->getNumRegions())
        return user->emitError("uop-expand: a lane of UNROLL axis ")
               << axes[0] << " reaches an op other than arith/math before its "
               << "CONTRACT";
      if (slice.insert(user))
        work.push_back(user->getResult(0));
    }
  }
  // Each CONTRACT copies the slice (and an extract) per lane.
  int64_t copies;
  if (llvm::MulOverflow<int64_t>(contracts.size() * (slice.size() + 1), k,
                                 copies) ||
      copies > budget.maxOps)
    return u.emitError("uop-expand: expanding this UNROLL would create ")
           << contracts.size() * (slice.size() + 1) << " x " << k
           << " ops, over max-ops=" << budget.maxOps;
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (ContractOp c : contracts) {
    OpBuilder b(c);
    Location loc = c.getLoc();
    SmallVector<Value> lanes;
    for (int64_t lane = 0; lane < k; ++lane) {
      IRMapping map;
      map.map(u.getResult(),
              vector::ExtractOp::create(b, loc, u.getSrc(), lane).getResult());
      for (Operation *op : ordered)
        if (op->isBeforeInBlock(c))
          b.clone(*op, map);
      lanes.push_back(map.lookupOrDefault(c.getSrc()));
    }
    c.getResult().replaceAllUsesWith(
        vector::FromElementsOp::create(b, loc, c.getType(), lanes).getResult());
    c->erase();
  }
  for (Operation *op : llvm::reverse(ordered))
    if (op->use_empty())
      op->erase();
  if (u->use_empty())
    u->erase();
  return success();
}

namespace {
struct UOpExpandPass : public uop::impl::UOpExpandBase<UOpExpandPass> {
  using UOpExpandBase::UOpExpandBase;

  /// uop-simplify's sets, built once and shared by the pass's copies.
  LogicalResult initialize(MLIRContext *ctx) override {
    if (!simplify)
      return success();
    RewritePatternSet patterns(ctx);
    populateUOpSimplifyPatterns(patterns);
    frozen = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    SmallVector<UnrollOp> unrolls;
    getOperation().walk([&](UnrollOp u) { unrolls.push_back(u); });
    ExpandBudget budget{maxLanes, maxOps};
    for (UnrollOp u : unrolls)
      if (failed(expandUnrollOp(u, budget)))
        return signalPassFailure();
    SmallVector<RangeOp> ranges;
    getOperation().walk([&](RangeOp r) {
      if (r.getAxisType() == AxisType::Upcast ||
          r.getAxisType() == AxisType::Unroll)
        ranges.push_back(r);
    });
    // Inner ranges first: their lanes then sit next to each other in every
    // later copy (lane order = address order of row-major outputs), which is
    // what C compilers need to vectorize the lanes.
    // Bound the replication before any of it happens: an extent is a number
    // of op copies (2^31 lanes would exhaust memory).
    int64_t lanes = 1;
    for (RangeOp r : ranges) {
      std::optional<int64_t> extent = getConstantExtent(r);
      if (!extent) {
        r.emitError(
            "uop-expand: an upcast/unroll range needs a constant extent");
        return signalPassFailure();
      }
      if (*extent < 1) {
        r.emitError("uop-expand: an upcast/unroll range needs an extent of at "
                    "least 1, got ")
            << *extent;
        return signalPassFailure();
      }
      if (*extent > maxLanes || lanes > maxLanes / *extent) {
        r.emitError("uop-expand: expanding this range would exceed max-lanes=")
            << maxLanes.getValue() << " lanes in the kernel (extent " << *extent
            << ")";
        return signalPassFailure();
      }
      lanes *= *extent;
    }
    // Lanes bound each op's copies, not their number: every op is copied
    // once per lane of each range it reads, so a long kernel of many lanes
    // exhausts memory as surely. Count the copies before making any.
    DenseMap<Operation *, int64_t> copies;
    for (RangeOp r : ranges) {
      int64_t extent = *getConstantExtent(r);
      for (Operation *op : readersOf(r)) {
        int64_t &c = copies.try_emplace(op, 1).first->second;
        if (llvm::MulOverflow(c, extent, c))
          c = std::numeric_limits<int64_t>::max();
      }
    }
    int64_t ops = 0;
    for (auto &entry : copies)
      if (llvm::AddOverflow(ops, entry.second, ops))
        ops = std::numeric_limits<int64_t>::max();
    if (ops > maxOps) {
      getOperation().emitError("uop-expand: expanding the upcast/unroll "
                               "ranges would create ")
          << ops << " ops, over max-ops=" << maxOps.getValue();
      return signalPassFailure();
    }
    for (RangeOp r : llvm::reverse(ranges)) {
      if (failed(expandRange(r, vectorize)))
        return signalPassFailure();
    }
    // The lanes simplify before uop-devectorize gives every accumulator its
    // register ops (an 8x16 matmul tile: ~640 ops here, ~2900 after it).
    if (simplify)
      applyUOpSimplifyPatterns(getOperation(), frozen);
  }

  FrozenRewritePatternSet frozen;
};
} // namespace
