//===- DispatchTilePrimitives.cpp - tirx-dispatch-tile-primitives ---------===//
//
// Each tile primitive has a list of implementations (name, priority,
// predicate, expansion). The highest-priority implementation whose predicate
// accepts the op (and whose name matches an explicit `dispatch`) expands it
// into lower tirx: scf loops, buffer loads/stores, scope ids, gpu/nvgpu/nvvm
// ops. The implementations live in Dispatch/, one file per op family.
//
//===----------------------------------------------------------------------===//

#include "Dispatch/Dispatch.h"
#include "uop/Dialect/TIRx/IR/TIRxTarget.h"
#include "uop/Dialect/TIRx/IR/TIRxViews.h"
#include "uop/Dialect/TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace uop::tirx {
#define GEN_PASS_DEF_TIRXDISPATCHTILEPRIMITIVES
#include "uop/Dialect/TIRx/Transforms/Passes.h.inc"
} // namespace uop::tirx

using namespace mlir;
using namespace uop::tirx;

namespace {

using namespace uop::tirx::dispatch;

/// The implementation lists, highest priority first.
const llvm::StringMap<SmallVector<TileImpl>> &getRegistry() {
  static const llvm::StringMap<SmallVector<TileImpl>> registry = [] {
    llvm::StringMap<SmallVector<TileImpl>> r;
    r[CopyOp::getOperationName()] = {tcgen05LoadCopy(), vectorizedCopy(),
                                     genericCopy()};
    r[CastOp::getOperationName()] = {genericCast()};
    r[FillOp::getOperationName()] = {genericFill()};
    r[UnaryOp::getOperationName()] = {genericUnary()};
    r[BinaryOp::getOperationName()] = {genericBinary()};
    r[ReduceOp::getOperationName()] = {workspaceReduce(), shuffleReduce(),
                                       genericReduce()};
    r[GemmOp::getOperationName()] = {mmaSyncGemm(), genericGemm()};
    r[GemmAsyncOp::getOperationName()] = {wgmmaGemm(),
                                          tcgen05Gemm()};
    r[CopyAsyncOp::getOperationName()] = {tmaCopy(), bulkClusterCopy(),
                                           cpAsyncCopy()};
    for (auto &entry : r)
      llvm::stable_sort(entry.second, [](const TileImpl &a, const TileImpl &b) {
        return a.priority > b.priority;
      });
    return r;
  }();
  return registry;
}

/// A config key of `op` that `impl` does not read, if any.
std::optional<StringRef> unreadConfigKey(TilePrimitiveOpInterface op,
                                         const TileImpl &impl) {
  if (TileConfigAttr config = op.getTileConfig())
    for (StringRef key : config.getSetKeys())
      if (!llvm::is_contained(impl.configKeys, key))
        return key;
  return std::nullopt;
}

/// Replaces a tirx.unroll loop (constant bounds, verified) by one copy of
/// its body per iteration, folding as it copies: the induction variable is a
/// constant in each copy, and so is everything computed from it alone (a
/// region's mins), which the register-tile walks need to see.
void unrollFully(scf::ForOp loop) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Type ivType = loop.getInductionVar().getType();
  int64_t lb = *getConstantIntValue(loop.getLowerBound());
  int64_t ub = *getConstantIntValue(loop.getUpperBound());
  int64_t step = *getConstantIntValue(loop.getStep());
  SmallVector<Value> carried(loop.getInitArgs());
  Block *body = loop.getBody();
  for (int64_t i = lb; i < ub; i += step) {
    IRMapping map;
    map.map(loop.getInductionVar(),
            arith::ConstantOp::create(b, loc, b.getIntegerAttr(ivType, i))
                .getResult());
    map.map(loop.getRegionIterArgs(), carried);
    for (Operation &op : body->without_terminator()) {
      Operation *copy = b.clone(op, map);
      SmallVector<Value> folded;
      if (copy->getNumRegions() == 0 && succeeded(b.tryFold(copy, folded)) &&
          !folded.empty()) {
        map.map(op.getResults(), folded);
        copy->erase();
      }
    }
    carried.clear();
    for (Value v : body->getTerminator()->getOperands())
      carried.push_back(map.lookupOrDefault(v));
  }
  loop.replaceAllUsesWith(carried);
  loop.erase();
}

