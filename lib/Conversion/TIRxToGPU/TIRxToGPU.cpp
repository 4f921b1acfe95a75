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
#include "llvm/ADT/TypeSwitch.h"

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

} // namespace

MemRefType uop::tirx::getMemRefForBuffer(BufferType type) {
  MLIRContext *ctx = type.getContext();
  return MemRefType::get({type.getStorageSpan()}, type.getElementType(),
                         MemRefLayoutAttrInterface(),
                         gpu::AddressSpaceAttr::get(ctx, addressSpaceOf(type.getScope())));
}

namespace {

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

/// Whether the thread is in warp 0, the warp that allocates and frees
/// tensor memory.
Value isWarpZero(OpBuilder &b, Location loc) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid,
                               arith::ConstantIndexOp::create(b, loc, 32));
}

/// Where the kernel's shared buffers sit in one block of shared memory.
struct SharedPlan {
  int64_t bytes = 0;
  DenseMap<Operation *, int64_t> offset;
  bool dynamic = false;
};

/// Shared memory is placed statically up to 48 KiB per CTA; beyond that
/// every shared buffer becomes a view of dynamic shared memory at an offset
/// fixed here, and the kernel records the bytes to launch with.
FailureOr<SharedPlan> planSharedMemory(PrimFuncOp fn, DeviceEntryOp entry) {
  SharedPlan plan;
  entry.walk([&](AllocBufferOp alloc) {
    BufferType t = alloc.getType();
    if (t.getScope() != StorageScope::Shared)
      return;
    plan.bytes = llvm::alignTo(plan.bytes, sharedAlignment(t));
    plan.offset[alloc] = plan.bytes;
    plan.bytes += t.getStorageSpan() * t.getElementType().getIntOrFloatBitWidth() / 8;
  });
  plan.dynamic = plan.bytes > kMaxStaticShared;
  if (plan.dynamic && plan.bytes + kMaxSharedAlignment > kMaxDynamicShared)
    return fn.emitError("the kernel needs ")
           << plan.bytes << " bytes of shared memory; a CTA has at most "
           << kMaxDynamicShared;
  return plan;
}

/// The conversion of one device region, moved into its kernel: what each
/// tirx buffer became, and the metadata the launcher will need.
struct KernelConversion {
  using TensorMapKey = std::tuple<int64_t, SmallVector<int64_t>, int64_t>;

  KernelConversion(gpu::GPUFuncOp kernel, gpu::ReturnOp ret, SharedPlan shared)
      : ctx(kernel.getContext()), kernel(kernel), ret(ret),
        shared(std::move(shared)) {}

  MLIRContext *ctx;
  gpu::GPUFuncOp kernel;
  gpu::ReturnOp ret;
  SharedPlan shared;
  DenseMap<Value, Value> memrefOf;
  DenseMap<Value, Value> tmemBase;             // tmem buffer -> i32 address
  SmallVector<std::pair<Value, int64_t>> tmemColumns; // for the dealloc
  SmallVector<Attribute> tensorMaps;
  SmallVector<std::pair<TensorMapKey, Value>> mapArgs;
  Value dynamicBlock, dynamicPad;
  SmallVector<Operation *> dead;

  /// Buffer parameters map to the kernel's memref parameters; the others
  /// are used directly.
  void mapArguments(PrimFuncOp fn) {
    Block &body = kernel.getBody().front();
    for (auto [oldArg, newArg] :
         llvm::zip(fn.getBody().front().getArguments(), body.getArguments())) {
      if (isa<BufferType>(oldArg.getType()))
        memrefOf[oldArg] = newArg;
      else
        oldArg.replaceUsesWithIf(newArg, [&](OpOperand &use) {
          return kernel->isProperAncestor(use.getOwner());
        });
    }
  }

