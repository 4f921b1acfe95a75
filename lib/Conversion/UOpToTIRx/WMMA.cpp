//===- WMMA.cpp - uop.wmma to mma.sync ------------------------------------===//
//
// uop.wmma on the GPU path (uop/Conversion/UOpToTIRx/WMMA.h): its lanes and
// a lane-level op before uop-devectorize, nvvm.mma.sync in
// convert-uop-to-tirx. tirx has no op at the level of one warp's register
// fragments (tirx.tile.gemm takes A and B in shared or global memory, and
// its mma_sync implementation builds the fragments itself), so the
// lane-level op becomes the instruction that implementation issues.
//
//===----------------------------------------------------------------------===//

#include "uop/Conversion/UOpToTIRx/WMMA.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Support/GPUChip.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

using namespace mlir;
using namespace uop;

/// The attribute that marks the lane-level op and holds the metadata.
static constexpr llvm::StringLiteral kWmmaAttr = "uop_wmma";

/// Fragment elements per thread of the m16n8k16 shape: A, B, C/D.
static constexpr int64_t kA = 8, kB = 4, kC = 4;

bool uop::isWmmaLaneOp(Operation *op) {
  auto cast = dyn_cast<UnrealizedConversionCastOp>(op);
  return cast && cast->hasAttrOfType<WmmaMetadataAttr>(kWmmaAttr);
}

/// Why this WMMA has no mma.sync form (empty when it has one).
static std::string unsupported(WmmaOp w) {
  WmmaMetadataAttr md = w.getMetadata();
  std::string why;
  llvm::raw_string_ostream os(why);
  if (md.getN() != 8 || md.getM() != 16 || md.getK() != 16)
    os << "dims (N, M, K) = (" << md.getN() << ", " << md.getM() << ", "
       << md.getK() << "); mma.sync here is m16n8k16: dims = [8, 16, 16]";
  else if (md.getThreads() != 32)
    os << md.getThreads() << " threads; mma.sync is one warp of 32";
  else if (md.getTileCount() != 1)
    os << "a tile_grid of " << md.getTileCount()
       << " tiles; one m16n8k16 tile per WMMA is supported";
  else if (!md.getDtypeIn().isF16() && !md.getDtypeIn().isBF16())
    os << "dtype_in " << md.getDtypeIn() << "; mma.sync here takes f16 or bf16";
  else if (!md.getDtypeOut().isF32())
    os << "dtype_out " << md.getDtypeOut() << "; mma.sync here accumulates f32";
  return why;
}

namespace {
/// Step 1: uop.wmma -> GEPs of its fragments, the lane-level op, and a
/// VECTORIZE of D's elements.
struct WmmaToLanes : public OpRewritePattern<WmmaOp> {
  WmmaToLanes(MLIRContext *ctx, const GPUChip &chip)
      : OpRewritePattern(ctx), chip(chip) {}
  const GPUChip &chip;

