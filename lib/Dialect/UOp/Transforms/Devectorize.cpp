//===- Devectorize.cpp - REDUCE to DEFINE_REG; one index per INDEX --------===//
//
// A REDUCE becomes an accumulator in a DEFINE_REG:
//
//   %reg  = uop.define_reg size 1 id N          // one per REDUCE
//   init:  store identity through AFTER(%reg, <outer ranges>)
//   loop:  load, combine, store through AFTER(%reg, init, <reduce ranges>)
//          END of that store closes the reduce ranges
//   after: load through AFTER(%reg, END)
//
// The AFTER dependencies are what place each access: the init sits in the
// outer loops only, the update inside the reduce loops, the read after them.
// INDEXes of kernel parameters with a recorded shape (`uop.shape`) become a
// single row-major index. Vector values (VECTORIZE, VCONST, CAT, GEP,
// elementwise arith/math on vectors, and uop-expand's vector.extract /
// vector.from_elements / vector.broadcast) become one scalar per lane, as
// tinygrad's devectorizer does for targets without vector registers; a
// vector reaching any other op is a located error.
// Address forms become INDEXes of kernel arguments first: PARAM slot N is
// argument N, and an INDEX through POINTER_INDEX(p, off) or
// BUFFER_VIEW(p, offset) is an INDEX of p at off + i.
//
//===----------------------------------------------------------------------===//

#include "RangeUtils.h"
#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Dialect/UOp/Transforms/Patterns.h"
#include "uop/Dialect/UOp/Utils/MatmulMatch.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"

namespace uop {
#define GEN_PASS_DEF_UOPDEVECTORIZE
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {
/// The RANGEs a value reads that are still open where it is computed.
class OpenRanges {
public:
  /// A kernel has few ranges open at once: a vector in order, searched
  /// linearly (a SetVector per value, its hash set included, cost a third
  /// of this pass on a row sum).
  using Set = SmallVector<Value, 4>;
  const Set &of(Value v) {
    auto it = cache.find(v);
    if (it != cache.end())
      return it->second;
    Set set;
    auto add = [&](Value r) {
      if (!llvm::is_contained(set, r))
        set.push_back(r);
    };
    if (v.getDefiningOp<RangeOp>())
      set.push_back(v);
    if (Operation *def = v.getDefiningOp()) {
      for (Value o : def->getOperands())
        for (Value r : of(o))
          add(r);
      OperandRange closed(nullptr, 0);
      if (auto r = dyn_cast<ReduceOp>(def))
        closed = r.getRanges();
      else if (auto e = dyn_cast<EndOp>(def))
        closed = e.getRanges();
      else if (auto s = dyn_cast<StoreOp>(def))
        closed = s.getRanges();
      for (Value c : closed)
        llvm::erase(set, c);
    }
    return cache[v] = std::move(set);
  }

private:
  DenseMap<Value, Set> cache;
};
} // namespace

/// The ranges around a REDUCE's consumers (up to the op that closes their
/// ranges), minus the ranges it reduces: its accumulator is reset in every
/// output loop around its consumers, not only in the loops its source reads
/// (a reduction broadcast along an outer output range runs per iteration of
/// that range). A consumer's own reduce ranges that the source does not read
/// are left out: the reduction is invariant in them and runs once before
/// their loop (the mean inside a variance), not once per iteration.
static SmallVector<Value> outerRanges(ReduceOp red, OpenRanges &open) {
  OpenRanges::Set sourceRanges = open.of(red.getSrc());
  auto invariantReduce = [&](Value r) {
    auto range = r.getDefiningOp<RangeOp>();
    return range && range.getAxisType() == AxisType::Reduce &&
           !llvm::is_contained(sourceRanges, r);
  };
  llvm::SetVector<Value> outerSet;
  SmallVector<Value> work = {red.getResult()};
  llvm::SmallDenseSet<Operation *> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Value r : open.of(v))
      if (!invariantReduce(r))
        outerSet.insert(r);
    for (Operation *user : v.getUsers()) {
      if (!seen.insert(user).second)
        continue;
      for (Value o : user->getOperands())
        for (Value r : open.of(o))
          if (!invariantReduce(r))
            outerSet.insert(r);
      if (isa<EndOp, ReduceOp, SinkOp>(user))
        continue;
      if (auto st = dyn_cast<StoreOp>(user); st && !st.getRanges().empty())
        continue;
      llvm::append_range(work, user->getResults());
    }
  }
  // A range kept needs the loops around it too: a multi-range REDUCE or END
  // lists its ranges outermost first.
  for (size_t i = 0; i < outerSet.size(); ++i) {
    Value k = outerSet[i];
    for (Operation *user : k.getUsers()) {
      OperandRange closed(nullptr, 0);
      if (auto r = dyn_cast<ReduceOp>(user))
        closed = r.getRanges();
      else if (auto e = dyn_cast<EndOp>(user))
        closed = e.getRanges();
      for (Value c : closed) {
        if (c == k)
          break;
        outerSet.insert(c);
      }
    }
  }
  for (Value r : red.getRanges())
    outerSet.remove(r);
  return SmallVector<Value>(outerSet.begin(), outerSet.end());
}

