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
// single row-major index.
//
//===----------------------------------------------------------------------===//

#include "RangeUtils.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

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
  const llvm::SetVector<Value> &of(Value v) {
    auto it = cache.find(v);
    if (it != cache.end())
      return it->second;
    llvm::SetVector<Value> set;
    if (v.getDefiningOp<RangeOp>())
      set.insert(v);
    if (Operation *def = v.getDefiningOp()) {
      for (Value o : def->getOperands()) {
        const llvm::SetVector<Value> &s = of(o);
        set.insert(s.begin(), s.end());
      }
      OperandRange closed(nullptr, 0);
      if (auto r = dyn_cast<ReduceOp>(def))
        closed = r.getRanges();
      else if (auto e = dyn_cast<EndOp>(def))
        closed = e.getRanges();
      else if (auto s = dyn_cast<StoreOp>(def))
        closed = s.getRanges();
      for (Value c : closed)
        set.remove(c);
    }
    return cache[v] = std::move(set);
  }

private:
  DenseMap<Value, llvm::SetVector<Value>> cache;
};
} // namespace

/// The ranges around a REDUCE's consumers (up to the op that closes their
/// ranges), minus the ranges it reduces: its accumulator is reset in every
/// loop around its consumers, not only in the loops its source reads (a
/// reduction broadcast along an outer output range runs per iteration of
/// that range).
static SmallVector<Value> outerRanges(ReduceOp red, OpenRanges &open) {
  llvm::SetVector<Value> outerSet;
  SmallVector<Value> work = {red.getResult()};
  llvm::SmallDenseSet<Operation *> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    const llvm::SetVector<Value> &s = open.of(v);
    outerSet.insert(s.begin(), s.end());
    for (Operation *user : v.getUsers()) {
      if (!seen.insert(user).second)
        continue;
      for (Value o : user->getOperands()) {
        const llvm::SetVector<Value> &os = open.of(o);
        outerSet.insert(os.begin(), os.end());
      }
      if (isa<EndOp, ReduceOp, SinkOp>(user))
        continue;
      if (auto st = dyn_cast<StoreOp>(user); st && !st.getRanges().empty())
        continue;
      llvm::append_range(work, user->getResults());
    }
  }
  for (Value r : red.getRanges())
    outerSet.remove(r);
  return SmallVector<Value>(outerSet.begin(), outerSet.end());
}

static LogicalResult devectorizeReduce(ReduceOp red, int64_t id,
                                       ArrayRef<Value> outer) {
  OpBuilder b(red);
  Location loc = red.getLoc();
  MLIRContext *ctx = red.getContext();
  Type t = red.getType();
  if (!t.isIntOrIndexOrFloat())
    return red.emitError("uop-devectorize: only scalar reductions are "
                         "supported, got ")
           << t;

  auto ptrTy = PtrType::get(ctx, t, AddrSpace::Reg, 1);
  Value reg = DefineRegOp::create(b, loc, ptrTy, 1, id);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  auto access = [&](ValueRange deps) {
    Value p = deps.empty() ? reg : AfterOp::create(b, loc, reg, deps).getResult();
    return std::make_pair(p, IndexOp::create(b, loc, t, p, ValueRange{zero},
                                             Value())
                                 .getResult());
  };
  Value identity = arith::ConstantOp::create(
      b, loc, getReduceIdentity(red.getReduceOp(), t));
  Value i0 = access(outer).second;
  Value init = StoreOp::create(b, loc, i0, identity, ValueRange{});
  SmallVector<Value> loopDeps = {init};
  llvm::append_range(loopDeps, red.getRanges());
  auto [p1, i1] = access(loopDeps);
  Value old = LoadOp::create(b, loc, t, p1, i1, Value());
  FailureOr<Value> next = combineReduce(b, loc, red.getReduceOp(), old,
                                        red.getSrc());
  if (failed(next))
    return red.emitError("uop-devectorize: cannot accumulate this type");
  Value update = StoreOp::create(b, loc, i1, *next, ValueRange{});
  Value end = EndOp::create(b, loc, VoidType::get(ctx), update, red.getRanges());
  auto [p2, i2] = access(ValueRange{end});
  Value result = LoadOp::create(b, loc, t, p2, i2, Value());
  red.getResult().replaceAllUsesWith(result);
  red->erase();
  return success();
}

/// A multi-dimensional INDEX of a kernel argument becomes one row-major
/// index over the argument's `uop.shape`; without that shape the rows'
/// length is unknown, which is the error (not a later "one index" failure).
static LogicalResult linearizeIndex(IndexOp idx) {
  if (idx.getIndices().size() <= 1)
    return success();
  auto arg = dyn_cast<BlockArgument>(idx.getBuffer());
  if (!arg)
    return success();
  auto fn = dyn_cast<FunctionOp>(arg.getOwner()->getParentOp());
  if (!fn)
    return success();
  auto shape = fn.getArgAttrOfType<DenseI64ArrayAttr>(arg.getArgNumber(),
                                                      "uop.shape");
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
  OpBuilder b(idx);
  Location loc = idx.getLoc();
  Value flat;
  int64_t stride = 1;
  for (int64_t i = shape.size() - 1; i >= 0; --i) {
    Value v = idx.getIndices()[i];
    Value term = stride == 1 ? v
                             : arith::MulIOp::create(
                                   b, loc, v,
                                   arith::ConstantIndexOp::create(b, loc, stride))
                                   .getResult();
    flat = flat ? arith::AddIOp::create(b, loc, term, flat).getResult() : term;
    stride *= shape[i];
  }
  idx.getIndicesMutable().assign(flat);
  return success();
}

namespace {
struct UOpDevectorizePass
    : public uop::impl::UOpDevectorizeBase<UOpDevectorizePass> {
  void runOnOperation() override {
    FunctionOp fn = getOperation();
    SmallVector<ReduceOp> reduces;
    fn.walk([&](ReduceOp r) { reduces.push_back(r); });
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
    for (auto [r, outer] : llvm::zip(reduces, outers)) {
      if (r.getRanges().empty()) {
        r.getResult().replaceAllUsesWith(r.getSrc());
        r->erase();
        continue;
      }
      if (failed(devectorizeReduce(r, id++, outer)))
        return signalPassFailure();
    }
    if (fn.walk([&](IndexOp idx) {
            return failed(linearizeIndex(idx)) ? WalkResult::interrupt()
                                               : WalkResult::advance();
          }).wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
