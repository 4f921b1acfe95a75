//===- Optimize.cpp - heuristic kernel options ----------------------------===//
//
// No search: a few rules that pay off on every target.
//  cpu:  matmul-shaped kernels get a register tile (two upcast ranges); a long
//        add-reduction of one is cache-blocked (BLOCK: K blocks in an outer
//        loop, each adding to the output the previous one stored) with the
//        block's strip of B packed into a register array, and for tall A
//        its blocks of 512 rows packed too (outside the loop over B's
//        strips, so each packed block serves all of them), and each tile
//        prefetches its output rows before its reduction loop. A
//        convolution-shaped one (both innermost outputs read by one operand:
//        oh and ow by the input) tiles pixels x channels instead
//        (ConvHeuristic.h). Other kernels:
//        the innermost output range is split loop x upcast(N) so that
//        uop-expand writes N neighbouring outputs per iteration (the C
//        compiler turns them into one vector store); a float reduction over
//        one range gets lanes with their own accumulators, other reduction
//        ranges are split reduce x unroll(N).
//  cuda: output ranges become global. A long 32-bit reduction gets GROUP: its
//        innermost range is split reduce x group_reduce and the threads of a
//        block cooperate on one output (each accumulates a strided part, the
//        block combines the parts); one whose reads do not coalesce along it
//        but with few outputs gets GROUPTOP (each thread a contiguous
//        run). Otherwise the innermost output range is
//        split global x local so a block holds up to 256 threads; a
//        matmul-shaped kernel first gets a 4 x 4 register tile per thread.
// The heuristics only decide: every change to the kernel is an option
// applied through OptApplier (OptimizeApply.h), the same applier a pinned
// schedule goes through, and the options applied are recorded in the SINK's
// KernelInfo (applied_opts), so a recorded schedule replays exactly.
//
//===----------------------------------------------------------------------===//

#include "ConvHeuristic.h"
#include "OptimizeApply.h"
#include "OptimizeSearch.h"
#include "RangeUtils.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Dialect/UOp/Utils/AffineIndex.h"
#include "uop/Dialect/UOp/Utils/MatmulMatch.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/Support/Format.h"