/// The constant `value` for an op at `at`: one made for an earlier op of the
/// block if there is one (each of a tile's 128 accumulators needs index 0 and
/// its identity; a copy each only grew the IR that later passes walk).
static Value constantBefore(OpBuilder &b, Location loc, TypedAttr value,
                            Operation *at, DenseMap<Attribute, Value> &made) {
  Value &c = made[value];
  if (!c || c.getParentBlock() != at->getBlock() ||
      !c.getDefiningOp()->isBeforeInBlock(at))
    c = arith::ConstantOp::create(b, loc, value);
  return c;
}

static LogicalResult devectorizeReduce(ReduceOp red, int64_t id,
                                       ArrayRef<Value> outer,
                                       DenseMap<Attribute, Value> &constants) {
  OpBuilder b(red);
  Location loc = red.getLoc();
  MLIRContext *ctx = red.getContext();
  Type t = red.getType();
  // Vectors reach here only whole (keep-vectors): one register holds all
  // their lanes.
  if (!t.isIntOrIndexOrFloat() && !isa<VectorType>(t))
    return red.emitError("uop-devectorize: only scalar reductions are "
                         "supported, got ")
           << t;

  auto ptrTy = PtrType::get(ctx, t, AddrSpace::Reg, 1);
  Value reg = DefineRegOp::create(b, loc, ptrTy, 1, id);
  Value zero = constantBefore(b, loc, b.getIndexAttr(0), red, constants);
  auto access = [&](ValueRange deps) {
    Value p =
        deps.empty() ? reg : AfterOp::create(b, loc, reg, deps).getResult();
    return std::make_pair(
        p,
        IndexOp::create(b, loc, t, p, ValueRange{zero}, Value()).getResult());
  };
  Value identity = constantBefore(
      b, loc, getReduceIdentity(red.getReduceOp(), t), red, constants);
  Value i0 = access(outer).second;
  Value init = StoreOp::create(b, loc, i0, identity, ValueRange{});
  SmallVector<Value> loopDeps = {init};
  llvm::append_range(loopDeps, red.getRanges());
  auto [p1, i1] = access(loopDeps);
  Value old = LoadOp::create(b, loc, t, p1, i1, Value());
  FailureOr<Value> next =
      combineReduce(b, loc, red.getReduceOp(), old, red.getSrc());
  if (failed(next))
    return red.emitError("uop-devectorize: cannot accumulate this type");
  Value update = StoreOp::create(b, loc, i1, *next, ValueRange{});
  Value end =
      EndOp::create(b, loc, VoidType::get(ctx), update, red.getRanges());
  auto [p2, i2] = access(ValueRange{end});
  Value result = LoadOp::create(b, loc, t, p2, i2, Value());
  red.getResult().replaceAllUsesWith(result);
  red->erase();
  return success();
}

namespace {
/// The stride constants and index * stride products made so far. INDEXes are
/// rewritten in block order, so one made for an earlier INDEX of the same
/// block dominates the later ones: every lane of an expanded tile shares
/// `k * 320`, instead of a copy each for simplify to rewrite and CSE to merge.
struct RowMajorTerms {
  DenseMap<int64_t, Value> strides;
  DenseMap<std::pair<Value, int64_t>, Value> products;

  Value product(OpBuilder &b, Location loc, Value v, int64_t stride) {
    Block *block = b.getInsertionBlock();
    Value &p = products[{v, stride}];
    if (p && p.getParentBlock() == block)
      return p;
    Value &c = strides[stride];
    if (!c || c.getParentBlock() != block)
      c = arith::ConstantIndexOp::create(b, loc, stride);
    p = arith::MulIOp::create(b, loc, v, c);
    return p;
  }
};
} // namespace

