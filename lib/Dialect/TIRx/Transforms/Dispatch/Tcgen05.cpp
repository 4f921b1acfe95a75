//===- Tcgen05.cpp - gemm_async and copies on sm_100a tensor memory ---===//
//
// Part of tirx-dispatch-tile-primitives; see Dispatch.h.
//
//===----------------------------------------------------------------------===//

#include "Dispatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace uop::tirx::dispatch {


/// A tmem operand laid out with rows on TLane and columns on TCol.
Declines tmemMatrixDeclines(Value operand, StringRef name) {
  if (scopeOf(operand) != StorageScope::TMem)
    return (name + " must be in tensor memory").str();
  BufferType t = bufferTypeOf(operand);
  if (t.getShape().size() != 2)
    return (name + " must be a 2-D tmem buffer").str();
  auto tile = dyn_cast_or_null<TileLayoutAttr>(t.getLayout());
  layout::TileLayout expected;
  expected.shard = {{t.getShape()[0], 1, layout::axisName(layout::Axis::TLane)},
                    {t.getShape()[1], 1, layout::axisName(layout::Axis::TCol)}};
  if (!tile || tile.getLayout() != expected)
    return (name + " must be laid out as S[(rows,cols):(1@TLane,1@TCol)]").str();
  return std::nullopt;
}

/// The sm_100 shared-memory matrix descriptor of a K-major operand with the
/// 128-byte swizzle: start >> 4 (bits 0-13), leading byte offset 16 >> 4
/// (16-29), stride byte offset 1024 >> 4 (32-45), the fixed version bits
/// 0b001 (46-48), swizzle mode 2 = 128B (61-63).
Value tcgen05Descriptor(OpBuilder &b, Location loc, Value addr) {
  auto c64 = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  };
  Value start = arith::ShRUIOp::create(
      b, loc, arith::AndIOp::create(b, loc, addr, c64(0x3FFFF)), c64(4));
  int64_t fixed = (int64_t(16 >> 4) << 16) | (int64_t(1024 >> 4) << 32) |
                  (int64_t(1) << 46) | (int64_t(2) << 61);
  return arith::OrIOp::create(b, loc, start, c64(fixed));
}

/// Thread-scope gemm_async with dispatch "tcgen05" on sm_100a (the seed's
/// compute stage): one thread issues tcgen05.mma kind::f16 per 16 elements of
/// K, cta_group 1, accumulating in tensor memory; completion is signalled by
/// the tcgen05.commit that follows the call.
TileImpl tcgen05Gemm() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto g = cast<GemmAsyncOp>(op);
    if (!t.has(ChipFeature::Tcgen05))
      return "tcgen05 needs sm_100a, target is " + t.chip;
    if (g.getScope() != ExecScopeKind::Thread)
      return std::string("tcgen05.mma is issued by one thread (scope must be "
                         "thread)");
    if (DictionaryAttr config = g.getConfig().value_or(DictionaryAttr()))
      if (auto group = config.getAs<IntegerAttr>("cta_group");
          group && group.getInt() != 1)
        return std::string("only cta_group 1 is supported");
    Type a = getTileElementType(g.getA().getType());
    Type c = getTileElementType(g.getC().getType());
    if (!(a.isF16() || a.isBF16()) || !c.isF32())
      return std::string("tcgen05 here takes f16/bf16 inputs and an f32 "
                         "accumulator");
    if (g.getTranspose_A() || !g.getTranspose_B())
      return std::string("tcgen05 here reads K-major operands: A as M x K, B "
                         "as N x K (transpose_B)");
    if (Declines why = tmemMatrixDeclines(g.getC(), "C"))
      return why;
    if (Declines why = wgmmaOperandDeclines(g.getA(), "A"))
      return why;
    if (Declines why = wgmmaOperandDeclines(g.getB(), "B"))
      return why;
    ArrayRef<int64_t> cs = getTileShape(g.getC().getType());
    if (cs[0] != 128 || cs[1] % 16 || cs[1] < 16 || cs[1] > 256)
      return std::string("the accumulator must be 128 x N with N a multiple "
                         "of 16 up to 256");
    if (Declines why = descriptorOffsetDeclines(g.getA(), "A"))
      return why;
    if (Declines why = descriptorOffsetDeclines(g.getB(), "B"))
      return why;
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto g = cast<GemmAsyncOp>(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    TileAccess c = getAccess(b, loc, g.getC());
    TileAccess a = getAccess(b, loc, g.getA());
    TileAccess bb = getAccess(b, loc, g.getB());
    int64_t m = c.shape[0], n = c.shape[1], k = a.shape.back();
    Type elemA = getTileElementType(g.getA().getType());
    Value dAddr = AddressOfOp::create(b, loc, c.buffer, c.mins);
    Value dPtr = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, 6),
        arith::TruncIOp::create(b, loc, b.getI32Type(), dAddr).getResult());
    // Instruction descriptor (kind::f16): D f32 (bits 4-5 = 1), A/B type
    // f16 0 / bf16 1 (bits 7-9, 10-12), K-major A and B (bits 15, 16 = 0),
    // N >> 3 (bits 17-22), M >> 4 (bits 24-28).
    int64_t ab = elemA.isBF16() ? 1 : 0;
    int64_t idesc = (int64_t(1) << 4) | (ab << 7) | (ab << 10) |
                    ((n >> 3) << 17) | ((m >> 4) << 24);
    Value idescV =
        arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(idesc));
    int64_t elemBytes = elemA.getIntOrFloatBitWidth() / 8;
    Value baseA = AddressOfOp::create(b, loc, a.buffer, a.mins);
    Value baseB = AddressOfOp::create(b, loc, bb.buffer, bb.mins);
    Value enabled = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    for (int64_t kk = 0; kk < k; kk += 16) {
      Value step = arith::ConstantOp::create(b, loc,
                                             b.getI64IntegerAttr(kk * elemBytes));
      Value descA = tcgen05Descriptor(b, loc, arith::AddIOp::create(b, loc, baseA, step));
      Value descB = tcgen05Descriptor(b, loc, arith::AddIOp::create(b, loc, baseB, step));
      // The first step accumulates only when asked; later ones always do.
      Value accumulate = kk == 0 ? g.getAccum() : enabled;
      NVVM::Tcgen05MMAOp::create(b, loc, NVVM::Tcgen05MMAKind::F16,
                                 NVVM::CTAGroupKind::CTA_1,
                                 NVVM::Tcgen05MMACollectorOp::DISCARD,
                                 /*aShift=*/false, dPtr, descA, descB, idescV,
                                 accumulate, Value(), Value());
    }
  };
  return {"tcgen05", 10, accepts, expand, {"cta_group"}};
}

