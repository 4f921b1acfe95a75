//===- TensorCores.cpp - a matmul as per-warp uop.wmma --------------------===//
//
// TC in its per-warp form (TensorCores.h): the kernel MatmulMatch found is
// rebuilt around one m16n8k16 uop.wmma per warp and K step, so that an f16 /
// bf16 matmul of any shape reaches mma.sync. Every access of the original
// (the A and B loads, the epilogue's bias loads, the store) is cloned at the
// lane's coordinates and gated where the tile passes the matrix's edge, as
// tinygrad's TC opt pads its ranges.
//
//===----------------------------------------------------------------------===//

#include "TensorCores.h"
#include "RangeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace uop;

/// m16n8k16: the output tile of one warp (rows x columns) and its K step.
static constexpr int64_t kTileM = 16, kTileN = 8, kWarp = 32;

namespace {
/// The original ranges an op depends on, as a mask.
enum Dep : unsigned { DepI = 1, DepJ = 2, DepK = 4 };

class WmmaRewriter {
public:
  WmmaRewriter(FunctionOp fn, const MatmulMatch &mm)
      : fn(fn), mm(mm), b(fn.getSink()), loc(this->mm.reduce.getLoc()) {}

  LogicalResult run(std::string &why);

private:
  LogicalResult findOperandLoads(std::string &why);
  void computeDeps();
  void buildRanges();
  Value cst(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, int64_t c) {
    return c ? arith::AddIOp::create(b, loc, x, cst(c)).getResult() : x;
  }
  Value clone(Value v, IRMapping &map);
  Value gateFor(IndexOp original, IRMapping &map);
  Value fragment(LoadOp load, ArrayRef<std::pair<Value, Value>> at,
                 RangeOp first, RangeOp second, VectorType type);
  Value storeElement(Value d, Value row, Value col);
  void eraseOriginal();

  FunctionOp fn;
  MatmulMatch mm; // a copy: op handles are not const-callable
  OpBuilder b;
  Location loc;
  LoadOp loadA, loadB;
  /// The ops that depend on i, j or k, and on which of them.
  llvm::DenseMap<Operation *, unsigned> deps;
  RangeOp tileM, tileN, lane, kStep;
};
} // namespace

/// A's and B's LOADs: the operands of the widened product.
LogicalResult WmmaRewriter::findOperandLoads(std::string &why) {
  auto mul = mm.reduce.getSrc().getDefiningOp<arith::MulFOp>();
  for (Value side : mul->getOperands()) {
    auto ld = side.getDefiningOp<arith::ExtFOp>().getIn().getDefiningOp<LoadOp>();
    (ld.getBuffer() == mm.a ? loadA : loadB) = ld;
  }
  if (!loadA || !loadB || mm.a == mm.b) {
    why = "A and B must be two loads of different arguments";
    return failure();
  }
  return success();
}

/// Which of i, j, k each op depends on (the SINK aside); a REDUCE's result
/// no longer depends on the ranges it closes.
void WmmaRewriter::computeDeps() {
  SmallVector<Operation *> work;
  auto reach = [&](Operation *op, unsigned d) {
    if (op == mm.reduce.getOperation())
      d &= ~unsigned(DepK);
    unsigned &cur = deps[op];
    if ((cur | d) != cur) {
      cur |= d;
      work.push_back(op);
    }
  };
  reach(mm.i, DepI);
  reach(mm.j, DepJ);
  reach(mm.k, DepK);
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    unsigned d = deps[op];
    for (Operation *user : op->getUsers())
      if (!isa<SinkOp>(user))
        reach(user, d);
  }
}