/// A multi-dimensional INDEX of a kernel argument becomes one row-major
/// index over the argument's `uop.shape`; without that shape the rows'
/// length is unknown, which is the error (not a later "one index" failure).
static LogicalResult linearizeIndex(IndexOp idx, RowMajorTerms &terms) {
  if (idx.getIndices().size() <= 1)
    return success();
  auto arg = dyn_cast<BlockArgument>(idx.getBuffer());
  if (!arg)
    return success();
  auto fn = dyn_cast<FunctionOp>(arg.getOwner()->getParentOp());
  if (!fn)
    return success();
  auto shape = fn.getArgAttrOfType<DenseI64ArrayAttr>(
      arg.getArgNumber(), UOpDialect::ShapeAttrHelper::getNameStr());
  if (!shape)
    return idx.emitError("uop-devectorize: this ")
           << idx.getIndices().size()
           << "-dimensional INDEX of kernel argument #" << arg.getArgNumber()
           << " needs the argument's shape to make one row-major index: give "
              "the argument a `uop.shape` attribute (e.g. {uop.shape = "
              "array<i64: ...>}, as uop-split-kernels records it)";
  if (shape.size() != (int64_t)idx.getIndices().size())
    return idx.emitError("uop-devectorize: ")
           << idx.getIndices().size() << " indices for kernel argument #"
           << arg.getArgNumber() << " of uop.shape rank " << shape.size();
  // The strides are products of the inner extents; the attribute is not
  // verified anywhere else, so bound them here.
  int64_t stride = 1;
  for (int64_t i = shape.size() - 1; i >= 0; --i) {
    if (shape[i] < 0)
      return idx.emitError("uop-devectorize: uop.shape [")
             << shape.asArrayRef() << "] of kernel argument #"
             << arg.getArgNumber() << " has a negative extent";
    if (i > 0 && llvm::MulOverflow(stride, shape[i], stride))
      return idx.emitError("uop-devectorize: the row-major strides of "
                           "uop.shape [")
             << shape.asArrayRef() << "] of kernel argument #"
             << arg.getArgNumber() << " overflow 64 bits";
  }
  OpBuilder b(idx);
  Location loc = idx.getLoc();
  Value flat;
  stride = 1;
  for (int64_t i = shape.size() - 1; i >= 0; --i) {
    Value v = idx.getIndices()[i];
    Value term = stride == 1 ? v : terms.product(b, loc, v, stride);
    flat = flat ? arith::AddIOp::create(b, loc, term, flat).getResult() : term;
    if (i > 0)
      stride *= shape[i];
  }
  idx.getIndicesMutable().assign(flat);
  return success();
}

/// PARAM -> kernel argument; INDEX / LOAD through POINTER_INDEX or
/// BUFFER_VIEW -> the underlying buffer at the summed offset.
static LogicalResult foldAddressForms(FunctionOp fn) {
  Block &body = fn.getBody().front();
  SmallVector<ParamOp> params;
  fn.walk([&](ParamOp p) { params.push_back(p); });
  for (ParamOp p : params) {
    int64_t slot = p.getSlot();
    if (slot >= (int64_t)body.getNumArguments())
      return p.emitError("uop-devectorize: PARAM slot ")
             << slot << " has no kernel argument (the kernel has "
             << body.getNumArguments() << "); a kernel's PARAMs are its "
             << "arguments in order";
    auto argType = dyn_cast<PtrType>(body.getArgument(slot).getType());
    PtrType t = p.getType();
    if (!argType || argType.getElementType() != t.getElementType() ||
        argType.getAddrSpace() != t.getAddrSpace() ||
        (argType.hasSize() && argType.getSize() != (int64_t)p.getSize()))
      return p.emitError("uop-devectorize: PARAM slot ")
             << slot << " of type " << t << " does not match kernel argument "
             << slot << " of type " << body.getArgument(slot).getType();
    p.getResult().replaceAllUsesWith(body.getArgument(slot));
    p->erase();
  }
  SmallVector<IndexOp> indexes;
  fn.walk([&](IndexOp i) { indexes.push_back(i); });
  for (IndexOp idx : indexes) {
    for (;;) {
      Value base, offset;
      Operation *def = idx.getBuffer().getDefiningOp();
      OpBuilder b(idx);
      if (auto pi = dyn_cast_or_null<PointerIndexOp>(def)) {
        base = pi.getPtr();
        offset = pi.getOffset();
      } else if (auto view = dyn_cast_or_null<BufferViewOp>(def);
                 view && isa<PtrType>(view.getType())) {
        base = view.getBuffer();
        offset =
            arith::ConstantIndexOp::create(b, idx.getLoc(), view.getOffset());
      } else {
        break;
      }
      if (idx.getIndices().size() != 1)
        return idx.emitError("uop-devectorize: an INDEX through ")
               << def->getName() << " takes one (flat) index";
      Value flat =
          arith::AddIOp::create(b, idx.getLoc(), offset, idx.getIndices()[0]);
      // The LOADs through this INDEX name the same buffer.
      for (Operation *user : idx->getUsers())
        if (auto load = dyn_cast<LoadOp>(user))
          load.getBufferMutable().assign(base);
      idx.getBufferMutable().assign(base);
      idx.getIndicesMutable().assign(flat);
      if (def->use_empty())
        def->erase();
    }
  }
  return success();
}

