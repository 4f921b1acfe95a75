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
  expected.shard = {{t.getShape()[0], 1, layout::Axis::TLane},
                    {t.getShape()[1], 1, layout::Axis::TCol}};
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

/// The CTA group a tcgen05 tile call asks for: config cta_group, 1 when
/// absent (the verifier allows only 1 and 2).
int64_t tcgen05CtaGroup(Operation *op) {
  if (auto tile = dyn_cast<TilePrimitiveOpInterface>(op))
    if (TileConfigAttr config = tile.getTileConfig())
      return config.getCtaGroup().value_or(1);
  return 1;
}

std::optional<int64_t> clusterCtaCount(Operation *op) {
  auto fn = op->getParentOfType<PrimFuncOp>();
  if (!fn)
    return std::nullopt;
  std::optional<int64_t> count;
  fn.walk([&](ScopeIdDefOp def) {
    if (def.getParent() != ExecScopeKind::Cluster ||
        def.getChild() != ExecScopeKind::Cta)
      return;
    int64_t n = 1;
    for (int64_t e : def.getExtents())
      n *= e;
    count = n;
  });
  return count;
}

Declines ctaPairDeclines(Operation *op) {
  std::optional<int64_t> ctas = clusterCtaCount(op);
  if (!ctas || *ctas % 2)
    return std::string("cta_group 2 runs on a CTA pair (cluster ranks 2i and "
                       "2i + 1): the kernel needs a cluster -> cta scope id "
                       "with an even number of CTAs");
  return std::nullopt;
}

/// Thread-scope gemm_async with dispatch "tcgen05" on sm_100a (the seed's
/// compute stage): one thread issues tcgen05.mma kind::f16 per 16 elements of
/// K, accumulating in tensor memory; completion is signalled by the
/// tcgen05.commit that follows the call.
///
/// cta_group 1: C (128 x N) in this CTA's tensor memory, A (128 x K) and B
/// (N x K) in its shared memory.
///
/// cta_group 2 (a CTA pair, cluster ranks 2i and 2i + 1, issued by the even
/// one alone): one M = 256 MMA over both CTAs. Each CTA holds its half: C is
/// its 128 x N rows of the 256 x N product (the even CTA rows 0-127, the odd
/// one 128-255, each in its own tensor memory at the same address), A its
/// 128 x K rows of A, B its N/2 x K rows of B (the even CTA B's rows
/// 0..N/2-1). The descriptors name the issuing CTA's tiles; the hardware
/// reads the peer's at the same shared-memory offsets, which holds because
/// both CTAs run the same kernel and so place their buffers alike.
TileImpl tcgen05Gemm() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto g = cast<GemmAsyncOp>(op);
    if (!t.has(ChipFeature::Tcgen05))
      return "tcgen05 needs sm_100a, target is " + t.chip;
    if (g.getScope() != ExecScopeKind::Thread)
      return std::string("tcgen05.mma is issued by one thread (scope must be "
                         "thread)");
    int64_t group = tcgen05CtaGroup(op);
    if (group == 2)
      if (Declines why = ctaPairDeclines(op))
        return why;
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
    if (group == 2) {
      // The verifier made B N x K: here it is this CTA's half of it, so
      // the shapes say N/2 where the product has N.
      ArrayRef<int64_t> bs = dropLeadingOnes(getTileShape(g.getB().getType()));
      if (cs[1] < 32 || bs.size() != 2 || bs[0] * 2 != cs[1])
        return std::string("with cta_group 2 each CTA holds half of B: B must "
                           "be N/2 x K for a 128 x N accumulator (N from 32)");
    }
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
    bool pair = tcgen05CtaGroup(op) == 2;
    // The MMA's M spans both CTAs of a pair.
    int64_t m = c.shape[0] * (pair ? 2 : 1), n = c.shape[1],
            k = a.shape.back();
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
      NVVM::Tcgen05MMAOp::create(
          b, loc, NVVM::Tcgen05MMAKind::F16,
          pair ? NVVM::CTAGroupKind::CTA_2 : NVVM::CTAGroupKind::CTA_1,
          NVVM::Tcgen05MMACollectorOp::DISCARD,
          /*aShift=*/false, dPtr, descA, descB, idescV, accumulate, Value(),
          Value());
    }
  };
  return {"tcgen05", 10, accepts, expand, {TileConfigAttr::kCtaGroup}};
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

