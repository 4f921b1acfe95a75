//===- Shard.cpp - one rank's part of a multi-device tensor program -------===//
//
// uop-shard{rank}: the SPMD partition of a tensor-level function over the
// devices its MULTI / MSTACK / COPY values live on, one rank per device.
// Each value of the function has a placement:
//
//   single      not a multi-device value: every rank computes all of it
//   replicated  a multi-device value every device holds whole
//   sharded(a)  device d holds slice d of axis a (a MULTI with an axis)
//   per-device  device d holds its own value (an MSTACK; ops on one)
//
// and the rank's function computes, for each value, the part the rank holds.
// The collectives are uop.allreduce on the local parts; gathering a sharded
// value and picking one device's value are an all-reduce add of the value
// where it lives and zeros elsewhere, so ALLREDUCE is the one collective the
// runtime needs (at n times the traffic of an all-gather or a broadcast).
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace uop {
#define GEN_PASS_DEF_UOPSHARD
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {
struct Placement {
  enum Kind { Single, Replicated, Sharded, PerDevice } kind = Single;
  int64_t axis = -1;
  bool isMulti() const { return kind != Single; }
  bool isWhole() const { return kind == Single || kind == Replicated; }
};

class Sharder {
public:
  Sharder(func::FuncOp fn, int64_t rank) : fn(fn), rank(rank), b(fn) {}
  /// The rank's function replaces `fn`'s body; false after a diagnostic.
  LogicalResult run();

private:
  /// The device count of a multi-device op; every one must agree.
  LogicalResult setDevices(Operation *op, int64_t n);
  /// Maps `op`'s value to the rank's, one handler per op family.
  LogicalResult visit(Operation &op);
  /// Records `v`'s placement and its local value `l`.
  LogicalResult bind(Value v, Placement p, Value l);
  /// MULTI and MSTACK: one value per device, of which the rank keeps its own.
  FailureOr<Value> ownPart(Operation &op, ValueRange srcs, StringRef what);
  LogicalResult visitMulti(MultiOp multi);
  LogicalResult visitMStack(MStackOp stack);
  /// DEVICE is kept; the first one naming every device is the tuple.
  LogicalResult visitDevice(DeviceOp dev);
  /// MSELECT of a per-device value broadcasts the chosen rank's part.
  LogicalResult visitMSelect(MSelectOp sel);
  /// COPY to a device gathers a sharded value.
  LogicalResult visitCopy(CopyOp copy);
  LogicalResult visitAllReduce(AllReduceOp ar);
  /// REDUCE_AXIS over the sharded axis reduces locally, then across ranks.
  LogicalResult visitReduceAxis(ReduceAxisOp red);
  /// Any other op: elementwise, or cloned as is on single-device values.
  LogicalResult visitGeneric(Operation &op);
  LogicalResult visitElementwise(Operation &op);
  LogicalResult visitMovement(Operation &op);
  /// `local` reduced across the ranks.
  Value allReduce(Location loc, Value local, ReduceOpKind kind);
  /// The whole value of sharded `v` on every rank.
  Value gather(Location loc, Value v);
  /// Rank `owner`'s part of `local` on every rank.
  Value fromRank(Location loc, Value local, int64_t owner);
  /// `v`'s local part as a sharded operand along `axis`: a whole value is
  /// shrunk to this rank's slice.
  Value sliceFor(Location loc, Value v, int64_t axis);
  RankedTensorType localType(RankedTensorType global, int64_t axis) const;
  /// The DEVICE tuple the generated ALLREDUCEs name.
  Value deviceTuple(Location loc);

  func::FuncOp fn;
  int64_t rank;
  OpBuilder b;
  int64_t devices = 0;
  Operation *devicesFrom = nullptr;
  DenseMap<Value, Placement> placement;
  IRMapping local;
  Value tuple;
  SmallVector<Operation *> old;
};
} // namespace

LogicalResult Sharder::setDevices(Operation *op, int64_t n) {
  if (devices == 0) {
    devices = n;
    devicesFrom = op;
    if (rank >= n)
      return op->emitError("uop-shard: rank ")
             << rank << " is not one of the " << n
             << " devices of this program";
    return success();
  }
  if (n == devices)
    return success();
  InFlightDiagnostic d = op->emitError("uop-shard: a value on ")
                         << n << " devices in a program on " << devices;
  d.attachNote(devicesFrom->getLoc()) << "the program's device count is set here";
  return failure();
}

RankedTensorType Sharder::localType(RankedTensorType global,
                                    int64_t axis) const {
  SmallVector<int64_t> shape(global.getShape());
  shape[axis] /= devices;
  return RankedTensorType::get(shape, global.getElementType());
}

Value Sharder::deviceTuple(Location loc) {
  if (tuple)
    return tuple;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&fn.getBody().front());
  SmallVector<std::string> names;
  for (int64_t d = 0; d < devices; ++d)
    names.push_back(("rank:" + Twine(d)).str());
  SmallVector<StringRef> refs(names.begin(), names.end());
  tuple = DeviceOp::create(b, loc, VoidType::get(b.getContext()),
                           b.getStrArrayAttr(refs));
  return tuple;
}