/// The new ranges: tiles of C over the grid, the warp's lanes, K steps.
void WmmaRewriter::buildRanges() {
  MLIRContext *ctx = fn.getContext();
  int64_t next = 0;
  fn.walk([&](RangeOp r) { next = std::max(next, r.getAxisId().getId() + 1); });
  bool renumbered = mm.k.getAxisId().getRenumbered();
  auto range = [&](int64_t extent, AxisType type) {
    return RangeOp::create(b, loc, mm.k.getType(), cst(extent),
                           AxisIdAttr::get(ctx, next++, renumbered),
                           AxisTypeAttr::get(ctx, type), ValueRange());
  };
  tileM = range(llvm::divideCeil(mm.m, kTileM), AxisType::Global);
  tileN = range(llvm::divideCeil(mm.n, kTileN), AxisType::Global);
  lane = range(kWarp, AxisType::Local);
  kStep = range(llvm::divideCeil(mm.kExtent, kWmmaStepK), AxisType::Reduce);
}

/// The condition under which the clone of `original` (an access at the
/// coordinates `map` gives i, j and k) is inside the matrix; null when the
/// tiles divide every range it depends on.
Value WmmaRewriter::gateFor(IndexOp original, IRMapping &map) {
  unsigned d = deps.lookup(original);
  Value gate;
  auto bound = [&](unsigned bit, RangeOp r, int64_t extent, int64_t tile) {
    if (!(d & bit) || extent % tile == 0)
      return;
    Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                     map.lookup(r.getResult()), cst(extent));
    gate = gate ? arith::AndIOp::create(b, loc, gate, in).getResult() : in;
  };
  bound(DepI, mm.i, mm.m, kTileM);
  bound(DepJ, mm.j, mm.n, kTileN);
  bound(DepK, mm.k, mm.kExtent, kWmmaStepK);
  return gate;
}

/// `v` at the coordinates `map` gives: the ops it depends on that read i, j
/// or k (or the REDUCE) cloned once per map; an access gated where it may
/// leave the matrix, a gated load reading 0 there.
Value WmmaRewriter::clone(Value v, IRMapping &map) {
  if (Value m = map.lookupOrNull(v))
    return m;
  Operation *op = v.getDefiningOp();
  if (!op || !deps.count(op))
    return v;
  for (Value operand : op->getOperands())
    clone(operand, map);
  // The gate and a gated load's 0 come before the clone that uses them.
  auto original = dyn_cast<IndexOp>(op);
  Value gate = original ? gateFor(original, map) : Value();
  Value alt;
  if (auto ld = dyn_cast<LoadOp>(op)) {
    auto idx = map.lookup(ld.getIndex()).getDefiningOp<IndexOp>();
    if (idx && idx.getGate() && !ld.getAlt())
      alt = arith::ConstantOp::create(b, loc, b.getZeroAttr(ld.getType()));
  }
  Operation *c = b.clone(*op, map);
  if (auto closer = getClosedRangesMutable(c))
    closer->clear(); // a STORE's closed ranges: the END closes the new ones
  if (gate)
    cast<IndexOp>(c).getGateMutable().assign(gate);
  if (alt)
    cast<LoadOp>(c).getAltMutable().assign(alt);
  return c->getResult(cast<OpResult>(v).getResultNumber());
}

/// A VECTORIZE of `load` cloned at each (first, second) coordinate pair.
Value WmmaRewriter::fragment(LoadOp load, ArrayRef<std::pair<Value, Value>> at,
                             RangeOp first, RangeOp second, VectorType type) {
  SmallVector<Value> elems;
  for (auto [x, y] : at) {
    IRMapping map;
    map.map(first.getResult(), x);
    map.map(second.getResult(), y);
    elems.push_back(clone(load.getResult(), map));
  }
  return VectorizeOp::create(b, loc, type, elems);
}

/// One element of D through the epilogue to its (gated) store.
Value WmmaRewriter::storeElement(Value d, Value row, Value col) {
  IRMapping map;
  map.map(mm.reduce.getResult(), d);
  map.map(mm.i.getResult(), row);
  map.map(mm.j.getResult(), col);
  return clone(mm.store->getResult(0), map);
}

/// The original computation, once nothing uses it.
void WmmaRewriter::eraseOriginal() {
  bool erased = true;
  while (erased) {
    erased = false;
    for (Operation &op :
         llvm::make_early_inc_range(llvm::reverse(fn.getBody().front())))
      if (deps.count(&op) && op.use_empty()) {
        deps.erase(&op);
        op.erase();
        erased = true;
      }
  }
}

