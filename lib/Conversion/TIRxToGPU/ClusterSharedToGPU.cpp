//===- ClusterSharedToGPU.cpp - distributed shared memory -----------------===//
//
// A tirx.cluster_view is another CTA's copy of a shared buffer: its storage
// converts to an !llvm.ptr<7> (.shared::cluster), the peer's address of the
// buffer's first element (nvvm.mapa of this CTA's), and its flat accesses to
// LLVM loads and stores through that pointer, which NVPTX emits as
// ld.shared::cluster / st.shared::cluster. Memrefs have no address space
// for it, hence pointers.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "uop/Dialect/TIRx/IR/TIRxViews.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace uop::tirx;
using namespace uop::tirx::togpu;

namespace {

/// The converted storage of a shared_cluster buffer.
bool isClusterPointer(Value v) {
  auto p = dyn_cast<LLVM::LLVMPointerType>(v.getType());
  return p && p.getAddressSpace() ==
                  static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster);
}

/// The element `index` (a flat index) of the storage at `base`.
Value elementPointer(OpBuilder &b, Location loc, Value base, Type elem,
                     Value index) {
  Value i = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return LLVM::GEPOp::create(b, loc, base.getType(), elem, base, ValueRange{i});
}

unsigned alignmentOf(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    return v.getNumElements() * v.getElementTypeBitWidth() / 8;
  return std::max<unsigned>(1, t.getIntOrFloatBitWidth() / 8);
}

/// cluster_view %S rank %r -> mapa.shared::cluster of %S's address in this
/// CTA: the same offset in CTA %r's shared memory.
struct ClusterViewToGPU : OpConversionPattern<ClusterViewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ClusterViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Value source = adaptor.getSource();
    if (!isa<MemRefType>(source.getType()))
      return rw.notifyMatchFailure(op, "the source is not a converted memref");
    Location loc = op.getLoc();
    MLIRContext *ctx = rw.getContext();
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(rw, loc, source);
    Value i64 = arith::IndexCastUIOp::create(rw, loc, rw.getI64Type(), base);
    auto shared = LLVM::LLVMPointerType::get(
        ctx, static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
    auto cluster = LLVM::LLVMPointerType::get(
        ctx, static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
    Value local = LLVM::IntToPtrOp::create(rw, loc, shared, i64);
    rw.replaceOpWithNewOp<NVVM::MapaOp>(op, cluster, local, adaptor.getRank());
    return success();
  }
};

struct ClusterLoadToGPU : OpConversionPattern<BufferLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isClusterPointer(adaptor.getBuffer()) || adaptor.getIndices().size() != 1)
      return rw.notifyMatchFailure(op, "not a flat access of another CTA's");
    Value p = elementPointer(rw, op.getLoc(), adaptor.getBuffer(), op.getType(),
                             adaptor.getIndices()[0]);
    rw.replaceOpWithNewOp<LLVM::LoadOp>(op, op.getType(), p,
                                        alignmentOf(op.getType()));
    return success();
  }
};

struct ClusterStoreToGPU : OpConversionPattern<BufferStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isClusterPointer(adaptor.getBuffer()) || adaptor.getIndices().size() != 1)
      return rw.notifyMatchFailure(op, "not a flat access of another CTA's");
    Type t = adaptor.getValue().getType();
    Value p = elementPointer(rw, op.getLoc(), adaptor.getBuffer(), t,
                             adaptor.getIndices()[0]);
    rw.replaceOpWithNewOp<LLVM::StoreOp>(op, adaptor.getValue(), p,
                                         alignmentOf(t));
    return success();
  }
};

/// tirx.vector_load promises an aligned, contiguous run: one
/// ld.shared::cluster.v* of the run.
struct ClusterVectorLoadToGPU : OpConversionPattern<VectorLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(VectorLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isClusterPointer(adaptor.getBuffer()) || adaptor.getIndices().size() != 1)
      return rw.notifyMatchFailure(op, "not a flat access of another CTA's");
    VectorType t = op.getType();
    Value p = elementPointer(rw, op.getLoc(), adaptor.getBuffer(),
                             t.getElementType(), adaptor.getIndices()[0]);
    rw.replaceOpWithNewOp<LLVM::LoadOp>(op, t, p, alignmentOf(t));
    return success();
  }
};

struct ClusterVectorStoreToGPU : OpConversionPattern<VectorStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(VectorStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isClusterPointer(adaptor.getBuffer()) || adaptor.getIndices().size() != 1)
      return rw.notifyMatchFailure(op, "not a flat access of another CTA's");
    auto t = cast<VectorType>(adaptor.getValue().getType());
    Value p = elementPointer(rw, op.getLoc(), adaptor.getBuffer(),
                             t.getElementType(), adaptor.getIndices()[0]);
    rw.replaceOpWithNewOp<LLVM::StoreOp>(op, adaptor.getValue(), p,
                                         alignmentOf(t));
    return success();
  }
};

/// The .shared::cluster address of an element, as i64.
struct ClusterAddressOfToGPU : OpConversionPattern<AddressOfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AddressOfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isClusterPointer(adaptor.getBuffer()) || adaptor.getIndices().size() != 1)
      return rw.notifyMatchFailure(op, "not a flat address of another CTA's");
    BufferType t = cast<BufferType>(op.getBuffer().getType());
    Value p = elementPointer(rw, op.getLoc(), adaptor.getBuffer(),
                             t.getElementType(), adaptor.getIndices()[0]);
    rw.replaceOpWithNewOp<LLVM::PtrToIntOp>(op, rw.getI64Type(), p);
    return success();
  }
};

} // namespace

void togpu::populateClusterSharedPatterns(TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<ClusterViewToGPU, ClusterLoadToGPU, ClusterStoreToGPU,
               ClusterVectorLoadToGPU, ClusterVectorStoreToGPU,
               ClusterAddressOfToGPU>(converter, patterns.getContext());
}