Value Sharder::allReduce(Location loc, Value localValue, ReduceOpKind kind) {
  return AllReduceOp::create(b, loc, localValue.getType(), localValue,
                             deviceTuple(loc),
                             ReduceOpKindAttr::get(b.getContext(), kind));
}

// Zeros are the identity of add, and `x + 0` is `x` (but -0.0 becomes +0.0).
static ReduceOpKind combineKind(Type elem) {
  return elem.isInteger(1) ? ReduceOpKind::UMax : ReduceOpKind::Add;
}

Value Sharder::gather(Location loc, Value v) {
  Placement p = placement.lookup(v);
  Value part = local.lookup(v);
  auto global = cast<RankedTensorType>(v.getType());
  auto lt = cast<RankedTensorType>(part.getType());
  // This rank's slab of the whole, zeros around it.
  SmallVector<int64_t> low(global.getRank(), 0), high(global.getRank(), 0);
  low[p.axis] = rank * lt.getDimSize(p.axis);
  high[p.axis] = (devices - 1 - rank) * lt.getDimSize(p.axis);
  Value padded = PadOp::create(b, loc, global, part,
                               b.getDenseI64ArrayAttr(low),
                               b.getDenseI64ArrayAttr(high));
  return allReduce(loc, padded, combineKind(global.getElementType()));
}

Value Sharder::fromRank(Location loc, Value localValue, int64_t owner) {
  auto t = cast<RankedTensorType>(localValue.getType());
  Value mine = localValue;
  if (owner != rank)
    mine = arith::ConstantOp::create(b, loc, t, b.getZeroAttr(t));
  return allReduce(loc, mine, combineKind(t.getElementType()));
}

Value Sharder::sliceFor(Location loc, Value v, int64_t axis) {
  Value part = local.lookup(v);
  if (placement.lookup(v).kind == Placement::Sharded)
    return part;
  auto global = cast<RankedTensorType>(v.getType());
  RankedTensorType lt = localType(global, axis);
  SmallVector<int64_t> begins(global.getRank(), 0),
      ends(global.getShape().begin(), global.getShape().end());
  begins[axis] = rank * lt.getDimSize(axis);
  ends[axis] = begins[axis] + lt.getDimSize(axis);
  return ShrinkOp::create(b, loc, lt, part, b.getDenseI64ArrayAttr(begins),
                          b.getDenseI64ArrayAttr(ends));
}

LogicalResult Sharder::visitElementwise(Operation &op) {
  // The operands' placements meet: per-device wins over whole values,
  // sharded wins over whole values; per-device and sharded do not mix.
  Placement out;
  for (Value v : op.getOperands()) {
    Placement p = placement.lookup(v);
    if (p.kind == Placement::Sharded && out.kind == Placement::Sharded &&
        p.axis != out.axis)
      return op.emitError("uop-shard: operands sharded along axes ")
             << out.axis << " and " << p.axis
             << "; COPY one to a device to gather it first";
    if ((p.kind == Placement::Sharded && out.kind == Placement::PerDevice) ||
        (p.kind == Placement::PerDevice && out.kind == Placement::Sharded))
      return op.emitError("uop-shard: a sharded and a per-device (MSTACK) "
                          "operand do not combine elementwise");
    if (p.kind > out.kind)
      out = p;
  }
  // The operands' local parts (whole ones sliced), before the op.
  IRMapping operands;
  for (Value v : op.getOperands())
    operands.map(v, out.kind == Placement::Sharded
                        ? sliceFor(op.getLoc(), v, out.axis)
                        : local.lookup(v));
  Operation *copy = b.clone(op, operands);
  if (out.kind == Placement::Sharded)
    for (Value r : copy->getResults())
      r.setType(localType(cast<RankedTensorType>(r.getType()), out.axis));
  for (auto [r, c] : llvm::zip(op.getResults(), copy->getResults())) {
    placement[r] = out;
    local.map(r, c);
  }
  return success();
}

