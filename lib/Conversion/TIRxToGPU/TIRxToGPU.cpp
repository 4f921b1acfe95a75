//===- TIRxToGPU.cpp - convert-tirx-to-gpu --------------------------------===//
//
// The type converter, the exported pattern sets and targets, the checks
// that say why a kernel cannot be converted, and the pass: kernels first,
// then the host code that launches them (its launches read the converted
// kernels' launch configuration). The patterns live in one file per op
// family: KernelToGPU, BuffersToGPU, TensorMemoryToGPU, AccessToGPU,
// PipelineToGPU, HostToGPU.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "uop/Dialect/TIRx/IR/TIRxTarget.h"
#include "uop/Dialect/TIRx/IR/TIRxViews.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace uop {
#define GEN_PASS_DEF_CONVERTTIRXTOGPU
#include "uop/Conversion/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop::tirx;
using namespace uop::tirx::togpu;

static gpu::AddressSpace addressSpaceOf(StorageScope scope) {
  switch (scope) {
  case StorageScope::Global:
    return gpu::AddressSpace::Global;
  case StorageScope::Shared:
    return gpu::AddressSpace::Workgroup;
  default:
    return gpu::AddressSpace::Private;
  }
}

MemRefType uop::tirx::getMemRefForBuffer(BufferType type) {
  MLIRContext *ctx = type.getContext();
  return MemRefType::get({type.getStorageSpan()}, type.getElementType(),
                         MemRefLayoutAttrInterface(),
                         gpu::AddressSpaceAttr::get(ctx, addressSpaceOf(type.getScope())));
}

TIRxToGPUTypeConverter::TIRxToGPUTypeConverter(MLIRContext *ctx) {
  addConversion([](Type t) { return t; });
  addConversion([ctx](BufferType t) -> Type {
    if (t.getScope() == StorageScope::TMem)
      return IntegerType::get(ctx, 32);
    // Another CTA's shared memory: its address in the cluster's window.
    if (t.getScope() == StorageScope::SharedCluster)
      return LLVM::LLVMPointerType::get(
          ctx, static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
    return getMemRefForBuffer(t);
  });
  addTIRxPipelineTypeConversions(*this);
}

void uop::tirx::populateTIRxToGPUConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  populateKernelPatterns(converter, patterns);
  populateBufferPatterns(converter, patterns);
  populateTensorMemoryPatterns(converter, patterns);
  populateAccessPatterns(converter, patterns);
  populateTIRxPipelineToGPUConversionPatterns(converter, patterns);
  populateClusterSharedPatterns(converter, patterns);
}

static bool isKernel(PrimFuncOp fn) {
  return !fn.getBody().getOps<DeviceEntryOp>().empty();
}

void uop::tirx::configureTIRxToGPUConversionTarget(ConversionTarget &target) {
  target.addIllegalDialect<TIRxDialect>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  target.addDynamicallyLegalOp<PrimFuncOp>([](PrimFuncOp fn) { return !isKernel(fn); });
  target.markOpRecursivelyLegal<PrimFuncOp>([](PrimFuncOp fn) { return !isKernel(fn); });
}

void uop::tirx::configureTIRxHostToGPUConversionTarget(ConversionTarget &target) {
  target.addIllegalDialect<TIRxDialect>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  auto stays = [](PrimFuncOp fn) { return !launchesKernels(fn); };
  target.addDynamicallyLegalOp<PrimFuncOp>(stays);
  target.markOpRecursivelyLegal<PrimFuncOp>(stays);
}

//===----------------------------------------------------------------------===//
// Why a kernel cannot be converted
//===----------------------------------------------------------------------===//

/// The device region may use only pure scalar values of the host part: the
/// kernel pattern recomputes them inside.
static LogicalResult checkOuterValues(DeviceEntryOp entry) {
  SmallVector<Value> worklist;
  DenseSet<Operation *> seen;
  entry.walk([&](Operation *op) { llvm::append_range(worklist, op->getOperands()); });
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || entry->isAncestor(def) || !seen.insert(def).second)
      continue;
    if (!isPure(def) || def->getNumRegions() || isa<TIRxDialect>(def->getDialect()))
      return def->emitError("the device region uses this value from the "
                            "host part of the prim_func; only pure scalar "
                            "computations can move into the kernel");
    worklist.append(def->operand_begin(), def->operand_end());
  }
  return success();
}

