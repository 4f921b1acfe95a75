//===- AccessToGPU.cpp - loads, stores, addresses and tensor maps ---------===//
//
// Accesses are flat after tirx-lower-layouts: one index into the buffer's
// storage span, so they map one to one onto memref and vector accesses of
// the converted memref. Tensor maps become the kernel parameter the kernel
// pattern reserved for them.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace uop::tirx;
using namespace uop::tirx::togpu;

namespace {

uint64_t vectorBytes(VectorType t) {
  return t.getNumElements() * t.getElementTypeBitWidth() / 8;
}

/// Whether the converted buffer is a memref accessed at one flat index.
bool isFlatAccess(Value memref, ValueRange indices) {
  return isa<MemRefType>(memref.getType()) && indices.size() == 1;
}

struct LoadToGPU : OpConversionPattern<BufferLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isFlatAccess(adaptor.getBuffer(), adaptor.getIndices()))
      return rw.notifyMatchFailure(op, "not a flat access");
    rw.replaceOpWithNewOp<memref::LoadOp>(op, adaptor.getBuffer(),
                                          adaptor.getIndices());
    return success();
  }
};

struct StoreToGPU : OpConversionPattern<BufferStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isFlatAccess(adaptor.getBuffer(), adaptor.getIndices()))
      return rw.notifyMatchFailure(op, "not a flat access");
    rw.replaceOpWithNewOp<memref::StoreOp>(op, adaptor.getValue(),
                                           adaptor.getBuffer(),
                                           adaptor.getIndices());
    return success();
  }
};

/// tirx.vector_load promises an aligned, contiguous run.
struct VectorLoadToGPU : OpConversionPattern<VectorLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(VectorLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isFlatAccess(adaptor.getBuffer(), adaptor.getIndices()))
      return rw.notifyMatchFailure(op, "not a flat access");
    rw.replaceOpWithNewOp<vector::LoadOp>(
        op, op.getType(), adaptor.getBuffer(), adaptor.getIndices(),
        /*nontemporal=*/false, llvm::Align(vectorBytes(op.getType())));
    return success();
  }
};

struct VectorStoreToGPU : OpConversionPattern<VectorStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(VectorStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    if (!isFlatAccess(adaptor.getBuffer(), adaptor.getIndices()))
      return rw.notifyMatchFailure(op, "not a flat access");
    auto vt = cast<VectorType>(op.getValue().getType());
    rw.replaceOpWithNewOp<vector::StoreOp>(
        op, adaptor.getValue(), adaptor.getBuffer(), adaptor.getIndices(),
        /*nontemporal=*/false, llvm::Align(vectorBytes(vt)));
    return success();
  }
};

/// tirx.address_of in a flat memref: base + offset * element bytes, as i64.
struct AddressOfToGPU : OpConversionPattern<AddressOfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AddressOfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    Value m = adaptor.getBuffer();
    if (!isFlatAccess(m, adaptor.getIndices()))
      return rw.notifyMatchFailure(op, "not a flat address");
    Location loc = op.getLoc();
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(rw, loc, m);
    int64_t bytes = cast<MemRefType>(m.getType()).getElementTypeBitWidth() / 8;
    Value off = arith::MulIOp::create(
        rw, loc, adaptor.getIndices()[0],
        arith::ConstantIndexOp::create(rw, loc, bytes));
    Value sum = arith::AddIOp::create(rw, loc, base, off);
    rw.replaceOpWithNewOp<arith::IndexCastUIOp>(op, rw.getI64Type(), sum);
    return success();
  }
};

/// The encoded CUtensorMap is the kernel parameter recorded for the same
/// buffer, box and swizzle in the kernel's tirx.tensor_maps. It is a
/// pointer here; tirx-grid-constant-params makes it a by-value 128-byte
/// __grid_constant__ parameter once the kernel is an llvm.func, so TMA
/// reads it from parameter space.
struct TensorMapToGPU : OpConversionPattern<TensorMapOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TensorMapOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    auto arg = dyn_cast<BlockArgument>(op.getBuffer());
    if (!kernel || !arg)
      return rw.notifyMatchFailure(op, "not a kernel parameter's map");
    ArrayAttr maps = rw.getContext()
                         ->getLoadedDialect<TIRxDialect>()
                         ->getTensorMapsAttrHelper()
                         .getAttr(kernel);
    for (Attribute a : maps ? maps.getValue() : ArrayRef<Attribute>()) {
      auto p = cast<TensorMapParamAttr>(a);
      if (p.getBufferArg() == arg.getArgNumber() &&
          p.getBox() == op.getBoxAttr() && p.getSwizzle() == static_cast<int64_t>(op.getSwizzle())) {
        rw.replaceOp(op, kernel.getArgument(p.getArg()));
        return success();
      }
    }
    return rw.notifyMatchFailure(op, "no parameter recorded for the map");
  }
};

} // namespace

void togpu::populateAccessPatterns(TypeConverter &converter,
                                    RewritePatternSet &patterns) {
  patterns.add<LoadToGPU, StoreToGPU, VectorLoadToGPU, VectorStoreToGPU,
               AddressOfToGPU, TensorMapToGPU>(converter,
                                               patterns.getContext());
}