/// The axis of `res` that holds axis `axis` of `src` through the reshape,
/// when the dimensions before it keep their element count.
static std::optional<int64_t> reshapedAxis(RankedTensorType src,
                                           RankedTensorType res, int64_t axis) {
  int64_t before = 1;
  for (int64_t d = 0; d < axis; ++d)
    before *= src.getDimSize(d);
  int64_t acc = 1;
  for (int64_t d = 0; d < res.getRank(); ++d) {
    if (acc == before && res.getDimSize(d) == src.getDimSize(axis))
      return d;
    acc *= res.getDimSize(d);
  }
  return std::nullopt;
}

LogicalResult Sharder::visitMovement(Operation &op) {
  Value src = op.getOperand(0);
  Placement p = placement.lookup(src);
  if (p.kind != Placement::Sharded) {
    Operation *copy = b.clone(op, local);
    placement[op.getResult(0)] = p;
    local.map(op.getResult(0), copy->getResult(0));
    return success();
  }
  auto srcTy = cast<RankedTensorType>(src.getType());
  auto resTy = cast<RankedTensorType>(op.getResult(0).getType());
  int64_t a = p.axis;
  std::optional<int64_t> axis;
  auto touches = [&](StringRef what) {
    return op.emitError("uop-shard: ")
           << op.getName() << " " << what << " the sharded axis " << a
           << "; COPY the value to a device to gather it first";
  };
  if (isa<ReshapeOp>(op)) {
    axis = reshapedAxis(srcTy, resTy, a);
    if (!axis)
      return touches("splits or merges");
  } else if (auto perm = dyn_cast<PermuteOp>(op)) {
    for (auto [j, from] : llvm::enumerate(perm.getAxes()))
      if (from == a)
        axis = j;
  } else if (isa<ExpandOp>(op)) {
    if (srcTy.getDimSize(a) != resTy.getDimSize(a))
      return touches("broadcasts");
    axis = a;
  } else if (auto sh = dyn_cast<ShrinkOp>(op)) {
    if (sh.getBegins()[a] != 0 || sh.getEnds()[a] != srcTy.getDimSize(a))
      return touches("shrinks");
    axis = a;
  } else if (auto pad = dyn_cast<PadOp>(op)) {
    if (pad.getBeginPads()[a] != 0 || pad.getEndPads()[a] != 0)
      return touches("pads");
    axis = a;
  } else if (auto flip = dyn_cast<FlipOp>(op)) {
    if (flip.getAxes()[a])
      return touches("flips");
    axis = a;
  }
  Operation *copy = b.clone(op, local);
  copy->getResult(0).setType(localType(resTy, *axis));
  placement[op.getResult(0)] = {Placement::Sharded, *axis};
  local.map(op.getResult(0), copy->getResult(0));
  return success();
}

LogicalResult Sharder::bind(Value v, Placement p, Value l) {
  placement[v] = p;
  local.map(v, l);
  return success();
}

FailureOr<Value> Sharder::ownPart(Operation &op, ValueRange srcs,
                                  StringRef what) {
  if (failed(setDevices(&op, srcs.size())))
    return failure();
  for (Value s : srcs)
    if (placement.lookup(s).isMulti())
      return op.emitError("uop-shard: ")
             << what << " is itself a multi-device value";
  return local.lookup(srcs[rank]);
}

LogicalResult Sharder::visitMulti(MultiOp multi) {
  FailureOr<Value> mine =
      ownPart(*multi.getOperation(), multi.getSrcs(), "a shard of a MULTI");
  if (failed(mine))
    return failure();
  if (IntegerAttr axis = multi.getAxisAttr())
    return bind(multi, {Placement::Sharded, axis.getInt()}, *mine);
  return bind(multi, {Placement::Replicated}, *mine);
}

