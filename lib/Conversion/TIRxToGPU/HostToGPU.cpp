//===- HostToGPU.cpp - host code of convert-tirx-to-gpu -------------------===//
//
// The host side of a compiled program is IR, not a table for launchers to
// decode: host code becomes a func.func whose global buffers are gpu.alloc
// (freed before it returns) and whose `tirx.launch`es are gpu.launch_func,
// configured as each converted kernel recorded: grid, block, cluster and
// dynamic shared memory are operands. The runtime walks it and reads the
// launch configuration from those operands only.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

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

/// Three index constants: `dims` padded with 1s.
static gpu::KernelDim3 constantDims(OpBuilder &b, Location loc,
                                    ArrayRef<int64_t> dims) {
  auto at = [&](size_t i) -> Value {
    return arith::ConstantIndexOp::create(b, loc, i < dims.size() ? dims[i] : 1);
  };
  return {at(0), at(1), at(2)};
}

static SmallVector<int64_t> toI64(DenseI32ArrayAttr a) {
  return a ? SmallVector<int64_t>(a.asArrayRef()) : SmallVector<int64_t>();
}

/// The launch grid in CTAs: compiled in (known_grid_size), or for a free grid
/// (`kernel -> cta [?]`) the preferred extents, which the kernel does not
/// know: it reads the grid's size at run time.
static SmallVector<int64_t> launchGrid(gpu::GPUFuncOp kernel) {
  auto *tirx = kernel->getContext()->getLoadedDialect<TIRxDialect>();
  if (DenseI64ArrayAttr preferred =
          tirx->getPreferredGridDimsAttrHelper().getAttr(kernel))
    return SmallVector<int64_t>(preferred.asArrayRef());
  return toI64(kernel.getKnownGridSizeAttr());
}

/// The kernel operands: the launch's arguments, then for each tensor-map
/// parameter (tirx.tensor_maps, after the converted ones) the address of
/// the buffer it maps as the parameter's !llvm.ptr; the launcher encodes
/// the map over that buffer and passes the map.
static SmallVector<Value> kernelOperands(OpBuilder &b, Location loc,
                                         gpu::GPUFuncOp kernel, ValueRange args) {
  SmallVector<Value> operands(args);
  auto *tirx = kernel->getContext()->getLoadedDialect<TIRxDialect>();
  ArrayAttr maps = tirx->getTensorMapsAttrHelper().getAttr(kernel);
  if (!maps)
    return operands;
  for (auto map : maps.getAsRange<TensorMapParamAttr>()) {
    Value address = memref::ExtractAlignedPointerAsIndexOp::create(
        b, loc, args[map.getBufferArg()]);
    Value i64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
    operands.push_back(LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), i64));
  }
  return operands;
}

/// tirx.launch -> gpu.launch_func of the converted kernel. Every launch
/// parameter is an operand, so the host IR is the launcher's only source:
/// the grid and block (a kernel without block (thread) scope ids runs one
/// block of one thread), the cluster shape of a clustered kernel and the
/// dynamic shared bytes of one that has them.
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
    auto *tirx = rw.getContext()->getLoadedDialect<TIRxDialect>();
    Value shared;
    if (IntegerAttr bytes = tirx->getDynamicSharedBytesAttrHelper().getAttr(kernel))
      shared = arith::ConstantOp::create(
          rw, loc, rw.getI32IntegerAttr(static_cast<int32_t>(bytes.getInt())));
    std::optional<gpu::KernelDim3> cluster;
    if (auto c = kernel->getAttrOfType<DenseI32ArrayAttr>(
            NVVM::NVVMDialect::getClusterDimAttrName()))
      cluster = constantDims(rw, loc, toI64(c));
    gpu::KernelDim3 grid = constantDims(rw, loc, launchGrid(kernel));
    gpu::KernelDim3 block =
        constantDims(rw, loc, toI64(kernel.getKnownBlockSizeAttr()));
    gpu::LaunchFuncOp::create(rw, loc, kernel, grid, block, shared,
                              kernelOperands(rw, loc, kernel, adaptor.getArgs()),
                              /*asyncTokenType=*/Type(),
                              /*asyncDependencies=*/ValueRange(), cluster);
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