namespace {
/// Splits every vector value of a kernel into its lanes.
class Scalarizer {
public:
  explicit Scalarizer(int64_t maxOps) : maxOps(maxOps) {}

  LogicalResult run(FunctionOp fn) {
    SmallVector<Operation *> ops;
    fn.walk([&](Operation *op) { ops.push_back(op); });
    // A vector op becomes one scalar op per lane: bound them all before
    // making any (a vector type may have millions of elements).
    int64_t total = 0;
    for (Operation *op : ops) {
      int64_t lanes = 0;
      for (Type t :
           llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
        if (auto vt = dyn_cast<VectorType>(t))
          lanes = std::max(lanes, vt.getNumElements());
      if (lanes && lanes > maxOps - total)
        return op->emitError("uop-devectorize: splitting the vectors of this "
                             "kernel into lanes would create more than "
                             "max-ops=")
               << maxOps << " ops (this op has " << lanes << " lanes)";
      total += lanes;
    }
    for (Operation *op : ops)
      if (failed(visit(op)))
        return failure();
    if (dead.empty())
      return success();
    // Vector ops are dead now, and so may be lanes nobody reads and what only
    // they read (a LOAD left unused would be an unused C variable). Users
    // follow their operands in the block: one backward sweep.
    SmallVector<Operation *> all;
    fn.walk([&](Operation *op) {
      if (op != fn)
        all.push_back(op);
    });
    llvm::SmallPtrSet<Operation *, 16> wasVector(dead.begin(), dead.end());
    for (Operation *op : llvm::reverse(all))
      if (op->use_empty() && (wasVector.count(op) || isOpTriviallyDead(op) ||
                              isa<LoadOp, IndexOp>(op)))
        op->erase();
    return success();
  }

private:
  static bool isVector(Type t) { return isa<VectorType>(t); }

  /// Gives a vector-valued op its lanes: one handler per op kind, each
  /// creating the scalar ops before `op` (what every other op reads as
  /// lanesOf). An op without vector operands or results stays as it is.
  LogicalResult visit(Operation *op) {
    bool vecIn = llvm::any_of(op->getOperandTypes(), isVector);
    bool vecOut = llvm::any_of(op->getResultTypes(), isVector);
    if (!vecIn && !vecOut)
      return success();
    OpBuilder b(op);
    return TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](VectorizeOp v) {
          setLanes(v, llvm::to_vector(v.getElements()));
          return success();
        })
        .Case([&](VConstOp c) {
          setLanes(c, constantLanes(b, c.getLoc(),
                                    c.getValue().getValues<Attribute>()));
          return success();
        })
        .Case([&](arith::ConstantOp c) {
          auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
          if (!dense)
            return fail(op);
          setLanes(c,
                   constantLanes(b, c.getLoc(), dense.getValues<Attribute>()));
          return success();
        })
        .Case<CatOp, PtrCatOp>([&](Operation *cat) { return splitCat(cat); })
        .Case([&](GepOp gep) { return splitGep(gep); })
        .Case([&](IndexOp idx) { return splitIndex(b, idx); })
        .Case([&](LoadOp load) { return splitLoad(b, load); })
        .Case([&](StoreOp store) { return splitStore(b, store); })
        .Case([&](StoreLanesOp store) { return splitStoreLanes(b, store); })
        .Case([&](vector::ExtractOp ex) { return splitExtract(ex); })
        .Case([&](vector::FromElementsOp fe) {
          if (fe.getType().getRank() != 1)
            return fail(op);
          setLanes(fe, llvm::to_vector(fe.getElements()));
          return success();
        })
        .Case([&](ReduceOp red) { return splitReduce(b, red); })
        .Case([&](vector::ReductionOp r) { return splitReduction(b, r); })
        .Case([&](vector::BroadcastOp bc) {
          if (isVector(bc.getSource().getType()) || bc.getType().getRank() != 1)
            return fail(op);
          setLanes(bc, SmallVector<Value>(bc.getType().getNumElements(),
                                          bc.getSource()));
          return success();
        })
        .Default([&](Operation *) {
          if (isALUOp(op) && op->hasTrait<OpTrait::Elementwise>() &&
              op->getNumResults() == 1 && op->getNumRegions() == 0)
            return splitElementwise(b, op);
          return fail(op);
        });
  }