LogicalResult Sharder::visitMStack(MStackOp stack) {
  FailureOr<Value> mine =
      ownPart(*stack.getOperation(), stack.getSrcs(), "a value of an MSTACK");
  if (failed(mine))
    return failure();
  return bind(stack, {Placement::PerDevice}, *mine);
}

LogicalResult Sharder::visitDevice(DeviceOp dev) {
  if (dev.getNumDevices() > 1 && failed(setDevices(dev, dev.getNumDevices())))
    return failure();
  Operation *copy = b.clone(*dev.getOperation(), local);
  local.map(dev.getResult(), copy->getResult(0));
  // The generated ALLREDUCEs name the program's own tuple.
  if (devices > 1 && dev.getNumDevices() == (size_t)devices && !tuple)
    tuple = copy->getResult(0);
  return success();
}

LogicalResult Sharder::visitMSelect(MSelectOp sel) {
  Placement p = placement.lookup(sel.getSrc());
  if (p.kind == Placement::Sharded)
    return sel.emitError("uop-shard: MSELECT of a sharded value; COPY it "
                         "to a device to gather it");
  if (p.kind != Placement::PerDevice)
    return bind(sel, {}, local.lookup(sel.getSrc()));
  if ((int64_t)sel.getDeviceIndex() >= devices)
    return sel.emitError("uop-shard: device index ")
           << sel.getDeviceIndex() << " is out of range for a value on "
           << devices << " devices";
  return bind(
      sel, {},
      fromRank(sel.getLoc(), local.lookup(sel.getSrc()), sel.getDeviceIndex()));
}

LogicalResult Sharder::visitCopy(CopyOp copy) {
  auto dev = copy.getDevice().getDefiningOp<DeviceOp>();
  Placement p = placement.lookup(copy.getSrc());
  if (p.kind == Placement::PerDevice)
    return copy.emitError("uop-shard: COPY of a per-device (MSTACK) value; "
                          "MSELECT one device's or ALLREDUCE them");
  int64_t n = dev.getNumDevices();
  if (n > 1 && failed(setDevices(copy, n)))
    return failure();
  Value whole = p.kind == Placement::Sharded
                    ? gather(copy.getLoc(), copy.getSrc())
                    : local.lookup(copy.getSrc());
  return bind(copy, {n > 1 ? Placement::Replicated : Placement::Single}, whole);
}

LogicalResult Sharder::visitAllReduce(AllReduceOp ar) {
  auto dev = ar.getDevice().getDefiningOp<DeviceOp>();
  if (failed(setDevices(ar, dev.getNumDevices())))
    return failure();
  Placement p = placement.lookup(ar.getSrc());
  if (p.kind == Placement::Sharded)
    return ar.emitError("uop-shard: ALLREDUCE of a sharded value (its "
                        "shards are parts of one tensor, not partial "
                        "results); REDUCE_AXIS it instead");
  Value r = AllReduceOp::create(
      b, ar.getLoc(), ar.getType(), local.lookup(ar.getSrc()),
      local.lookup(ar.getDevice()), ar.getReduceOpAttr());
  return bind(ar, {Placement::Replicated}, r);
}

LogicalResult Sharder::visitReduceAxis(ReduceAxisOp red) {
  Placement p = placement.lookup(red.getSrc());
  Operation *c = b.clone(*red.getOperation(), local);
  if (p.kind != Placement::Sharded)
    return bind(red, p, c->getResult(0));
  ArrayRef<int64_t> axes = red.getAxes();
  if (llvm::is_contained(axes, p.axis)) {
    // Partial results of the local shard, combined across the ranks.
    Value r = allReduce(red.getLoc(), c->getResult(0), red.getReduceOp());
    return bind(red, {Placement::Replicated}, r);
  }
  int64_t axis =
      p.axis - llvm::count_if(axes, [&](int64_t x) { return x < p.axis; });
  c->getResult(0).setType(localType(red.getType(), axis));
  return bind(red, {Placement::Sharded, axis}, c->getResult(0));
}

