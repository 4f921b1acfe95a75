//===- HostToGPU.cpp - host code of convert-tirx-to-gpu -------------------===//
//
// The host side of a compiled program is IR, not a table for launchers to
// decode: host code becomes a func.func whose global buffers are gpu.alloc
// (freed before it returns) and whose `tirx.launch`es are gpu.launch_func,
// configured as each converted kernel recorded. The runtime walks it.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace uop::tirx;
using namespace uop::tirx::togpu;

bool uop::tirx::launchesKernels(PrimFuncOp fn) {
  if (!fn.getBody().getOps<DeviceEntryOp>().empty())
    return false;
  WalkResult r = fn.walk([](Operation *op) {
    if (isa<LaunchOp>(op))
      return WalkResult::interrupt();
    if (auto alloc = dyn_cast<AllocBufferOp>(op);
        alloc && alloc.getType().getScope() == StorageScope::Global)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

namespace {

struct HostFuncToFunc : OpConversionPattern<PrimFuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrimFuncOp fn, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!launchesKernels(fn))
      return rw.notifyMatchFailure(fn, "not host code that launches kernels");
    TypeConverter::SignatureConversion sig(fn.getNumArguments());
    if (failed(getTypeConverter()->convertSignatureArgs(fn.getArgumentTypes(), sig)))
      return rw.notifyMatchFailure(fn, "a parameter type does not convert");
    // ret_type: the results are the func.func's (checkHost allowed scalars
    // and the caller's global buffers).
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(fn.getFunctionType().getResults(),
                                                results)))
      return rw.notifyMatchFailure(fn, "a result type does not convert");
    auto host = func::FuncOp::create(
        rw, fn.getLoc(), fn.getSymName(),
        rw.getFunctionType(sig.getConvertedTypes(), results));
    rw.inlineRegionBefore(fn.getBody(), host.getBody(), host.end());
    if (!rw.applySignatureConversion(&host.getBody().front(), sig,
                                     getTypeConverter()))
      return failure();
    rw.eraseOp(fn);
    return success();
  }
};

/// A global buffer of host code: gpu.alloc, and gpu.dealloc before the
/// function returns.
struct HostAllocToGPU : OpConversionPattern<AllocBufferOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AllocBufferOp alloc, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    if (alloc.getType().getScope() != StorageScope::Global ||
        !alloc->getParentOfType<func::FuncOp>())
      return rw.notifyMatchFailure(alloc, "not a global buffer of host code");
    Location loc = alloc.getLoc();
    Value m = gpu::AllocOp::create(rw, loc, getMemRefForBuffer(alloc.getType()),
                                   Type(), ValueRange(), ValueRange(),
                                   ValueRange())
                  .getMemref();
    rw.replaceOp(alloc, m);
    OpBuilder::InsertionGuard guard(rw);
    rw.setInsertionPoint(alloc->getBlock()->getTerminator());
    gpu::DeallocOp::create(rw, loc, Type(), ValueRange(), m);
    return success();
  }
};

/// tirx.launch -> gpu.launch_func of the converted kernel, with the grid,
/// block and dynamic shared bytes it recorded. A kernel without block
/// (thread) scope ids runs one block (one thread).
struct LaunchToGPU : OpConversionPattern<LaunchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LaunchOp launch, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    auto module = launch->getParentOfType<ModuleOp>();
    auto kernels = module.lookupSymbol<gpu::GPUModuleOp>(kKernelModule);
    auto kernel = kernels ? kernels.lookupSymbol<gpu::GPUFuncOp>(launch.getKernel())
                          : gpu::GPUFuncOp();
    if (!kernel)
      return rw.notifyMatchFailure(launch, "the kernel is not converted");
    Location loc = launch.getLoc();
    auto dim = [&](DenseI32ArrayAttr a) {
      auto at = [&](int i) -> Value {
        return arith::ConstantIndexOp::create(rw, loc,
                                              a && i < a.size() ? a[i] : 1);
      };
      return gpu::KernelDim3{at(0), at(1), at(2)};
    };
    Value shared;
    auto *tirx = rw.getContext()->getLoadedDialect<TIRxDialect>();
    if (IntegerAttr bytes = tirx->getDynamicSharedBytesAttrHelper().getAttr(kernel))
      shared = arith::ConstantOp::create(
          rw, loc, rw.getI32IntegerAttr(static_cast<int32_t>(bytes.getInt())));
    // The compiled-in grid, or the preferred one of a free grid.
    DenseI32ArrayAttr grid = kernel.getKnownGridSizeAttr();
    if (auto preferred = tirx->getPreferredGridDimsAttrHelper().getAttr(kernel))
      grid = rw.getDenseI32ArrayAttr(SmallVector<int32_t>(
          preferred.asArrayRef().begin(), preferred.asArrayRef().end()));
    gpu::LaunchFuncOp::create(rw, loc, kernel, dim(grid),
                              dim(kernel.getKnownBlockSizeAttr()), shared,
                              adaptor.getArgs());
    rw.eraseOp(launch);
    return success();
  }
};

struct HostReturnToFunc : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReturnOp ret, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isa<func::FuncOp>(ret->getParentOp()))
      return rw.notifyMatchFailure(ret, "not in converted host code");
    rw.replaceOpWithNewOp<func::ReturnOp>(ret, adaptor.getOperands());
    return success();
  }
};

} // namespace

void uop::tirx::populateTIRxHostToGPUConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<HostFuncToFunc, HostAllocToGPU, LaunchToGPU, HostReturnToFunc>(
      converter, patterns.getContext());
}
