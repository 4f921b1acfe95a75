//===- ConvHeuristic.cpp - register tiles for convolution kernels ---------===//
//
// See ConvHeuristic.h. The form is read from the kernel's index structure
// (which RANGEs each load's INDEX is computed from), never from how a front
// end wrote the convolution: Tensor.conv2d's pad / pool / expand / reduce
// form, grouped convolutions and batched ones all reach uop-optimize as one
// add REDUCE of a product of an input load (reading the batch, the group and
// the pixel ranges) and a filter load (reading the output channel).
//
//===----------------------------------------------------------------------===//

#include "ConvHeuristic.h"
#include "OptimizeApply.h"
#include "RangeUtils.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace uop;

namespace {
/// The most lanes of a tile: each is an op copy uop-simplify then visits
/// (256: 85 ms of passes for the 56x56 conv's kernel, 512: 180 ms).
constexpr int64_t kTileLanes = 256;

/// The RANGEs `v` is computed from.
llvm::SmallPtrSet<Operation *, 8> rangesOf(Value v) {
  llvm::SmallPtrSet<Operation *, 8> ranges;
  llvm::SmallPtrSet<Operation *, 32> seen;
  SmallVector<Value> work = {v};
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || !seen.insert(def).second)
      continue;
    if (isa<RangeOp>(def)) {
      ranges.insert(def);
      continue;
    }
    llvm::append_range(work, def->getOperands());
  }
  return ranges;
}

/// The loads of kernel arguments `src` (a REDUCE's source) multiplies and
/// adds, each with the RANGEs its INDEX is computed from; failure when the
/// source reads anything else a register tile cannot share (a register or
/// local buffer, another REDUCE).
FailureOr<SmallVector<llvm::SmallPtrSet<Operation *, 8>>>
operandRanges(Value src) {
  SmallVector<llvm::SmallPtrSet<Operation *, 8>> loads;
  llvm::SmallPtrSet<Operation *, 32> seen;
  SmallVector<Value> work = {src};
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || isa<RangeOp>(def) || !seen.insert(def).second)
      continue;
    if (isa<ReduceOp>(def))
      return failure();
    if (auto ld = dyn_cast<LoadOp>(def)) {
      auto idx = ld.getIndex().getDefiningOp<IndexOp>();
      if (!idx || !isa<BlockArgument>(idx.getBuffer()))
        return failure();
      loads.push_back(rangesOf(idx.getResult()));
      continue;
    }
    llvm::append_range(work, def->getOperands());
  }
  return loads;
}

/// The upcast of `r` toward `want` lanes (a power of two): the whole range
/// when it is no longer than `want`, else a power-of-two divisor
/// (factorFor) or an overlapped last tile where allowed (upcastFor), else,
/// when those give under half of `want`, the largest divisor up to `want`
/// (14 pixels: 7 rather than 2); 1 when none fits.
int64_t tileLanes(RangeOp r, int64_t want, bool mayRecompute) {
  std::optional<int64_t> n = getConstantExtent(r);
  if (!n)
    return 1;
  if (*n <= want)
    return *n;
  int64_t f = upcastFor(r, want, mayRecompute).first;
  for (int64_t d = want; 2 * f < want && d > f; --d)
    if (*n % d == 0)
      return d;
  return f;
}
} // namespace

/// The channel range of REDUCE `red` when its operands have a convolution's
/// form over `outputs` (some but not all of the kernel-argument loads it
/// multiplies read the innermost output, one of those also reads the next
/// output, and the channel is the innermost output that some load reads and
/// none along the pixels does); null otherwise.
static RangeOp convChannel(ReduceOp red, ArrayRef<RangeOp> outputs) {
  FailureOr<SmallVector<llvm::SmallPtrSet<Operation *, 8>>> loads =
      operandRanges(red.getSrc());
  if (failed(loads) || loads->size() < 2)
    return {};
  RangeOp pixel = outputs.back(), next = outputs[outputs.size() - 2];
  // The operands that read the innermost output (the input, along a row of
  // pixels), and whether one of them also reads the next output (a
  // convolution's oh; a matmul's next output is the other operand's).
  SmallVector<const llvm::SmallPtrSet<Operation *, 8> *> alongPixel;
  for (const auto &l : *loads)
    if (l.contains(pixel))
      alongPixel.push_back(&l);
  auto readAlongPixel = [&](RangeOp r) {
    return llvm::any_of(alongPixel, [&](auto *l) { return l->contains(r); });
  };
  if (alongPixel.empty() || alongPixel.size() == loads->size() ||
      !readAlongPixel(next))
    return {};
  for (RangeOp r : llvm::reverse(outputs.drop_back()))
    if (!readAlongPixel(r) &&
        llvm::any_of(*loads, [&](const auto &l) { return l.contains(r); }))
      return r;
  return {};
}

