//===- MatmulToTIRx.cpp - TC kernels to tensor-core tirx programs ---------===//
//
// A kernel uop-optimize marked TC is a matmul (MatmulMatch.h). It becomes
// the tiled program of examples/tirx/gemm_mma_sync_pipelined.mlir, written
// with tirx's tile primitives so that dispatch picks the instructions: each
// CTA (four warps) computes a 128 x 128 block of C; K advances by 32
// through a four-stage swizzled shared ring filled by tirx.tile.copy_async
// (cp.async, one commit group per K step, wait_group 2 and one barrier per
// step), each warp multiplying its 64 x 64 slice with tirx.tile.gemm <warp>
// (ldmatrix + mma.sync) into a register accumulator laid out like the mma
// fragments.
// On chips with wgmma (sm_90a) the CTA is two warpgroups instead, each
// computing 64 x 128 of the block with tirx.tile.gemm_async <warpgroup>
// (wgmma.mma_async m64n128k16 from 128-byte-swizzled shared memory), K by
// 64: A arrives by cp.async as on sm_80; B, stored K x N, is transposed on
// its way into shared memory (wgmma reads both operands K-major here), by
// an element-wise tirx.tile.copy <cta> of a transposed view of B.
// The epilogue runs on the accumulator with tile ops: a constant is a
// filled register tile, a bias or residual a region of a strided view of
// its argument (a zero stride broadcasts), a final cast to half a
// tirx.tile.cast; then tirx.tile.copy <warp> writes the warp's slice of C.
//
//===----------------------------------------------------------------------===//

#include "PrimFunc.h"
#include "uop/Conversion/UOpToTIRx/UOpToTIRx.h"
#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Dialect/UOp/Utils/MatmulMatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace uop;
using namespace uop::tirx;

namespace {
// The design of examples/tirx/gemm_mma_sync_pipelined.mlir: four stages,
// four warps of 64 x 64 (2 x 2 over the 128 x 128 block).
constexpr int64_t kStages = 4, kWarps = 4, kWarpM = 64, kWarpN = 64;

// sm_90a: two warpgroups of 64 x 128, K by 64 (one 128-byte swizzle atom
// of halves per row), the same ring discipline as the sm_80 design.
constexpr int64_t kWgK = 64, kWgGroups = 2, kWgM = 64;

/// The mma.sync m16n8 accumulator fragments of a 64 x 64 warp tile: element
/// (r, c) on lane (r % 8) * 4 + (c % 8) / 2 (gemm_mma_sync_pipelined.mlir).
TileLayoutAttr accumulatorLayout(MLIRContext *ctx) {
  using layout::Axis;
  Axis m = Axis::M, lane = Axis::LaneId;
  return TileLayoutAttr::get(ctx, {4, 2, 8, 8, 4, 2}, {32, 2, 4, 4, 1, 1},
                             {m, m, lane, m, lane, m}, {}, {}, {}, {}, {});
}

/// The wgmma D fragment of a 64 x n warpgroup tile: element (r, c) on warp
/// r / 16 of the warpgroup, lane (r % 8) * 4 + (c % 8) / 2 (gemm_wgmma.mlir).
TileLayoutAttr wgmmaAccumulatorLayout(MLIRContext *ctx, int64_t n) {
  using layout::Axis;
  Axis m = Axis::M, lane = Axis::LaneId, wid = Axis::WidInWg;
  return TileLayoutAttr::get(ctx, {4, 2, 8, n / 8, 4, 2}, {1, 2, 4, 4, 1, 1},
                             {wid, m, lane, m, lane, m}, {}, {}, {}, {}, {});
}

/// The swizzled shared layout of a ring of `stages` tiles of rows x cols
/// halves, so that each ldmatrix row read of 16 bytes hits distinct banks
/// (the sm_80 pipelined example's: A 128 x 32 with Swizzle<2,3,3>, B
/// 32 x 128 with Swizzle<3,3,4>).
ComposeLayoutAttr ringLayout(MLIRContext *ctx, int64_t stages, int64_t rows,
                             int64_t cols, int64_t swizzleLen,
                             int64_t atomLen) {
  layout::Axis m = layout::Axis::M;
  auto tile = TileLayoutAttr::get(ctx, {stages * rows, cols}, {cols, 1}, {m, m},
                                  {}, {}, {}, {}, {});
  auto swizzle = SwizzleLayoutAttr::get(ctx, 3, swizzleLen, atomLen, true);
  return ComposeLayoutAttr::get(ctx, swizzle, tile);
}

/// The tirx kinds of an epilogue op: the ALU table's TIRX column
/// (uop/Support/ALUOps.def), a BinaryKind for two operands and a UnaryKind
/// for one.
StringRef tirxKindOf(Operation *op, unsigned arity) {
  const ALUOpInfo *info = lookupALUOp(op);
  return info && info->arity == arity ? info->tirxKind : StringRef();
}

std::optional<BinaryKind> binaryKind(Operation *op) {
  return symbolizeBinaryKind(tirxKindOf(op, 2));
}

std::optional<UnaryKind> unaryKind(Operation *op) {
  return symbolizeUnaryKind(tirxKindOf(op, 1));
}

class MatmulEmitter {
public:
  MatmulEmitter(FunctionOp fn, const MatmulMatch &mm, bool wgmma)
      : fn(fn), mm(mm), wgmma(wgmma) {}

