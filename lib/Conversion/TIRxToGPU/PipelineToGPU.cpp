//===- PipelineToGPU.cpp - mbarrier pipelines and warp roles --------------===//
//
// tirx.pipeline.* become nvvm mbarrier init / try_wait.parity / arrive with
// the stage and parity computed from the iteration counter; a pipeline
// value is its two barrier rings (a 1:N conversion), so the step ops reach
// them wherever the value flows. tirx.warp_specialize becomes a branch on the
// warp-uniform warpgroup id with nvvm.setmaxregister at the top of each role.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace uop::tirx;
using namespace uop::tirx::togpu;

/// The suspend-time hint of each try_wait (ns): the thread sleeps in the
/// wait instead of spinning, as CUTLASS's ClusterBarrier::wait does.
static constexpr int32_t kTryWaitTicks = 1000000;

static MemRefType ringType(PipelineType t) {
  MLIRContext *ctx = t.getContext();
  return MemRefType::get(
      {t.getStages()}, IntegerType::get(ctx, 64), MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
}

void uop::tirx::addTIRxPipelineTypeConversions(TypeConverter &converter) {
  converter.addConversion(
      [](PipelineType t, SmallVectorImpl<Type> &results) -> LogicalResult {
        results.append(2, ringType(t));
        return success();
      });
}

namespace {

Value cstIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}
Value cstI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
}

/// The shared-window pointer of mbarrier `stage` of `ring`.
Value barrierAt(OpBuilder &b, Location loc, Value ring, Value stage) {
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, ring);
  Value off = arith::MulIOp::create(b, loc, stage, cstIndex(b, loc, 8));
  Value addr = arith::IndexCastUIOp::create(
      b, loc, b.getI64Type(), arith::AddIOp::create(b, loc, base, off));
  return LLVM::IntToPtrOp::create(b, loc,
                                  LLVM::LLVMPointerType::get(b.getContext(), 3),
                                  addr);
}

/// Thread 0 initialises every stage's pair, fences the initialisation into
/// the async proxy (TMA completes on the full barriers), and the CTA waits
/// for it.
struct PipelineInitToGPU : OpConversionPattern<PipelineInitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    PipelineType t = op.getPipe().getType();
    Value full = adaptor.getFull(), empty = adaptor.getEmpty();
    if (full.getType() != ringType(t) || empty.getType() != ringType(t))
      return rw.notifyMatchFailure(op, "the barrier rings did not convert");
    Location loc = op.getLoc();
    Value tid = gpu::ThreadIdOp::create(rw, loc, gpu::Dimension::x);
    Value leader = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::eq, tid,
                                         cstIndex(rw, loc, 0));
    auto init = scf::IfOp::create(rw, loc, leader, /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rw);
      rw.setInsertionPoint(init.thenBlock()->getTerminator());
      Value producers = cstI32(rw, loc, t.getProducers());
      Value consumers = cstI32(rw, loc, t.getConsumers());
      auto loop = scf::ForOp::create(rw, loc, cstIndex(rw, loc, 0),
                                     cstIndex(rw, loc, t.getStages()),
                                     cstIndex(rw, loc, 1));
      rw.setInsertionPoint(loop.getBody()->getTerminator());
      Value s = loop.getInductionVar();
      NVVM::MBarrierInitOp::create(rw, loc, barrierAt(rw, loc, full, s),
                                   producers, Value());
      NVVM::MBarrierInitOp::create(rw, loc, barrierAt(rw, loc, empty, s),
                                   consumers, Value());
      rw.setInsertionPointAfter(loop);
      NVVM::FenceMbarrierInitOp::create(rw, loc);
    }
    // Other CTAs arrive on a cluster pipeline's barriers: all of the
    // cluster's are initialised before any CTA goes on.
    if (op.getCluster()) {
      NVVM::ClusterArriveOp::create(rw, loc, /*aligned=*/UnitAttr());
      NVVM::ClusterWaitOp::create(rw, loc, /*aligned=*/UnitAttr());
    } else {
      gpu::BarrierOp::create(rw, loc);
    }
    SmallVector<SmallVector<Value>> rings;
    rings.push_back({full, empty});
    rw.replaceOpWithMultiple(op, std::move(rings));
    return success();
  }
};

