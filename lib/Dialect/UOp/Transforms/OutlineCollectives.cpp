//===- OutlineCollectives.cpp - one-device stages between ALLREDUCEs ------===//
//
// uop-outline-collectives: a rank program (uop-shard) is one-device tensor
// code with uop.allreduce ops in it. An all-reduce is a step of the host
// schedule, not a kernel (as in tinygrad, where it is its own schedule item),
// so the function is cut there: stage i, `@<f>_s<i>`, holds the ops that
// depend on i all-reduces, and `@<f>` becomes the schedule that calls the
// stages and runs the all-reduces between them. Each stage is an ordinary
// tensor program for uop-to-program.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace uop {
#define GEN_PASS_DEF_UOPOUTLINECOLLECTIVES
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

/// Ops that every stage that reads them clones instead of receiving.
static bool isRematerialized(Operation *op) {
  return op && isa<arith::ConstantOp, DeviceOp>(op);
}

/// Values the schedule needs directly: all-reduce operands and results.
static bool neededBySchedule(Value v) {
  return llvm::any_of(v.getUsers(), [&](Operation *u) {
    return isa<AllReduceOp, func::ReturnOp>(u);
  });
}

/// The stage of each op (how many all-reduces it waits for) and of each
/// all-reduce's result; returns the number of stages.
static FailureOr<unsigned> assignStages(Block &body, Operation *ret,
                                        DenseMap<Value, unsigned> &stageOf,
                                        DenseMap<Operation *, unsigned> &opStage) {
  unsigned stages = 1;
  for (Operation &op : body) {
    if (&op == ret)
      break;
    if (op.getNumRegions() != 0) {
      op.emitError("uop-outline-collectives: expects ops without regions in "
                   "a rank program");
      return failure();
    }
    unsigned s = 0;
    for (Value v : op.getOperands())
      s = std::max(s, stageOf.lookup(v));
    if (isa<AllReduceOp>(op)) {
      stageOf[op.getResult(0)] = s + 1;
      stages = std::max(stages, s + 2);
      continue;
    }
    opStage[&op] = s;
    for (Value r : op.getResults())
      stageOf[r] = s;
  }
  // The all-reduces run as early as they can; every other op as late as
  // its readers allow, so that a stage recomputes what it reads (a bias's
  // broadcast fuses into the kernel after the all-reduce, not a buffer).
  for (Operation &op : llvm::reverse(body)) {
    if (&op == ret || isa<AllReduceOp>(op))
      continue;
    unsigned late = stages - 1;
    for (Operation *user : op.getUsers()) {
      if (isa<func::ReturnOp>(user))
        continue;
      if (auto ar = dyn_cast<AllReduceOp>(user))
        late = std::min(late, stageOf.lookup(ar.getResult()) - 1);
      else
        late = std::min(late, opStage.lookup(user));
    }
    opStage[&op] = std::max(late, opStage.lookup(&op));
  }
  return stages;
}

/// A stage's interface: the values from the schedule its ops read, and
/// the values later stages, all-reduces or the return read.
static void stageInterface(ArrayRef<Operation *> ops,
                           llvm::SetVector<Value> &inputs,
                           llvm::SetVector<Value> &outputs) {
  llvm::SmallPtrSet<Operation *, 32> inStage(ops.begin(), ops.end());
  for (Operation *op : ops) {
    for (Value v : op->getOperands()) {
      Operation *d = v.getDefiningOp();
      if ((d && inStage.contains(d)) || isRematerialized(d))
        continue;
      inputs.insert(v);
    }
    for (Value r : op->getResults()) {
      bool later = llvm::any_of(r.getUsers(), [&](Operation *u) {
        return !inStage.contains(u);
      });
      if (later && !(isRematerialized(op) && !neededBySchedule(r)))
        outputs.insert(r);
    }
  }
}

/// The function `name` that computes `outputs` from `inputs` with `ops`
/// (cloning the rematerialized ops they read), placed before `fn`.
static FailureOr<func::FuncOp>
buildStage(func::FuncOp fn, unsigned s, StringRef name,
           ArrayRef<Operation *> ops, const llvm::SetVector<Value> &inputs,
           const llvm::SetVector<Value> &outputs) {
  for (Value v : inputs)
    if (!isa<RankedTensorType>(v.getType())) {
      fn.emitError("uop-outline-collectives: stage ")
          << s << " reads a value of type " << v.getType()
          << " from the schedule; stages pass tensors";
      return failure();
    }
  OpBuilder mb(fn); // stages go before the schedule
  SmallVector<Type> inTypes, outTypes;
  for (Value v : inputs)
    inTypes.push_back(v.getType());
  for (Value v : outputs)
    outTypes.push_back(v.getType());
  auto stage = func::FuncOp::create(
      mb, fn.getLoc(), name, FunctionType::get(fn.getContext(), inTypes,
                                               outTypes));
  Block *sb = stage.addEntryBlock();
  StringRef unsignedName = UOpDialect::UnsignedAttrHelper::getNameStr();
  for (auto [i, v] : llvm::enumerate(inputs))
    if (auto a = dyn_cast<BlockArgument>(v))
      // An argument keeps how the program interface reads it.
      if (Attribute u = fn.getArgAttr(a.getArgNumber(), unsignedName))
        stage.setArgAttr(i, unsignedName, u);
  IRMapping inner;
  for (auto [v, a] : llvm::zip(inputs, sb->getArguments()))
    inner.map(v, a);
  OpBuilder ib = OpBuilder::atBlockEnd(sb);
  for (Operation *op : ops) {
    for (Value v : op->getOperands())
      if (Operation *d = v.getDefiningOp();
          isRematerialized(d) && !inner.contains(v))
        ib.clone(*d, inner);
    ib.clone(*op, inner);
  }
  SmallVector<Value> rets;
  for (Value v : outputs)
    rets.push_back(inner.lookup(v));
  func::ReturnOp::create(ib, fn.getLoc(), rets);
  return stage;
}