  FailureOr<PrimFuncOp> run(OpBuilder &mb) {
    if (mm.m % kTensorCoreTileM || mm.n % kTensorCoreTileN ||
        mm.kExtent % kTensorCoreTileK)
      return fn.emitError("convert-uop-to-tirx: the matmul is ")
             << mm.m << "x" << mm.n << "x" << mm.kExtent
             << "; the tensor-core tiles need M and N multiples of "
             << kTensorCoreTileM << " and K of " << kTensorCoreTileK;
    llvm::StringMap<Value> noVars;
    FailureOr<PrimFuncOp> prim =
        uop::detail::createPrimFuncFor(fn, mb, map, "kernel", {}, noVars);
    if (failed(prim))
      return failure();
    OpBuilder b = OpBuilder::atBlockEnd(&prim->getBody().front());
    Location loc = fn.getLoc();
    auto dev = DeviceEntryOp::create(b, loc);
    dev.getBody().push_back(new Block());
    ReturnOp::create(b, loc, ValueRange{});
    b.setInsertionPointToStart(&dev.getBody().front());
    // wgmma steps K by 64; a K of an odd multiple of 32 keeps mma.sync.
    bool useWgmma = wgmma && mm.kExtent % kWgK == 0;
    if (failed(useWgmma ? emitWgmmaBody(b, loc) : emitBody(b, loc))) {
      prim->erase();
      return failure();
    }
    return *prim;
  }

private:
  Value cst(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  BufferType bufferType(ArrayRef<int64_t> shape, Type t, StorageScope scope,
                        Attribute layout = {}, ArrayRef<int64_t> strides = {}) {
    return BufferType::get(fn.getContext(), shape, t, scope, layout, strides, 0,
                           -1);
  }
  Value region(OpBuilder &b, Location loc, Value buf, ValueRange mins,
               ArrayRef<int64_t> extents) {
    auto bt = cast<BufferType>(buf.getType());
    return RegionOp::create(b, loc, RegionType::get(fn.getContext(), extents, bt),
                            buf, mins, b.getDenseI64ArrayAttr(extents));
  }
  /// A rows x cols view of a flat global argument: row-major, or with the
  /// given strides (a zero stride repeats a row or a column).
  Value view2d(OpBuilder &b, Location loc, BlockArgument arg, int64_t rows,
               int64_t cols, ArrayRef<int64_t> strides = {}) {
    Value buf = map.lookup(arg);
    Type t = cast<BufferType>(buf.getType()).getElementType();
    return DeclBufferOp::create(
        b, loc, bufferType({rows, cols}, t, StorageScope::Global, {}, strides),
        buf);
  }

  LogicalResult checkFits(BlockArgument arg, int64_t elements) {
    int64_t have =
        cast<BufferType>(map.lookup(arg).getType()).getShape().front();
    if (have < elements)
      return fn.emitError("convert-uop-to-tirx: argument #")
             << arg.getArgNumber() << " holds " << have
             << " elements; the matmul reads " << elements;
    return success();
  }

  LogicalResult emitBody(OpBuilder &b, Location loc) {
    MLIRContext *ctx = fn.getContext();
    int64_t m = mm.m, n = mm.n, k = mm.kExtent;
    const int64_t tm = kTensorCoreTileM, tn = kTensorCoreTileN,
                  tk = kTensorCoreTileK;
    if (failed(checkFits(mm.a, m * k)) || failed(checkFits(mm.b, k * n)) ||
        failed(checkFits(mm.c, m * n)))
      return failure();
    auto ids = ScopeIdDefOp::create(
        b, loc, TypeRange{b.getIndexType(), b.getIndexType()},
        ExecScopeKindAttr::get(ctx, ExecScopeKind::Kernel),
        ExecScopeKindAttr::get(ctx, ExecScopeKind::Cta),
        b.getDenseI64ArrayAttr({n / tn, m / tm}), DenseI64ArrayAttr());
    // x walks the column blocks: neighbouring CTAs share their A rows in L2.
    Value bx = ids.getIds()[0], by = ids.getIds()[1];
    Value warp = ScopeIdDefOp::create(
                     b, loc, TypeRange{b.getIndexType()},
                     ExecScopeKindAttr::get(ctx, ExecScopeKind::Cta),
                     ExecScopeKindAttr::get(ctx, ExecScopeKind::Warp),
                     b.getDenseI64ArrayAttr({kWarps}), DenseI64ArrayAttr())
                     .getIds()[0];
    ScopeIdDefOp::create(b, loc, TypeRange{b.getIndexType()},
                         ExecScopeKindAttr::get(ctx, ExecScopeKind::Warp),
                         ExecScopeKindAttr::get(ctx, ExecScopeKind::Thread),
                         b.getDenseI64ArrayAttr({32}), DenseI64ArrayAttr());
    Value a2 = view2d(b, loc, mm.a, m, k), b2 = view2d(b, loc, mm.b, k, n);
    Value as = AllocBufferOp::create(
        b, loc, bufferType({kStages, tm, tk}, mm.inType, StorageScope::Shared,
                           ringLayout(ctx, kStages, tm, tk, 2, 3)));
    Value bs = AllocBufferOp::create(
        b, loc, bufferType({kStages, tk, tn}, mm.inType, StorageScope::Shared,
                           ringLayout(ctx, kStages, tk, tn, 3, 4)));
    Type f32 = b.getF32Type();
    BufferType accType = bufferType({kWarpM, kWarpN}, f32, StorageScope::Local,
                                    accumulatorLayout(ctx));
    Value acc = AllocBufferOp::create(b, loc, accType);
    Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
    FillOp::create(b, loc, acc, zero, ValueRange{}, ExecScopeKind::Warp,
                   StringAttr(), TileConfigAttr());
    Value c0 = cst(b, loc, 0);
    Value m0 = arith::MulIOp::create(b, loc, by, cst(b, loc, tm));
    Value n0 = arith::MulIOp::create(b, loc, bx, cst(b, loc, tn));
    int64_t warpsN = tn / kWarpN;
    Value wrow = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, warp, cst(b, loc, warpsN)),
        cst(b, loc, kWarpM));
    Value wcol = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, warp, cst(b, loc, warpsN)),
        cst(b, loc, kWarpN));

    // Stage `stage` of the ring <- the K step at `kOff`, into the open
    // cp.async group (the caller commits: one group per K step).
    auto load = [&](OpBuilder &lb, Value stage, Value kOff) {
      copyStageAsync(lb, loc, as, stage, a2, m0, kOff, tm, tk);
      copyStageAsync(lb, loc, bs, stage, b2, kOff, n0, tk, tn);
    };
    emitRing(b, loc, c0, k, tk, /*fenceAsyncProxy=*/false, load,
             [&](OpBuilder &lb, Value stage, Value) {
               Value wa = region(lb, loc, as, {stage, wrow, c0}, {1, kWarpM, tk});
               Value wb = region(lb, loc, bs, {stage, c0, wcol}, {1, tk, kWarpN});
               Value yes = arith::ConstantIntOp::create(lb, loc, 1, 1);
               GemmOp::create(lb, loc, acc, wa, wb, yes, ValueRange{}, false,
                              false, ExecScopeKind::Warp, StringAttr(),
                              TileConfigAttr());
             });
    Value row = arith::AddIOp::create(b, loc, m0, wrow);
    Value col = arith::AddIOp::create(b, loc, n0, wcol);
    return emitEpilogue(b, loc, acc, accType, row, col, ExecScopeKind::Warp);
  }

  /// cp.async of the rows x cols block of the global `src` at (r0, c0) into
  /// stage `stage` of the shared ring `ring`, into the open commit group.
  void copyStageAsync(OpBuilder &b, Location loc, Value ring, Value stage,
                      Value src, Value r0, Value c0, int64_t rows,
                      int64_t cols) {
    Value zero = cst(b, loc, 0);
    auto noCommit = TileConfigAttr::get(b.getContext(), std::nullopt,
                                        std::nullopt, std::nullopt, false);
    CopyAsyncOp::create(
        b, loc, region(b, loc, ring, {stage, zero, zero}, {1, rows, cols}),
        region(b, loc, src, {r0, c0}, {rows, cols}), Value(), ValueRange{},
        ExecScopeKind::Cta, StringAttr(), noCommit);
  }

  using StageFn = function_ref<void(OpBuilder &, Value stage, Value kOff)>;

  /// The K loop of both designs over a ring of kStages stages: `load` fills
  /// a stage with the K step at kOff into the open cp.async group (one
  /// group per step), `step` computes on a stage. The prologue fills stages
  /// 0 .. kStages - 2 (a group is committed for each, even past the end of
  /// K, so that wait_group counts stay right); each step waits until at
  /// most kStages - 2 newer groups are pending (its stage has landed), with
  /// `fenceAsyncProxy` orders this thread's writes before async-proxy reads
  /// (wgmma), synchronises the CTA (which also frees the stage the previous
  /// step read), prefetches kStages - 1 steps ahead into it, and computes.
  void emitRing(OpBuilder &b, Location loc, Value c0, int64_t k, int64_t tk,
                bool fenceAsyncProxy, StageFn load, StageFn step) {
    MLIRContext *ctx = fn.getContext();
    int64_t steps = k / tk;
    for (int64_t st = 0; st < kStages - 1; ++st) {
      if (st < steps)
        load(b, cst(b, loc, st), cst(b, loc, st * tk));
      NVVM::CpAsyncCommitGroupOp::create(b, loc);
    }
    Value kEnd = cst(b, loc, k), kStep = cst(b, loc, tk);
    auto loop = scf::ForOp::create(b, loc, c0, kEnd, kStep);
    OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
    Value k0 = loop.getInductionVar();
    Value kt = arith::DivUIOp::create(lb, loc, k0, kStep);
    Value stage = arith::RemUIOp::create(lb, loc, kt, cst(lb, loc, kStages));
    NVVM::CpAsyncWaitGroupOp::create(lb, loc, kStages - 2);
    if (fenceAsyncProxy)
      NVVM::FenceProxyOp::create(
          lb, loc, NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
          NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
    gpu::BarrierOp::create(lb, loc);
    Value kn =
        arith::AddIOp::create(lb, loc, k0, cst(lb, loc, (kStages - 1) * tk));
    Value more =
        arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ult, kn, kEnd);
    auto ifOp = scf::IfOp::create(lb, loc, more, /*withElseRegion=*/false);
    {
      OpBuilder tb = ifOp.getThenBodyBuilder();
      Value next = arith::RemUIOp::create(
          tb, loc, arith::AddIOp::create(tb, loc, kt, cst(tb, loc, kStages - 1)),
          cst(tb, loc, kStages));
      load(tb, next, kn);
    }
    NVVM::CpAsyncCommitGroupOp::create(lb, loc);
    step(lb, stage, k0);
  }

  /// The epilogue steps of the match on the accumulator `acc` (of type
  /// `accType`, the tile at (row, col) of C, owned by `scope`), then the
  /// store of the tile into C.
  LogicalResult emitEpilogue(OpBuilder &b, Location loc, Value acc,
                             BufferType accType, Value row, Value col,
                             ExecScopeKind scope) {
    int64_t m = mm.m, n = mm.n;
    ArrayRef<int64_t> tile = accType.getShape();
    Value out = acc;
    for (const MatmulEpilogueStep &step : mm.epilogue) {
      Operation *op = step.op;
      if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
        Value half = AllocBufferOp::create(
            b, loc,
            bufferType(tile, trunc.getType(), StorageScope::Local,
                       accType.getLayout()));
        tirx::CastOp::create(b, loc, half, out, ValueRange{}, scope,
                       StringAttr(), TileConfigAttr());
        out = half;
        continue;
      }
      if (std::optional<UnaryKind> u = unaryKind(op)) {
        UnaryOp::create(b, loc, out, out, ValueRange{}, *u, scope,
                        StringAttr(), TileConfigAttr());
        continue;
      }
      std::optional<BinaryKind> bk = binaryKind(op);
      if (!bk)
        return op->emitError("convert-uop-to-tirx: no tile op for this "
                             "epilogue op");
      Value other;
      if (step.constant) {
        // The same value in every element this lane owns.
        other = AllocBufferOp::create(b, loc, accType);
        Value v = arith::ConstantOp::create(b, loc, step.constant);
        FillOp::create(b, loc, other, v, ValueRange{}, scope,
                       StringAttr(), TileConfigAttr());
      } else {
        int64_t need = (m - 1) * step.rowStride + (n - 1) * step.colStride + 1;
        if (failed(checkFits(step.arg, need)))
          return failure();
        Value v = view2d(b, loc, step.arg, m, n,
                         {step.rowStride, step.colStride});
        other = region(b, loc, v, {row, col}, tile);
      }
      Value lhs = step.chain == 0 ? out : other;
      Value rhs = step.chain == 0 ? other : out;
      BinaryOp::create(b, loc, out, lhs, rhs, ValueRange{}, *bk,
                       scope, StringAttr(), TileConfigAttr());
    }
    Value c2 = view2d(b, loc, mm.c, m, n);
    tirx::CopyOp::create(b, loc, region(b, loc, c2, {row, col}, tile), out,
                   ValueRange{}, scope, StringAttr(),
                   TileConfigAttr());
    return success();
  }

  LogicalResult emitWgmmaBody(OpBuilder &b, Location loc);

  FunctionOp fn;
  const MatmulMatch &mm;
  bool wgmma;
  IRMapping map;
};