LogicalResult Sharder::visitGeneric(Operation &op) {
  bool multiOperand = llvm::any_of(
      op.getOperands(), [&](Value v) { return placement.lookup(v).isMulti(); });
  // Elementwise: tensor operands and results of one shape.
  auto shapeOf = [](Type t) -> std::optional<ArrayRef<int64_t>> {
    if (auto rt = dyn_cast<RankedTensorType>(t))
      return rt.getShape();
    return std::nullopt;
  };
  bool elementwise = op.getNumResults() == 1 && op.getNumRegions() == 0 &&
                     shapeOf(op.getResult(0).getType());
  for (Value v : op.getOperands())
    elementwise = elementwise &&
                  shapeOf(v.getType()) == shapeOf(op.getResult(0).getType());
  if (elementwise)
    return visitElementwise(op);
  if (multiOperand)
    return op.emitError("uop-shard: ")
           << op.getName() << " on a multi-device value is not supported";
  Operation *c = b.clone(op, local);
  for (auto [r, cr] : llvm::zip(op.getResults(), c->getResults()))
    (void)bind(r, {}, cr);
  return success();
}

LogicalResult Sharder::visit(Operation &op) {
  if (auto multi = dyn_cast<MultiOp>(op))
    return visitMulti(multi);
  if (auto stack = dyn_cast<MStackOp>(op))
    return visitMStack(stack);
  if (auto dev = dyn_cast<DeviceOp>(op))
    return visitDevice(dev);
  if (auto sel = dyn_cast<MSelectOp>(op))
    return visitMSelect(sel);
  if (auto copy = dyn_cast<CopyOp>(op))
    return visitCopy(copy);
  if (auto ar = dyn_cast<AllReduceOp>(op))
    return visitAllReduce(ar);
  if (auto red = dyn_cast<ReduceAxisOp>(op))
    return visitReduceAxis(red);
  if (isa<ReshapeOp, PermuteOp, ExpandOp, ShrinkOp, PadOp, FlipOp>(op))
    return visitMovement(op);
  return visitGeneric(op);
}

LogicalResult Sharder::run() {
  Block &body = fn.getBody().front();
  if (!llvm::any_of(body, [](Operation &op) { return isMultiDeviceOp(&op); }))
    return success(); // a one-device program
  if (!getShapeVars(fn).empty())
    return fn.emitError("uop-shard: multi-device programs need static shapes");
  // Build the rank's ops after the old ones, then drop the old.
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (Operation &op : body)
    if (&op != ret)
      old.push_back(&op);
  b.setInsertionPoint(ret);
  for (BlockArgument a : body.getArguments())
    local.map(a, a);
  for (Operation *op : old)
    if (failed(visit(*op)))
      return failure();
  SmallVector<Value> results;
  SmallVector<Type> types;
  SmallVector<int64_t> shardAxes;
  for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
    Placement p = placement.lookup(v);
    if (p.kind == Placement::PerDevice)
      return ret.emitError("uop-shard: result ")
             << i << " is a per-device (MSTACK) value; return an MSELECT of "
                "one device's value or an ALLREDUCE of them";
    results.push_back(local.lookup(v));
    types.push_back(results.back().getType());
    shardAxes.push_back(p.kind == Placement::Sharded ? p.axis : -1);
  }
  b.setInsertionPoint(ret);
  func::ReturnOp::create(b, ret.getLoc(), results);
  ret->erase();
  for (Operation *op : llvm::reverse(old)) {
    op->dropAllUses();
    op->erase();
  }
  // What only other ranks' values needed (the other shards of a MULTI).
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isOpTriviallyDead(&op))
      op.erase();
  MLIRContext *ctx = fn.getContext();
  fn.setFunctionType(FunctionType::get(ctx, fn.getArgumentTypes(), types));
  for (auto [i, axis] : llvm::enumerate(shardAxes))
    if (axis >= 0)
      fn.setResultAttr(i, UOpDialect::ShardAxisAttrHelper::getNameStr(),
                       IntegerAttr::get(IntegerType::get(ctx, 64), axis));
  UOpDialect::SpmdAttrHelper(ctx).setAttr(fn, SPMDAttr::get(ctx, rank, devices));
  return success();
}

namespace {
struct UOpShardPass : public uop::impl::UOpShardBase<UOpShardPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal() || !fn.getBody().hasOneBlock())
      return;
    if (rank < 0) {
      fn.emitError("uop-shard: rank must be non-negative, got ") << rank;
      return signalPassFailure();
    }
    if (failed(Sharder(fn, rank).run()))
      signalPassFailure();
  }
};
} // namespace