/// The stage i % stages and the parity of the phase a step waits for:
/// (i / stages + ahead) % 2 (ahead 1: the producer waits for the previous
/// phase of empty[s], which a fresh barrier has completed).
std::pair<Value, Value> stageAndParity(OpBuilder &b, Location loc,
                                       PipelineType t, Value i, int64_t ahead) {
  Value stages = cstIndex(b, loc, t.getStages());
  Value s = arith::RemUIOp::create(b, loc, i, stages);
  Value round = arith::DivUIOp::create(b, loc, i, stages);
  if (ahead)
    round = arith::AddIOp::create(b, loc, round, cstIndex(b, loc, ahead));
  Value parity = arith::RemUIOp::create(b, loc, round, cstIndex(b, loc, 2));
  return {s, arith::IndexCastOp::create(b, loc, b.getI32Type(), parity)};
}

/// producer_acquire (ring 1: empty, one phase ahead) and consumer_wait
/// (ring 0: full): a blocking try_wait.parity; the result is the stage.
template <typename Op, unsigned Ring, int64_t Ahead>
struct PipelineWaitToGPU : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using OneToNOpAdaptor = typename Op::template GenericAdaptor<ArrayRef<ValueRange>>;
  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    ValueRange rings = adaptor.getPipe();
    if (rings.size() != 2)
      return rw.notifyMatchFailure(op, "the pipeline did not convert");
    Location loc = op.getLoc();
    auto [s, parity] = stageAndParity(rw, loc, op.getPipe().getType(),
                                      adaptor.getIteration().front(), Ahead);
    NVVM::MBarrierTryWaitParityOp::create(rw, loc,
                                          barrierAt(rw, loc, rings[Ring], s),
                                          parity, cstI32(rw, loc, kTryWaitTicks));
    rw.replaceOp(op, s);
    return success();
  }
};

/// producer_tail: the producer_acquire waits of iterations n .. n + S - 1,
/// the last use of every stage.
struct PipelineTailToGPU : OpConversionPattern<PipelineProducerTailOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineProducerTailOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    ValueRange rings = adaptor.getPipe();
    if (rings.size() != 2)
      return rw.notifyMatchFailure(op, "the pipeline did not convert");
    Location loc = op.getLoc();
    PipelineType t = op.getPipe().getType();
    Value n = adaptor.getIteration().front();
    Value end = arith::AddIOp::create(rw, loc, n, cstIndex(rw, loc, t.getStages()));
    auto loop = scf::ForOp::create(rw, loc, n, end, cstIndex(rw, loc, 1));
    OpBuilder::InsertionGuard guard(rw);
    rw.setInsertionPoint(loop.getBody()->getTerminator());
    auto [s, parity] =
        stageAndParity(rw, loc, t, loop.getInductionVar(), /*ahead=*/1);
    NVVM::MBarrierTryWaitParityOp::create(rw, loc, barrierAt(rw, loc, rings[1], s),
                                          parity, cstI32(rw, loc, kTryWaitTicks));
    rw.eraseOp(op);
    return success();
  }
};

/// producer_commit (ring 0: full) and consumer_release (ring 1: empty): one
/// arrival of the executing thread, on this CTA's barrier, on CTA `rank`'s
/// (mapa, cluster scope), or as a tcgen05.commit (when the thread's MMAs
/// complete; multicast to the CTAs of a mask).
template <typename Op, unsigned Ring>
struct PipelineArriveToGPU : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using OneToNOpAdaptor = typename Op::template GenericAdaptor<ArrayRef<ValueRange>>;
  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rw) const override {
    ValueRange rings = adaptor.getPipe();
    if (rings.size() != 2)
      return rw.notifyMatchFailure(op, "the pipeline did not convert");
    Location loc = op.getLoc();
    PipelineType t = op.getPipe().getType();
    Value s = arith::RemUIOp::create(rw, loc, adaptor.getIteration().front(),
                                     cstIndex(rw, loc, t.getStages()));
    Value bar = barrierAt(rw, loc, rings[Ring], s);
    if (op.getTcgen05()) {
      std::optional<int64_t> group = op.getCtaGroup();
      auto kind = group && *group == 2 ? NVVM::CTAGroupKind::CTA_2
                                       : NVVM::CTAGroupKind::CTA_1;
      Value mask = op.getMulticast() ? adaptor.getMulticast().front() : Value();
      NVVM::Tcgen05CommitOp::create(
          rw, loc, bar, mask, NVVM::CTAGroupKindAttr::get(rw.getContext(), kind));
    } else if (op.getRank()) {
      Value remote = NVVM::MapaOp::create(
          rw, loc, LLVM::LLVMPointerType::get(rw.getContext(), 7), bar,
          adaptor.getRank().front());
      NVVM::MBarrierArriveOp::create(rw, loc, Type(), remote, Value(),
                                     NVVM::MemScopeKind::CLUSTER);
    } else {
      NVVM::MBarrierArriveOp::create(rw, loc, rw.getI64Type(), bar, Value());
    }
    rw.eraseOp(op);
    return success();
  }
};