  /// One arith.constant per element of a VCONST or dense constant.
  template <typename Elements>
  static SmallVector<Value> constantLanes(OpBuilder &b, Location loc,
                                          Elements elements) {
    SmallVector<Value> l;
    for (Attribute a : elements)
      l.push_back(arith::ConstantOp::create(b, loc, cast<TypedAttr>(a)));
    return l;
  }

  /// CAT's lanes are its sources' in order; PTRCAT's lanes are the INDEXes
  /// of its sources, lane by lane.
  LogicalResult splitCat(Operation *op) {
    SmallVector<Value> l;
    for (Value s : op->getOperands()) {
      if (isVector(s.getType()))
        llvm::append_range(l, lanesOf(s));
      else
        l.push_back(s);
    }
    setLanes(op, l);
    return success();
  }

  /// A GEP picks lanes: a single one replaces its uses outright.
  LogicalResult splitGep(GepOp gep) {
    ArrayRef<Value> src = lanesOf(gep.getVector());
    SmallVector<Value> l;
    for (int64_t i : gep.getIndices())
      l.push_back(src[i]);
    if (!isVector(gep.getType()))
      gep.getResult().replaceAllUsesWith(l.front());
    else
      setLanes(gep, l);
    dead.push_back(gep);
    return success();
  }

  /// A vector INDEX addresses consecutive elements: lane i is i further
  /// along the last (row-major innermost) index.
  LogicalResult splitIndex(OpBuilder &b, IndexOp idx) {
    Location loc = idx.getLoc();
    auto vt = dyn_cast<VectorType>(idx.getType());
    if (!vt || vt.getRank() != 1 || idx.getIndices().empty() ||
        (idx.getGate() && isVector(idx.getGate().getType())))
      return fail(idx);
    SmallVector<Value> l;
    for (int64_t i = 0; i < vt.getNumElements(); ++i) {
      SmallVector<Value> ix(idx.getIndices());
      if (i)
        ix.back() = arith::AddIOp::create(
            b, loc, ix.back(), arith::ConstantIndexOp::create(b, loc, i));
      l.push_back(IndexOp::create(b, loc, vt.getElementType(), idx.getBuffer(),
                                  ix, idx.getGate()));
    }
    setLanes(idx, l);
    return success();
  }

  LogicalResult splitLoad(OpBuilder &b, LoadOp load) {
    auto vt = dyn_cast<VectorType>(load.getType());
    if (!vt || !lanes.count(load.getIndex()))
      return fail(load);
    SmallVector<Value> l;
    for (int64_t i = 0; i < vt.getNumElements(); ++i) {
      // Each lane reads the buffer of its INDEX (a PTRCAT may join several).
      Value lane = lanesOf(load.getIndex())[i];
      auto laneIdx = lane.getDefiningOp<IndexOp>();
      if (!laneIdx)
        return fail(load);
      l.push_back(LoadOp::create(
          b, load.getLoc(), vt.getElementType(), laneIdx.getBuffer(), lane,
          load.getAlt() ? lanesOf(load.getAlt())[i] : Value()));
    }
    setLanes(load, l);
    return success();
  }