/// Warpgroup-scope copy out of tensor memory (tcgen05.ld 32x32b): thread t
/// of the warpgroup reads row t (warp w owns lanes 32w..32w+31) in runs of 8
/// columns and writes them to dst.
TileImpl tcgen05LoadCopy() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto copy = cast<CopyOp>(op);
    if (!t.has(ChipFeature::Tcgen05))
      return "tcgen05.ld needs sm_100a, target is " + t.chip;
    if (copy.getScope() != ExecScopeKind::Warpgroup)
      return std::string("reading 128 tmem lanes takes a warpgroup");
    if (Declines why = tmemMatrixDeclines(copy.getSrc(), "src"))
      return why;
    if (scopeOf(copy.getDst()) == StorageScope::TMem)
      return std::string("dst must not be tmem");
    if (!threadAxesOf(copy.getDst()).empty())
      return std::string("dst must not be distributed over threads");
    if (scopeOf(copy.getDst()) == StorageScope::Local)
      return std::string("a local dst is private to each thread; copy to "
                         "shared or global memory");
    ArrayRef<int64_t> box = getTileShape(copy.getSrc().getType());
    if (box[0] != 128 || box[1] % 8)
      return std::string("the tmem box must be 128 rows by a multiple of 8 "
                         "columns");
    if (!getTileElementType(copy.getSrc().getType()).isF32() ||
        !getTileElementType(copy.getDst().getType()).isF32())
      return std::string("tcgen05.ld here moves f32 values");
    if (getTileShape(copy.getDst().getType()).take_back(2) != box)
      return std::string("dst and src boxes differ in shape");
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto copy = cast<CopyOp>(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    TileAccess dst = getAccess(b, loc, copy.getDst());
    TileAccess src = getAccess(b, loc, copy.getSrc());
    int64_t n = src.shape[1];
    auto [tid, count] = threadInScope(b, loc, op, ExecScopeKind::Warpgroup);
    (void)count;
    Value warp = arith::DivUIOp::create(b, loc, tid, cst(b, loc, 32));
    Value warpRow = arith::MulIOp::create(b, loc, warp, cst(b, loc, 32));
    auto vecType = VectorType::get({8}, b.getI32Type());
    // tcgen05.ld is .sync.aligned: every lane of the warp must reach it
    // together, yet the lanes arrive from a wait loop (and lane 0 often
    // from the MMA-issuing loop), so reconverge the warp first. Then order
    // the tensor-memory reads after that synchronisation (an mbarrier wait
    // on the MMA's commit precedes the call).
    NVVM::SyncWarpOp::create(
        b, loc, arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(-1)));
    NVVM::Tcgen05FenceOp::create(b, loc, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    for (int64_t c0 = 0; c0 < n; c0 += 8) {
      // The warp's lane quarter, columns c0..c0+7.
      SmallVector<Value> at = {
          b.createOrFold<arith::AddIOp>(loc, src.mins[0], warpRow),
          b.createOrFold<arith::AddIOp>(loc, src.mins[1], cst(b, loc, c0))};
      Value addr = AddressOfOp::create(b, loc, src.buffer, at);
      Value ptr = LLVM::IntToPtrOp::create(
          b, loc, LLVM::LLVMPointerType::get(ctx, 6),
          arith::TruncIOp::create(b, loc, b.getI32Type(), addr).getResult());
      Value bits = NVVM::Tcgen05LdOp::create(
          b, loc, vecType, /*pack=*/false, NVVM::Tcgen05LdStShape::SHAPE_32X32B,
          ptr, Value());
      NVVM::Tcgen05WaitOp::create(b, loc, NVVM::Tcgen05WaitKind::LOAD);
      Value values = vector::BitCastOp::create(
          b, loc, VectorType::get({8}, b.getF32Type()), bits);
      for (int64_t j = 0; j < 8; ++j) {
        Value v = vector::ExtractOp::create(b, loc, values, ArrayRef<int64_t>{j});
        SmallVector<Value> coord(dst.mins.size() - 2, cst(b, loc, 0));
        coord.push_back(tid);
        coord.push_back(cst(b, loc, c0 + j));
        store(b, loc, v, dst, coord);
      }
    }
  };
  return {"tcgen05_ld", 10, accepts, expand};
}

} // namespace uop::tirx::dispatch
