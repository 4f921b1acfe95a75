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
#include "uop/Dialect/UOp/Utils/AffineIndex.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace uop;

namespace {
/// The most lanes of a tile: each is an op copy uop-simplify then visits
/// (256: 85 ms of passes for the 56x56 conv's kernel, 512: 180 ms).
constexpr int64_t kTileLanes = 256;
/// The shortest run of contiguous pixels worth a vector tile.
constexpr int64_t kMinRun = 4;
/// PITCH for rows of a vector or more when its tiles compute at most this
/// percentage of the vector-row tile's lanes. Its stores run per lane
/// (~4% of a tile's time); measured on an AVX-512 Xeon (docs/performance.md):
/// 56 x 56 (91%) and the stride-2 28 x 28 at pitch 29 (93%) gained 4-6%,
/// 28 x 28 at pitch 30 (96%) tied.
constexpr int64_t kPitchPercent = 95;

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

/// The INDEXes of the loads of kernel arguments `src` (a REDUCE's source)
/// multiplies and adds; failure when the source reads anything else a
/// register tile cannot share (a register or local buffer, another REDUCE).
FailureOr<SmallVector<IndexOp>> operandLoads(Value src) {
  SmallVector<IndexOp> loads;
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
      loads.push_back(idx);
      continue;
    }
    llvm::append_range(work, def->getOperands());
  }
  return loads;
}

/// operandLoads' loads, each as the RANGEs its INDEX is computed from.
FailureOr<SmallVector<llvm::SmallPtrSet<Operation *, 8>>>
operandRanges(Value src) {
  FailureOr<SmallVector<IndexOp>> loads = operandLoads(src);
  if (failed(loads))
    return failure();
  SmallVector<llvm::SmallPtrSet<Operation *, 8>> ranges;
  for (IndexOp idx : *loads)
    ranges.push_back(rangesOf(idx.getResult()));
  return ranges;
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

/// The INDEXes of the loads `src` computes from (up to other loops' RANGEs)
/// that read `pixel`.
SmallVector<IndexOp> pixelReads(Value src, RangeOp pixel) {
  SmallVector<IndexOp> reads;
  llvm::SmallPtrSet<Operation *, 32> seen;
  SmallVector<Value> work = {src};
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || isa<RangeOp>(def) || !seen.insert(def).second)
      continue;
    auto ld = dyn_cast<LoadOp>(def);
    if (!ld) {
      llvm::append_range(work, def->getOperands());
      continue;
    }
    if (auto idx = ld.getIndex().getDefiningOp<IndexOp>();
        idx && rangesOf(idx.getResult()).contains(pixel))
      reads.push_back(idx);
  }
  return reads;
}

/// Whether every kernel-argument load of `src` that reads `pixel` reads a
/// run of pixels as consecutive elements: ungated, with coefficient 1 in its
/// innermost index and 0 in the others. uop-expand then computes a
/// power-of-two run of pixels as one vector (a stride-1 convolution of an
/// unpadded or realized padded input; a padded input read in place is gated).
bool pixelsAreContiguous(Value src, RangeOp pixel) {
  bool any = false;
  for (IndexOp idx : pixelReads(src, pixel)) {
    if (idx.getIndices().empty())
      continue;
    if (idx.getGate())
      return false;
    for (auto [i, v] : llvm::enumerate(idx.getIndices())) {
      AffineIndex a;
      if (failed(addAffineIndex(v, 1, a)))
        return false;
      if (a.of(pixel.getResult()) !=
          (i + 1 == idx.getIndices().size() ? 1 : 0))
        return false;
    }
    any = true;
  }
  return any;
}