  /// One store per lane, grouped (as uop-expand groups lane stores).
  /// One store per lane l, gated on lo <= l < hi (in place of the lane's
  /// ungated INDEX, an INDEX of the same element with that gate).
  LogicalResult splitStoreLanes(OpBuilder &b, StoreLanesOp store) {
    Location loc = store.getLoc();
    if (!lanes.count(store.getIndex()) || !lanes.count(store.getValue()))
      return fail(store);
    SmallVector<Value> parts;
    for (auto [l, iv] : llvm::enumerate(llvm::zip(
             lanesOf(store.getIndex()), lanesOf(store.getValue())))) {
      auto [i, v] = iv;
      auto idx = i.getDefiningOp<IndexOp>();
      if (!idx)
        return fail(store);
      Value at = arith::ConstantIndexOp::create(b, loc, l);
      Value gate = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle,
                                store.getLo(), at),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, at,
                                store.getHi()));
      auto gated = IndexOp::create(b, loc, idx.getType(), idx.getBuffer(),
                                   idx.getIndices(), gate);
      parts.push_back(StoreOp::create(b, loc, gated, v, ValueRange{}));
    }
    store.getResult().replaceAllUsesWith(
        GroupOp::create(b, loc, VoidType::get(b.getContext()), parts));
    dead.push_back(store);
    return success();
  }

  LogicalResult splitStore(OpBuilder &b, StoreOp store) {
    Location loc = store.getLoc();
    if (!lanes.count(store.getIndex()) || !lanes.count(store.getValue()))
      return fail(store);
    SmallVector<Value> parts;
    for (auto [i, v] :
         llvm::zip(lanesOf(store.getIndex()), lanesOf(store.getValue())))
      parts.push_back(StoreOp::create(b, loc, i, v, store.getRanges()));
    store.getResult().replaceAllUsesWith(
        GroupOp::create(b, loc, VoidType::get(b.getContext()), parts));
    dead.push_back(store);
    return success();
  }

  /// uop-expand's lane-order combine of a REDUCE's lanes: ((l0 op l1) op
  /// l2) ..., as the scalar expansion contracts them.
  LogicalResult splitReduction(OpBuilder &b, vector::ReductionOp r) {
    if (r.getAcc() || isVector(r.getType()))
      return fail(r);
    ArrayRef<Value> parts = lanesOf(r.getVector());
    Value acc = parts.front();
    for (Value lane : parts.drop_front())
      acc = vector::makeArithReduction(b, r.getLoc(), r.getKind(), acc, lane);
    r.getResult().replaceAllUsesWith(acc);
    dead.push_back(r);
    return success();
  }

  /// A constant-position extract of a scalar is that lane; a dynamic one
  /// (uop-expand's loop over scattered lanes) selects among the lanes.
  LogicalResult splitExtract(vector::ExtractOp ex) {
    if (ex.getStaticPosition().size() != 1 || isVector(ex.getType()))
      return fail(ex);
    ArrayRef<Value> parts = lanesOf(ex.getSource());
    Value lane;
    if (ex.getDynamicPosition().empty()) {
      lane = parts[ex.getStaticPosition()[0]];
    } else {
      OpBuilder b(ex);
      Location loc = ex.getLoc();
      Value at = ex.getDynamicPosition()[0];
      lane = parts.back();
      for (int64_t i = (int64_t)parts.size() - 2; i >= 0; --i) {
        Value is = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq, at,
            arith::ConstantIndexOp::create(b, loc, i));
        lane = arith::SelectOp::create(b, loc, is, parts[i], lane);
      }
    }
    ex.getResult().replaceAllUsesWith(lane);
    dead.push_back(ex);
    return success();
  }

  /// A vector REDUCE (uop-expand{vectorize}) is a REDUCE per lane.
  LogicalResult splitReduce(OpBuilder &b, ReduceOp red) {
    auto vt = dyn_cast<VectorType>(red.getType());
    if (!vt || vt.getRank() != 1)
      return fail(red);
    SmallVector<Value> l;
    for (Value src : lanesOf(red.getSrc()))
      l.push_back(ReduceOp::create(b, red.getLoc(), vt.getElementType(), src,
                                   red.getRanges(), red.getReduceOpAttr()));
    setLanes(red, l);
    return success();
  }

  /// An elementwise arith/math op is cloned per lane on the operands' lanes
  /// (scalar operands shared).
  LogicalResult splitElementwise(OpBuilder &b, Operation *op) {
    auto vt = dyn_cast<VectorType>(op->getResult(0).getType());
    if (!vt || vt.getRank() != 1)
      return fail(op);
    SmallVector<Value> l;
    for (int64_t i = 0; i < vt.getNumElements(); ++i) {
      IRMapping map;
      for (Value o : op->getOperands())
        map.map(o, isVector(o.getType()) ? lanesOf(o)[i] : o);
      Operation *lane = b.clone(*op, map);
      lane->getResult(0).setType(vt.getElementType());
      l.push_back(lane->getResult(0));
    }
    setLanes(op, l);
    return success();
  }

  LogicalResult fail(Operation *op) {
    return op->emitError("uop-devectorize: no scalar form for this op on "
                         "vector values (the C and PTX paths take scalars)");
  }

  void setLanes(Operation *op, SmallVector<Value> l) {
    lanes[op->getResult(0)] = std::move(l);
    dead.push_back(op);
  }
  ArrayRef<Value> lanesOf(Value v) { return lanes[v]; }

  int64_t maxOps;
  DenseMap<Value, SmallVector<Value>> lanes;
  SmallVector<Operation *> dead;
};
} // namespace

