//===- TIRxToGPU.cpp - convert-tirx-to-gpu --------------------------------===//
//
// A prim_func's device_entry becomes a gpu.func kernel. Buffers become
// memrefs of their storage span in the matching GPU address space: global
// parameters, shared allocations as workgroup attributions, local ones as
// private attributions. Accesses are already flat (tirx-lower-layouts).
//
//===----------------------------------------------------------------------===//

#include "uop/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

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

struct ConvertTIRxToGPU
    : uop::impl::ConvertTIRxToGPUBase<ConvertTIRxToGPU> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<PrimFuncOp> fns(module.getOps<PrimFuncOp>());
    for (PrimFuncOp fn : fns)
      if (failed(convert(module, fn)))
        return signalPassFailure();
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
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(ctx));

    OpBuilder b(fn);
    auto gpuModule = gpu::GPUModuleOp::create(
        b, fn.getLoc(), (fn.getSymName() + "_kernels").str());
    b.setInsertionPointToStart(gpuModule.getBody());

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
    auto dims3 = [&](StringRef name) -> DenseI32ArrayAttr {
      auto attr = fn->getAttrOfType<DenseI64ArrayAttr>(name);
      if (!attr)
        return {};
      SmallVector<int32_t> d(attr.asArrayRef().begin(), attr.asArrayRef().end());
      d.resize(3, 1);
      return b.getDenseI32ArrayAttr(d);
    };
    if (auto block = dims3("tirx.block_dims"))
      kernel.setKnownBlockSizeAttr(block);
    if (auto grid = dims3("tirx.grid_dims"))
      kernel.setKnownGridSizeAttr(grid);

    Block &body = kernel.getBody().front();
    b.setInsertionPointToEnd(&body);
    auto ret = gpu::ReturnOp::create(b, fn.getLoc());

    // Move the device statements into the kernel.
    Block &src = entry.getBody().front();
    body.getOperations().splice(ret->getIterator(), src.getOperations());

    DenseMap<Value, Value> memrefOf;
    for (auto [oldArg, newArg] :
         llvm::zip(fn.getBody().front().getArguments(), body.getArguments())) {
      if (isa<BufferType>(oldArg.getType()))
        memrefOf[oldArg] = newArg;
      else
        oldArg.replaceUsesWithIf(newArg, [&](OpOperand &use) {
          return kernel->isProperAncestor(use.getOwner());
        });
    }

    SmallVector<Operation *> dead;
    WalkResult walk = kernel.walk<WalkOrder::PreOrder>([&](Operation *op)
                                                           -> WalkResult {
      OpBuilder rb(op);
      Location loc = op->getLoc();
      if (auto alloc = dyn_cast<AllocBufferOp>(op)) {
        BufferType t = alloc.getType();
        if (t.getScope() == StorageScope::TMem) {
          op->emitError("tensor memory allocation needs tcgen05.alloc; not "
                        "lowered yet");
          return WalkResult::interrupt();
        }
        MemRefType mt = memrefFor(t);
        memrefOf[alloc] = t.getScope() == StorageScope::Shared
                              ? kernel.addWorkgroupAttribution(mt, loc)
                              : kernel.addPrivateAttribution(mt, loc);
        dead.push_back(op);
      } else if (auto view = dyn_cast<DeclBufferOp>(op)) {
        memrefOf[view] = memrefOf.lookup(view.getSource());
        dead.push_back(op);
      } else if (auto load = dyn_cast<BufferLoadOp>(op)) {
        Value m = memrefOf.lookup(load.getBuffer());
        if (!m || load.getIndices().size() != 1) {
          op->emitError("expected a flat access; run tirx-lower-layouts first");
          return WalkResult::interrupt();
        }
        Value v = memref::LoadOp::create(rb, loc, m, load.getIndices());
        load.replaceAllUsesWith(v);
        dead.push_back(op);
      } else if (auto store = dyn_cast<BufferStoreOp>(op)) {
        Value m = memrefOf.lookup(store.getBuffer());
        if (!m || store.getIndices().size() != 1) {
          op->emitError("expected a flat access; run tirx-lower-layouts first");
          return WalkResult::interrupt();
        }
        memref::StoreOp::create(rb, loc, store.getValue(), m, store.getIndices());
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
    for (Operation *op : llvm::reverse(dead))
      op->erase();
    fn.erase();
    return success();
  }
};

} // namespace
