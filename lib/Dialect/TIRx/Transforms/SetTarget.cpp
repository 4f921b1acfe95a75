//===- SetTarget.cpp - the chip onto the module as its tirx.target --------===//
//
// The first step of tirx-to-nvvm: the chip of the compilation becomes IR,
// which every later pass, the PTX translation and the runtime read, instead
// of each taking a chip option of its own.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRxTarget.h"
#include "uop/Dialect/TIRx/Transforms/Passes.h"

namespace uop::tirx {
#define GEN_PASS_DEF_TIRXSETTARGET
#include "uop/Dialect/TIRx/Transforms/Passes.h.inc"
} // namespace uop::tirx

using namespace mlir;
using namespace uop::tirx;

namespace {
struct SetTarget : uop::tirx::impl::TIRxSetTargetBase<SetTarget> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A wrong chip is the option's or the attribute's fault: located at the
    // module's first op (the module itself is often file:0:0), no dump.
    Location loc = module.getBody()->empty()
                       ? module.getLoc()
                       : module.getBody()->front().getLoc();
    FailureOr<const uop::GPUChip *> info =
        resolveChip(loc, getModuleChip(module), chip, "the pass option chip=");
    if (failed(info))
      return signalPassFailure();
    setModuleTarget(module, **info);
  }
};
} // namespace