/// Whether every vector op of `fn` has a C vector form (what
/// uop-expand{vectorize} makes): then uop-devectorize{keep-vectors} leaves
/// the vectors whole (every vector type an isCVectorType).
static bool vectorsStayWhole(FunctionOp fn) {
  auto ok = [](Type t) {
    return !isa<VectorType>(t) || isCVectorType(t) || isCMaskType(t);
  };
  return !fn.walk([&](Operation *op) {
              bool vec =
                  llvm::any_of(op->getOperandTypes(),
                               [](Type t) { return isa<VectorType>(t); }) ||
                  llvm::any_of(op->getResultTypes(),
                               [](Type t) { return isa<VectorType>(t); });
              if (!vec)
                return WalkResult::advance();
              // A lane mask is made and read only by the ops the C has a
              // mask form for (no loads, stores or lanes of it).
              if ((llvm::any_of(op->getOperandTypes(), isCMaskType) ||
                   llvm::any_of(op->getResultTypes(), isCMaskType)) &&
                  !hasCMaskForm(op))
                return WalkResult::interrupt();
              if (!llvm::all_of(op->getOperandTypes(), ok) ||
                  !llvm::all_of(op->getResultTypes(), ok))
                return WalkResult::interrupt();
              bool kept =
                  TypeSwitch<Operation *, bool>(op)
                      .Case<IndexOp>([](IndexOp i) {
                        // Accessed through LOAD / STORE only: an INDEX read
                        // as a value is a scalar lvalue in the C.
                        return !i.getGate() &&
                               llvm::all_of(i->getUses(), isAccessThroughIndex);
                      })
                      .Case<LoadOp>([](LoadOp l) {
                        return !l.getAlt() &&
                               l.getIndex().getDefiningOp<IndexOp>();
                      })
                      .Case<StoreOp, StoreLanesOp>([](Operation *s) {
                        return s->getOperand(0).getDefiningOp<IndexOp>() !=
                               nullptr;
                      })
                      .Case<ReduceOp>([](ReduceOp) { return true; })
                      .Case<vector::BroadcastOp>([](vector::BroadcastOp b) {
                        return !isa<VectorType>(b.getSource().getType());
                      })
                      .Case<arith::SelectOp>([](arith::SelectOp s) {
                        return !isa<VectorType>(s.getCondition().getType()) ||
                               hasCMaskForm(s);
                      })
                      .Case<vector::ExtractOp>([](vector::ExtractOp e) {
                        // (A dynamic position: uop-expand's loop over
                        // scattered lanes; the C indexes the vector.)
                        return !isa<VectorType>(e.getType());
                      })
                      .Case<vector::FromElementsOp>(
                          [](Operation *) { return true; })
                      .Case<vector::ReductionOp>([](vector::ReductionOp r) {
                        // uop-expand's lane-order combine of a REDUCE.
                        return !r.getAcc() && !isa<VectorType>(r.getType());
                      })
                      .Case<arith::ConstantOp>([](arith::ConstantOp c) {
                        auto d = dyn_cast<DenseElementsAttr>(c.getValue());
                        return d && d.isSplat();
                      })
                      .Case<AfterOp, GroupOp, EndOp, SinkOp>(
                          [](Operation *) { return true; })
                      .Default([](Operation *op) {
                        // Other elementwise ALU ops split lane by lane
                        // (splitLanewise) inside the vector code.
                        return isALUOp(op) &&
                               op->hasTrait<OpTrait::Elementwise>() &&
                               op->getNumResults() == 1 &&
                               op->getNumRegions() == 0;
                      });
              return kept ? WalkResult::advance() : WalkResult::interrupt();
            }).wasInterrupted();
}