LogicalResult MatmulEmitter::emitWgmmaBody(OpBuilder &b, Location loc) {
  MLIRContext *ctx = fn.getContext();
  int64_t m = mm.m, n = mm.n, k = mm.kExtent;
  const int64_t tm = kTensorCoreTileM, tn = kTensorCoreTileN, tk = kWgK;
  if (k % tk)
    return fn.emitError("convert-uop-to-tirx: the wgmma design steps K by ")
           << tk << "; K is " << k;
  if (failed(checkFits(mm.a, m * k)) || failed(checkFits(mm.b, k * n)) ||
      failed(checkFits(mm.c, m * n)))
    return failure();
  auto ids = ScopeIdDefOp::create(
      b, loc, TypeRange{b.getIndexType(), b.getIndexType()},
      ExecScopeKindAttr::get(ctx, ExecScopeKind::Kernel),
      ExecScopeKindAttr::get(ctx, ExecScopeKind::Cta),
      b.getDenseI64ArrayAttr({n / tn, m / tm}), DenseI64ArrayAttr());
  Value bx = ids.getIds()[0], by = ids.getIds()[1];
  ScopeIdDefOp::create(b, loc, TypeRange{b.getIndexType()},
                       ExecScopeKindAttr::get(ctx, ExecScopeKind::Cta),
                       ExecScopeKindAttr::get(ctx, ExecScopeKind::Thread),
                       b.getDenseI64ArrayAttr({kWgGroups * 128}),
                       DenseI64ArrayAttr());
  Value wg = ScopeIdDefOp::create(
                 b, loc, TypeRange{b.getIndexType()},
                 ExecScopeKindAttr::get(ctx, ExecScopeKind::Cta),
                 ExecScopeKindAttr::get(ctx, ExecScopeKind::Warpgroup),
                 b.getDenseI64ArrayAttr({kWgGroups}), DenseI64ArrayAttr())
                 .getIds()[0];
  Value a2 = view2d(b, loc, mm.a, m, k);
  // B^T as an N x K view of the K x N argument: element (j, kk) at kk * n + j.
  Value bT = view2d(b, loc, mm.b, n, k, {1, n});
  // Both operands K-major, 128-byte swizzled (Swizzle<3,4,3> on halves).
  Value as = AllocBufferOp::create(
      b, loc, bufferType({kStages, tm, tk}, mm.inType, StorageScope::Shared,
                         ringLayout(ctx, kStages, tm, tk, 3, 3)));
  Value bs = AllocBufferOp::create(
      b, loc, bufferType({kStages, tn, tk}, mm.inType, StorageScope::Shared,
                         ringLayout(ctx, kStages, tn, tk, 3, 3)));
  Type f32 = b.getF32Type();
  BufferType accType = bufferType({kWgM, tn}, f32, StorageScope::Local,
                                  wgmmaAccumulatorLayout(ctx, tn));
  Value acc = AllocBufferOp::create(b, loc, accType);
  Value c0 = cst(b, loc, 0);
  Value m0 = arith::MulIOp::create(b, loc, by, cst(b, loc, tm));
  Value n0 = arith::MulIOp::create(b, loc, bx, cst(b, loc, tn));
  Value wrow = arith::MulIOp::create(b, loc, wg, cst(b, loc, kWgM));

  // Stage `stage` <- the K step at `kOff`: A by cp.async into the open
  // group (the caller commits), B^T element-wise (plain stores, complete
  // when this thread reaches the step's fence).
  auto load = [&](OpBuilder &lb, Value stage, Value kOff) {
    copyStageAsync(lb, loc, as, stage, a2, m0, kOff, tm, tk);
    tirx::CopyOp::create(lb, loc,
                         region(lb, loc, bs, {stage, c0, c0}, {1, tn, tk}),
                         region(lb, loc, bT, {n0, kOff}, {tn, tk}),
                         ValueRange{}, ExecScopeKind::Cta, StringAttr(),
                         TileConfigAttr());
  };
  emitRing(b, loc, c0, k, tk, /*fenceAsyncProxy=*/true, load,
           [&](OpBuilder &lb, Value stage, Value k0) {
             Value wa = region(lb, loc, as, {stage, wrow, c0}, {1, kWgM, tk});
             Value wb = region(lb, loc, bs, {stage, c0, c0}, {1, tn, tk});
             // The first step overwrites the accumulator (no zero fill).
             Value accum = arith::CmpIOp::create(
                 lb, loc, arith::CmpIPredicate::ne, k0, c0);
             GemmAsyncOp::create(lb, loc, acc, wa, wb, accum, ValueRange{},
                                 /*transpose_A=*/false, /*transpose_B=*/true,
                                 ExecScopeKind::Warpgroup, StringAttr(),
                                 TileConfigAttr());
           });
  Value row = arith::AddIOp::create(b, loc, m0, wrow);
  return emitEpilogue(b, loc, acc, accType, row, n0, ExecScopeKind::Warpgroup);
}

} // namespace

FailureOr<PrimFuncOp> uop::convertTensorCoreMatmul(FunctionOp fn,
                                                   OpBuilder &b, bool wgmma) {
  FailureOr<MatmulMatch> mm = matchMatmul(fn);
  if (failed(mm))
    return fn.emitError("convert-uop-to-tirx: the kernel has TC but is not a "
                        "matmul of f16 / bf16 tiles the tensor-core lowering "
                        "knows (MatmulMatch.h)");
  return MatmulEmitter(fn, *mm, wgmma).run(b);
}
