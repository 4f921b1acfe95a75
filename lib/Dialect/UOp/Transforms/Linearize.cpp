//===- Linearize.cpp - SINK to LINEAR -------------------------------------===//
//
// Writes the loop tree of each kernel (see KernelSchedule.h) as the flat op
// list of a `uop.linear`: a RANGE opens a loop, an END with one range closes
// it, a gated STORE is wrapped in IF / ENDIF (a hand-written IF of the
// kernel becomes such gates first). The LINEAR and a PROGRAM that
// refers to it are placed in the schedule function right before the first
// CALL of the kernel.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"

#include "mlir/IR/IRMapping.h"

namespace uop {
#define GEN_PASS_DEF_UOPLINEARIZE
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {
class Linearizer {
public:
  Linearizer(OpBuilder &b) : b(b) {}

  void emit(LoopNode *node) {
    for (ScheduleItem &item : node->items) {
      if (item.op) {
        emitOp(item.op);
        continue;
      }
      LoopNode *loop = item.loop;
      b.clone(*loop->range, map);
      emit(loop);
      // Inner loops of a multi-range END close first; several ENDs of one
      // range close it together.
      SmallVector<Value> comps;
      for (EndOp e : loop->closers)
        comps.push_back(lastEnd.count(e) ? lastEnd[e]
                                         : map.lookup(e.getComputation()));
      Location loc = loop->range.getLoc();
      Value comp = comps.size() == 1
                       ? comps.front()
                       : GroupOp::create(b, loc, VoidType::get(b.getContext()),
                                         comps)
                             .getResult();
      auto end = EndOp::create(b, loc, VoidType::get(b.getContext()), comp,
                               ValueRange{map.lookup(loop->range.getResult())});
      for (EndOp e : loop->closers) {
        lastEnd[e] = end;
        if (e.getRanges().front() == loop->range.getResult())
          map.map(e.getResult(), end.getResult());
      }
    }
  }

  IRMapping map;

private:
  void emitOp(Operation *op) {
    if (auto st = dyn_cast<StoreOp>(op)) {
      auto idx = st.getIndex().getDefiningOp<IndexOp>();
      if (idx && idx.getGate()) {
        Value cond = map.lookup(idx.getGate());
        auto ifOp = IfOp::create(b, st.getLoc(), VoidType::get(b.getContext()),
                                 cond, ValueRange{});
        b.clone(*op, map);
        EndIfOp::create(b, st.getLoc(), VoidType::get(b.getContext()), ifOp);
        return;
      }
    }
    b.clone(*op, map);
  }

  OpBuilder &b;
  DenseMap<Operation *, Value> lastEnd;
};

struct UOpLinearizePass : public uop::impl::UOpLinearizeBase<UOpLinearizePass> {
  using UOpLinearizeBase::UOpLinearizeBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    StringRef device = getDeviceForTarget(target);
    // First CALL of each kernel.
    DenseMap<StringAttr, CallOp> firstCall;
    module.walk([&](CallOp call) {
      firstCall.try_emplace(call.getCalleeAttr().getAttr(), call);
    });
    for (FunctionOp fn : llvm::make_early_inc_range(module.getOps<FunctionOp>())) {
      if (!isKernel(fn))
        continue;
      CallOp call = firstCall.lookup(fn.getSymNameAttr());
      if (!call) {
        fn.emitError("uop-linearize: kernel @")
            << fn.getSymName() << " is not called by a schedule function";
        return signalPassFailure();
      }
      lowerIfsToGates(fn);
      FailureOr<KernelSchedule> sched = scheduleKernel(fn);
      if (failed(sched))
        return signalPassFailure();
      OpBuilder b(call);
      Location loc = fn.getLoc();
      Value dev = DeviceOp::create(b, loc, VoidType::get(ctx), device);
      auto linear = LinearOp::create(b, loc, VoidType::get(ctx),
                                     FlatSymbolRefAttr::get(fn.getSymNameAttr()));
      Block *block = new Block();
      linear.getBody().push_back(block);
      OpBuilder lb = OpBuilder::atBlockEnd(block);
      Linearizer lin(lb);
      for (BlockArgument a : fn.getArguments())
        lin.map.map(a, block->addArgument(a.getType(), a.getLoc()));
      lin.emit(sched->root);
      ProgramOp::create(b, loc, VoidType::get(ctx),
                        FlatSymbolRefAttr::get(fn.getSymNameAttr()), dev,
                        linear, Value(), Value());
    }
  }
};
} // namespace
