//===- BuffersToGPU.cpp - buffer allocations and views --------------------===//
//
// Shared buffers of kernels with static shared memory become workgroup
// memref.globals of the kernel's gpu.module (the kernel pattern places those
// of kernels with dynamic shared memory); local buffers become allocas at the kernel's entry; a
// view is its source's memref, reinterpreted when its span differs.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace uop::tirx;
using namespace uop::tirx::togpu;

Value togpu::createSharedGlobal(OpBuilder &b, Location loc,
                                 gpu::GPUFuncOp kernel, MemRefType type,
                                 int64_t alignment) {
  auto module = kernel->getParentOfType<gpu::GPUModuleOp>();
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = (kernel.getName() + "_shared_" + Twine(i)).str();
    if (!SymbolTable::lookupSymbolIn(module, name))
      break;
  }
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(kernel);
    memref::GlobalOp::create(b, loc, name, b.getStringAttr("private"), type,
                             /*initial_value=*/Attribute(), /*constant=*/false,
                             b.getI64IntegerAttr(alignment));
  }
  return memref::GetGlobalOp::create(b, loc, type, name);
}

namespace {

struct SharedAllocToGPU : OpConversionPattern<AllocBufferOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AllocBufferOp alloc, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    BufferType t = alloc.getType();
    auto kernel = alloc->getParentOfType<gpu::GPUFuncOp>();
    if (t.getScope() != StorageScope::Shared || !kernel)
      return rw.notifyMatchFailure(alloc, "not a shared buffer of a kernel");
    // A kernel with dynamic shared memory placed its buffers itself.
    if (rw.getContext()
            ->getLoadedDialect<TIRxDialect>()
            ->getDynamicSharedBytesAttrHelper()
            .isAttrPresent(kernel))
      return rw.notifyMatchFailure(alloc, "placed in dynamic shared memory");
    rw.replaceOp(alloc, createSharedGlobal(rw, alloc.getLoc(), kernel,
                                           getMemRefForBuffer(t),
                                           sharedAlignment(t)));
    return success();
  }
};

struct LocalAllocToGPU : OpConversionPattern<AllocBufferOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AllocBufferOp alloc, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    auto kernel = alloc->getParentOfType<gpu::GPUFuncOp>();
    if (alloc.getType().getScope() != StorageScope::Local || !kernel)
      return rw.notifyMatchFailure(alloc, "not a local buffer of a kernel");
    // At the entry, so a loop around the allocation does not grow the
    // stack; at the element's alignment, as private attributions are (the
    // dispatch accesses local buffers element by element).
    OpBuilder::InsertionGuard guard(rw);
    rw.setInsertionPointToStart(&kernel.getBody().front());
    rw.replaceOp(alloc, memref::AllocaOp::create(
                            rw, alloc.getLoc(), getMemRefForBuffer(alloc.getType())));
    return success();
  }
};

/// A view shares its source's storage: the same memref (or tensor-memory
/// address), reinterpreted to the view's span when that differs.
struct ViewToGPU : OpConversionPattern<DeclBufferOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DeclBufferOp view, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Type to = getTypeConverter()->convertType(view.getType());
    Value source = adaptor.getSource();
    if (!to)
      return rw.notifyMatchFailure(view, "the view type does not convert");
    if (source.getType() == to) {
      rw.replaceOp(view, source);
      return success();
    }
    auto mt = dyn_cast<MemRefType>(to);
    if (!mt || !isa<MemRefType>(source.getType()))
      return rw.notifyMatchFailure(view, "a view of another kind of storage");
    rw.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        view, mt, source, /*offset=*/0, mt.getShape(), ArrayRef<int64_t>{1});
    return success();
  }
};

} // namespace

void togpu::populateBufferPatterns(TypeConverter &converter,
                                    RewritePatternSet &patterns) {
  patterns.add<SharedAllocToGPU, LocalAllocToGPU, ViewToGPU>(
      converter, patterns.getContext());
}