  LogicalResult matchAndRewrite(WmmaOp w, PatternRewriter &rw) const override {
    if (!chip.has(ChipFeature::MmaSync))
      return rw.notifyMatchFailure(w, "the chip has no mma.sync");
    if (!unsupported(w).empty())
      return rw.notifyMatchFailure(w, "no mma.sync form");
    Location loc = w.getLoc();
    SmallVector<Value> lanes;
    for (Value frag : {w.getA(), w.getB(), w.getC()}) {
      auto vt = cast<VectorType>(frag.getType()); // widths 8, 4, 4 > 1
      for (int64_t i = 0; i < vt.getNumElements(); ++i)
        lanes.push_back(GepOp::create(rw, loc, vt.getElementType(), frag,
                                      rw.getDenseI64ArrayAttr({i})));
    }
    Type f32 = rw.getF32Type();
    auto lane = UnrealizedConversionCastOp::create(
        rw, loc, SmallVector<Type>(kC, f32), lanes);
    lane->setAttr(kWmmaAttr, w.getMetadata());
    rw.replaceOpWithNewOp<VectorizeOp>(w, w.getType(), lane.getResults());
    return success();
  }
};

/// Step 2: the lane-level op -> nvvm.mma.sync m16n8k16 row.col.
struct WmmaLanesToMmaSync
    : public OpRewritePattern<UnrealizedConversionCastOp> {
  WmmaLanesToMmaSync(MLIRContext *ctx, const GPUChip &chip)
      : OpRewritePattern(ctx), chip(chip) {}
  const GPUChip &chip;

  /// Each pair of 16-bit elements as one register: vector<2xf16> for f16,
  /// the i32 of its bits for bf16 (what nvvm.mma.sync takes for each).
  static SmallVector<Value> pairs(PatternRewriter &rw, Location loc,
                                  ValueRange elems) {
    Type elem = elems.front().getType();
    auto pairType = VectorType::get({2}, elem);
    Type i32 = rw.getI32Type();
    SmallVector<Value> regs;
    for (size_t i = 0; i + 1 < elems.size(); i += 2) {
      Value v = LLVM::PoisonOp::create(rw, loc, pairType);
      for (int64_t j = 0; j < 2; ++j)
        v = LLVM::InsertElementOp::create(
            rw, loc, v, elems[i + j],
            LLVM::ConstantOp::create(rw, loc, i32, rw.getI32IntegerAttr(j)));
      regs.push_back(elem.isBF16() ? LLVM::BitcastOp::create(rw, loc, i32, v)
                                   : v);
    }
    return regs;
  }

  LogicalResult matchAndRewrite(UnrealizedConversionCastOp op,
                                PatternRewriter &rw) const override {
    if (!isWmmaLaneOp(op) || op.getInputs().size() != kA + kB + kC ||
        op.getOutputs().size() != kC || !chip.has(ChipFeature::MmaSync))
      return failure();
    auto md = op->getAttrOfType<WmmaMetadataAttr>(kWmmaAttr);
    Location loc = op.getLoc();
    ValueRange in = op.getInputs();
    SmallVector<Value> a = pairs(rw, loc, in.take_front(kA));
    SmallVector<Value> b = pairs(rw, loc, in.slice(kA, kB));
    SmallVector<Value> c(in.take_back(kC));
    Type f32 = rw.getF32Type();
    auto st =
        LLVM::LLVMStructType::getLiteral(rw.getContext(), {f32, f32, f32, f32});
    NVVM::MMATypes t =
        md.getDtypeIn().isBF16() ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
    Value d =
        NVVM::MmaOp::create(rw, loc, st, a, b, c, {16, 8, 16}, std::nullopt,
                            std::nullopt, std::array<NVVM::MMATypes, 2>{t, t},
                            std::array<NVVM::MMALayout, 2>{
                                NVVM::MMALayout::row, NVVM::MMALayout::col});
    SmallVector<Value> out;
    for (int64_t i = 0; i < kC; ++i)
      out.push_back(
          LLVM::ExtractValueOp::create(rw, loc, d, ArrayRef<int64_t>{i}));
    rw.replaceOp(op, out);
    return success();
  }
};

/// uop-wmma-lanes: checks every uop.wmma of a kernel for the target and
/// chip (a located error otherwise), then applies WmmaToLanes.
struct UOpWmmaLanesPass
    : public PassWrapper<UOpWmmaLanesPass, OperationPass<FunctionOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(UOpWmmaLanesPass)
  UOpWmmaLanesPass(Target target, StringRef chip)
      : target(target), chip(chip.empty() ? kDefaultGPUChip.str() : chip.str()),
        info(lookupGPUChip(this->chip)) {}
  StringRef getArgument() const final { return "uop-wmma-lanes"; }
  StringRef getDescription() const final {
    return "uop.wmma to its lanes and a lane-level op (before "
           "uop-devectorize)";
  }
  void getDependentDialects(DialectRegistry &r) const override {
    r.insert<UOpDialect>();
  }

  /// The located error of `w` on this target, if any.
  LogicalResult check(WmmaOp w) {
    if (target != Target::CUDA)
      return w.emitError("uop.wmma: the ")
             << stringifyTarget(target)
             << " target has no tensor-core form (the C has no "
             << "WMMA); compile for cuda on sm_80 or later (mma.sync)";
    if (!info)
      return w.emitError("uop.wmma: unknown chip '")
             << chip << "' (known: " << listGPUChips() << ")";
    if (!info->has(ChipFeature::MmaSync))
      return w.emitError("uop.wmma: mma.sync m16n8k16 needs sm_80 or later, "
                         "the chip is ")
             << chip;
    std::string why = unsupported(w);
    if (!why.empty())
      return w.emitError("uop.wmma: no mma.sync form for ") << why;
    return success();
  }

  void runOnOperation() override {
    bool ok = true;
    getOperation().walk([&](WmmaOp w) { ok &= succeeded(check(w)); });
    if (!ok)
      return signalPassFailure();
    if (!info) // no uop.wmma: the chip is the later passes' to diagnose
      return;
    RewritePatternSet set(&getContext());
    populateUOpWmmaLanePatterns(set, *info);
    walkAndApplyPatterns(getOperation(), std::move(set));
  }

  Target target;
  std::string chip;
  /// The chip's table entry, null for an unknown name.
  const GPUChip *info;
};
} // namespace

void uop::populateUOpWmmaLanePatterns(RewritePatternSet &patterns,
                                      const GPUChip &chip) {
  patterns.add<WmmaToLanes>(patterns.getContext(), chip);
}

void uop::populateUOpToTIRxWmmaPatterns(RewritePatternSet &patterns,
                                        const GPUChip &chip) {
  patterns.add<WmmaLanesToMmaSync>(patterns.getContext(), chip);
}

std::unique_ptr<Pass> uop::createUOpWmmaLanesPass(Target target,
                                                  StringRef chip) {
  return std::make_unique<UOpWmmaLanesPass>(target, chip);
}