/// A buffer the patterns can follow: a parameter, an allocation or a view
/// (of this CTA's storage or of another's).
static bool isConvertedBuffer(Value buffer) {
  if (isa<BlockArgument>(buffer))
    return isa<PrimFuncOp>(buffer.getParentBlock()->getParentOp());
  return isa_and_nonnull<AllocBufferOp, DeclBufferOp, ClusterViewOp>(
      buffer.getDefiningOp());
}

static LogicalResult checkFlatAccess(Operation *op, Value buffer,
                                     ValueRange indices) {
  if (indices.size() != 1 || !isConvertedBuffer(buffer))
    return op->emitError("expected a flat access; run tirx-lower-layouts first");
  return success();
}

/// Accesses are flat; a tensor-memory address needs TLane and TCol.
static LogicalResult checkAccess(BufferAccessOpInterface access) {
  BufferType t = access.getAccessedBufferType();
  if (t.getScope() != StorageScope::TMem || !isa<AddressOfOp>(access))
    return checkFlatAccess(access, access.getAccessedBuffer(),
                           access.getAccessIndices());
  std::map<std::string, int64_t> spans = t.getMemorySpans();
  if (!spans.count(layout::axisName(layout::Axis::TLane)) || !spans.count(layout::axisName(layout::Axis::TCol)))
    return access->emitError("a tmem address needs a layout on TLane and TCol");
  return success();
}

/// The first op of the device region that no pattern converts, with why.
static LogicalResult checkDeviceOp(Operation *op) {
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case<AllocBufferOp>([](AllocBufferOp alloc) -> LogicalResult {
        if (alloc.getType().getScope() != StorageScope::TMem)
          return success();
        return tensorMemoryColumns(alloc, alloc.getType());
      })
      .Case<BufferAccessOpInterface>(
          [](BufferAccessOpInterface access) { return checkAccess(access); })
      .Case<DeclBufferOp, ClusterViewOp, TensorMapOp, BindOp, PipelineInitOp,
            PipelineProducerAcquireOp, PipelineProducerCommitOp,
            PipelineConsumerWaitOp, PipelineConsumerReleaseOp, PipelineProducerTailOp,
            WarpSpecializeOp>(
          [](auto) -> LogicalResult { return success(); })
      .Case<RegionOp>([](RegionOp region) -> LogicalResult {
        if (region->use_empty())
          return success();
        return region.emitError("cannot convert this op to the gpu dialect");
      })
      .Case<TilePrimitiveOpInterface>([](auto tile) -> LogicalResult {
        return tile->emitError("tile primitive left; run "
                               "tirx-dispatch-tile-primitives first");
      })
      .Case<ScopeIdDefOp>([](ScopeIdDefOp def) -> LogicalResult {
        return def.emitError("scope id left; run tirx-lower-scope-ids first");
      })
      .Default([](Operation *other) -> LogicalResult {
        if (other->getDialect() && isa<TIRxDialect>(other->getDialect()))
          return other->emitError("cannot convert this op to the gpu dialect");
        return success();
      });
}

static LogicalResult checkKernel(PrimFuncOp fn) {
  SmallVector<DeviceEntryOp> entries(fn.getBody().getOps<DeviceEntryOp>());
  if (entries.size() > 1)
    return fn.emitError("expected one tirx.device_entry per prim_func, got ")
           << entries.size();
  DeviceEntryOp entry = entries.front();
  // A pipeline is barriers in the kernel's own shared memory.
  for (Type t : fn.getArgumentTypes())
    if (isa<PipelineType>(t))
      return fn.emitError("a kernel parameter cannot be a pipeline: declare "
                          "it in the kernel with tirx.pipeline.init");
  if (failed(checkOuterValues(entry)) || failed(planSharedMemory(fn, entry)) ||
      failed(planTensorMemory(entry.getBody())))
    return failure();
  WalkResult walk = entry.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == entry)
      return WalkResult::advance();
    return failed(checkDeviceOp(op)) ? WalkResult::interrupt()
                                     : WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult uop::tirx::checkTIRxKernelsConvertible(ModuleOp module) {
  for (PrimFuncOp fn : module.getOps<PrimFuncOp>())
    if (isKernel(fn) && failed(checkKernel(fn)))
      return failure();
  return success();
}

