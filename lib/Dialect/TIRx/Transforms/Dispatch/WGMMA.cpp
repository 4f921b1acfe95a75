//===- WGMMA.cpp - gemm_async on sm_90a warpgroups --------------------===//
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

namespace uop::tirx::dispatch {

/// The wgmma matrix descriptor of a K-major, 128-byte-swizzled operand
/// starting at byte address `addr`: start >> 4 in bits 0-13, leading byte
/// offset (16 >> 4) in bits 16-29, stride byte offset (1024 >> 4) in bits
/// 32-45, swizzle mode 1 (128B) in bits 62-63.
Value wgmmaDescriptor(OpBuilder &b, Location loc, Value addr) {
  auto c64 = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  };
  Value start = arith::ShRUIOp::create(
      b, loc, arith::AndIOp::create(b, loc, addr, c64(0x3FFFF)), c64(4));
  int64_t fixed = (int64_t(16 >> 4) << 16) | (int64_t(1024 >> 4) << 32) |
                  (int64_t(1) << 62);
  return arith::OrIOp::create(b, loc, start, c64(fixed));
}

namespace {
/// Why C is not laid out as wgmma's m x n accumulator (D fragment): (r, c) on
/// warp r / 16 of the warpgroup, lane (r % 8) * 4 + (c % 8) / 2.
Declines wgmmaAccumulatorDeclines(Value cOperand, int64_t m, int64_t n) {
  BufferType ct = bufferTypeOf(cOperand);
  if (!isa<BufferType>(cOperand.getType()) ||
      ct.getScope() != StorageScope::Local ||
      llvm::any_of(ct.getShape().drop_back(2), [](int64_t d) { return d != 1; }))
    return std::string("C must be a whole 2-D local buffer distributed like "
                       "the wgmma accumulator");
  if (!ct.getLayout())
    return std::string("C must be distributed over wid_in_wg and laneid "
                       "like the wgmma accumulator");
  auto table = getLayoutTable(ct.getLayoutInterface(), ct.getShape());
  if (!table)
    return std::string("C must be distributed over wid_in_wg and laneid "
                       "like the wgmma accumulator");
  for (int64_t r = 0; r < m; ++r)
    for (int64_t col = 0; col < n; ++col) {
      const auto &locs = (*table)[r * n + col];
      if (locs.size() != 1 || !locs.front().count(layout::axisName(layout::Axis::WidInWg)) ||
          !locs.front().count(layout::axisName(layout::Axis::LaneId)) ||
          locs.front().at(layout::axisName(layout::Axis::WidInWg)) != r / 16 ||
          locs.front().at(layout::axisName(layout::Axis::LaneId)) != (r % 8) * 4 + (col % 8) / 2)
        return std::string("C's layout does not place element (") +
               std::to_string(r) + ", " + std::to_string(col) +
               ") like the wgmma accumulator";
    }
  return std::nullopt;
}

/// Why wgmma cannot take this gemm, or nothing when it can.
template <typename GemmT>
Declines wgmmaAccepts(Operation *op, const Target &t) {
  auto g = cast<GemmT>(op);
  if (!t.has(ChipFeature::WGMMA))
    return "wgmma needs sm_90a, target is " + t.chip;
  if (g.getScope() != ExecScopeKind::Warpgroup)
    return std::string("wgmma is issued by a warpgroup (scope must be "
                       "warpgroup)");
  Type a = getTileElementType(g.getA().getType());
  Type c = getTileElementType(g.getC().getType());
  if (!(a.isF16() || a.isBF16()) || !c.isF32())
    return std::string("wgmma here takes f16/bf16 inputs and an f32 "
                       "accumulator");
  if (g.getTranspose_A() || !g.getTranspose_B())
    return std::string("wgmma here reads K-major operands: A as M x K, B as "
                       "N x K (transpose_B)");
  if (Declines why = wgmmaOperandDeclines(g.getA(), "A"))
    return why;
  if (Declines why = wgmmaOperandDeclines(g.getB(), "B"))
    return why;
  ArrayRef<int64_t> cs = getTileShape(g.getC().getType()).take_back(2);
  int64_t m = cs[0], n = cs[1];
  if (m != 64 || n % 8 || n < 8 || n > 256)
    return std::string("the warpgroup tile must be 64 x N with N a multiple "
                       "of 8 up to 256");
  if (Declines why = descriptorOffsetDeclines(g.getA(), "A"))
    return why;
  if (Declines why = descriptorOffsetDeclines(g.getB(), "B"))
    return why;
  return wgmmaAccumulatorDeclines(g.getC(), m, n);
}

/// The (row, column) of fragment element i of this thread: row
/// 16w + 8((i/2)%2) + lane/4, column 8(i/4) + 2(lane%4) + i%2.
std::pair<Value, Value> wgmmaFragmentCoord(OpBuilder &b, Location loc,
                                           Value warp, Value lane, int64_t i) {
  Value row = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, warp, cst(b, loc, 16)),
      arith::AddIOp::create(
          b, loc, cst(b, loc, 8 * ((i / 2) % 2)),
          arith::DivUIOp::create(b, loc, lane, cst(b, loc, 4))));
  Value col = arith::AddIOp::create(
      b, loc, cst(b, loc, 8 * (i / 4) + i % 2),
      arith::MulIOp::create(
          b, loc, arith::RemUIOp::create(b, loc, lane, cst(b, loc, 4)),
          cst(b, loc, 2)));
  return std::make_pair(row, col);
}

