//===- KernelToGPU.cpp - prim_func kernels to gpu.func --------------------===//
//
// A prim_func's device_entry becomes a gpu.func kernel of the module's one
// gpu.module. The kernel pattern owns what belongs to the whole kernel: its
// signature (buffers through the type converter, then one pointer per
// tensor map), the launch dimensions, the placement of dynamic shared
// memory and the tensor-memory epilogue. The ops inside are converted by the patterns
// of their own families.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace uop::tirx;
using namespace uop::tirx::togpu;

int64_t togpu::sharedAlignment(BufferType t) {
  return isa_and_nonnull<ComposeLayoutAttr, SwizzleLayoutAttr>(t.getLayout())
             ? kMaxSharedAlignment
             : kSharedAlignment;
}

static int64_t byteSize(BufferType t) {
  return t.getStorageSpan() * t.getElementType().getIntOrFloatBitWidth() / 8;
}

FailureOr<SharedPlan> togpu::planSharedMemory(PrimFuncOp fn,
                                              DeviceEntryOp entry) {
  SharedPlan plan;
  SmallVector<AllocBufferOp> placed, free;
  entry.walk([&](AllocBufferOp alloc) {
    BufferType t = alloc.getType();
    if (t.getScope() == StorageScope::Shared)
      (t.hasAllocatedAddr() ? placed : free).push_back(alloc);
  });
  // Buffers with an allocated_addr stay where they are and must not
  // overlap; the others follow them.
  SmallVector<std::pair<int64_t, int64_t>> taken;
  for (AllocBufferOp alloc : placed) {
    int64_t begin = alloc.getType().getAllocatedAddr();
    int64_t end = begin + byteSize(alloc.getType());
    if (begin % 16 != 0)
      return alloc.emitError("allocated_addr of a shared buffer must be a "
                             "multiple of 16 bytes, got ")
             << begin;
    for (auto [b, e] : taken)
      if (begin < e && b < end)
        return alloc.emitError("allocated_addr ")
               << begin << " overlaps another shared buffer at " << b;
    taken.push_back({begin, end});
    plan.offset[alloc] = begin;
    plan.bytes = std::max(plan.bytes, end);
  }
  for (AllocBufferOp alloc : free) {
    BufferType t = alloc.getType();
    plan.bytes = llvm::alignTo(plan.bytes, sharedAlignment(t));
    plan.offset[alloc] = plan.bytes;
    plan.bytes += byteSize(t);
  }
  plan.dynamic = plan.bytes > kMaxStaticShared || !placed.empty();
  if (plan.dynamic && plan.bytes + kMaxSharedAlignment > kMaxDynamicShared)
    return fn.emitError("the kernel needs ")
           << plan.bytes << " bytes of shared memory; a CTA has at most "
           << kMaxDynamicShared;
  return plan;
}

Value togpu::isWarpZero(OpBuilder &b, Location loc) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid,
                               arith::ConstantIndexOp::create(b, loc, 32));
}

namespace {

/// The one device_entry of a kernel prim_func, or null.
DeviceEntryOp getDeviceEntry(PrimFuncOp fn) {
  auto entries = fn.getBody().getOps<DeviceEntryOp>();
  if (entries.empty() || std::next(entries.begin()) != entries.end())
    return {};
  return *entries.begin();
}

gpu::GPUModuleOp getOrCreateKernelModule(ModuleOp module, Location loc,
                                         ConversionPatternRewriter &rw) {
  if (auto existing = module.lookupSymbol<gpu::GPUModuleOp>(kKernelModule))
    return existing;
  OpBuilder::InsertionGuard guard(rw);
  rw.setInsertionPointToEnd(module.getBody());
  return gpu::GPUModuleOp::create(rw, loc, kKernelModule);
}

/// Values the device region uses from the host part of the prim_func are
/// recomputed inside it when they are pure (constants, index arithmetic);
/// checkTIRxKernelsConvertible rejected the rest.
void sinkOuterValues(DeviceEntryOp entry, ConversionPatternRewriter &rw) {
  SetVector<Operation *> toClone;
  SmallVector<Value> worklist;
  entry.walk([&](Operation *op) { llvm::append_range(worklist, op->getOperands()); });
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || entry->isAncestor(def) || !toClone.insert(def))
      continue;
    worklist.append(def->operand_begin(), def->operand_end());
  }
  SmallVector<Operation *> ordered(toClone.begin(), toClone.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  OpBuilder::InsertionGuard guard(rw);
  rw.setInsertionPointToStart(&entry.getBody().front());
  IRMapping map;
  for (Operation *op : ordered)
    rw.clone(*op, map);
  entry.walk([&](Operation *user) {
    for (OpOperand &use : user->getOpOperands())
      if (Value to = map.lookupOrNull(use.get()))
        rw.modifyOpInPlace(user, [&] { use.set(to); });
  });
}