SmallVector<OptAttr> uop::convTileOpts(FunctionOp fn, ArrayRef<RangeOp> outputs,
                                       ArrayRef<RangeOp> reduces,
                                       int64_t lanes, int64_t registers,
                                       bool mayRecompute) {
  if (outputs.size() < 2 || reduces.empty() || lanes < 2)
    return {};
  SmallVector<ReduceOp> reds;
  fn.walk([&](ReduceOp r) { reds.push_back(r); });
  if (reds.empty())
    return {};
  // Every REDUCE a float add of one type over tiled reduce ranges, and every
  // reduce range some REDUCE's: a fused sum of convolutions (a ResNet
  // downsample block's 1x1 shortcut plus its 3x3) shares the output tile,
  // each REDUCE with accumulators of its own.
  Type type = reds.front().getType();
  llvm::SmallPtrSet<Operation *, 8> covered;
  for (ReduceOp red : reds) {
    if (red.getReduceOp() != ReduceOpKind::Add || red.getType() != type ||
        !isa<FloatType>(type))
      return {};
    for (Value v : red.getRanges()) {
      auto r = v.getDefiningOp<RangeOp>();
      if (!r || !llvm::is_contained(reduces, r))
        return {};
      covered.insert(r);
    }
  }
  if (covered.size() != reduces.size())
    return {};
  // The pixel and channel roles must agree: each REDUCE a convolution over
  // the same channel range (the pixel is the innermost output for all).
  RangeOp pixel = outputs.back(), channel;
  for (ReduceOp red : reds) {
    RangeOp c = convChannel(red, outputs);
    if (!c || (channel && c != channel))
      return {};
    channel = c;
  }
  // Pixels: one vector's worth, or up to two vectors when one leaves part
  // of a vector empty (14 or 28 pixels on 8 lanes: 14, not 7 or 4). The
  // input loads of a padded convolution are gated, which uop-expand does
  // not vectorize: the tile runs as scalar lanes that clang's SLP
  // vectorizer packs, a row of p pixels into p / lanes vectors and a
  // power-of-two piece per bit of the rest (14 on 8 lanes: 8 + 4 + 2), one
  // register each. Channels: as many as keep those accumulator registers
  // within the register file, up to 32 and kTileLanes lanes; more channels
  // share each gated load, more registers spill. Measured on a 2-core
  // Zen 3 VM (AVX2, 16 ymm) on ResNet-18's convolutions
  // (docs/performance.md): 8 x 16 beat 8 x 8 and 8 x 32 at 56 x 56, 14 x 4
  // and 14 x 8 beat 4 x 32 and 7 x 32 by 1.3-3x at 28 and 14, 7 x 8 and
  // 7 x 4 beat 7 x 16 and 7 x 32 at 7.
  int64_t p = tileLanes(pixel, lanes, mayRecompute);
  if (p < lanes) {
    int64_t two = tileLanes(pixel, 2 * lanes, mayRecompute);
    if (two > p && two <= 2 * lanes)
      p = two;
  }
  if (p < 2)
    p = 1;
  int64_t pieces = p / lanes + llvm::popcount(uint64_t(p % lanes));
  int64_t want = std::min<int64_t>(
      {std::max<int64_t>(registers / pieces, 2), 32, kTileLanes / p});
  int64_t c = tileLanes(
      channel, llvm::bit_floor(uint64_t(std::max<int64_t>(want, 1))),
      mayRecompute);
  if (p < 2 && c < 2)
    return {};
  MLIRContext *ctx = fn.getContext();
  SmallVector<OptAttr> opts;
  if (p >= 2)
    opts.push_back(
        OptAttr::get(ctx, OptOps::Upcast, pixel.getAxisId().getId(), p));
  if (c >= 2)
    opts.push_back(
        OptAttr::get(ctx, OptOps::Upcast, channel.getAxisId().getId(), c));
  return opts;
}
