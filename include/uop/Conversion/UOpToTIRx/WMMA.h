//===- WMMA.h - uop.wmma to mma.sync ----------------------------*- C++ -*-===//
//
// A kernel's `uop.wmma` (tinygrad's WMMA: the per-thread fragments of one
// warp's D = A * B + C) on the GPU path, in two steps around
// uop-devectorize, which splits every vector value into lanes and knows no
// tensor-core op:
//
//  1. before uop-devectorize (uop-wmma-lanes): the WMMA becomes its lanes,
//     one GEP per fragment element, and a lane-level op of scalars, a
//     `builtin.unrealized_conversion_cast` carrying the WMMA's metadata as
//     the `uop_wmma` attribute (A's 8, B's 4, C's 4 elements in, D's 4 out),
//     whose results make a VECTORIZE that replaces the WMMA's vector. The
//     chip, the shape and the dtypes are checked here: anything but the
//     sm_80 m16n8k16 f16/bf16 -> f32 shape on a chip with mma.sync is a
//     located error, and so is every WMMA on the C target.
//  2. in convert-uop-to-tirx: the lane-level op becomes one nvvm.mma.sync
//     m16n8k16 row.col (f16 pairs as vector<2xf16>, bf16 pairs as i32).
//
// The fragments are PTX's registers in order (tinygrad's CUDA renderer packs
// them so): lane l, g = l / 4, t = l % 4, holds A (16x16, row) elements
// (g, 2t..2t+1), (g+8, 2t..), (g, 2t+8..), (g+8, 2t+8..); B (16x8, col)
// (2t..2t+1, g), (2t+8..2t+9, g); C and D (16x8) (g, 2t..2t+1),
// (g+8, 2t..2t+1).
//
//===----------------------------------------------------------------------===//
#ifndef UOP_CONVERSION_UOPTOTIRX_WMMA_H
#define UOP_CONVERSION_UOPTOTIRX_WMMA_H

#include "uop/Support/GPUChip.h"
#include "uop/Support/Target.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace uop {
/// Step 1 as a pattern for `chip` (the GPUChip table's entry, as Triton
/// passes its TargetInfo): a uop.wmma of the supported shape becomes its
/// lanes (see above) where the chip has mma.sync; the pass diagnoses the
/// rest.
void populateUOpWmmaLanePatterns(mlir::RewritePatternSet &patterns,
                                 const GPUChip &chip);

/// Step 2: the lane-level WMMA op, placed by convert-uop-to-tirx with its
/// operands thread-level, becomes nvvm.mma.sync where `chip` has it.
void populateUOpToTIRxWmmaPatterns(mlir::RewritePatternSet &patterns,
                                   const GPUChip &chip);

/// Whether `op` is step 1's lane-level WMMA op.
bool isWmmaLaneOp(mlir::Operation *op);

/// The pass of step 1 on a uop.function (`uop-wmma-lanes`): Target::CUDA
/// with `chip` (a name of the GPUChip table with mma.sync; empty means
/// kDefaultGPUChip; an unknown name is a located error at each uop.wmma),
/// or Target::CPU, where every uop.wmma is a located error.
std::unique_ptr<mlir::Pass> createUOpWmmaLanesPass(Target target,
                                                   llvm::StringRef chip);
} // namespace uop

#endif // UOP_CONVERSION_UOPTOTIRX_WMMA_H