/// The warpgroup id tid.x / 128 broadcast from lane 0, so that the role
/// branch is visibly warp-uniform (as tirx-lower-scope-ids makes it).
Value warpgroupId(OpBuilder &b, Location loc) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value q = arith::DivUIOp::create(b, loc, tid, cstIndex(b, loc, 128));
  Value q32 = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), q);
  Value shfl = NVVM::ShflOp::create(b, loc, b.getI32Type(), cstI32(b, loc, -1),
                                    q32, cstI32(b, loc, 0), cstI32(b, loc, 0x1f),
                                    NVVM::ShflKind::idx, UnitAttr());
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), shfl);
}

/// Role k's body at the insertion point: setmaxnreg, then the body with its
/// argument = wg - start.
void emitRole(ConversionPatternRewriter &rw, Location loc, WarpSpecializeOp op,
              unsigned k, Value wg, int64_t threads) {
  OpBuilder::InsertionGuard guard(rw);
  // Threads start with the even split of the register file (ptxas gives a
  // setmaxnreg kernel the most its block size allows), rounded to the
  // allocation granule of 8.
  int64_t even = std::min<int64_t>(65536 / threads / 8 * 8, 256);
  int64_t n = op.getMaxnreg()[k];
  if (n != even)
    NVVM::SetMaxRegisterOp::create(
        rw, loc, static_cast<uint32_t>(n),
        n > even ? NVVM::SetMaxRegisterAction::increase
                 : NVVM::SetMaxRegisterAction::decrease);
  int64_t start = op.getRoleStart(k);
  Value index = start ? arith::SubIOp::create(rw, loc, wg, cstIndex(rw, loc, start))
                            .getResult()
                      : wg;
  Block &body = op.getRoles()[k].front();
  rw.inlineBlockBefore(&body, rw.getInsertionBlock(), rw.getInsertionPoint(),
                       {index});
}

/// role 0 if wg < end 0, else role 1 if wg < end 1, ..., else the last role.
struct WarpSpecializeToGPU : OpConversionPattern<WarpSpecializeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WarpSpecializeOp op, OpAdaptor,
                  ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    unsigned roles = op.getRoles().size();
    int64_t threads = 128 * op.getRoleStart(roles);
    Value wg = warpgroupId(rw, loc);
    for (unsigned k = 0; k + 1 < roles; ++k) {
      Value end = cstIndex(rw, loc, op.getRoleStart(k + 1));
      Value mine =
          arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::ult, wg, end);
      auto branch = scf::IfOp::create(rw, loc, mine, /*withElseRegion=*/true);
      rw.setInsertionPoint(branch.thenBlock()->getTerminator());
      emitRole(rw, loc, op, k, wg, threads);
      rw.setInsertionPoint(branch.elseBlock()->getTerminator());
    }
    emitRole(rw, loc, op, roles - 1, wg, threads);
    rw.eraseOp(op);
    return success();
  }
};

} // namespace

void uop::tirx::populateTIRxPipelineToGPUConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<
      PipelineInitToGPU,
      PipelineWaitToGPU<PipelineProducerAcquireOp, /*Ring=*/1, /*Ahead=*/1>,
      PipelineWaitToGPU<PipelineConsumerWaitOp, /*Ring=*/0, /*Ahead=*/0>,
      PipelineArriveToGPU<PipelineProducerCommitOp, /*Ring=*/0>,
      PipelineArriveToGPU<PipelineConsumerReleaseOp, /*Ring=*/1>,
      PipelineTailToGPU, WarpSpecializeToGPU>(converter, patterns.getContext());
}