static LogicalResult checkHostLaunch(LaunchOp launch, gpu::GPUModuleOp kernels) {
  if (!kernels)
    return launch.emitError("no kernels were converted to launch");
  auto kernel = kernels.lookupSymbol<gpu::GPUFuncOp>(launch.getKernel());
  if (!kernel)
    return launch.emitError("no converted kernel '") << launch.getKernel() << "'";
  return success();
}

static LogicalResult checkHost(PrimFuncOp fn, gpu::GPUModuleOp kernels) {
  // ret_type: scalars, or global buffers the caller passed in (the ones the
  // function allocates are freed before it returns).
  for (Type t : fn.getFunctionType().getResults()) {
    auto buffer = dyn_cast<BufferType>(t);
    if (!isa<IntegerType, IndexType, FloatType>(t) &&
        !(buffer && buffer.getScope() == StorageScope::Global))
      return fn.emitError("host code that launches kernels returns integer, "
                          "index or float scalars and global buffers, got ")
             << t;
  }
  for (ReturnOp ret : fn.getBody().getOps<ReturnOp>())
    for (Value v : ret.getOperands())
      if (isa<BufferType>(v.getType()) && !isa<BlockArgument>(v))
        return ret.emitError("host code returns only the buffers it was "
                             "passed: this one is allocated here and freed "
                             "before the function returns");
  for (Type t : fn.getArgumentTypes())
    if (!isa<BufferType, IntegerType, IndexType, FloatType>(t))
      return fn.emitError("host code that launches kernels takes buffers "
                          "and integer, index or float scalars, got ")
             << t;
  // What the launcher (the runtime's host walker) knows how to execute.
  for (Operation &op : fn.getBody().front()) {
    if (auto launch = dyn_cast<LaunchOp>(op)) {
      if (failed(checkHostLaunch(launch, kernels)))
        return failure();
    } else if (!isa<AllocBufferOp, ReturnOp, arith::ConstantOp>(op)) {
      return op.emitError("host code that launches kernels holds only "
                          "tirx.alloc_buffer, tirx.launch and constants");
    }
  }
  return success();
}

LogicalResult uop::tirx::checkTIRxHostConvertible(ModuleOp module) {
  auto kernels = module.lookupSymbol<gpu::GPUModuleOp>(kKernelModule);
  for (PrimFuncOp fn : module.getOps<PrimFuncOp>())
    if (launchesKernels(fn) && failed(checkHost(fn, kernels)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertTIRxToGPU
    : uop::impl::ConvertTIRxToGPUBase<ConvertTIRxToGPU> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    TIRxToGPUTypeConverter converter(ctx);
    if (failed(checkTIRxKernelsConvertible(module)))
      return signalPassFailure();
    {
      ConversionTarget target(*ctx);
      configureTIRxToGPUConversionTarget(target);
      RewritePatternSet patterns(ctx);
      populateTIRxToGPUConversionPatterns(converter, patterns);
      scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                           target);
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }
    if (failed(checkTIRxHostConvertible(module)))
      return signalPassFailure();
    ConversionTarget target(*ctx);
    configureTIRxHostToGPUConversionTarget(target);
    RewritePatternSet patterns(ctx);
    populateTIRxHostToGPUConversionPatterns(converter, patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    if (failed(moveTarget(module)))
      return signalPassFailure();
  }

  /// The module's chip (its tirx.target) becomes the #nvvm.target of each
  /// gpu.module; a gpu.module that already has one must agree with it.
  LogicalResult moveTarget(ModuleOp module) {
    std::optional<StringRef> irChip = getModuleChip(module);
    if (!irChip)
      return success();
    FailureOr<const uop::GPUChip *> info =
        resolveChip(module.getLoc(), irChip, "", "", "convert-tirx-to-gpu: ");
    if (failed(info))
      return failure();
    NVVM::NVVMTargetAttr nvvm = getNVVMTarget(module.getContext(), **info);
    for (auto gm : module.getOps<gpu::GPUModuleOp>()) {
      ArrayAttr targets = gm.getTargetsAttr();
      if (!targets || targets.empty()) {
        gm.setTargetsAttr(ArrayAttr::get(module.getContext(), {nvvm}));
        continue;
      }
      for (Attribute t : targets)
        if (auto other = dyn_cast<NVVM::NVVMTargetAttr>(t);
            other && other.getChip() != nvvm.getChip())
          return gm.emitError("gpu.module targets ")
                 << other.getChip() << " but the module's chip is "
                 << nvvm.getChip();
    }
    module->removeAttr(kTargetAttrName);
    return success();
  }
};
} // namespace
