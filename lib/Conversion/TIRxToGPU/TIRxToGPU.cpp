//===- TIRxToGPU.cpp - convert-tirx-to-gpu --------------------------------===//
//
// A prim_func's device_entry becomes a gpu.func kernel in the module's one
// gpu.module. Buffers become memrefs of their storage span in the matching
// GPU address space: global parameters; shared allocations as workgroup
// attributions, or views of dynamic shared memory beyond 48 KiB; local ones
// as private attributions; tmem ones as tcgen05 allocations. Tensor maps
// become extra parameters. Accesses are already flat (tirx-lower-layouts).
//
//===----------------------------------------------------------------------===//

#include "HostToGPU.h"
#include "uop/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace uop {
#define GEN_PASS_DEF_CONVERTTIRXTOGPU
#include "uop/Conversion/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop::tirx;

namespace {

gpu::AddressSpace addressSpaceOf(StorageScope scope) {
  switch (scope) {
  case StorageScope::Global:
    return gpu::AddressSpace::Global;
  case StorageScope::Shared:
    return gpu::AddressSpace::Workgroup;
  default:
    return gpu::AddressSpace::Private;
  }
}

MemRefType memrefFor(BufferType type) {
  MLIRContext *ctx = type.getContext();
  return MemRefType::get({type.getStorageSpan()}, type.getElementType(),
                         MemRefLayoutAttrInterface(),
                         gpu::AddressSpaceAttr::get(ctx, addressSpaceOf(type.getScope())));
}

uint64_t vectorBytes(VectorType t) {
  return t.getNumElements() * t.getElementTypeBitWidth() / 8;
}

/// Shared memory is placed at 128-byte alignment: enough for 16-byte vector
/// accesses and for the swizzle atoms of TMA and wgmma.
constexpr int64_t kSharedAlignment = 128;
constexpr int64_t kMaxStaticShared = 48 * 1024;
/// The largest opt-in shared memory per CTA (sm_90/sm_100: 227 KiB).
constexpr int64_t kMaxDynamicShared = 227 * 1024;
constexpr int64_t kMaxSharedAlignment = 1024;

/// Swizzled tiles are placed at 1024 bytes: the hardware swizzle of TMA and
/// wgmma XORs absolute address bits, so an atom must start on its boundary.
int64_t sharedAlignment(BufferType t) {
  return isa_and_nonnull<ComposeLayoutAttr, SwizzleLayoutAttr>(t.getLayout())
             ? 1024
             : kSharedAlignment;
}
constexpr llvm::StringLiteral kKernelModule = "tirx_kernels";

struct ConvertTIRxToGPU
    : uop::impl::ConvertTIRxToGPUBase<ConvertTIRxToGPU> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<PrimFuncOp> fns(module.getOps<PrimFuncOp>());
    // Kernels first: the host code that launches them takes their launch
    // configuration from the converted gpu.funcs.
    SmallVector<PrimFuncOp> hosts;
    for (PrimFuncOp fn : fns) {
      if (fn.getBody().getOps<DeviceEntryOp>().empty()) {
        hosts.push_back(fn);
        continue;
      }
      if (failed(convert(module, fn)))
        return signalPassFailure();
    }
    for (PrimFuncOp fn : hosts) {
      gpu::GPUModuleOp kernels =
          module.lookupSymbol<gpu::GPUModuleOp>(kKernelModule);
      if (!kernels) {
        fn.walk([&](LaunchOp l) {
          l.emitError("no kernels were converted to launch");
          signalPassFailure();
        });
        continue;
      }
      if (failed(convertHostToGPU(fn, kernels)))
        return signalPassFailure();
    }
  }

  /// All kernels of a module share one gpu.module, so that one PTX file (and
  /// one cubin) holds them all.
  gpu::GPUModuleOp getOrCreateKernelModule(ModuleOp module, Location loc) {
    if (auto existing = module.lookupSymbol<gpu::GPUModuleOp>(kKernelModule))
      return existing;
    OpBuilder b(module.getBodyRegion());
    b.setInsertionPointToEnd(module.getBody());
    return gpu::GPUModuleOp::create(b, loc, kKernelModule);
  }

  /// Values the device region uses from the host part of the prim_func are
  /// recomputed inside the kernel when they are pure (constants, index
  /// arithmetic); anything else is a diagnostic.
  LogicalResult sinkOuterValues(PrimFuncOp fn, DeviceEntryOp entry) {
    SetVector<Operation *> toClone;
    SmallVector<Value> worklist;
    entry.walk([&](Operation *op) {
      for (Value v : op->getOperands())
        worklist.push_back(v);
    });
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (!def || entry->isAncestor(def) || toClone.contains(def))
        continue;
      if (!isPure(def) || def->getNumRegions() || isa<TIRxDialect>(def->getDialect()))
        return def->emitError("the device region uses this value from the "
                              "host part of the prim_func; only pure scalar "
                              "computations can move into the kernel");
      toClone.insert(def);
      worklist.append(def->operand_begin(), def->operand_end());
    }
    // Clone in program order at the start of the device region.
    SmallVector<Operation *> ordered(toClone.begin(), toClone.end());
    llvm::sort(ordered, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    OpBuilder b(&entry.getBody().front(), entry.getBody().front().begin());
    IRMapping map;
    for (Operation *op : ordered) {
      Operation *clone = b.clone(*op, map);
      for (auto [from, to] : llvm::zip(op->getResults(), clone->getResults()))
        from.replaceUsesWithIf(to, [&](OpOperand &use) {
          return entry->isProperAncestor(use.getOwner());
        });
    }
    return success();
  }

  static Value isWarpZero(OpBuilder &b, Location loc) {
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid,
                                 arith::ConstantIndexOp::create(b, loc, 32));
  }

  /// tcgen05.alloc by warp 0 into a shared slot, a CTA barrier, and every
  /// thread reads the tensor-memory base address back. Columns are the
  /// layout's TCol span rounded up to a power of two, at least 32.
  LogicalResult allocateTensorMemory(
      gpu::GPUFuncOp kernel, AllocBufferOp alloc, OpBuilder &b,
      DenseMap<Value, Value> &tmemBase,
      SmallVectorImpl<std::pair<Value, int64_t>> &columns) {
    MLIRContext *ctx = b.getContext();
    Location loc = alloc.getLoc();
    std::map<std::string, int64_t> spans = alloc.getType().getMemorySpans();
    if (!spans.count("TLane") || !spans.count("TCol") || spans["TLane"] > 128)
      return alloc.emitError("a tmem buffer needs a layout over at most 128 "
                             "TLanes and some TCols");
    int64_t cols = std::max<int64_t>(32, llvm::PowerOf2Ceil(spans["TCol"]));
    if (cols > 512)
      return alloc.emitError("tensor memory has 512 columns, the buffer needs ")
             << cols;
    auto slotType = MemRefType::get(
        {1}, b.getI32Type(), MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
    Value slot = kernel.addWorkgroupAttribution(slotType, loc);
    Value slotAddr = arith::IndexCastUIOp::create(
        b, loc, b.getI64Type(),
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, slot));
    Value slotPtr = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, 3), slotAddr);
    auto ifOp = scf::IfOp::create(b, loc, isWarpZero(b, loc),
                                  /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      // tcgen05.alloc is .sync.aligned: the whole warp, converged.
      NVVM::SyncWarpOp::create(
          b, loc, arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(-1)));
      NVVM::Tcgen05AllocOp::create(
          b, loc, slotPtr,
          arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(cols)));
    }
    // The allocation is a tcgen05 operation: fence it around the barrier
    // that publishes its address (the pattern of the PTX ISA's tcgen05
    // memory-consistency section).
    NVVM::Tcgen05FenceOp::create(b, loc,
                                 NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
    gpu::BarrierOp::create(b, loc);
    NVVM::Tcgen05FenceOp::create(b, loc,
                                 NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    Value base = memref::LoadOp::create(
        b, loc, slot, ValueRange{arith::ConstantIndexOp::create(b, loc, 0)});
    tmemBase[alloc] = base;
    columns.push_back({base, cols});
    return success();
  }

  LogicalResult convert(ModuleOp module, PrimFuncOp fn) {
    SmallVector<DeviceEntryOp> entries(fn.getBody().getOps<DeviceEntryOp>());
    if (entries.empty())
      return success(); // host-only prim_func: nothing for the GPU
    if (entries.size() > 1)
      return fn.emitError("expected one tirx.device_entry per prim_func, got ")
             << entries.size();
    DeviceEntryOp entry = entries.front();
    MLIRContext *ctx = &getContext();
    if (failed(sinkOuterValues(fn, entry)))
      return failure();
    // Shared memory is placed statically up to 48 KiB per CTA; beyond that
    // every shared buffer becomes a view of dynamic shared memory at an
    // offset fixed here, and the kernel records the bytes to launch with.
    int64_t sharedBytes = 0;
    DenseMap<Operation *, int64_t> sharedOffset;
    entry.walk([&](AllocBufferOp alloc) {
      BufferType t = alloc.getType();
      if (t.getScope() != StorageScope::Shared)
        return;
      sharedBytes = llvm::alignTo(sharedBytes, sharedAlignment(t));
      sharedOffset[alloc] = sharedBytes;
      sharedBytes += t.getStorageSpan() * t.getElementType().getIntOrFloatBitWidth() / 8;
    });
    bool dynamicShared = sharedBytes > kMaxStaticShared;
    if (dynamicShared && sharedBytes + kMaxSharedAlignment > kMaxDynamicShared)
      return fn.emitError("the kernel needs ")
             << sharedBytes << " bytes of shared memory; a CTA has at most "
             << kMaxDynamicShared;
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(ctx));

    gpu::GPUModuleOp gpuModule = getOrCreateKernelModule(module, fn.getLoc());
    OpBuilder b(ctx);
    b.setInsertionPointToEnd(gpuModule.getBody());

    SmallVector<Type> argTypes;
    for (Type t : fn.getArgumentTypes()) {
      if (auto buffer = dyn_cast<BufferType>(t))
        argTypes.push_back(memrefFor(buffer));
      else
        argTypes.push_back(t);
    }
    auto kernel = gpu::GPUFuncOp::create(b, fn.getLoc(), fn.getSymName(),
                                         b.getFunctionType(argTypes, {}));
    kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), UnitAttr::get(ctx));
    auto *tirx = ctx->getLoadedDialect<TIRxDialect>();
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

    Block &body = kernel.getBody().front();
    b.setInsertionPointToEnd(&body);
    auto ret = gpu::ReturnOp::create(b, fn.getLoc());

    // Move the device statements into the kernel.
    Block &src = entry.getBody().front();
    body.getOperations().splice(ret->getIterator(), src.getOperations());

    DenseMap<Value, Value> memrefOf;
    DenseMap<Value, Value> tmemBase;             // tmem buffer -> i32 address
    SmallVector<std::pair<Value, int64_t>> tmemColumns; // for the dealloc
    SmallVector<Attribute> tensorMaps;
    SmallVector<std::pair<std::tuple<int64_t, SmallVector<int64_t>, int64_t>, Value>>
        mapArgs;
    for (auto [oldArg, newArg] :
         llvm::zip(fn.getBody().front().getArguments(), body.getArguments())) {
      if (isa<BufferType>(oldArg.getType()))
        memrefOf[oldArg] = newArg;
      else
        oldArg.replaceUsesWithIf(newArg, [&](OpOperand &use) {
          return kernel->isProperAncestor(use.getOwner());
        });
    }

    // Dynamic shared memory only promises 16-byte alignment; the pad moves
    // the buffers to a 1024-byte boundary, which swizzled tiles need.
    Value dynamicBlock, dynamicPad;
    auto dynamicBase = [&](OpBuilder &, Location loc) -> Value {
      if (dynamicPad)
        return dynamicPad;
      OpBuilder eb(&kernel.getBody().front(), kernel.getBody().front().begin());
      auto i8 = MemRefType::get({ShapedType::kDynamic}, eb.getI8Type(),
                                MemRefLayoutAttrInterface(),
                                gpu::AddressSpaceAttr::get(
                                    ctx, gpu::AddressSpace::Workgroup));
      dynamicBlock = gpu::DynamicSharedMemoryOp::create(eb, loc, i8);
      Value base = memref::ExtractAlignedPointerAsIndexOp::create(eb, loc, dynamicBlock);
      Value align = arith::ConstantIndexOp::create(eb, loc, kMaxSharedAlignment);
      Value rem = arith::RemUIOp::create(eb, loc, base, align);
      dynamicPad = arith::RemUIOp::create(
          eb, loc, arith::SubIOp::create(eb, loc, align, rem), align);
      return dynamicPad;
    };

    SmallVector<Operation *> dead;
    // The memref behind a flat (1-D, lowered) access, or null after a
    // diagnostic.
    auto flatMemref = [&](Operation *op, Value buffer, ValueRange indices) {
      Value m = memrefOf.lookup(buffer);
      if (!m || indices.size() != 1) {
        op->emitError("expected a flat access; run tirx-lower-layouts first");
        return Value();
      }
      return m;
    };
    WalkResult walk = kernel.walk<WalkOrder::PreOrder>([&](Operation *op)
                                                           -> WalkResult {
      OpBuilder rb(op);
      Location loc = op->getLoc();
      if (auto alloc = dyn_cast<AllocBufferOp>(op)) {
        BufferType t = alloc.getType();
        if (t.getScope() == StorageScope::TMem) {
          if (failed(allocateTensorMemory(kernel, alloc, rb, tmemBase,
                                          tmemColumns)))
            return WalkResult::interrupt();
          dead.push_back(op);
          return WalkResult::advance();
        }
        MemRefType mt = memrefFor(t);
        if (t.getScope() == StorageScope::Shared && dynamicShared) {
          // A view of the dynamic block at this buffer's offset past the
          // realignment pad.
          Value shift = arith::AddIOp::create(
              rb, loc, dynamicBase(rb, loc),
              arith::ConstantIndexOp::create(rb, loc, sharedOffset.lookup(alloc)));
          memrefOf[alloc] = memref::ViewOp::create(rb, loc, mt, dynamicBlock,
                                                   shift, ValueRange());
        } else if (t.getScope() == StorageScope::Shared) {
          memrefOf[alloc] = kernel.addWorkgroupAttribution(mt, loc);
          kernel.setWorkgroupAttributionAttr(
              kernel.getNumWorkgroupAttributions() - 1,
              LLVM::LLVMDialect::getAlignAttrName(),
              rb.getI64IntegerAttr(sharedAlignment(t)));
        } else {
          memrefOf[alloc] = kernel.addPrivateAttribution(mt, loc);
        }
        dead.push_back(op);
      } else if (auto view = dyn_cast<DeclBufferOp>(op)) {
        memrefOf[view] = memrefOf.lookup(view.getSource());
        // A view of tensor memory shares the allocation's base address.
        if (Value base = tmemBase.lookup(view.getSource()))
          tmemBase[view] = base;
        dead.push_back(op);
      } else if (auto load = dyn_cast<BufferLoadOp>(op)) {
        Value m = flatMemref(op, load.getBuffer(), load.getIndices());
        if (!m)
          return WalkResult::interrupt();
        Value v = memref::LoadOp::create(rb, loc, m, load.getIndices());
        load.replaceAllUsesWith(v);
        dead.push_back(op);
      } else if (auto store = dyn_cast<BufferStoreOp>(op)) {
        Value m = flatMemref(op, store.getBuffer(), store.getIndices());
        if (!m)
          return WalkResult::interrupt();
        memref::StoreOp::create(rb, loc, store.getValue(), m, store.getIndices());
        dead.push_back(op);
      } else if (auto map = dyn_cast<TensorMapOp>(op)) {
        // The encoded CUtensorMap, appended to the kernel's parameters. It
        // is a pointer here; tirx-grid-constant-params makes it a by-value
        // 128-byte __grid_constant__ parameter once the kernel is an
        // llvm.func, so TMA reads it from parameter space. The launcher
        // encodes it. Maps of the same buffer, box and swizzle share one
        // parameter.
        int64_t bufferArg = cast<BlockArgument>(map.getBuffer()).getArgNumber();
        std::tuple<int64_t, SmallVector<int64_t>, int64_t> key{
            bufferArg, llvm::to_vector(map.getBox()), map.getSwizzle()};
        auto it = llvm::find_if(mapArgs, [&](const auto &e) { return e.first == key; });
        if (it == mapArgs.end()) {
          // Parameters come before the attributions in the entry block.
          unsigned index = kernel.getNumArguments();
          auto ptrType = LLVM::LLVMPointerType::get(ctx);
          if (failed(kernel.insertArgument(index, ptrType, DictionaryAttr(), loc)))
            return WalkResult::interrupt();
          // The launcher encodes the map over the logical shape.
          tensorMaps.push_back(TensorMapParamAttr::get(
              ctx, index, bufferArg,
              rb.getDenseI64ArrayAttr(
                  cast<BufferType>(map.getBuffer().getType()).getShape()),
              map.getBoxAttr(), map.getSwizzle()));
          mapArgs.push_back({key, kernel.getArgument(index)});
          it = std::prev(mapArgs.end());
        }
        map.replaceAllUsesWith(it->second);
        dead.push_back(op);
      } else if (auto addr = dyn_cast<AddressOfOp>(op);
                 addr && tmemBase.count(addr.getBuffer())) {
        // base + (TLane << 16) + TCol of the element.
        auto t = cast<BufferType>(addr.getBuffer().getType());
        auto axes = emitLayoutApply(rb, loc, t.getLayoutInterface(),
                                    t.getShape(), addr.getIndices());
        if (failed(axes) || !axes->count("TLane") || !axes->count("TCol")) {
          op->emitError("a tmem address needs a layout on TLane and TCol");
          return WalkResult::interrupt();
        }
        Value lane = arith::ShLIOp::create(
            rb, loc, (*axes)["TLane"], arith::ConstantIndexOp::create(rb, loc, 16));
        Value rel = arith::AddIOp::create(rb, loc, lane, (*axes)["TCol"]);
        Value rel64 = arith::IndexCastUIOp::create(rb, loc, rb.getI64Type(), rel);
        Value base64 = arith::ExtUIOp::create(rb, loc, rb.getI64Type(),
                                              tmemBase.lookup(addr.getBuffer()));
        addr.replaceAllUsesWith(
            arith::AddIOp::create(rb, loc, base64, rel64).getResult());
        dead.push_back(op);
      } else if (auto addr = dyn_cast<AddressOfOp>(op)) {
        Value m = flatMemref(op, addr.getBuffer(), addr.getIndices());
        if (!m)
          return WalkResult::interrupt();
        // base + offset * element bytes, as i64.
        Value base = memref::ExtractAlignedPointerAsIndexOp::create(rb, loc, m);
        int64_t bytes = cast<MemRefType>(m.getType()).getElementTypeBitWidth() / 8;
        Value off = arith::MulIOp::create(
            rb, loc, addr.getIndices()[0],
            arith::ConstantIndexOp::create(rb, loc, bytes));
        Value sum = arith::AddIOp::create(rb, loc, base, off);
        Value v = arith::IndexCastUIOp::create(rb, loc, rb.getI64Type(), sum);
        addr.replaceAllUsesWith(v);
        dead.push_back(op);
      } else if (auto vload = dyn_cast<VectorLoadOp>(op)) {
        Value m = flatMemref(op, vload.getBuffer(), vload.getIndices());
        if (!m)
          return WalkResult::interrupt();
        // tirx.vector_load promises aligned, contiguous runs.
        Value v = vector::LoadOp::create(
            rb, loc, vload.getType(), m, vload.getIndices(),
            /*nontemporal=*/false, llvm::Align(vectorBytes(vload.getType())));
        vload.replaceAllUsesWith(v);
        dead.push_back(op);
      } else if (auto vstore = dyn_cast<VectorStoreOp>(op)) {
        Value m = flatMemref(op, vstore.getBuffer(), vstore.getIndices());
        if (!m)
          return WalkResult::interrupt();
        vector::StoreOp::create(
            rb, loc, vstore.getValue(), m, vstore.getIndices(),
            /*nontemporal=*/false,
            llvm::Align(vectorBytes(vstore.getValue().getType())));
        dead.push_back(op);
      } else if (auto bind = dyn_cast<BindOp>(op)) {
        bind.replaceAllUsesWith(bind.getValue());
        dead.push_back(op);
      } else if (isa<RegionOp>(op) && op->use_empty()) {
        dead.push_back(op);
      } else if (isa<TilePrimitiveOpInterface>(op)) {
        op->emitError("tile primitive left; run tirx-dispatch-tile-primitives "
                      "first");
        return WalkResult::interrupt();
      } else if (isa<ScopeIdDefOp>(op)) {
        op->emitError("scope id left; run tirx-lower-scope-ids first");
        return WalkResult::interrupt();
      } else if (op->getDialect() &&
                 isa<TIRxDialect>(op->getDialect())) {
        op->emitError("cannot convert this op to the gpu dialect");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    if (!tensorMaps.empty())
      tirx->getTensorMapsAttrHelper().setAttr(kernel,
                                              ArrayAttr::get(ctx, tensorMaps));
    // What the launcher needs besides the grid and block sizes.
    if (dynamicShared)
      tirx->getDynamicSharedBytesAttrHelper().setAttr(kernel,
                      b.getI64IntegerAttr(sharedBytes + kMaxSharedAlignment));
    else
      tirx->getSharedBytesAttrHelper().setAttr(kernel,
                                               b.getI64IntegerAttr(sharedBytes));
    // Tensor memory goes back before the kernel ends: warp 0 frees what it
    // allocated once every warp is done with it.
    if (!tmemColumns.empty()) {
      OpBuilder eb(ret);
      Location loc = ret->getLoc();
      // Every warp's tensor-memory accesses happen before the dealloc.
      NVVM::Tcgen05FenceOp::create(eb, loc,
                                   NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
      gpu::BarrierOp::create(eb, loc);
      NVVM::Tcgen05FenceOp::create(eb, loc,
                                   NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
      Value warp0 = isWarpZero(eb, loc);
      auto ifOp = scf::IfOp::create(eb, loc, warp0, /*withElseRegion=*/false);
      eb.setInsertionPointToStart(ifOp.thenBlock());
      NVVM::SyncWarpOp::create(
          eb, loc, arith::ConstantOp::create(eb, loc, eb.getI32IntegerAttr(-1)));
      for (auto [base, cols] : tmemColumns) {
        Value ptr = LLVM::IntToPtrOp::create(
            eb, loc, LLVM::LLVMPointerType::get(ctx, 6), base);
        NVVM::Tcgen05DeallocOp::create(
            eb, loc, ptr,
            arith::ConstantOp::create(eb, loc, eb.getI32IntegerAttr(cols)));
      }
      NVVM::Tcgen05RelinquishAllocPermitOp::create(eb, loc);
    }
    for (Operation *op : llvm::reverse(dead))
      op->erase();
    fn.erase();
    return success();
  }
};

} // namespace

MemRefType uop::tirx::getMemRefForBuffer(BufferType type) {
  return memrefFor(type);
}