struct DispatchTilePrimitives
    : uop::tirx::impl::TIRxDispatchTilePrimitivesBase<DispatchTilePrimitives> {
  using Base::Base;

  /// Register reallocation (nvvm.setmaxregister, setmaxnreg) is checked
  /// here, the first pass that knows the chip, rather than by ptxas: it
  /// exists on the architecture- and family-specific chips of sm_90 and up,
  /// and it moves registers between whole warpgroups, which each run it.
  LogicalResult checkSetMaxRegister(const Target &target) {
    std::optional<int64_t> threads;
    getOperation().walk([&](ScopeIdDefOp def) {
      if (std::optional<int64_t> n = def.getThreadsPerCta())
        threads = std::max(threads.value_or(0), *n);
    });
    // tirx.warp_specialize reallocates with setmaxnreg too; its verifier
    // has checked its thread count.
    WalkResult roles = getOperation().walk([&](WarpSpecializeOp op) {
      if (target.has(uop::ChipFeature::SetMaxNReg))
        return WalkResult::advance();
      op.emitError("tirx.warp_specialize sets registers with setmaxnreg, "
                   "which needs an architecture- or family-specific chip of "
                   "sm_90 or newer (sm_90a, sm_100a, ...), target is ")
          << target.chip;
      return WalkResult::interrupt();
    });
    if (roles.wasInterrupted())
      return failure();
    WalkResult walk = getOperation().walk([&](NVVM::SetMaxRegisterOp op) {
      if (!target.has(uop::ChipFeature::SetMaxNReg)) {
        op.emitError("setmaxnreg needs an architecture- or family-specific "
                     "chip of sm_90 or newer (sm_90a, sm_100a, ...), target is ")
            << target.chip;
        return WalkResult::interrupt();
      }
      if (!threads || *threads % 128) {
        op.emitError("setmaxnreg reallocates the registers of whole "
                     "warpgroups: the kernel's threads per CTA must be a "
                     "known multiple of 128 (a cta -> thread, warp or "
                     "warpgroup scope id)");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  void runOnOperation() override {
    // The module's #nvvm.target, else the option. A wrong chip is the
    // option's or the module's fault, not the prim_func's: no dump of it.
    auto module = getOperation()->getParentOfType<ModuleOp>();
    FailureOr<const uop::GPUChip *> info = uop::tirx::resolveChip(
        getOperation().getLoc(),
        module ? uop::tirx::getModuleChip(module) : std::nullopt, chip,
        "the pass option chip=");
    if (failed(info))
      return signalPassFailure();
    // Region views become decl_buffers with the sliced layout, so that the
    // implementations see the views they know.
    uop::tirx::lowerRegionViews(getOperation());
    Target target{(*info)->name.str(), *info};
    // Clusters are a launch property, checked here because this pass is the
    // first that knows the chip.
    if (!target.has(uop::ChipFeature::Clusters)) {
      WalkResult walk = getOperation().walk([&](ScopeIdDefOp def) {
        if (def.getParent() != ExecScopeKind::Cluster &&
            def.getChild() != ExecScopeKind::Cluster)
          return WalkResult::advance();
        def.emitError("thread-block clusters need sm_90 or newer, target is ")
            << target.chip;
        return WalkResult::interrupt();
      });
      if (walk.wasInterrupted())
        return signalPassFailure();
    }
    if (failed(checkSetMaxRegister(target)))
      return signalPassFailure();
    // Pipeline steps that arrive by tcgen05.commit need tcgen05.
    if (!target.has(uop::ChipFeature::Tcgen05)) {
      WalkResult walk = getOperation().walk([&](Operation *op) {
        auto commit = dyn_cast<PipelineProducerCommitOp>(op);
        auto release = dyn_cast<PipelineConsumerReleaseOp>(op);
        if ((commit && commit.getTcgen05()) || (release && release.getTcgen05())) {
          op->emitError("a tcgen05 commit needs a chip with tcgen05 (sm_100a "
                        "class), target is ")
              << target.chip;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      if (walk.wasInterrupted())
        return signalPassFailure();
    }
    if (failed(checkTcgen05CtaGroups(getOperation())))
      return signalPassFailure();
    // Loops marked tirx.unroll (constant bounds, verified) are unrolled
    // first, innermost first, so that each copy of a tile call sees its own
    // constant region: a sub-tile of a register accumulator must have
    // constant indices to stay in registers.
    auto *tirx = getContext().getLoadedDialect<TIRxDialect>();
    SmallVector<scf::ForOp> unroll;
    getOperation().walk([&](scf::ForOp loop) {
      if (tirx->getUnrollAttrHelper().isAttrPresent(loop))
        unroll.push_back(loop);
    });
    for (scf::ForOp loop : unroll)
      unrollFully(loop);
    SmallVector<TilePrimitiveOpInterface> ops;
    getOperation().walk([&](TilePrimitiveOpInterface op) { ops.push_back(op); });
    for (TilePrimitiveOpInterface op : ops) {
      if (failed(dispatch(op, target)))
        return signalPassFailure();
    }
    // Regions only feed tile primitives; drop the ones left unused.
    getOperation().walk([](RegionOp r) {
      if (r->use_empty())
        r->erase();
    });
  }

  LogicalResult dispatch(TilePrimitiveOpInterface op, const Target &target) {
    Operation *o = op.getOperation();
    const auto &registry = getRegistry();
    auto it = registry.find(o->getName().getStringRef());
    std::optional<StringRef> wanted = op.getDispatchName();
    SmallVector<std::string> reasons;
    if (it != registry.end()) {
      for (const TileImpl &impl : it->second) {
        if (wanted && impl.name != *wanted) {
          reasons.push_back((impl.name + ": not the requested dispatch \"" +
                             *wanted + "\"").str());
          continue;
        }
        if (Declines why = impl.accepts(o, target)) {
          reasons.push_back((impl.name + ": " + *why).str());
          continue;
        }
        // After the implementation's own reasons, which say more.
        if (std::optional<StringRef> key = unreadConfigKey(op, impl)) {
          reasons.push_back((impl.name + ": does not read config key '" +
                             *key + "'").str());
          continue;
        }
        OpBuilder b(o);
        impl.expand(o, b, target);
        o->erase();
        return success();
      }
    }
    InFlightDiagnostic diag = o->emitError("no implementation of '")
                              << o->getName() << "' accepts this call on "
                              << target.chip;
    if (wanted)
      diag << " with dispatch \"" << *wanted << "\"";
    if (reasons.empty())
      diag << ": none is registered yet";
    for (const std::string &r : reasons)
      diag.attachNote() << r;
    return failure();
  }
};

} // namespace
