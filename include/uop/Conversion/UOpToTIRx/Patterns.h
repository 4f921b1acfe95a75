//===- Patterns.h - uop-to-tirx conversion patterns -------------*- C++ -*-===//
//
// The per-op part of convert-uop-to-tirx as rewrite patterns, which another
// compiler can populate, extend or replace (as CIRCT's populate... headers).
// The loop nest stays a walker (KernelSchedule.h decides where each op goes,
// which no op-local pattern sees): it places each kernel op in the
// prim_func's device_entry with its operands already thread-level, as a
// conversion pattern's adaptor gives them (a buffer is a tirx buffer, a
// RANGE an scf.for induction variable, a SPECIAL a tirx.scope_id_def
// result), and applies these patterns to it. A LOAD or STORE reads its
// INDEX, placed just before it the same way; nothing else uses it.
//
//===----------------------------------------------------------------------===//
#ifndef UOP_CONVERSION_UOPTOTIRX_PATTERNS_H
#define UOP_CONVERSION_UOPTOTIRX_PATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/PatternApplicator.h"

namespace uop {
struct GPUChip;

/// LOAD / STORE through a one-index INDEX of a tirx buffer (tirx.buffer_load
/// / buffer_store, in an scf.if when the INDEX is gated; a gated LOAD gives
/// its alt, or 0, outside the gate), DEFINE_REG (a local buffer where it
/// is), DEFINE_LOCAL (a shared buffer at the top of the device_entry) and
/// BARRIER (gpu.barrier; its result is its source).
void populateUOpToTIRxMemoryPatterns(mlir::RewritePatternSet &patterns);

/// A REDUCE across threadIdx.x (GROUP), the CTA's only thread axis: each
/// thread's partial goes to shared memory and add/max/min combine with
/// tirx.tile.reduce <cta> (warp shuffles for 32-bit data), other operators
/// by every thread walking the partials.
void populateUOpToTIRxReducePatterns(mlir::RewritePatternSet &patterns);

/// Both sets and the WMMA lane op's (WMMA.h) for `chip`, the GPUChip
/// table's entry: what convert-uop-to-tirx applies.
void populateUOpToTIRxPatterns(mlir::RewritePatternSet &patterns,
                               const GPUChip &chip);

/// Applies the first pattern of `applicator` (over the sets above, cost
/// model applied) that matches `op`, placed as above, and returns the
/// values that replace its results (none when it was erased), or failure
/// when none matches.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
applyUOpToTIRxPatterns(mlir::Operation *op,
                       mlir::PatternApplicator &applicator);
} // namespace uop

#endif // UOP_CONVERSION_UOPTOTIRX_PATTERNS_H