/// The schedule's tail: it returns what it holds; a constant result is
/// cloned. The old ops go.
static LogicalResult finishSchedule(OpBuilder &b, func::ReturnOp ret,
                                    IRMapping &sched,
                                    ArrayRef<Operation *> oldOps) {
  SmallVector<Value> results;
  for (Value v : ret.getOperands()) {
    if (!sched.contains(v)) {
      Operation *d = v.getDefiningOp();
      if (!isRematerialized(d))
        return ret.emitError("uop-outline-collectives: a result the "
                             "schedule does not hold");
      b.clone(*d, sched);
    }
    results.push_back(sched.lookup(v));
  }
  func::ReturnOp::create(b, ret.getLoc(), results);
  ret->erase();
  for (Operation *op : llvm::reverse(oldOps)) {
    op->dropAllUses();
    op->erase();
  }
  return success();
}

static LogicalResult outline(func::FuncOp fn, SymbolTable &symbols) {
  Block &body = fn.getBody().front();
  if (body.getOps<AllReduceOp>().empty())
    return success();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  DenseMap<Value, unsigned> stageOf;
  DenseMap<Operation *, unsigned> opStage;
  FailureOr<unsigned> stages = assignStages(body, ret, stageOf, opStage);
  if (failed(stages))
    return failure();
  OpBuilder b(fn.getContext());
  // Values the schedule holds: arguments, stage results, all-reduce results.
  IRMapping sched;
  SmallVector<Operation *> oldOps;
  for (Operation &op : body)
    if (&op != ret)
      oldOps.push_back(&op);
  b.setInsertionPoint(ret);
  for (BlockArgument a : body.getArguments())
    sched.map(a, a);
  unsigned made = 0;
  for (unsigned s = 0; s < *stages; ++s) {
    SmallVector<Operation *> ops;
    for (Operation *op : oldOps) {
      if (isa<AllReduceOp, DeviceOp>(op) || opStage.lookup(op) != s)
        continue;
      // A constant goes where it is read; only one the schedule itself
      // reads (an all-reduce's operand, a result) is a stage result.
      if (isRematerialized(op) && !neededBySchedule(op->getResult(0)))
        continue;
      ops.push_back(op);
    }
    llvm::SetVector<Value> inputs, outputs;
    stageInterface(ops, inputs, outputs);
    // A stage whose values nobody reads computes nothing.
    if (!outputs.empty()) {
      FailureOr<func::FuncOp> stage =
          buildStage(fn, s, (fn.getName() + "_s" + Twine(made++)).str(), ops,
                     inputs, outputs);
      if (failed(stage))
        return failure();
      symbols.insert(*stage);
      // The schedule: the call, then the all-reduces of this stage's values.
      SmallVector<Value> args;
      for (Value v : inputs)
        args.push_back(sched.lookup(v));
      auto call = func::CallOp::create(b, fn.getLoc(), *stage, args);
      for (auto [v, r] : llvm::zip(outputs, call.getResults()))
        sched.map(v, r);
    }
    for (Operation *op : oldOps) {
      auto ar = dyn_cast<AllReduceOp>(op);
      if (!ar || stageOf.lookup(ar.getResult()) != s + 1)
        continue;
      Operation *dev = ar.getDevice().getDefiningOp();
      if (!sched.contains(ar.getDevice()))
        b.clone(*dev, sched);
      if (!sched.contains(ar.getSrc()))
        return ar.emitError("uop-outline-collectives: the all-reduced value "
                            "is not a stage result");
      b.clone(*ar, sched);
    }
  }
  return finishSchedule(b, ret, sched, oldOps);
}

namespace {
struct UOpOutlineCollectivesPass
    : public uop::impl::UOpOutlineCollectivesBase<UOpOutlineCollectivesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> fns(module.getOps<func::FuncOp>());
    for (func::FuncOp fn : fns) {
      if (fn.isExternal() || !fn.getBody().hasOneBlock())
        continue;
      if (failed(outline(fn, symbols)))
        return signalPassFailure();
    }
  }
};
} // namespace
