//===- ConvHeuristic.h - register tiles for convolution kernels -*- C++ -*-===//
//
// uop-optimize (cpu) tiles a kernel with a reduction over its two innermost
// output ranges (Optimize.cpp's registerTile), which suits a matmul: each of
// the two ranges is read by a different operand of the product, so every
// loaded value feeds a row or a column of the tile. In a convolution the two
// innermost outputs (oh, ow) are both read by the input; the filter, which
// only the output channel reads, would be broadcast to the whole tile and
// every input element loaded once per multiply-add. convTileOpts recognises
// that form from the kernel's loads (which output ranges each operand of the
// reduction reads) and tiles the innermost output range x the innermost
// output range that no operand reading it reads (the output channel).
//
//===----------------------------------------------------------------------===//
#ifndef UOP_LIB_DIALECT_UOP_TRANSFORMS_CONVHEURISTIC_H
#define UOP_LIB_DIALECT_UOP_TRANSFORMS_CONVHEURISTIC_H

#include "uop/Dialect/UOp/IR/UOp.h"

namespace uop {

/// The register tile of a convolution-shaped kernel as options (UPCASTs of
/// the innermost output range, one or two vectors of `lanes` accumulator
/// elements, and of the channel range, as many channels as keep the
/// accumulators within the `registers` vector registers), or none
/// when the kernel is not of that form: float add REDUCEs of one type over
/// `reduces` (one, or several fused convolutions summed: a ResNet downsample
/// block's shortcut and 3x3), each
/// of whose operands (the kernel-argument loads it reads) split the
/// innermost output range from the same other output range (the channel),
/// while the next output range is read by an operand that also reads the
/// innermost one (otherwise it is a matmul, which registerTile handles).
/// `mayRecompute` allows an overlapped last tile (kernelMayRecompute).
llvm::SmallVector<OptAttr> convTileOpts(FunctionOp fn,
                                        llvm::ArrayRef<RangeOp> outputs,
                                        llvm::ArrayRef<RangeOp> reduces,
                                        int64_t lanes, int64_t registers,
                                        bool mayRecompute);

class OptApplier;

/// Applies the tile of a convolution whose output rows are shorter than a
/// vector (`lanes`), or longer ones whose vector-row tile would recompute
/// many overlapped pixels, and whose input rows are read contiguously from
/// a buffer of rows `pitch` long: PITCH of the two innermost output ranges
/// (PitchRows.cpp), an UPCAST of the merged range by two vectors, and of
/// the channel as in the vector-row tile. False (the kernel unchanged) when
/// the kernel is not of that form.
bool convPitchTile(FunctionOp fn, llvm::ArrayRef<RangeOp> outputs,
                   llvm::ArrayRef<RangeOp> reduces, int64_t lanes,
                   int64_t registers, bool mayRecompute, OptApplier &applier);

} // namespace uop

#endif // UOP_LIB_DIALECT_UOP_TRANSFORMS_CONVHEURISTIC_H
