//===- TensorCores.h - a matmul as per-warp uop.wmma ------------*- C++ -*-===//
//
// TC's second form (OptimizeApply's applyTC, amount kWmmaStepK): a matmul
// of any shape becomes one warp per 16 x 8 output tile, a K loop of
// m16n8k16 uop.wmma, tails masked (tinygrad's TC opt with padding).
//
//===----------------------------------------------------------------------===//
#ifndef UOP_LIB_DIALECT_UOP_TRANSFORMS_TENSORCORES_H
#define UOP_LIB_DIALECT_UOP_TRANSFORMS_TENSORCORES_H

#include "uop/Dialect/UOp/Utils/MatmulMatch.h"

#include <string>

namespace uop {

/// Rewrites the matmul `mm` of `kernel` into the WMMA form: global ranges
/// over the 16 x 8 tiles of C, a local range of the warp's 32 lanes, a
/// reduce range over K in steps of 16; the fragments gathered in
/// mma.sync's register order by gated loads (0 outside A or B), one
/// uop.wmma per step, a REDUCE of each of D's four elements, and the
/// epilogue and gated store per element. On failure the kernel is unchanged
/// and `why` says why.
mlir::LogicalResult rewriteMatmulToWmma(FunctionOp kernel,
                                        const MatmulMatch &mm,
                                        std::string &why);

} // namespace uop

#endif // UOP_LIB_DIALECT_UOP_TRANSFORMS_TENSORCORES_H
