//===- MatmulMatch.h - a kernel that is a tensor-core matmul ----*- C++ -*-===//
//
// The kernels tensor cores run: C[i, j] = epilogue(sum_k ext(A[i, k]) *
// ext(B[k, j])), A and B row-major f16 or bf16 kernel arguments, the sum in
// f32, followed by a chain of elementwise ops whose other operands are
// constants or f32 arguments read at an affine index of (i, j) (a bias, a
// residual), and one store of the result (f32, or cast to f16 / bf16) into
// a row-major C. uop-optimize{target=cuda} matches a kernel to record TC;
// convert-uop-to-tirx matches it again to build the tiled program.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_UTILS_MATMULMATCH_H
#define UOP_DIALECT_UOP_UTILS_MATMULMATCH_H

#include "uop/Dialect/UOp/IR/UOp.h"

namespace uop {

/// One elementwise op after the sum. `chain` is the operand number of the
/// running value; for a binary op the other operand is a constant or a
/// load of `arg` at `rowStride * i + colStride * j`.
struct MatmulEpilogueStep {
  mlir::Operation *op = nullptr;
  unsigned chain = 0;
  mlir::FloatAttr constant;
  mlir::BlockArgument arg;
  int64_t rowStride = 0, colStride = 0;
};

struct MatmulMatch {
  RangeOp i, j, k;
  int64_t m = 0, n = 0, kExtent = 0;
  mlir::BlockArgument a, b, c;
  mlir::Type inType;  // f16 or bf16
  mlir::Type outType; // the stored dtype: f32, f16 or bf16
  ReduceOp reduce;
  llvm::SmallVector<MatmulEpilogueStep> epilogue;
  StoreOp store;
};

/// The block tile of the tensor-core kernels: 128 x 128 outputs per CTA
/// (eight warps of 64 x 32), K in steps of 32.
constexpr int64_t kTensorCoreTileM = 128, kTensorCoreTileN = 128,
                  kTensorCoreTileK = 32;

/// TC's amount names its form. kTensorCoreTileK: the tiled kernel above,
/// whose loops stay for convert-uop-to-tirx. kWmmaStepK: uop-optimize
/// rewrites the kernel into one warp per 16 x 8 tile of C and m16n8k16
/// uop.wmma steps, tails masked (any M, N, K), and the passes after it
/// treat it as any other kernel.
constexpr int64_t kWmmaStepK = 16;

/// Whether `kernel`'s applied_opts hold TC in its tiled form.
bool hasTiledTensorCoreOpt(FunctionOp kernel);

/// The matmul `kernel` is, or failure (no diagnostic: most kernels are not).
mlir::FailureOr<MatmulMatch> matchMatmul(FunctionOp kernel);

} // namespace uop

#endif
