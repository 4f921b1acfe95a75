//===- TensorMemoryToGPU.cpp - tcgen05 tensor memory ----------------------===//
//
// A tmem buffer becomes the i32 address tcgen05.alloc returns: warp 0
// allocates into a shared slot, a CTA barrier publishes it, every thread
// reads it back, and warp 0 frees the columns in the kernel's epilogue.
// tirx.address_of an element is that base plus (TLane << 16) + TCol.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace uop::tirx;
using namespace uop::tirx::togpu;

FailureOr<int64_t> togpu::tensorMemoryColumns(Operation *op, BufferType t) {
  std::map<std::string, int64_t> spans = t.getMemorySpans();
  if (!spans.count(layout::axisName(layout::Axis::TLane)) || !spans.count(layout::axisName(layout::Axis::TCol)) || spans[layout::axisName(layout::Axis::TLane)] > 128)
    return op->emitError("a tmem buffer needs a layout over at most 128 "
                         "TLanes and some TCols");
  int64_t cols = std::max<int64_t>(32, llvm::PowerOf2Ceil(spans[layout::axisName(layout::Axis::TCol)]));
  if (cols > 512)
    return op->emitError("tensor memory has 512 columns, the buffer needs ")
           << cols;
  return cols;
}

FailureOr<TensorMemoryPool> togpu::planTensorMemory(Region &region) {
  TensorMemoryPool pool;
  region.walk([&](AllocBufferOp alloc) {
    if (alloc.getType().getScope() == StorageScope::TMem &&
        alloc.getType().hasAllocatedAddr())
      pool.placed.push_back(alloc);
  });
  if (pool.placed.empty())
    return pool;
  // The first allocates for all: the others must follow it in its block.
  Block *block = pool.placed.front()->getBlock();
  SmallVector<std::pair<int64_t, int64_t>> taken;
  int64_t end = 0;
  for (AllocBufferOp alloc : pool.placed) {
    if (alloc->getBlock() != block)
      return alloc.emitError("tmem buffers with an allocated_addr share one "
                             "allocation and must be allocated in one block");
    BufferType t = alloc.getType();
    std::map<std::string, int64_t> spans = t.getMemorySpans();
    if (failed(tensorMemoryColumns(alloc, t)))
      return failure();
    int64_t begin = t.getAllocatedAddr();
    int64_t stop = begin + spans[layout::axisName(layout::Axis::TCol)];
    for (auto [b, e] : taken)
      if (begin < e && b < stop)
        return alloc.emitError("allocated_addr ")
               << begin << " overlaps another tmem buffer at column " << b;
    taken.push_back({begin, stop});
    end = std::max(end, stop);
  }
  pool.columns = std::max<int64_t>(32, llvm::PowerOf2Ceil(end));
  if (pool.columns > 512)
    return pool.placed.back().emitError("the tmem buffers with an "
                                        "allocated_addr need ")
           << pool.columns << " columns; tensor memory has 512";
  return pool;
}

bool togpu::usesCtaPairs(Operation *op) {
  bool pairs = false;
  op->walk([&](Operation *o) {
    if (auto mma = dyn_cast<NVVM::Tcgen05MMAOp>(o))
      pairs |= mma.getCtaGroup() == NVVM::CTAGroupKind::CTA_2;
    else if (auto commit = dyn_cast<NVVM::Tcgen05CommitOp>(o))
      pairs |= commit.getGroup() == NVVM::CTAGroupKind::CTA_2;
  });
  return pairs;
}

namespace {

Value i32Constant(OpBuilder &b, Location loc, int32_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
}

/// The generic pointer in address space `space` to the start of `memref`.
Value pointerTo(OpBuilder &b, Location loc, Value memref, unsigned space) {
  Value addr = arith::IndexCastUIOp::create(
      b, loc, b.getI64Type(),
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref));
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), space), addr);
}

NVVM::CTAGroupKind groupOf(gpu::GPUFuncOp kernel) {
  return usesCtaPairs(kernel) ? NVVM::CTAGroupKind::CTA_2
                              : NVVM::CTAGroupKind::CTA_1;
}