namespace uop::tirx::dispatch {

/// The CTA group a tcgen05 operation of the kernel names, nullopt for an
/// operation that is not one (or names none).
static std::optional<int64_t> tcgen05GroupOf(Operation *op) {
  auto of = [](NVVM::CTAGroupKind k) -> int64_t {
    return k == NVVM::CTAGroupKind::CTA_2 ? 2 : 1;
  };
  if (auto g = dyn_cast<GemmAsyncOp>(op)) {
    // Only a tcgen05 gemm has a CTA group (wgmma declines the key).
    std::optional<StringRef> name =
        cast<TilePrimitiveOpInterface>(g.getOperation()).getDispatchName();
    if (!name || *name != "tcgen05")
      return std::nullopt;
    return tcgen05CtaGroup(op);
  }
  if (auto c = dyn_cast<NVVM::Tcgen05CommitOp>(op))
    return of(c.getGroup());
  // A pipeline step that arrives by a tcgen05 commit.
  if (auto c = dyn_cast<PipelineProducerCommitOp>(op); c && c.getTcgen05())
    return c.getCtaGroup().value_or(1);
  if (auto c = dyn_cast<PipelineConsumerReleaseOp>(op); c && c.getTcgen05())
    return c.getCtaGroup().value_or(1);
  if (auto m = dyn_cast<NVVM::Tcgen05MMAOp>(op))
    return of(m.getCtaGroup());
  if (auto a = dyn_cast<NVVM::Tcgen05AllocOp>(op))
    return of(a.getGroup());
  if (auto d = dyn_cast<NVVM::Tcgen05DeallocOp>(op))
    return of(d.getGroup());
  if (auto r = dyn_cast<NVVM::Tcgen05RelinquishAllocPermitOp>(op))
    return of(r.getGroup());
  return std::nullopt;
}

LogicalResult checkTcgen05CtaGroups(PrimFuncOp fn) {
  Operation *first = nullptr;
  int64_t firstGroup = 0;
  WalkResult walk = fn.walk([&](Operation *op) {
    std::optional<int64_t> group = tcgen05GroupOf(op);
    if (group && *group == 2 && ctaPairDeclines(op)) {
      op->emitError("cta_group 2 runs on a CTA pair (cluster ranks 2i and "
                    "2i + 1): the kernel needs a cluster -> cta scope id with "
                    "an even number of CTAs");
      return WalkResult::interrupt();
    }
    if (group && first && *group != firstGroup) {
      InFlightDiagnostic diag =
          op->emitError("every tcgen05 operation of a kernel uses one CTA "
                        "group (PTX ISA): this one has cta_group ")
          << *group;
      diag.attachNote(first->getLoc())
          << "an earlier one has cta_group " << firstGroup;
      return WalkResult::interrupt();
    }
    if (group && !first) {
      first = op;
      firstGroup = *group;
    }
    // A multicast commit signals the mbarrier at the same offset in each
    // CTA of its mask: the mask must name CTAs of the cluster.
    if (auto commit = dyn_cast<NVVM::Tcgen05CommitOp>(op);
        commit && commit.getMulticastMask()) {
      std::optional<int64_t> ctas = clusterCtaCount(op);
      if (!ctas) {
        op->emitError("a multicast tcgen05.commit signals CTAs of a cluster: "
                      "the kernel needs a cluster -> cta scope id");
        return WalkResult::interrupt();
      }
      APInt mask;
      if (matchPattern(commit.getMulticastMask(), m_ConstantInt(&mask)) &&
          (mask.getZExtValue() == 0 ||
           (*ctas < 16 && mask.getZExtValue() >> *ctas != 0))) {
        op->emitError("the multicast mask ")
            << mask.getZExtValue() << " names no CTA or a CTA outside the "
            << *ctas << "-CTA cluster";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

} // namespace uop::tirx::dispatch
