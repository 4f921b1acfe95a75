//===- OptimizeSearch.h - uop-optimize's search over schedules --*- C++ -*-===//
//
// uop-optimize{search=N}: a beam search over schedules (tinygrad's BEAM,
// codegen/opt/search.py) that times each candidate with the installed
// KernelTimer and returns the fastest option list. Every candidate goes
// through OptApplier, the applier of heuristics and pinned schedules, so the
// winner replays exactly as the kernel's applied_opts.
//
//===----------------------------------------------------------------------===//
#ifndef UOP_LIB_DIALECT_UOP_TRANSFORMS_OPTIMIZESEARCH_H
#define UOP_LIB_DIALECT_UOP_TRANSFORMS_OPTIMIZESEARCH_H

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Transforms/KernelTimer.h"

#include <string>

namespace uop {

struct SearchConfig {
  /// Schedules kept from each step (the beam width, N of search=N).
  int64_t beam = 1;
  /// Most schedules timed per kernel, the heuristic's first (the bound on
  /// the search's time).
  int64_t maxCandidates = 48;
  /// PACK's rows of A in the candidates that pack (uop-optimize's pack-rows).
  int64_t packRows = 512;
  /// The OptApplier's settings (cpu only for now).
  bool noLocals = false;
};

struct SearchResult {
  /// The fastest schedule (the heuristic's unless one beat it twice).
  llvm::SmallVector<OptAttr> best;
  double heuristicMs = 0, bestMs = 0;
  /// Schedules timed (distinct kernels), and beam steps taken.
  int64_t timed = 0, steps = 0;
};

/// Searches schedules of `pristine`, a kernel as uop-optimize receives it
/// (left unchanged: every candidate is applied to a clone), starting from
/// the heuristic's `heuristic` and from no options (spelled [NOLOCALS],
/// which changes nothing on the cpu, so that it replays: an empty
/// opts_to_apply pins nothing). Candidates, in a fixed
/// order: the beam's schedules with one option's amount doubled or halved,
/// or one option dropped; then each extended by one option (UPCAST of an
/// output range, UNROLL or lanes of a reduce range, BLOCK with and without
/// PACK / PREFETCH) that applies cleanly. Kernels already timed are not timed
/// again. The beam keeps the `beam` fastest so far; the search ends when a
/// step finds nothing faster, nothing new, or maxCandidates were timed. A
/// winner other than the heuristic is timed again beside it and kept only if
/// faster again (the machine is noisy). Fails, with `why`, when the
/// heuristic's schedule itself cannot be timed.
mlir::FailureOr<SearchResult> searchSchedule(FunctionOp pristine,
                                             llvm::ArrayRef<OptAttr> heuristic,
                                             const SearchConfig &config,
                                             const KernelTimer &timer,
                                             std::string &why);

} // namespace uop

#endif // UOP_LIB_DIALECT_UOP_TRANSFORMS_OPTIMIZESEARCH_H