struct TensorMemoryAllocToGPU : OpConversionPattern<AllocBufferOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AllocBufferOp alloc, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    auto kernel = alloc->getParentOfType<gpu::GPUFuncOp>();
    if (alloc.getType().getScope() != StorageScope::TMem || !kernel)
      return rw.notifyMatchFailure(alloc, "not a tmem buffer of a kernel");
    FailureOr<int64_t> cols = tensorMemoryColumns(alloc, alloc.getType());
    if (failed(cols))
      return failure();
    NVVM::Tcgen05RelinquishAllocPermitOp relinquish;
    kernel.walk([&](NVVM::Tcgen05RelinquishAllocPermitOp r) { relinquish = r; });
    if (!relinquish)
      return rw.notifyMatchFailure(alloc, "the kernel has no tmem epilogue");

    Location loc = alloc.getLoc();
    auto slotType = MemRefType::get(
        {1}, rw.getI32Type(), MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(rw.getContext(), gpu::AddressSpace::Workgroup));
    // A placed buffer is its column offset into the kernel's pool: the first
    // placed one allocates the pool into a slot the others read.
    if (alloc.getType().hasAllocatedAddr()) {
      FailureOr<TensorMemoryPool> pool = planTensorMemory(kernel.getBody());
      if (failed(pool))
        return failure();
      *cols = pool->columns;
      std::string slotName = (kernel.getName() + "_tmem_pool").str();
      auto module = kernel->getParentOfType<gpu::GPUModuleOp>();
      if (pool->placed.front() != alloc) {
        if (!SymbolTable::lookupSymbolIn(module, slotName))
          return rw.notifyMatchFailure(alloc, "the pool is not allocated yet");
        Value slot = memref::GetGlobalOp::create(rw, loc, slotType, slotName);
        Value base = memref::LoadOp::create(
            rw, loc, slot, ValueRange{arith::ConstantIndexOp::create(rw, loc, 0)});
        rw.replaceOpWithNewOp<arith::AddIOp>(
            alloc, base,
            i32Constant(rw, loc, alloc.getType().getAllocatedAddr()));
        return success();
      }
      OpBuilder::InsertionGuard guard(rw);
      rw.setInsertionPoint(kernel);
      memref::GlobalOp::create(rw, loc, slotName, rw.getStringAttr("private"),
                               slotType, Attribute(), /*constant=*/false,
                               rw.getI64IntegerAttr(4));
    }
    Value slot =
        alloc.getType().hasAllocatedAddr()
            ? (Value)memref::GetGlobalOp::create(
                  rw, loc, slotType, (kernel.getName() + "_tmem_pool").str())
            : createSharedGlobal(rw, loc, kernel, slotType, 4);
    auto ifOp = scf::IfOp::create(rw, loc, isWarpZero(rw, loc),
                                  /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rw);
      rw.setInsertionPointToStart(ifOp.thenBlock());
      // tcgen05.alloc is .sync.aligned: the whole warp, converged.
      NVVM::SyncWarpOp::create(rw, loc, i32Constant(rw, loc, -1));
      Value slotPtr = pointerTo(rw, loc, slot, 3);
      // On CTA pairs one warp of each CTA allocates, with cta_group::2.
      NVVM::Tcgen05AllocOp::create(rw, loc, slotPtr, i32Constant(rw, loc, *cols),
                                   groupOf(kernel));
    }
    // The allocation is a tcgen05 operation: fence it around the barrier
    // that publishes its address (the pattern of the PTX ISA's tcgen05
    // memory-consistency section).
    NVVM::Tcgen05FenceOp::create(rw, loc, NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
    gpu::BarrierOp::create(rw, loc);
    NVVM::Tcgen05FenceOp::create(rw, loc, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    Value zero = arith::ConstantIndexOp::create(rw, loc, 0);
    Value base = memref::LoadOp::create(rw, loc, slot, ValueRange{zero});
    if (alloc.getType().hasAllocatedAddr())
      base = arith::AddIOp::create(
          rw, loc, base,
          i32Constant(rw, loc, alloc.getType().getAllocatedAddr()));
    rw.replaceOp(alloc, base);

    // Warp 0 frees the columns in the epilogue; the slot still holds the
    // address there, wherever the allocation was.
    OpBuilder::InsertionGuard guard(rw);
    rw.setInsertionPoint(relinquish);
    Value again = memref::GetGlobalOp::create(
        rw, loc, slotType, slot.getDefiningOp<memref::GetGlobalOp>().getName());
    Value pooled = memref::LoadOp::create(
        rw, loc, again, ValueRange{arith::ConstantIndexOp::create(rw, loc, 0)});
    Value ptr = LLVM::IntToPtrOp::create(
        rw, loc, LLVM::LLVMPointerType::get(rw.getContext(), 6), pooled);
    NVVM::Tcgen05DeallocOp::create(rw, loc, ptr, i32Constant(rw, loc, *cols),
                                   groupOf(kernel));
    return success();
  }
};

/// tirx.address_of in tensor memory: base + (TLane << 16) + TCol, as i64.
struct TensorMemoryAddressOfToGPU : OpConversionPattern<AddressOfOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AddressOfOp addr, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    auto t = cast<BufferType>(addr.getBuffer().getType());
    if (t.getScope() != StorageScope::TMem)
      return rw.notifyMatchFailure(addr, "not in tensor memory");
    Location loc = addr.getLoc();
    auto axes = emitLayoutApply(rw, loc, t.getLayoutInterface(), t.getShape(),
                                adaptor.getIndices());
    if (failed(axes) || !axes->count(layout::axisName(layout::Axis::TLane)) || !axes->count(layout::axisName(layout::Axis::TCol)))
      return rw.notifyMatchFailure(addr, "no TLane and TCol in the layout");
    Value lane = arith::ShLIOp::create(
        rw, loc, (*axes)[layout::axisName(layout::Axis::TLane)], arith::ConstantIndexOp::create(rw, loc, 16));
    Value rel = arith::AddIOp::create(rw, loc, lane, (*axes)[layout::axisName(layout::Axis::TCol)]);
    Value rel64 = arith::IndexCastUIOp::create(rw, loc, rw.getI64Type(), rel);
    Value base64 =
        arith::ExtUIOp::create(rw, loc, rw.getI64Type(), adaptor.getBuffer());
    rw.replaceOpWithNewOp<arith::AddIOp>(addr, base64, rel64);
    return success();
  }
};

} // namespace

void togpu::populateTensorMemoryPatterns(TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<TensorMemoryAllocToGPU, TensorMemoryAddressOfToGPU>(
      converter, patterns.getContext());
}
