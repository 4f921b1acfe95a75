//===- GPUDims.cpp - global / local RANGEs to SPECIAL ---------------------===//
//
// On a GPU a global range is a block index and a local range a thread index;
// the hardware runs the "loop", so the RANGE becomes a SPECIAL and leaves the
// END lists. The innermost (last) range of each kind takes x.
//
//===----------------------------------------------------------------------===//

#include "RangeUtils.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

namespace uop {
#define GEN_PASS_DEF_UOPGPUDIMS
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {
struct UOpGPUDimsPass : public uop::impl::UOpGPUDimsBase<UOpGPUDimsPass> {
  void runOnOperation() override {
    FunctionOp fn = getOperation();
    SmallVector<RangeOp> global, local;
    fn.walk([&](RangeOp r) {
      if (r.getAxisType() == AxisType::Global)
        global.push_back(r);
      else if (r.getAxisType() == AxisType::Local)
        local.push_back(r);
    });
    // CUDA's grid: x up to 2^31 - 1, y and z up to 65535. A global range
    // that fits nowhere stays a loop inside each thread.
    if (!global.empty()) {
      llvm::sort(global, [](RangeOp a, RangeOp b) {
        return a.getAxisId().getId() < b.getAxisId().getId();
      });
      auto extent = [](RangeOp r) {
        return getConstantExtent(r).value_or(INT64_MAX);
      };
      // The largest range takes x when the innermost one would fit y.
      auto largest = llvm::max_element(global, [&](RangeOp a, RangeOp b) {
        return extent(a) < extent(b);
      });
      if (extent(*largest) > 65535 && largest != global.end() - 1)
        std::rotate(largest, largest + 1, global.end());
      SmallVector<RangeOp> kept;
      for (auto [i, r] : llvm::enumerate(llvm::reverse(global))) {
        bool fits = i == 0 ? extent(r) < (1ll << 31) : extent(r) <= 65535;
        if (fits && kept.size() < 3)
          kept.insert(kept.begin(), r);
        else
          r.setAxisType(AxisType::Loop);
      }
      global = kept;
    }
    auto lower = [&](SmallVector<RangeOp> &ranges, bool block) {
      if (ranges.size() > 3) {
        ranges[3].emitError("uop-gpudims: more than three ")
            << (block ? "blockIdx" : "threadIdx") << " dimensions";
        return failure();
      }
      if (!block)
        llvm::sort(ranges, [](RangeOp a, RangeOp b) {
          return a.getAxisId().getId() < b.getAxisId().getId();
        });
      for (auto [i, r] : llvm::enumerate(llvm::reverse(ranges))) {
        OpBuilder b(r);
        Value s = SpecialOp::create(b, r.getLoc(), r.getType(), r.getEnd(),
                                    getSpecialDim(block, i));
        SmallVector<Operation *> users(r->getUsers().begin(),
                                       r->getUsers().end());
        for (Operation *user : users) {
          if (auto closed = getClosedRangesMutable(user)) {
            SmallVector<Value> keep;
            for (Value v : static_cast<OperandRange>(*closed))
              if (v != r.getResult())
                keep.push_back(v);
            closed->assign(keep);
          }
          user->replaceUsesOfWith(r, s);
        }
        r->erase();
      }
      return success();
    };
    if (failed(lower(global, /*block=*/true)) ||
        failed(lower(local, /*block=*/false)))
      return signalPassFailure();
    // An END that closes nothing now is its computation.
    SmallVector<EndOp> empty;
    fn.walk([&](EndOp e) {
      if (e.getRanges().empty())
        empty.push_back(e);
    });
    for (EndOp e : empty) {
      e.getResult().replaceAllUsesWith(e.getComputation());
      e->erase();
    }
  }
};
} // namespace