/// An upcast of `r` by `want`: `want` when it divides the extent, or when
/// an overlapped last tile (`mayRecompute`) computes at most a quarter
/// more; else the largest power of two below `want` that divides.
int64_t rowUpcast(RangeOp r, int64_t want, bool mayRecompute) {
  std::optional<int64_t> n = getConstantExtent(r);
  if (!n || want < 2 || *n < want)
    return 1;
  int64_t waste = llvm::divideCeil(*n, want) * want - *n;
  if (waste == 0 || (mayRecompute && waste * 4 <= *n))
    return want;
  // (factorFor halves `want`: from 12 it tries 6 and 3, never 8.)
  int64_t f = factorFor(r, want);
  return f > 1 ? f : factorFor(r, llvm::bit_floor(uint64_t(want)));
}
/// UPCASTs of each range by its amount, in order, leaving out amounts
/// below 2.
SmallVector<OptAttr>
upcastOpts(MLIRContext *ctx,
           ArrayRef<std::pair<RangeOp, int64_t>> amounts) {
  SmallVector<OptAttr> opts;
  for (auto [r, n] : amounts)
    if (n >= 2)
      opts.push_back(
          OptAttr::get(ctx, OptOps::Upcast, r.getAxisId().getId(), n));
  return opts;
}
/// The row length (the innermost extent of the buffer's uop.shape) that
/// every kernel-argument load of `src` reading `pixel` reads; none when
/// they differ or one has no shape.
std::optional<int64_t> rowPitch(Value src, RangeOp pixel) {
  std::optional<int64_t> pitch;
  for (IndexOp idx : pixelReads(src, pixel)) {
    DenseI64ArrayAttr shape = argumentShape(idx.getBuffer());
    if (!shape || shape.empty() ||
        (pitch && *pitch != shape.asArrayRef().back()))
      return std::nullopt;
    pitch = shape.asArrayRef().back();
  }
  return pitch;
}
/// Whether a load of `fn` reads `pixel` from rows other than `pitch` long
/// (a residual added after the convolution): under PITCH uop-expand gathers
/// it lane by lane, which on a 56 x 56 layer cost what the tile saved (a
/// tie) and a third more of clang's time on ResNet-18 (its SLP vectorizer on
/// the gathered lanes).
bool readsOffPitch(FunctionOp fn, RangeOp pixel, int64_t pitch) {
  bool off = false;
  fn.walk([&](LoadOp ld) {
    auto idx = ld.getIndex().getDefiningOp<IndexOp>();
    if (!idx || !rangesOf(idx.getResult()).contains(pixel))
      return;
    DenseI64ArrayAttr shape = argumentShape(idx.getBuffer());
    off |= !shape || shape.empty() || shape.asArrayRef().back() != pitch;
  });
  return off;
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

/// The lanes the vector-row tile (below) computes over a kernel's pixels,
/// overlapped last tiles included; none where it does not apply.
static std::optional<int64_t> vectorRowLanes(RangeOp pixel, RangeOp next,
                                             int64_t lanes, bool mayRecompute) {
  std::optional<int64_t> w = getConstantExtent(pixel),
                         h = getConstantExtent(next);
  if (!w || !h || *w < 2)
    return std::nullopt;
  int64_t run = std::min<int64_t>(lanes, llvm::bit_floor(uint64_t(*w)));
  int64_t p = rowUpcast(pixel, run, mayRecompute);
  if (p < kMinRun || !llvm::isPowerOf2_64(p))
    return std::nullopt;
  int64_t rows = rowUpcast(next, 2, mayRecompute);
  return llvm::divideCeil(*h, rows) * rows * llvm::divideCeil(*w, p) * p;
}

/// The tile of a convolution whose input rows are contiguous (every
/// REDUCE's input read ungated, stride 1): a power-of-two run of pixels, up
/// to one vector, that uop-expand computes as vectors, two output rows of
/// it (each filter value broadcast once feeds two vectors), and as many
/// channels as keep the accumulators at half the vector registers
/// (AVX-512: 32 zmm, 2 x 16 pixels x 8 channels), or three quarters of 16
/// (AVX2: 2 x 8 x 6). Measured on ResNet-18's stride-1 3x3 convolutions on
/// an AVX-512 Xeon (docs/performance.md): 2 x 16 x 8 took 1.74 ms at
/// 56 x 56 against 2.53 for the scalar-lane tile (28 x 8), 1.97 for
/// 2 x 16 x 12 and 2.28 for 1 x 16 x 8. None when the rows are not
/// contiguous or the run is not a power of two of at least kMinRun pixels
/// (7 x 7 outputs: 4 of 7 took 7.6 ms against 9.7 for 7 x 8 scalar lanes).
static SmallVector<OptAttr>
vectorRowTileOpts(FunctionOp fn, ArrayRef<ReduceOp> reds,
                  ArrayRef<RangeOp> outputs, RangeOp channel, int64_t lanes,
                  int64_t registers, bool mayRecompute) {
  RangeOp pixel = outputs.back(), next = outputs[outputs.size() - 2];
  if (next == channel || !llvm::all_of(reds, [&](ReduceOp red) {
        return pixelsAreContiguous(red.getSrc(), pixel);
      }))
    return {};
  std::optional<int64_t> n = getConstantExtent(pixel);
  if (!n || *n < 2)
    return {};
  int64_t run = std::min<int64_t>(lanes, llvm::bit_floor(uint64_t(*n)));
  int64_t p = rowUpcast(pixel, run, mayRecompute);
  if (p < kMinRun || !llvm::isPowerOf2_64(p))
    return {};
  int64_t rows = rowUpcast(next, 2, mayRecompute);
  int64_t accumulators = registers >= 32 ? registers / 2 : registers * 3 / 4;
  int64_t want = std::max<int64_t>(accumulators / rows, 2);
  std::optional<int64_t> channels = getConstantExtent(channel);
  int64_t c = channels && *channels <= want
                  ? *channels
                  : rowUpcast(channel, want, mayRecompute);
  return upcastOpts(fn.getContext(), {{next, rows}, {pixel, p}, {channel, c}});
}

/// The REDUCEs of a convolution-shaped kernel and its channel range (see
/// convTileOpts); failure when the kernel is not of that form.
static FailureOr<std::pair<SmallVector<ReduceOp>, RangeOp>>
convForm(FunctionOp fn, ArrayRef<RangeOp> outputs, ArrayRef<RangeOp> reduces) {
  if (outputs.size() < 2 || reduces.empty())
    return failure();
  SmallVector<ReduceOp> reds;
  fn.walk([&](ReduceOp r) { reds.push_back(r); });
  if (reds.empty())
    return failure();
  // Every REDUCE a float add of one type over tiled reduce ranges, and every
  // reduce range some REDUCE's: a fused sum of convolutions (a ResNet
  // downsample block's 1x1 shortcut plus its 3x3) shares the output tile,
  // each REDUCE with accumulators of its own.
  Type type = reds.front().getType();
  llvm::SmallPtrSet<Operation *, 8> covered;
  for (ReduceOp red : reds) {
    if (red.getReduceOp() != ReduceOpKind::Add || red.getType() != type ||
        !isa<FloatType>(type))
      return failure();
    for (Value v : red.getRanges()) {
      auto r = v.getDefiningOp<RangeOp>();
      if (!r || !llvm::is_contained(reduces, r))
        return failure();
      covered.insert(r);
    }
  }
  if (covered.size() != reduces.size())
    return failure();
  // The pixel and channel roles must agree: each REDUCE a convolution over
  // the same channel range (the pixel is the innermost output for all).
  RangeOp channel;
  for (ReduceOp red : reds) {
    RangeOp c = convChannel(red, outputs);
    if (!c || (channel && c != channel))
      return failure();
    channel = c;
  }
  return std::make_pair(std::move(reds), channel);
}

SmallVector<OptAttr> uop::convTileOpts(FunctionOp fn, ArrayRef<RangeOp> outputs,
                                       ArrayRef<RangeOp> reduces,
                                       int64_t lanes, int64_t registers,
                                       bool mayRecompute) {
  auto form = convForm(fn, outputs, reduces);
  if (failed(form) || lanes < 2)
    return {};
  auto &[reds, channel] = *form;
  RangeOp pixel = outputs.back();
  if (SmallVector<OptAttr> opts = vectorRowTileOpts(fn, reds, outputs, channel,
                                                   lanes, registers,
                                                   mayRecompute);
      !opts.empty())
    return opts;
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
  return upcastOpts(fn.getContext(), {{pixel, p}, {channel, c}});
}

/// The bytes of the kernel-argument buffers the REDUCEs `reds` load, split
/// into the filter's (loads reading `channel` and not `pixel`) and the
/// input's per iteration of the output loops outside `channel` (loads
/// reading `pixel`, each divided by the extents of those loops it reads).
static std::pair<int64_t, int64_t>
operandBytes(ArrayRef<ReduceOp> reds, ArrayRef<RangeOp> outputs,
             RangeOp channel, RangeOp pixel) {
  int64_t filter = 0, input = 0;
  llvm::SmallPtrSet<Operation *, 8> seen;
  for (ReduceOp red : reds) {
    FailureOr<SmallVector<IndexOp>> loads = operandLoads(red.getSrc());
    for (IndexOp idx : succeeded(loads) ? *loads : SmallVector<IndexOp>()) {
      auto ptr = dyn_cast<PtrType>(idx.getBuffer().getType());
      if (!ptr || !ptr.hasSize() || !ptr.getElementType().isIntOrFloat() ||
          !seen.insert(idx).second)
        continue;
      int64_t bytes =
          ptr.getSize() * ptr.getElementType().getIntOrFloatBitWidth() / 8;
      llvm::SmallPtrSet<Operation *, 8> ranges = rangesOf(idx.getResult());
      if (!ranges.contains(pixel)) {
        filter += ranges.contains(channel) ? bytes : 0;
        continue;
      }
      for (RangeOp r : outputs) {
        if (r == channel)
          break;
        if (ranges.contains(r))
          bytes /= std::max<int64_t>(getConstantExtent(r).value_or(1), 1);
      }
      input += bytes;
    }
  }
  return {filter, input};
}

/// SWAPs the channel loop inside the pixel loop when the filter is the
/// smaller operand. The outer loop's operand stays in cache while the inner
/// one streams past once per outer step, so the smaller should stream: the
/// stride-2 3x3 layer 64 -> 128 channels at 56 x 56 (its input, split into
/// phases, 861 KB per image; its filter 295 KB) re-read the input once per
/// channel group: 6.9 -> 6.1 ms at batch 8 on 1 thread and 5.1 -> 3.5 on 2
/// (Zen 5, docs/performance.md); layers whose filter is the larger tie.
/// `bytes` is operandBytes' (filter, input).
static void swapWhenFilterIsSmaller(std::pair<int64_t, int64_t> bytes,
                                    RangeOp channelLoop, RangeOp pixelLoop,
                                    OptApplier &applier) {
  auto [filter, input] = bytes;
  if (channelLoop && pixelLoop && filter > 0 && filter < input)
    applier.tryApply(OptOps::Swap, channelLoop,
                     pixelLoop.getAxisId().getId());
}

// Rows shorter than a vector (ResNet-18's 14 x 14 and 7 x 7 layers at 16
// lanes) fill a vector only across rows: PITCH makes the output rows one
// range at the input's row pitch, whose tile is two vectors of
// consecutive (padded) pixels x the channels of the vector-row tile
// (AVX-512: 2 x 16 x 8; AVX2: 2 x 8 x 6). Measured on an AVX-512 Xeon
// (docs/performance.md): the 7 x 7, 512-channel 3x3 layer took 1.84-1.9 ms
// with 2 x 16 x 8 against 6.4 for 2 rows x 4 pixels x 8 channels; 1 x 16 x
// 16 took 3.8, 2 x 16 x 16 2.8-8.0 (spills), 4 x 16 x 4 2.2; 2 x 16 x 12
// was no faster on 1 thread (14 x 14 and 7 x 7 layers, alternating runs)
// and slower on 2. Rows of a vector or more take it too when the vector-row
// tile would recompute many overlapped pixels (kPitchPercent: 56 pixels in
// four 16-lane tiles compute 64).
bool uop::convPitchTile(FunctionOp fn, ArrayRef<RangeOp> outputs,
                        ArrayRef<RangeOp> reduces, int64_t lanes,
                        int64_t registers, bool mayRecompute,
                        OptApplier &applier) {
  auto form = convForm(fn, outputs, reduces);
  if (failed(form) || lanes < 2)
    return false;
  auto &[reds, channel] = *form;
  RangeOp pixel = outputs.back(), next = outputs[outputs.size() - 2];
  std::optional<int64_t> w = getConstantExtent(pixel),
                         h = getConstantExtent(next);
  if (next == channel || !w || !h || *h < 2 ||
      !llvm::all_of(reds, [&](ReduceOp red) {
        return pixelsAreContiguous(red.getSrc(), pixel);
      }))
    return false;
  // The pitch of the REDUCE with the most steps (a downsample block's 3x3
  // rather than its 1x1 shortcut, whose rows uop-expand then gathers).
  std::optional<int64_t> pitch;
  int64_t most = 0;
  for (ReduceOp red : reds) {
    std::optional<int64_t> p = rowPitch(red.getSrc(), pixel);
    if (!p || *p < *w)
      return false;
    int64_t steps = 1;
    for (Value v : red.getRanges())
      steps *= getConstantExtent(v.getDefiningOp<RangeOp>()).value_or(1);
    if (steps > most) {
      most = steps;
      pitch = p;
    }
  }
  int64_t extent = (*h - 1) * *pitch + *w;
  int64_t tile =
      std::min<int64_t>(2 * lanes, llvm::bit_floor(uint64_t(extent)));
  if (tile < lanes || (extent % tile && !mayRecompute))
    return false;
  // Rows of a vector or more: only where the vector-row tile's overlapped
  // last tiles compute enough more lanes to pay for the per-lane stores,
  // and nothing else is read per lane.
  if (*w >= lanes) {
    std::optional<int64_t> rowLanes =
        vectorRowLanes(pixel, next, lanes, mayRecompute);
    int64_t pitchLanes = llvm::divideCeil(extent, tile) * tile;
    if (rowLanes && (pitchLanes * 100 > *rowLanes * kPitchPercent ||
                     readsOffPitch(fn, pixel, *pitch)))
      return false;
  }
  int64_t accumulators = registers >= 32 ? registers / 2 : registers * 3 / 4;
  int64_t want = std::max<int64_t>(accumulators / (tile / lanes), 2);
  std::optional<int64_t> channels = getConstantExtent(channel);
  int64_t c = channels && *channels <= want
                  ? *channels
                  : rowUpcast(channel, want, mayRecompute);
  int64_t axis = next.getAxisId().getId();
  // Before PITCH merges (and erases) the pixel ranges.
  std::pair<int64_t, int64_t> bytes =
      operandBytes(reds, outputs, channel, pixel);
  if (!applier.tryApply(OptOps::Pitch, next, *pitch))
    return false;
  RangeOp q;
  fn.walk([&](RangeOp r) {
    if (r.getAxisId().getId() == axis)
      q = r;
  });
  // The loops left outside each tile (null where a tile took the range).
  RangeOp pixelLoop, channelLoop = channel;
  if (applier.tryApply(OptOps::Upcast, q, tile))
    pixelLoop = applier.lastSplit().first;
  if (c >= 2)
    channelLoop = applier.tryApply(OptOps::Upcast, channel, c)
                      ? applier.lastSplit().first
                      : channel;
  swapWhenFilterIsSmaller(bytes, channelLoop, pixelLoop, applier);
  return true;
}
