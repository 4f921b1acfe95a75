//===- Passes.h - tirx transformation passes --------------------*- C++ -*-===//
#ifndef UOP_DIALECT_TIRX_TRANSFORMS_PASSES_H
#define UOP_DIALECT_TIRX_TRANSFORMS_PASSES_H

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Support/GPUChip.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace uop::tirx {
#define GEN_PASS_DECL
#include "uop/Dialect/TIRx/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "uop/Dialect/TIRx/Transforms/Passes.h.inc"

/// Replaces `op` by its persistent loop (tirx-lower-tile-schedules' rewrite,
/// for pipelines that schedule tiles themselves).
void lowerTileSchedule(mlir::RewriterBase &rewriter, TileScheduleOp op);

} // namespace uop::tirx

#endif // UOP_DIALECT_TIRX_TRANSFORMS_PASSES_H