/// One kernel parameter per distinct (buffer, box, swizzle) tensor map,
/// after the converted parameters, recorded for the launcher.
SmallVector<Attribute> collectTensorMaps(DeviceEntryOp entry,
                                         unsigned firstIndex) {
  MLIRContext *ctx = entry.getContext();
  Builder b(ctx);
  SmallVector<Attribute> maps;
  entry.walk([&](TensorMapOp map) {
    int64_t arg = cast<BlockArgument>(map.getBuffer()).getArgNumber();
    for (Attribute a : maps) {
      auto p = cast<TensorMapParamAttr>(a);
      if (p.getBufferArg() == arg && p.getBox() == map.getBoxAttr() &&
          p.getSwizzle() == static_cast<int64_t>(map.getSwizzle()))
        return;
    }
    // The launcher encodes the map over the logical shape.
    maps.push_back(TensorMapParamAttr::get(
        ctx, firstIndex + maps.size(), arg,
        b.getDenseI64ArrayAttr(
            cast<BufferType>(map.getBuffer().getType()).getShape()),
        map.getBoxAttr(), map.getSwizzle()));
  });
  return maps;
}

/// Tensor memory goes back before the kernel ends: after every warp is done
/// with it, warp 0 frees each allocation (the allocation patterns put their
/// dealloc before the relinquish built here) and gives up the permit.
/// On CTA pairs (cta_group::2) the even CTA's MMAs write the odd CTA's
/// tensor memory and read its shared memory, so the whole cluster
/// synchronises first (barrier.cluster arrive + wait): no CTA frees its
/// columns or exits while its pair may still use them.
void buildTensorMemoryEpilogue(OpBuilder &b, Location loc, bool pairs) {
  NVVM::Tcgen05FenceOp::create(b, loc, NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  if (pairs) {
    NVVM::ClusterArriveOp::create(b, loc, /*aligned=*/UnitAttr());
    NVVM::ClusterWaitOp::create(b, loc, /*aligned=*/UnitAttr());
  } else {
    gpu::BarrierOp::create(b, loc);
  }
  NVVM::Tcgen05FenceOp::create(b, loc, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
  auto ifOp = scf::IfOp::create(b, loc, isWarpZero(b, loc),
                                /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  // tcgen05.dealloc is .sync.aligned: the whole warp, converged.
  NVVM::SyncWarpOp::create(
      b, loc, arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(-1)));
  NVVM::Tcgen05RelinquishAllocPermitOp::create(
      b, loc, pairs ? NVVM::CTAGroupKind::CTA_2 : NVVM::CTAGroupKind::CTA_1);
}

/// Known block and grid sizes from the prim_func's launch dimensions: they
/// feed NVVM's range information and .reqntid / .reqnctapercluster, and the
/// host's gpu.launch_func operands are made from them (HostToGPU.cpp); the
/// runtime reads the operands, not these attributes.
void setLaunchDimensions(PrimFuncOp fn, gpu::GPUFuncOp kernel, Builder &b) {
  auto *tirx = fn->getContext()->getLoadedDialect<TIRxDialect>();
  auto dims3 = [&](DenseI64ArrayAttr attr) -> DenseI32ArrayAttr {
    if (!attr)
      return {};
    SmallVector<int32_t> d(attr.asArrayRef().begin(), attr.asArrayRef().end());
    d.resize(3, 1);
    return b.getDenseI32ArrayAttr(d);
  };
  if (auto block = dims3(tirx->getBlockDimsAttrHelper().getAttr(fn)))
    kernel.setKnownBlockSizeAttr(block);
  if (auto grid = dims3(tirx->getGridDimsAttrHelper().getAttr(fn)))
    kernel.setKnownGridSizeAttr(grid);
  // A free grid is not known to the kernel; the host's launch of it gets
  // the preferred extents as its grid operands.
  if (auto grid = tirx->getPreferredGridDimsAttrHelper().getAttr(fn))
    tirx->getPreferredGridDimsAttrHelper().setAttr(kernel, grid);
  // A compile-time cluster shape (.reqnctapercluster): the kernel launches
  // with a plain cuLaunchKernel, the driver forms the clusters.
  if (auto cluster = dims3(tirx->getClusterDimsAttrHelper().getAttr(fn)))
    kernel->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(), cluster);
}

/// The shared-memory plan on the kernel: the static bytes, or the dynamic
/// bytes to launch with (the buffers plus the realignment pad).
void recordSharedBytes(const SharedPlan &plan, gpu::GPUFuncOp kernel,
                       Builder &b) {
  auto *tirx = kernel->getContext()->getLoadedDialect<TIRxDialect>();
  if (plan.dynamic)
    tirx->getDynamicSharedBytesAttrHelper().setAttr(
        kernel, b.getI64IntegerAttr(plan.bytes + kMaxSharedAlignment));
  else
    tirx->getSharedBytesAttrHelper().setAttr(kernel,
                                             b.getI64IntegerAttr(plan.bytes));
}

/// The symbol through which the kernels of `kernels` address dynamic shared
/// memory: an external zero-size workgroup global, printed by NVPTX as
/// `.extern .shared .align 16 .b8 name[];`, which ptxas places after all
/// static shared memory. convert-gpu-to-nvvm lowers gpu.dynamic_shared_memory
/// through the first zero-size workgroup global of the module with its
/// alignment (16 bytes) and only creates one when there is none; its own is
/// internal, which NVPTX prints as a 1-byte static .shared variable that
/// ptxas may place before other static variables: the dynamic block then
/// overlaps them (the TMEM-address slot of a tcgen05 kernel was overwritten
/// by its first TMA load). Creating the global here, external, avoids that
/// (flang hit the same: llvm-project issue 161940).
void declareDynamicShared(gpu::GPUModuleOp kernels, Location loc,
                          ConversionPatternRewriter &rw) {
  constexpr llvm::StringLiteral kName = "__dynamic_shmem__0";
  if (SymbolTable::lookupSymbolIn(kernels, kName))
    return;
  OpBuilder::InsertionGuard guard(rw);
  rw.setInsertionPointToStart(kernels.getBody());
  // The alignment convert-gpu-to-nvvm asks for (128 bits of i8).
  constexpr uint64_t kDynamicSharedAlign = 16;
  constexpr unsigned kWorkgroupAddressSpace = 3;
  LLVM::GlobalOp::create(
      rw, loc, LLVM::LLVMArrayType::get(rw.getI8Type(), 0),
      /*isConstant=*/false, LLVM::Linkage::External, kName,
      /*value=*/Attribute(), kDynamicSharedAlign, kWorkgroupAddressSpace);
}

/// In a kernel with dynamic shared memory every shared buffer is a view of
/// the block at the offset the plan gave it; dynamic shared memory only
/// promises 16-byte alignment, so the block is realigned to 1024 bytes
/// first. The views sit at the kernel's entry.
void placeDynamicShared(const SharedPlan &plan, Block &body, Location loc,
                        ConversionPatternRewriter &rw) {
  OpBuilder::InsertionGuard guard(rw);
  rw.setInsertionPointToStart(&body);
  auto i8 = MemRefType::get(
      {ShapedType::kDynamic}, rw.getI8Type(), MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(rw.getContext(), gpu::AddressSpace::Workgroup));
  Value block = gpu::DynamicSharedMemoryOp::create(rw, loc, i8);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(rw, loc, block);
  Value align = arith::ConstantIndexOp::create(rw, loc, kMaxSharedAlignment);
  Value rem = arith::RemUIOp::create(rw, loc, base, align);
  Value pad = arith::RemUIOp::create(
      rw, loc, arith::SubIOp::create(rw, loc, align, rem), align);
  // In program order, so the IR reads like the source.
  SmallVector<std::pair<Operation *, int64_t>> ordered(plan.offset.begin(),
                                                       plan.offset.end());
  llvm::sort(ordered, [](auto &a, auto &b) { return a.second < b.second; });
  for (auto [op, offset] : ordered) {
    auto alloc = cast<AllocBufferOp>(op);
    Value shift = arith::AddIOp::create(
        rw, loc, pad, arith::ConstantIndexOp::create(rw, loc, offset));
    rw.replaceOp(alloc, memref::ViewOp::create(
                            rw, alloc.getLoc(), getMemRefForBuffer(alloc.getType()),
                            block, shift, ValueRange()));
  }
}

struct KernelToGPUFunc : OpConversionPattern<PrimFuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrimFuncOp fn, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    DeviceEntryOp entry = getDeviceEntry(fn);
    if (!entry)
      return rw.notifyMatchFailure(fn, "not a kernel with one device_entry");
    FailureOr<SharedPlan> plan = planSharedMemory(fn, entry);
    if (failed(plan))
      return failure();
    TypeConverter::SignatureConversion sig(fn.getNumArguments());
    if (failed(getTypeConverter()->convertSignatureArgs(fn.getArgumentTypes(), sig)))
      return rw.notifyMatchFailure(fn, "a parameter type does not convert");
    sinkOuterValues(entry, rw);

    auto module = fn->getParentOfType<ModuleOp>();
    rw.modifyOpInPlace(module, [&] {
      module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                      rw.getUnitAttr());
    });
    gpu::GPUModuleOp kernels = getOrCreateKernelModule(module, fn.getLoc(), rw);
    SmallVector<Type> params(sig.getConvertedTypes());
    SmallVector<Attribute> maps = collectTensorMaps(entry, params.size());
    params.append(maps.size(), LLVM::LLVMPointerType::get(rw.getContext()));

    OpBuilder::InsertionGuard guard(rw);
    rw.setInsertionPointToEnd(kernels.getBody());
    auto kernel = gpu::GPUFuncOp::create(rw, fn.getLoc(), fn.getSymName(),
                                         rw.getFunctionType(params, {}));
    kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), rw.getUnitAttr());
    setLaunchDimensions(fn, kernel, rw);
    if (!maps.empty())
      rw.getContext()->getLoadedDialect<TIRxDialect>()
          ->getTensorMapsAttrHelper()
          .setAttr(kernel, rw.getArrayAttr(maps));
    recordSharedBytes(*plan, kernel, rw);

    // The device statements move into the kernel; the prim_func's buffer
    // parameters become the kernel's converted ones.
    Block &body = kernel.getBody().front();
    for (auto [from, to] :
         llvm::zip(fn.getBody().front().getArguments(), body.getArguments()))
      rw.replaceAllUsesWith(from, to);
    bool usesTensorMemory = false;
    entry.walk([&](AllocBufferOp a) {
      usesTensorMemory |= a.getType().getScope() == StorageScope::TMem;
    });
    bool pairs = usesCtaPairs(entry);
    rw.inlineBlockBefore(&entry.getBody().front(), &body, body.end());
    if (plan->dynamic) {
      declareDynamicShared(kernels, fn.getLoc(), rw);
      placeDynamicShared(*plan, body, fn.getLoc(), rw);
    }
    rw.setInsertionPointToEnd(&body);
    if (usesTensorMemory)
      buildTensorMemoryEpilogue(rw, fn.getLoc(), pairs);
    gpu::ReturnOp::create(rw, fn.getLoc());
    rw.eraseOp(fn);
    return success();
  }
};

/// tirx.bind names a value; uses see the value itself.
struct BindToValue : OpConversionPattern<BindOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BindOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    rw.replaceOp(op, adaptor.getValue());
    return success();
  }
};

/// A buffer region that no tile primitive uses any more is dead.
struct EraseDeadRegion : OpConversionPattern<RegionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RegionOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!op->use_empty())
      return rw.notifyMatchFailure(op, "the region is still used");
    rw.eraseOp(op);
    return success();
  }
};

} // namespace

void togpu::populateKernelPatterns(TypeConverter &converter,
                                    RewritePatternSet &patterns) {
  patterns.add<KernelToGPUFunc, BindToValue, EraseDeadRegion>(
      converter, patterns.getContext());
}