namespace uop {
#define GEN_PASS_DEF_UOPOPTIMIZE
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {
/// `ranges` without those in `held`.
SmallVector<RangeOp> without(ArrayRef<RangeOp> ranges, ArrayRef<RangeOp> held) {
  SmallVector<RangeOp> out;
  for (RangeOp r : ranges)
    if (!llvm::is_contained(held, r))
      out.push_back(r);
  return out;
}

/// Bits of the element type the kernel's first REDUCE accumulates in (a
/// register tile's lanes); 32 without one.
int64_t accumulatorBits(FunctionOp fn) {
  int64_t bits = 32;
  fn.walk([&](ReduceOp r) {
    if (r.getType().isIntOrFloat())
      bits = r.getType().getIntOrFloatBitWidth();
    return WalkResult::interrupt();
  });
  return std::max<int64_t>(bits, 8);
}

/// Iterations (the product of a kernel's output and reduction extents) from
/// which elementwise kernels get `elementwise-upcast` lanes and reductions
/// lane accumulators.
constexpr int64_t kWideWork = 65536;
/// Rows a row reduction reads at once (one load stream each).
constexpr int64_t kRowStreams = 4;

/// The widest beam `search` takes.
constexpr int64_t kMaxBeam = 16;

/// cuda: a reduction kernel with at most this many outputs gets GROUPTOP
/// when GROUP does not apply (tinygrad's bound).
constexpr int64_t kFewOutputs = 2048;

struct UOpOptimizePass : public uop::impl::UOpOptimizeBase<UOpOptimizePass> {
  using UOpOptimizeBase::UOpOptimizeBase;

  /// Parses the `opts` option once, before the pass runs on any kernel
  /// (so the parser's diagnostics are caught without racing other threads'
  /// handlers); a bad entry is reported at each kernel it would pin.
  LogicalResult initialize(MLIRContext *ctx) override {
    optsParsed.clear();
    optsError.clear();
    if (FailureOr<SmallVector<OptAttr>> parsed =
            parseOptsOption(ctx, opts, optsError);
        succeeded(parsed))
      optsParsed = std::move(*parsed);
    return success();
  }

  void runOnOperation() override {
    FunctionOp fn = getOperation();
    if (!isKernel(fn))
      return;
    if (failed(checkOptions(fn)))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    SinkOp sink = fn.getSink();
    KernelInfoAttr info = *sink.getInfo();
    bool noLocals = info.getDontUseLocals();
    // A pinned schedule: the kernel's opts_to_apply, else the `opts` option.
    SmallVector<OptAttr> pinned(info.getOptsToApply());
    if (pinned.empty() && !optsError.empty()) {
      fn.emitError("uop-optimize: ") << optsError;
      return signalPassFailure();
    }
    if (pinned.empty())
      pinned.assign(optsParsed.begin(), optsParsed.end());
    // The search tries schedules on clones of the kernel as it arrives.
    OwningOpRef<FunctionOp> pristine;
    if (pinned.empty() && search > 0)
      pristine = fn.clone();

    // Ranges a hand-written register accumulator depends on get no lanes;
    // the SINK says so (declined_opts).
    // On cuda the loops it is carried around are no grid dimensions.
    KernelRanges k = collectRanges(fn);
    if (!k.held.empty() && pinned.empty())
      noteDeclined(sink, k.held);
    OptApplier applier(fn, target == Target::CUDA, tensorCores, noLocals);
    if (!pinned.empty()) {
      if (failed(applyPinned(sink, pinned, k.gridOutputs, applier)))
        return signalPassFailure();
    } else if (pristine) {
      if (failed(searchAndApply(fn, *pristine, applier)))
        return signalPassFailure();
    } else if (target == Target::CPU) {
      optimizeForCpu(fn, without(k.outputs, k.held),
                     without(k.reduces, k.held), applier);
    } else {
      if (!k.held.empty())
        makeGrid(k.gridOutputs); // the grid, without the held ones' splits
      if (failed(optimizeForCuda(fn, without(k.outputs, k.held),
                                 without(k.reduces, k.held), applier)))
        return signalPassFailure();
    }

    if (applier.applied().empty() && pinned.empty())
      return;
    sink.setInfoAttr(KernelInfoAttr::get(ctx, info.getName(),
                                         applier.hasNoLocals(),
                                         applier.applied(),
                                         ArrayRef<OptAttr>()));
  }

private:
  /// The `opts` option, parsed (initialize), or why it does not parse.
  SmallVector<OptAttr> optsParsed;
  std::string optsError;

  /// The output ranges (the loop RANGEs an END closes, outermost first),
  /// the reduce ranges, those a hand-written register depends on (held)
  /// and the outputs that may become the grid (not carried around one).
  struct KernelRanges {
    SmallVector<RangeOp> outputs, reduces, held, gridOutputs;
  };
  static KernelRanges collectRanges(FunctionOp fn) {
    KernelRanges k;
    fn.walk([&](EndOp end) {
      for (Value r : end.getRanges())
        if (auto range = r.getDefiningOp<RangeOp>();
            range && range.getAxisType() == AxisType::Loop &&
            !llvm::is_contained(k.outputs, range))
          k.outputs.push_back(range);
    });
    fn.walk([&](RangeOp r) {
      if (r.getAxisType() == AxisType::Reduce)
        k.reduces.push_back(r);
    });
    k.held = registerRanges(fn);
    k.gridOutputs = without(k.outputs, carriedRanges(fn));
    return k;
  }

  LogicalResult checkOptions(FunctionOp fn) {
    if (vectorBits < 64 || vectorBits > 4096 ||
        !llvm::isPowerOf2_64(vectorBits) || vectorRegisters < 2)
      return fn.emitError("uop-optimize: vector-bits must be a power of two "
                          "from 64 to 4096 and vector-registers at least 2, "
                          "got ")
             << static_cast<int64_t>(vectorBits) << " and "
             << static_cast<int64_t>(vectorRegisters);
    if (search < 0 || search > kMaxBeam || searchCandidates < 1)
      return fn.emitError("uop-optimize: search must be 0 (off) or a beam "
                          "width from 1 to ")
             << kMaxBeam << ", and search-candidates at least 1, got "
             << static_cast<int64_t>(search) << " and "
             << static_cast<int64_t>(searchCandidates);
    if (search > 0 && target != Target::CPU)
      return fn.emitError("uop-optimize: search times kernels on the cpu "
                          "only (target=cpu)");
    return success();
  }

  /// search > 0: the heuristic decides on a clone of `pristine`, the search
  /// (OptimizeSearch.h) times schedules from there, and the fastest is
  /// applied to `fn` as a pinned schedule is. A kernel the timer cannot
  /// run keeps the heuristic's schedule, with a warning; the search's
  /// outcome is a remark.
  LogicalResult searchAndApply(FunctionOp fn, FunctionOp pristine,
                               OptApplier &applier) {
    KernelTimer timer = getKernelTimer();
    if (!timer)
      return fn.emitError("uop-optimize: search=")
             << static_cast<int64_t>(search)
             << " needs a kernel timer, and none is installed (uop-opt "
                "installs the runtime's; C++ callers use "
                "uop::registerKernelTimer)";
    OwningOpRef<FunctionOp> decided(pristine.clone());
    KernelRanges k = collectRanges(*decided);
    OptApplier heuristic(*decided, /*cuda=*/false, /*tensorCores=*/false,
                         applier.hasNoLocals());
    optimizeForCpu(*decided, without(k.outputs, k.held),
                   without(k.reduces, k.held), heuristic);
    SearchConfig config;
    config.beam = search;
    config.maxCandidates = searchCandidates;
    config.packRows = packRows;
    config.noLocals = applier.hasNoLocals();
    std::string why;
    FailureOr<SearchResult> found =
        searchSchedule(pristine, heuristic.applied(), config, timer, why);
    SmallVector<OptAttr> chosen(heuristic.applied());
    if (failed(found)) {
      // At the kernel's location, without the kernel printed after it.
      emitWarning(fn.getLoc(), "uop-optimize: search skipped, the "
                               "heuristic's schedule kept: ")
          << why;
    } else {
      chosen = found->best;
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "uop-optimize: search timed " << found->timed
         << " schedules (beam steps: " << found->steps << "): heuristic "
         << llvm::format("%.4f", found->heuristicMs) << " ms, chosen "
         << llvm::format("%.4f", found->bestMs) << " ms: [";
      llvm::interleaveComma(chosen, os);
      os << "]";
      emitRemark(fn.getLoc(), text);
    }
    return applyPinned(fn.getSink(), chosen, {}, applier);
  }

  /// Records on the SINK that the ranges `held` get no UPCAST, UNROLL or
  /// GROUP: `declined_opts = "UPCAST/UNROLL/GROUP on R0, R1: ..."`.
  static void noteDeclined(SinkOp sink, ArrayRef<RangeOp> held) {
    SmallVector<int64_t> ids;
    for (RangeOp r : held)
      ids.push_back(r.getAxisId().getId());
    llvm::sort(ids);
    std::string text = "UPCAST/UNROLL/GROUP on";
    for (auto [i, id] : llvm::enumerate(ids))
      text += (i ? ", R" : " R") + std::to_string(id);
    text += ": a hand-written register (DEFINE_REG) accumulator depends on "
            "them";
    sink->setAttr("declined_opts",
                  StringAttr::get(sink.getContext(), text));
  }

  /// cpu: a register tile of upcast x upcast-outer accumulators over the
  /// two innermost outputs, K-blocked (with PACK and PREFETCH) when long.
  void registerTile(FunctionOp fn, ArrayRef<RangeOp> outputs,
                    ArrayRef<RangeOp> reduces, bool mayRecompute,
                    OptApplier &applier) {
    // A register tile: upcast x upcast-outer accumulators.
    RangeOp inner = outputs.back(), next = outputs[outputs.size() - 2];
    // Sized to the vector registers: the tile's rows are two vectors of
    // the accumulator type wide (one for short reductions, K < 1024 and
    // not blocked, whose B strip then stays in L1), and its accumulators
    // take half the registers, the rest holding B's vectors and A's
    // broadcasts. f32 on AVX-512: 8 x 32; on AVX2, 4 x 16 (8 x 32 there
    // spills: 17 instead of 34 GFLOP/s at 1024^3, docs/performance.md).
    // Only whether K reaches 1024 matters: saturate rather than overflow.
    int64_t k = 1;
    for (RangeOp r : reduces)
      if (llvm::MulOverflow(k, getConstantExtent(r).value_or(1), k))
        k = std::numeric_limits<int64_t>::max();
    int64_t kSteps = reduces.size() == 1
                         ? getConstantExtent(reduces.front()).value_or(0)
                         : 0;
    int64_t block = kBlockFor(kSteps, kBlock);
    bool blocked = block > 0 && kSteps >= 2 * block;
    int64_t vectors = k >= 1024 || blocked ? 2 : 1;
    int64_t lanes = std::max<int64_t>(vectorBits / accumulatorBits(fn), 1);
    int64_t width = std::min<int64_t>(upcast, vectors * lanes);
    int64_t rows = std::min<int64_t>(
        upcastOuter, std::max<int64_t>(vectorRegisters / 2 / vectors, 1));
    std::pair<int64_t, bool> fi = upcastFor(inner, width, mayRecompute),
                             fo = upcastFor(next, rows, mayRecompute);
    if (fi.first > 1)
      applier.tryApply(OptOps::Upcast, inner, fi.first);
    if (fo.first > 1)
      applier.tryApply(OptOps::Upcast, next, fo.first);
    // K blocks add to the output what the previous blocks stored; an
    // overlapping tile must not add its shared outputs twice (the applier
    // knows which upcasts overlap). PACK and PREFETCH qualify the BLOCK.
    if (blocked) {
      RangeOp k0 = reduces.front();
      if (pack)
        applier.tryApply(OptOps::Pack, k0, packRows);
      if (pack && prefetch)
        applier.tryApply(OptOps::Prefetch, k0, 0);
      applier.tryApply(OptOps::Block, k0, block);
    }
  }

  // cpu: a register tile of upcast outputs when there is a reduction, else
  // an upcast innermost output and unrolled reductions.
  void optimizeForCpu(FunctionOp fn, ArrayRef<RangeOp> outputs,
                      ArrayRef<RangeOp> reduces,
                      OptApplier &applier) {
    // An output tile may overlap its neighbour (upcastFor) when computing an
    // element twice stores the same value twice.
    bool mayRecompute = kernelMayRecompute(fn);
    if (!reduces.empty() && outputs.size() >= 2) {
      // A convolution's tile (channels x pixels, ConvHeuristic.h), else
      // the matmul's.
      int64_t lanes = std::max<int64_t>(vectorBits / accumulatorBits(fn), 1);
      if (convPitchTile(fn, outputs, reduces, lanes, vectorRegisters,
                        mayRecompute, applier))
        return;
      SmallVector<OptAttr> conv = convTileOpts(
          fn, outputs, reduces, lanes, vectorRegisters, mayRecompute);
      for (OptAttr o : conv) {
        std::string why;
        (void)applier.apply(o, why);
      }
      if (!conv.empty())
        return;
      return registerTile(fn, outputs, reduces, mayRecompute, applier);
    }
    // Wide lanes only for kernels with work for them: every lane is an op
    // copy that uop-simplify then visits (a 64x64 elementwise kernel took
    // 2 ms to compile with 4 lanes and 9 with 16). A symbolic extent counts
    // as large.
    int64_t work = 1;
    for (ArrayRef<RangeOp> list : {outputs, reduces})
      for (RangeOp r : list)
        work = std::min<int64_t>(
            work * std::max<int64_t>(getConstantExtent(r).value_or(kWideWork),
                                     1),
            kWideWork);
    bool wide = work >= kWideWork;
    // Wide reductions by how their loads walk memory (the innermost reduce
    // range against the innermost output). A row reduction (contiguous along
    // the reduction, not along the output): no output upcast, `reduce-lanes`
    // lanes along the row, so each vector of loads feeds one vector of
    // accumulators (4 rows x 8 lanes instead, clang assembled 256-bit halves
    // of two rows: softmax 1024^2's row sum of exp took 2.0 instead of
    // 0.7 ms, docs/performance.md). A column reduction (contiguous along the
    // output only): `upcast` neighbouring outputs and no lanes, so every row
    // step reads whole cache lines (a 4096^2 column sum: 69 -> 24 ms).
    bool rowReduce = false, columnReduce = false;
    if (wide && !reduces.empty() && !outputs.empty()) {
      auto [alongReduce, alongOutput] =
          accessContiguity(fn, reduces.back(), outputs);
      rowReduce = alongReduce && !alongOutput;
      columnReduce = alongOutput && !alongReduce;
    }
    // A row reduction reads kRowStreams rows at once (a load stream each):
    // one stream per core left a 4096^2 row sum at 13.5 GB/s against the
    // triad's 25 (the prefetcher follows few streams ahead); 4 rows of 16
    // lanes read at 20.4 (docs/performance.md). Each row keeps whole
    // vectors of its own, so no vector mixes two rows' halves.
    bool rowStreams = rowReduce && reduceLanes > 1 && onlyAddReduces(fn);
    if (rowStreams) {
      std::pair<int64_t, bool> f =
          upcastFor(outputs.back(), kRowStreams, mayRecompute);
      if (f.first > 1)
        applier.tryApply(OptOps::Upcast, outputs.back(), f.first);
    }
    if (!outputs.empty() && !rowReduce) {
      RangeOp inner = outputs.back();
      // Elementwise kernels: 16 neighbouring outputs (one 512-bit vector of
      // f32); column reductions `upcast`; other reductions and small
      // kernels 4.
      int64_t limit = reduces.empty() && wide ? elementwiseUpcast
                      : columnReduce          ? upcast
                                              : 4;
      std::pair<int64_t, bool> f =
          upcastFor(inner, std::min<int64_t>(upcast, limit), mayRecompute);
      if (f.first > 1)
        applier.tryApply(OptOps::Upcast, inner, f.first);
    }
    if (columnReduce)
      return;
    // Beside an output upcast of 4, a quarter of the lanes: as many
    // accumulators as a row reduction has.
    int64_t lanes = rowStreams  ? std::max<int64_t>(reduceLanes / 2, 1)
                    : rowReduce ? reduceLanes
                                : std::max<int64_t>(reduceLanes / 4, 4);
    for (RangeOp r : reduces) {
      if (wide && reduceLanes > 1 &&
          applier.tryApply(OptOps::Upcast, r, lanes))
        continue;
      if (int64_t f = factorFor(r, unroll); f > 1)
        applier.tryApply(OptOps::Unroll, r, f);
    }
  }


  /// Whether every REDUCE of `fn` is an add.
  static bool onlyAddReduces(FunctionOp fn) {
    return !fn.walk([](ReduceOp r) {
                return r.getReduceOp() == ReduceOpKind::Add
                           ? WalkResult::advance()
                           : WalkResult::interrupt();
              }).wasInterrupted();
  }

  /// The coefficient of `r` in the index `v`; nullopt when `v` is not
  /// affine (AffineIndex.h).
  static std::optional<int64_t> coefficient(Value v, Value r) {
    AffineIndex a;
    if (failed(addAffineIndex(v, 1, a)))
      return std::nullopt;
    return a.of(r);
  }

  /// Whether some load of a kernel argument that walks `inner` reads it
  /// contiguously (coefficient 1 in the last, row-major index), and whether
  /// some such load reads the innermost output contiguously.
  static std::pair<bool, bool> accessContiguity(FunctionOp fn, RangeOp inner,
                                                ArrayRef<RangeOp> outputs) {
    bool alongReduce = false, alongOutput = false;
    fn.walk([&](LoadOp ld) {
      auto idx = ld.getIndex().getDefiningOp<IndexOp>();
      if (!idx || idx.getIndices().empty() ||
          !isa<BlockArgument>(idx.getBuffer()))
        return;
      auto along = [&](Value r) {
        return coefficient(idx.getIndices().back(), r);
      };
      bool walks = llvm::any_of(idx.getIndices(), [&](Value i) {
        return coefficient(i, inner.getResult()) != 0;
      });
      if (!walks)
        return;
      alongReduce |= along(inner.getResult()) == 1;
      if (!outputs.empty())
        alongOutput |= along(RangeOp(outputs.back()).getResult()) == 1;
    });
    return {alongReduce, alongOutput};
  }

  /// Whether GROUP's memory accesses coalesce better than LOCAL's: some
  /// load that walks the reduction reads it contiguously, and none of them
  /// reads the innermost output contiguously (a matmul's B, a column sum:
  /// there threads over the outputs are the coalesced choice).
  static bool groupCoalesces(FunctionOp fn, RangeOp inner,
                             ArrayRef<RangeOp> outputs) {
    auto [alongReduce, alongOutput] = accessContiguity(fn, inner, outputs);
    return alongReduce && !alongOutput;
  }

  /// The REDUCE that GROUP applies to, with its innermost range and the
  /// group size, if the kernel has exactly one and it pays: an add, max or
  /// min of 32-bit data (what shfl.sync moves), reduce ranges only, an
  /// innermost range of at least 128 steps with a power-of-two factor of
  /// 32..`group`, and accesses that coalesce along it.
  /// With `few` the coalescing test is replaced by: the kernel has at most
  /// kFewOutputs outputs (GROUPTOP's case: a column sum of 64 columns would
  /// run on 64 threads in all; 256 per output hide the latency of their
  /// strided reads instead).
  std::optional<std::tuple<ReduceOp, RangeOp, int64_t>>
  groupCandidate(ArrayRef<RangeOp> reduces, ArrayRef<RangeOp> outputs,
                 FunctionOp fn, bool few = false) {
    if (group <= 1)
      return std::nullopt;
    SmallVector<ReduceOp> reds;
    fn.walk([&](ReduceOp r) { reds.push_back(r); });
    if (reds.size() != 1 || reds.front().getRanges().empty())
      return std::nullopt;
    ReduceOp red = reds.front();
    Type t = red.getType();
    ReduceOpKind kind = red.getReduceOp();
    if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() != 32 ||
        (kind != ReduceOpKind::Add && kind != ReduceOpKind::Max &&
         kind != ReduceOpKind::Min))
      return std::nullopt;
    for (Value r : red.getRanges()) {
      auto range = r.getDefiningOp<RangeOp>();
      if (!range || range.getAxisType() != AxisType::Reduce ||
          !llvm::is_contained(reduces, range))
        return std::nullopt;
    }
    auto inner = red.getRanges().back().getDefiningOp<RangeOp>();
    std::optional<int64_t> n = getConstantExtent(inner);
    if (!n || *n < 128)
      return std::nullopt;
    if (few) {
      int64_t count = 1;
      for (RangeOp r : outputs) {
        std::optional<int64_t> e = getConstantExtent(r);
        if (!e || llvm::MulOverflow(count, *e, count) || count > kFewOutputs)
          return std::nullopt;
      }
    } else if (!groupCoalesces(fn, inner, outputs)) {
      return std::nullopt;
    }
    for (int64_t f = std::min<int64_t>(group, 1024); f >= 32; f /= 2)
      if (*n % f == 0)
        return std::make_tuple(red, inner, f);
    return std::nullopt;
  }

  // cuda: the innermost output ranges become the grid; a long reduction is
  // shared by a block's threads (GROUP), else the innermost output range is
  // split into global x local threads.
  LogicalResult optimizeForCuda(FunctionOp fn, ArrayRef<RangeOp> outputs,
                                ArrayRef<RangeOp> reduces,
                                OptApplier &applier) {
    if (local < 1)
      return fn.emitError("uop-optimize: local must be at least 1, got ")
             << static_cast<int64_t>(local);
    if (group < 0 || (group > 1 && group < 32) || group > 1024)
      return fn.emitError("uop-optimize: group must be 0 or 1 (off) or "
                          "32..1024 (whole warps, at most a block), got ")
             << static_cast<int64_t>(group);
    // A matmul of f16 / bf16 tiles runs on tensor cores: the kernel keeps
    // its loops for convert-uop-to-tirx, which tiles it. Other shapes get
    // one warp per 16 x 8 tile of m16n8k16 uop.wmma, tails masked.
    if (tensorCores) {
      FailureOr<MatmulMatch> mm = matchMatmul(fn);
      if (succeeded(mm)) {
        bool tiles = mm->m % kTensorCoreTileM == 0 &&
                     mm->n % kTensorCoreTileN == 0 &&
                     mm->kExtent % kTensorCoreTileK == 0;
        if (applier.tryApply(OptOps::TC, mm->k,
                             tiles ? kTensorCoreTileK : kWmmaStepK))
          return success();
      }
    }
    makeGrid(outputs);
    if (auto cand = groupCandidate(reduces, outputs, fn)) {
      auto [red, inner, t] = *cand;
      applier.tryApply(OptOps::Group, inner, t);
      return success();
    }
    // A long reduction with few outputs whose reads do not coalesce along
    // it (tinygrad's GROUPTOP rule): still a block per output, each thread
    // a contiguous run.
    if (auto cand = groupCandidate(reduces, outputs, fn, /*few=*/true)) {
      auto [red, inner, t] = *cand;
      applier.tryApply(OptOps::GroupTop, inner, t);
      return success();
    }
    if (outputs.empty())
      return success();
    RangeOp inner = outputs.back();
    // A matmul-shaped kernel (a reduction, two or more outputs): each thread
    // computes a register tile of up to 4 x 4 outputs (UPCAST), so every
    // value it loads feeds four multiply-adds instead of one; the tile's
    // outer parts stay the grid.
    if (!reduces.empty() && outputs.size() >= 2) {
      RangeOp next = outputs[outputs.size() - 2];
      int64_t fi = factorFor(inner, std::min<int64_t>(upcast, 4));
      int64_t fo = factorFor(next, std::min<int64_t>(upcastOuter, 4));
      if (fi > 1 && applier.tryApply(OptOps::Upcast, inner, fi))
        inner = applier.lastSplit().first;
      if (fo > 1)
        applier.tryApply(OptOps::Upcast, next, fo);
    }
    std::optional<int64_t> n = getConstantExtent(inner);
    // A range over a shape variable is split at its upper bound, gated.
    auto var = inner.getEnd().getDefiningOp<DefineVarOp>();
    int64_t limit = std::min<int64_t>(local, 1024);
    if (!n && var) {
      int64_t bound = var.getMaxVal();
      for (int64_t l = llvm::bit_floor(uint64_t(limit)); l > 1; l /= 2)
        if (bound % l == 0 && bound > l) {
          applier.tryApply(OptOps::Local, inner, l);
          break;
        }
      return success();
    }
    int64_t l = factorFor(inner, llvm::bit_floor(uint64_t(limit)));
    if (l > 1)
      applier.tryApply(OptOps::Local, inner, l);
    return success();
  }

  /// cuda: the innermost three output ranges are the grid; outer ones stay
  /// loops inside each thread.
  static void makeGrid(ArrayRef<RangeOp> outputs) {
    for (RangeOp r : llvm::drop_begin(outputs, outputs.size() > 3
                                                   ? outputs.size() - 3
                                                   : 0))
      r.setAxisType(AxisType::Global);
  }

  /// A pinned schedule: `pinned`, in order, instead of the heuristic, each
  /// option checked against the kernel as it is when it applies; one that
  /// does not fit is an error at the SINK, not skipped.
  LogicalResult applyPinned(SinkOp sink, ArrayRef<OptAttr> pinned,
                            ArrayRef<RangeOp> outputs, OptApplier &applier) {
    bool tc = llvm::any_of(pinned,
                           [](OptAttr o) { return o.getKind() == OptOps::TC; });
    if (tc && pinned.size() != 1)
      return sink.emitError("uop-optimize: TC is a whole schedule (the "
                            "tensor-core lowering tiles the kernel); it "
                            "cannot be combined with other options");
    if (target == Target::CUDA && !tc)
      makeGrid(outputs);
    for (OptAttr o : pinned) {
      std::string why;
      if (failed(applier.apply(o, why)))
        return sink.emitError("uop-optimize: cannot apply ") << o << ": "
                                                             << why;
    }
    if (std::string why = applier.unconsumed(); !why.empty())
      return sink.emitError("uop-optimize: ") << why;
    return success();
  }
};
} // namespace