/// Fences, then one wgmma.mma_async per 16-element K step of the operands
/// `a` and `bb` into `acc`, then waits for them; the final accumulator.
Value emitWgmmaSteps(OpBuilder &b, Location loc, const TileAccess &a,
                     const TileAccess &bb, Type elemA, Type structType,
                     int64_t n, int64_t k, Value acc) {
  MLIRContext *ctx = b.getContext();
  // Generic-proxy writes to shared memory become visible to wgmma.
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
      NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  // Descriptors address the unswizzled start of each K step: the operand's
  // first row and column, plus 32 bytes per 16 elements of K.
  int64_t elemBytes = elemA.getIntOrFloatBitWidth() / 8;
  auto rowBase = [&](const TileAccess &t) {
    SmallVector<Value> base(t.mins.begin(), t.mins.end());
    return AddressOfOp::create(b, loc, t.buffer, base).getResult();
  };
  Value baseA = rowBase(a), baseB = rowBase(bb);
  auto wgType = [&](Type t) {
    return NVVM::WGMMATypesAttr::get(
        ctx, t.isBF16() ? NVVM::WGMMATypes::bf16 : NVVM::WGMMATypes::f16);
  };
  for (int64_t kk = 0; kk < k; kk += 16) {
    Value step = arith::ConstantOp::create(
        b, loc, b.getI64IntegerAttr(kk * elemBytes));
    Value descA = wgmmaDescriptor(b, loc, arith::AddIOp::create(b, loc, baseA, step));
    Value descB = wgmmaDescriptor(b, loc, arith::AddIOp::create(b, loc, baseB, step));
    acc = NVVM::WgmmaMmaAsyncOp::create(
        b, loc, structType, acc, descA, descB,
        NVVM::MMAShapeAttr::get(ctx, 64, n, 16), wgType(elemA), wgType(elemA),
        NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32),
        NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one),
        NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
        NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
        NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::row),
        NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::col),
        NVVM::MMAIntOverflowAttr());
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, b.getI64IntegerAttr(0));
  return acc;
}

/// Expands a gemm that wgmmaAccepts took: C's fragment into registers, the
/// wgmma steps, the fragment back to C.
template <typename GemmT>
void wgmmaExpand(Operation *op, OpBuilder &b, const Target &) {
  auto g = cast<GemmT>(op);
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  TileAccess c = getAccess(b, loc, g.getC());
  TileAccess a = getAccess(b, loc, g.getA());
  TileAccess bb = getAccess(b, loc, g.getB());
  int64_t n = c.shape.back();
  int64_t k = a.shape.back();
  Type elemA = getTileElementType(g.getA().getType());
  Type f32 = b.getF32Type();
  auto [tid, count] = threadInScope(b, loc, op, ExecScopeKind::Warpgroup);
  (void)count;
  Value warp = arith::DivUIOp::create(b, loc, tid, cst(b, loc, 32));
  Value lane = arith::RemUIOp::create(b, loc, tid, cst(b, loc, 32));
  SmallVector<Type> fields(n / 2, f32);
  auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
  Value acc = LLVM::UndefOp::create(b, loc, structType);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(f32));
  for (int64_t i = 0; i < n / 2; ++i) {
    auto [row, col] = wgmmaFragmentCoord(b, loc, warp, lane, i);
    Value old = load(b, loc, c, at2d(b, loc, c, row, col));
    Value v = arith::SelectOp::create(b, loc, g.getAccum(), old, zero);
    acc = LLVM::InsertValueOp::create(b, loc, acc, v, i);
  }
  acc = emitWgmmaSteps(b, loc, a, bb, elemA, structType, n, k, acc);
  for (int64_t i = 0; i < n / 2; ++i) {
    auto [row, col] = wgmmaFragmentCoord(b, loc, warp, lane, i);
    Value v = LLVM::ExtractValueOp::create(b, loc, acc, i);
    store(b, loc, v, c, at2d(b, loc, c, row, col));
  }
}
} // namespace

/// Warpgroup-scope gemm_async on sm_90a: wgmma.mma_async m64nNk16 with both
/// operands read from 128-byte-swizzled shared memory through matrix
/// descriptors, the accumulator in registers laid out as wgmma's D fragment.
template <typename GemmT>
TileImpl wgmmaGemmFor() {
  return {"wgmma", 10, wgmmaAccepts<GemmT>, wgmmaExpand<GemmT>};
}


TileImpl wgmmaGemm() { return wgmmaGemmFor<GemmAsyncOp>(); }
} // namespace uop::tirx::dispatch