LogicalResult WmmaRewriter::run(std::string &why) {
  if (failed(findOperandLoads(why)))
    return failure();
  auto end = dyn_cast<EndOp>(*mm.store->getUsers().begin());
  computeDeps();
  buildRanges();
  // Lane l of the warp: g = l / 4 and t = l % 4 (PTX's groupID and
  // threadID_in_group).
  Value g = arith::DivUIOp::create(b, loc, lane, cst(4));
  Value t2 = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, lane, cst(4)), cst(2));
  Value row = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, tileM, cst(kTileM)), g);
  Value col0 = arith::MulIOp::create(b, loc, tileN, cst(kTileN));
  Value kk = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, kStep, cst(kWmmaStepK)), t2);
  Value r8 = add(row, 8), k1 = add(kk, 1), k8 = add(kk, 8), k9 = add(kk, 9);
  // A: rows g, g+8 by columns 2t, 2t+1 and those +8; B: rows 2t, 2t+1,
  // 2t+8, 2t+9 of column g.
  Value fa = fragment(loadA,
                      {{row, kk}, {row, k1}, {r8, kk}, {r8, k1},
                       {row, k8}, {row, k9}, {r8, k8}, {r8, k9}},
                      mm.i, mm.k, VectorType::get({8}, mm.inType));
  Value colB = arith::AddIOp::create(b, loc, col0, g);
  Value fb = fragment(loadB, {{kk, colB}, {k1, colB}, {k8, colB}, {k9, colB}},
                      mm.k, mm.j, VectorType::get({4}, mm.inType));
  Type f32 = b.getF32Type();
  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
  auto accType = VectorType::get({4}, f32);
  Value fc = VectorizeOp::create(b, loc, accType,
                                 SmallVector<Value>(4, zero));
  MLIRContext *ctx = fn.getContext();
  std::string name = std::string("WMMA_8_16_16_") +
                     (mm.inType.isBF16() ? "bf16" : "half") + "_float";
  auto md = WmmaMetadataAttr::get(
      ctx, StringAttr::get(ctx, name), {kTileN, kTileM, kWmmaStepK},
      mm.inType, f32, StringAttr::get(ctx, "CUDA"), kWarp, {}, {}, {}, {}, {});
  Value w = WmmaOp::create(b, loc, accType, fa, fb, fc, md);
  // D: rows g, g+8 by columns 2t, 2t+1, each summed over the K steps.
  Value colD = arith::AddIOp::create(b, loc, col0, t2);
  SmallVector<Value> stores;
  for (int64_t e = 0; e < 4; ++e) {
    Value de = GepOp::create(b, loc, f32, w, b.getDenseI64ArrayAttr({e}));
    Value sum = ReduceOp::create(b, loc, f32, de, ValueRange{kStep.getResult()},
                                 ReduceOpKindAttr::get(ctx, ReduceOpKind::Add));
    stores.push_back(storeElement(sum, e < 2 ? row : r8, add(colD, e % 2)));
  }
  Value all = GroupOp::create(b, loc, VoidType::get(ctx), stores);
  Value newEnd = EndOp::create(b, end.getLoc(), VoidType::get(ctx), all,
                               ValueRange{tileM, tileN, lane});
  end.getResult().replaceAllUsesWith(newEnd);
  deps.erase(end);
  end.erase();
  eraseOriginal();
  return success();
}

LogicalResult uop::rewriteMatmulToWmma(FunctionOp kernel,
                                       const MatmulMatch &mm,
                                       std::string &why) {
  if (!mm.inType.isF16() && !mm.inType.isBF16()) {
    why = "the WMMA form takes f16 or bf16 A and B";
    return failure();
  }
  if (!mm.store->hasOneUse() || !isa<EndOp>(*mm.store->getUsers().begin())) {
    why = "the store must be closed by one END";
    return failure();
  }
  return WmmaRewriter(kernel, mm).run(why);
}
