//===- Patterns.h - uop rewrite pattern sets --------------------*- C++ -*-===//
//
// The rewrite patterns of uop-simplify as sets another pass (or another MLIR
// compiler) composes into its own greedy run, as tinygrad composes
// `graph_rewrite(sink, symbolic + pm_flatten_range + ...)`: uop-expand and
// uop-devectorize end with them instead of the pipeline running uop-simplify
// after each.
//
// The symbolic patterns read integer ranges (of RANGE, SPECIAL, DEFINE_VAR
// and what is computed from them). Those come from a UOpRangeScope active on
// the calling thread; without one, only constants count as known and the
// range-reading rules do nothing (every pattern stays sound).
//
//===----------------------------------------------------------------------===//
#ifndef UOP_DIALECT_UOP_TRANSFORMS_PATTERNS_H
#define UOP_DIALECT_UOP_TRANSFORMS_PATTERNS_H

#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

#include <memory>

namespace uop {
/// Index arithmetic by ranges (tinygrad's `symbolic`): x/c and x%c by
/// bounds, sums split by a divisor, gcd of a sum and its divisor, nested
/// div and mod, div/mod recombined, like terms cancelled, constants moved
/// outward, and results whose range is one value made constants.
void populateUOpSymbolicPatterns(mlir::RewritePatternSet &patterns);

/// Range and gate clean-up: REDUCE / END over ranges their computation does
/// not read, RANGEs of one iteration, REDUCE / END closing nothing, gates
/// always true or false, and LOADs nobody reads.
void populateUOpRangeCleanupPatterns(mlir::RewritePatternSet &patterns);

/// The canonicalizations of what kernels are made of: arith, math and uop
/// (those of every registered op would dominate a run's time).
void populateUOpKernelCanonicalizationPatterns(
    mlir::RewritePatternSet &patterns);

/// All three sets: what uop-simplify applies.
void populateUOpSimplifyPatterns(mlir::RewritePatternSet &patterns);

/// Makes integer ranges available to the symbolic patterns on this thread
/// while it lives (one per function being rewritten; scopes do not nest).
/// Ranges are inferred on demand and cached; pass `listener()` to the
/// rewrite driver so that the entries of erased ops are dropped.
class UOpRangeScope {
public:
  UOpRangeScope();
  ~UOpRangeScope();
  UOpRangeScope(const UOpRangeScope &) = delete;
  UOpRangeScope &operator=(const UOpRangeScope &) = delete;
  mlir::RewriterBase::Listener &listener();

  class Impl;

private:
  std::unique_ptr<Impl> impl;
};

/// Applies `patterns` (built from the sets above, possibly with others) to
/// the kernel `fn` greedily inside a UOpRangeScope, as uop-simplify does: no
/// region simplification, a rewrite budget of 32 per op (not converging is
/// not an error: each rewrite keeps the kernel correct), and merged
/// constants located at their first user. With `arithOnly` the driver
/// starts from the arith/math ops only (and reaches what rewriting them
/// touches), then erases what became trivially dead.
void applyUOpSimplifyPatterns(FunctionOp fn,
                              const mlir::FrozenRewritePatternSet &patterns,
                              bool arithOnly = false);
} // namespace uop

#endif // UOP_DIALECT_UOP_TRANSFORMS_PATTERNS_H