/// The vector ops of a kernel kept whole that the C has no vector form for
/// (math functions, maximumf/minimumf, comparisons...; see hasCVectorForm),
/// each computed lane by lane between vector.extract and
/// vector.from_elements: the vector code around them stays whole.
static void splitLanewise(FunctionOp fn) {
  SmallVector<Operation *> ops;
  fn.walk([&](Operation *op) {
    if (!isALUOp(op) || !op->hasTrait<OpTrait::Elementwise>() ||
        op->getNumResults() != 1)
      return;
    if (isa<VectorType>(op->getResult(0).getType()) && !hasCVectorForm(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto vt = cast<VectorType>(op->getResult(0).getType());
    SmallVector<Value> lanes;
    for (int64_t i = 0; i < vt.getNumElements(); ++i) {
      IRMapping map;
      for (Value o : op->getOperands())
        if (isa<VectorType>(o.getType()))
          map.map(o, vector::ExtractOp::create(b, loc, o, i).getResult());
      Operation *lane = b.clone(*op, map);
      lane->getResult(0).setType(vt.getElementType());
      lanes.push_back(lane->getResult(0));
    }
    op->getResult(0).replaceAllUsesWith(
        vector::FromElementsOp::create(b, loc, vt, lanes).getResult());
    op->erase();
  }
}

/// Whether `r` is a range threads share: a group_reduce RANGE, or the
/// threadIdx SPECIAL uop-gpudims makes of one.
static bool isThreadAxis(Value r) {
  if (auto range = r.getDefiningOp<RangeOp>())
    return range.getAxisType() == AxisType::GroupReduce;
  return r.getDefiningOp<SpecialOp>() != nullptr;
}

/// A REDUCE over thread axes (GROUP) stays: the threads combine their
/// values (uop-gpudims, convert-uop-to-tirx). One over both kinds becomes a
/// per-thread REDUCE over the other ranges, which is returned for the
/// register accumulator, and a REDUCE of it over the thread axes. Null when
/// nothing is left to accumulate per thread.
static ReduceOp splitThreadReduce(ReduceOp red) {
  SmallVector<Value> threads, rest;
  for (Value r : red.getRanges())
    (isThreadAxis(r) ? threads : rest).push_back(r);
  if (threads.empty())
    return red;
  if (rest.empty())
    return {};
  OpBuilder b(red);
  auto perThread = ReduceOp::create(b, red.getLoc(), red.getType(),
                                    red.getSrc(), rest, red.getReduceOpAttr());
  red.getSrcMutable().assign(perThread.getResult());
  red.getRangesMutable().assign(threads);
  return perThread;
}

namespace {
struct UOpDevectorizePass
    : public uop::impl::UOpDevectorizeBase<UOpDevectorizePass> {
  using UOpDevectorizeBase::UOpDevectorizeBase;

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
    FunctionOp fn = getOperation();
    // A tiled tensor-core matmul (TC) keeps its REDUCE: convert-uop-to-tirx tiles
    // it whole.
    if (hasTiledTensorCoreOpt(fn)) {
      if (simplify)
        applyUOpSimplifyPatterns(fn, frozen, /*arithOnly=*/true);
      return;
    }
    if (failed(devectorize(fn)))
      return signalPassFailure();
    // After a full run (uop-expand's), only the row-major addresses and
    // lanes made here are new: the run starts from the arith/math ops.
    if (simplify)
      applyUOpSimplifyPatterns(fn, frozen, /*arithOnly=*/true);
  }

  FrozenRewritePatternSet frozen;

  /// The walker: address forms, lanes, accumulators, row-major indexes.
  LogicalResult devectorize(FunctionOp fn) {
    if (failed(foldAddressForms(fn)))
      return failure();
    bool whole = keepVectors && vectorsStayWhole(fn);
    if (!whole && failed(Scalarizer(maxOps).run(fn)))
      return failure();
    SmallVector<ReduceOp> reduces;
    fn.walk([&](ReduceOp r) {
      if (ReduceOp perThread = splitThreadReduce(r))
        reduces.push_back(perThread);
    });
    int64_t id = 0;
    fn.walk([&](DefineRegOp r) { id = std::max<int64_t>(id, r.getId() + 1); });
    // Outer ranges first, on the untouched kernel with one cache: rewriting
    // a reduction does not change what is open around the others.
    SmallVector<SmallVector<Value>> outers;
    {
      OpenRanges open;
      for (ReduceOp r : reduces)
        outers.push_back(outerRanges(r, open));
    }
    DenseMap<Attribute, Value> constants;
    for (auto [r, outer] : llvm::zip(reduces, outers)) {
      if (r.getRanges().empty()) {
        r.getResult().replaceAllUsesWith(r.getSrc());
        r->erase();
        continue;
      }
      if (failed(devectorizeReduce(r, id++, outer, constants)))
        return failure();
    }
    // After the accumulators: their combining ops (maximumf) split too.
    if (whole)
      splitLanewise(fn);
    RowMajorTerms terms;
    if (fn.walk([&](IndexOp idx) {
            return failed(linearizeIndex(idx, terms)) ? WalkResult::interrupt()
                                                      : WalkResult::advance();
          }).wasInterrupted())
      return failure();
    return success();
  }
};
} // namespace