  /// Converts every tirx op of the kernel body; converted ops are erased by
  /// finish().
  LogicalResult convertBody() {
    WalkResult walk = kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
      return failed(convertOp(op)) ? WalkResult::interrupt()
                                   : WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  /// Dispatches one op to the conversion of its family.
  LogicalResult convertOp(Operation *op) {
    return TypeSwitch<Operation *, LogicalResult>(op)
        .Case<AllocBufferOp>([&](auto alloc) { return convertAlloc(alloc); })
        .Case<DeclBufferOp>([&](auto view) { return convertView(view); })
        .Case<BufferLoadOp, BufferStoreOp, VectorLoadOp, VectorStoreOp>(
            [&](auto access) { return convertAccess(access); })
        .Case<TensorMapOp>([&](auto map) { return convertTensorMap(map); })
        .Case<AddressOfOp>([&](auto addr) { return convertAddressOf(addr); })
        .Case<BindOp>([&](BindOp bind) {
          bind.replaceAllUsesWith(bind.getValue());
          dead.push_back(bind);
          return success();
        })
        .Case<RegionOp>([&](RegionOp region) {
          if (!region->use_empty())
            return rejectTIRxOp(region);
          dead.push_back(region);
          return success();
        })
        .Case<TilePrimitiveOpInterface>([&](auto) {
          return op->emitError("tile primitive left; run "
                               "tirx-dispatch-tile-primitives first");
        })
        .Case<ScopeIdDefOp>([&](auto) {
          return op->emitError("scope id left; run tirx-lower-scope-ids first");
        })
        .Default([&](Operation *other) { return rejectTIRxOp(other); });
  }

  /// A tirx op no conversion handles is a diagnostic; other ops stay.
  LogicalResult rejectTIRxOp(Operation *op) {
    if (op->getDialect() && isa<TIRxDialect>(op->getDialect()))
      return op->emitError("cannot convert this op to the gpu dialect");
    return success();
  }

  /// Dynamic shared memory only promises 16-byte alignment; the pad moves
  /// the buffers to a 1024-byte boundary, which swizzled tiles need.
  Value dynamicBase(Location loc) {
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
  }

  /// The memref behind a flat (1-D, lowered) access, or null after a
  /// diagnostic.
  Value flatMemref(Operation *op, Value buffer, ValueRange indices) {
    Value m = memrefOf.lookup(buffer);
    if (!m || indices.size() != 1) {
      op->emitError("expected a flat access; run tirx-lower-layouts first");
      return Value();
    }
    return m;
  }

  /// A buffer allocation becomes tensor memory, a view of dynamic shared
  /// memory, or a workgroup or private attribution.
  LogicalResult convertAlloc(AllocBufferOp alloc) {
    OpBuilder b(alloc);
    Location loc = alloc.getLoc();
    BufferType t = alloc.getType();
    dead.push_back(alloc);
    if (t.getScope() == StorageScope::TMem)
      return allocateTensorMemory(alloc, b);
    MemRefType mt = getMemRefForBuffer(t);
    if (t.getScope() == StorageScope::Shared && shared.dynamic) {
      // A view of the dynamic block at this buffer's offset past the
      // realignment pad.
      Value shift = arith::AddIOp::create(
          b, loc, dynamicBase(loc),
          arith::ConstantIndexOp::create(b, loc, shared.offset.lookup(alloc)));
      memrefOf[alloc] = memref::ViewOp::create(b, loc, mt, dynamicBlock,
                                               shift, ValueRange());
    } else if (t.getScope() == StorageScope::Shared) {
      memrefOf[alloc] = kernel.addWorkgroupAttribution(mt, loc);
      kernel.setWorkgroupAttributionAttr(
          kernel.getNumWorkgroupAttributions() - 1,
          LLVM::LLVMDialect::getAlignAttrName(),
          b.getI64IntegerAttr(sharedAlignment(t)));
    } else {
      memrefOf[alloc] = kernel.addPrivateAttribution(mt, loc);
    }
    return success();
  }

  /// tcgen05.alloc by warp 0 into a shared slot, a CTA barrier, and every
  /// thread reads the tensor-memory base address back. Columns are the
  /// layout's TCol span rounded up to a power of two, at least 32.
  LogicalResult allocateTensorMemory(AllocBufferOp alloc, OpBuilder &b) {
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
    tmemColumns.push_back({base, cols});
    return success();
  }

  /// A buffer view is the memref (and tmem base) of its source.
  LogicalResult convertView(DeclBufferOp view) {
    memrefOf[view] = memrefOf.lookup(view.getSource());
    // A view of tensor memory shares the allocation's base address.
    if (Value base = tmemBase.lookup(view.getSource()))
      tmemBase[view] = base;
    dead.push_back(view);
    return success();
  }

  /// tirx.buffer_load -> memref.load.
  LogicalResult convertAccess(BufferLoadOp load) {
    Value m = flatMemref(load, load.getBuffer(), load.getIndices());
    if (!m)
      return failure();
    OpBuilder b(load);
    Value v = memref::LoadOp::create(b, load.getLoc(), m, load.getIndices());
    load.replaceAllUsesWith(v);
    dead.push_back(load);
    return success();
  }

  /// tirx.buffer_store -> memref.store.
  LogicalResult convertAccess(BufferStoreOp store) {
    Value m = flatMemref(store, store.getBuffer(), store.getIndices());
    if (!m)
      return failure();
    OpBuilder b(store);
    memref::StoreOp::create(b, store.getLoc(), store.getValue(), m,
                            store.getIndices());
    dead.push_back(store);
    return success();
  }

  /// tirx.vector_load -> vector.load.
  LogicalResult convertAccess(VectorLoadOp vload) {
    Value m = flatMemref(vload, vload.getBuffer(), vload.getIndices());
    if (!m)
      return failure();
    OpBuilder b(vload);
    // tirx.vector_load promises aligned, contiguous runs.
    Value v = vector::LoadOp::create(
        b, vload.getLoc(), vload.getType(), m, vload.getIndices(),
        /*nontemporal=*/false, llvm::Align(vectorBytes(vload.getType())));
    vload.replaceAllUsesWith(v);
    dead.push_back(vload);
    return success();
  }

  /// tirx.vector_store -> vector.store.
  LogicalResult convertAccess(VectorStoreOp vstore) {
    Value m = flatMemref(vstore, vstore.getBuffer(), vstore.getIndices());
    if (!m)
      return failure();
    OpBuilder b(vstore);
    vector::StoreOp::create(
        b, vstore.getLoc(), vstore.getValue(), m, vstore.getIndices(),
        /*nontemporal=*/false,
        llvm::Align(vectorBytes(vstore.getValue().getType())));
    dead.push_back(vstore);
    return success();
  }

  /// The encoded CUtensorMap, appended to the kernel's parameters. It is a
  /// pointer here; tirx-grid-constant-params makes it a by-value 128-byte
  /// __grid_constant__ parameter once the kernel is an llvm.func, so TMA
  /// reads it from parameter space. The launcher encodes it. Maps of the
  /// same buffer, box and swizzle share one parameter.
  LogicalResult convertTensorMap(TensorMapOp map) {
    int64_t bufferArg = cast<BlockArgument>(map.getBuffer()).getArgNumber();
    TensorMapKey key{bufferArg, llvm::to_vector(map.getBox()), map.getSwizzle()};
    auto it = llvm::find_if(mapArgs, [&](const auto &e) { return e.first == key; });
    if (it == mapArgs.end()) {
      // Parameters come before the attributions in the entry block.
      unsigned index = kernel.getNumArguments();
      auto ptrType = LLVM::LLVMPointerType::get(ctx);
      if (failed(kernel.insertArgument(index, ptrType, DictionaryAttr(),
                                       map.getLoc())))
        return failure();
      // The launcher encodes the map over the logical shape.
      Builder b(ctx);
      tensorMaps.push_back(TensorMapParamAttr::get(
          ctx, index, bufferArg,
          b.getDenseI64ArrayAttr(
              cast<BufferType>(map.getBuffer().getType()).getShape()),
          map.getBoxAttr(), map.getSwizzle()));
      mapArgs.push_back({key, kernel.getArgument(index)});
      it = std::prev(mapArgs.end());
    }
    map.replaceAllUsesWith(it->second);
    dead.push_back(map);
    return success();
  }

  /// tirx.address_of -> the i64 address of the element, in tensor memory
  /// or in a flat memref.
  LogicalResult convertAddressOf(AddressOfOp addr) {
    OpBuilder b(addr);
    Value v = tmemBase.count(addr.getBuffer()) ? tmemAddressOf(addr, b)
                                               : flatAddressOf(addr, b);
    if (!v)
      return failure();
    addr.replaceAllUsesWith(v);
    dead.push_back(addr);
    return success();
  }

  /// base + (TLane << 16) + TCol of the element, or null after a
  /// diagnostic.
  Value tmemAddressOf(AddressOfOp addr, OpBuilder &b) {
    Location loc = addr.getLoc();
    auto t = cast<BufferType>(addr.getBuffer().getType());
    auto axes = emitLayoutApply(b, loc, t.getLayoutInterface(), t.getShape(),
                                addr.getIndices());
    if (failed(axes) || !axes->count("TLane") || !axes->count("TCol")) {
      addr.emitError("a tmem address needs a layout on TLane and TCol");
      return Value();
    }
    Value lane = arith::ShLIOp::create(
        b, loc, (*axes)["TLane"], arith::ConstantIndexOp::create(b, loc, 16));
    Value rel = arith::AddIOp::create(b, loc, lane, (*axes)["TCol"]);
    Value rel64 = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), rel);
    Value base64 = arith::ExtUIOp::create(b, loc, b.getI64Type(),
                                          tmemBase.lookup(addr.getBuffer()));
    return arith::AddIOp::create(b, loc, base64, rel64).getResult();
  }

  /// base + offset * element bytes, as i64, or null after a diagnostic.
  Value flatAddressOf(AddressOfOp addr, OpBuilder &b) {
    Value m = flatMemref(addr, addr.getBuffer(), addr.getIndices());
    if (!m)
      return Value();
    Location loc = addr.getLoc();
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, m);
    int64_t bytes = cast<MemRefType>(m.getType()).getElementTypeBitWidth() / 8;
    Value off = arith::MulIOp::create(
        b, loc, addr.getIndices()[0],
        arith::ConstantIndexOp::create(b, loc, bytes));
    Value sum = arith::AddIOp::create(b, loc, base, off);
    return arith::IndexCastUIOp::create(b, loc, b.getI64Type(), sum);
  }

  /// Records on the kernel what the launcher needs besides the grid and
  /// block sizes: tensor-map parameters and shared-memory bytes.
  void setLaunchMetadata() {
    auto *tirx = ctx->getLoadedDialect<TIRxDialect>();
    Builder b(ctx);
    if (!tensorMaps.empty())
      tirx->getTensorMapsAttrHelper().setAttr(kernel,
                                              ArrayAttr::get(ctx, tensorMaps));
    if (shared.dynamic)
      tirx->getDynamicSharedBytesAttrHelper().setAttr(
          kernel, b.getI64IntegerAttr(shared.bytes + kMaxSharedAlignment));
    else
      tirx->getSharedBytesAttrHelper().setAttr(kernel,
                                               b.getI64IntegerAttr(shared.bytes));
  }

  /// Tensor memory goes back before the kernel ends: warp 0 frees what it
  /// allocated once every warp is done with it.
  void deallocateTensorMemory() {
    if (tmemColumns.empty())
      return;
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

  /// Completes a converted kernel: metadata, tensor-memory deallocation,
  /// and the tirx ops it replaced erased.
  void finish() {
    setLaunchMetadata();
    deallocateTensorMemory();
    for (Operation *op : llvm::reverse(dead))
      op->erase();
  }
};

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

  /// An empty gpu.func kernel with the prim_func's signature (buffers as
  /// memrefs) and its known launch dimensions.
  gpu::GPUFuncOp createKernel(ModuleOp module, PrimFuncOp fn) {
    MLIRContext *ctx = &getContext();
    gpu::GPUModuleOp gpuModule = getOrCreateKernelModule(module, fn.getLoc());
    OpBuilder b(ctx);
    b.setInsertionPointToEnd(gpuModule.getBody());

    SmallVector<Type> argTypes;
    for (Type t : fn.getArgumentTypes()) {
      if (auto buffer = dyn_cast<BufferType>(t))
        argTypes.push_back(getMemRefForBuffer(buffer));
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

    b.setInsertionPointToEnd(&kernel.getBody().front());
    gpu::ReturnOp::create(b, fn.getLoc());
    return kernel;
  }

  /// Converts a prim_func with a device region into a kernel of the
  /// module's gpu.module, and erases the prim_func.
  LogicalResult convert(ModuleOp module, PrimFuncOp fn) {
    SmallVector<DeviceEntryOp> entries(fn.getBody().getOps<DeviceEntryOp>());
    if (entries.empty())
      return success(); // host-only prim_func: nothing for the GPU
    if (entries.size() > 1)
      return fn.emitError("expected one tirx.device_entry per prim_func, got ")
             << entries.size();
    DeviceEntryOp entry = entries.front();
    if (failed(sinkOuterValues(fn, entry)))
      return failure();
    FailureOr<SharedPlan> shared = planSharedMemory(fn, entry);
    if (failed(shared))
      return failure();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(&getContext()));

    gpu::GPUFuncOp kernel = createKernel(module, fn);
    // Move the device statements into the kernel.
    Block &body = kernel.getBody().front();
    auto ret = cast<gpu::ReturnOp>(body.back());
    Block &src = entry.getBody().front();
    body.getOperations().splice(ret->getIterator(), src.getOperations());

    KernelConversion conversion(kernel, ret, std::move(*shared));
    conversion.mapArguments(fn);
    if (failed(conversion.convertBody()))
      return failure();
    conversion.finish();
    fn.erase();
    return success();
  }
};

} // namespace
