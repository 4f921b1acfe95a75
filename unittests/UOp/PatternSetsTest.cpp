//===- PatternSetsTest.cpp - the exported uop pattern sets ----------------===//
//
// What a compiler outside this project does with the populate functions of
// uop/Dialect/UOp/Transforms/Patterns.h and
// uop/Conversion/UOpToTIRx/Patterns.h: put the sets it wants into its own
// RewritePatternSet (with its own patterns), freeze it and apply it, with
// this project's driver or with its own.
//
//===----------------------------------------------------------------------===//

#include "uop/Conversion/UOpToTIRx/Patterns.h"
#include "uop/Support/GPUChip.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Transforms/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace uop;

namespace {
// A kernel whose address is (i*8 + j) / 4 * 4 + (i*8 + j) % 4 for a RANGE
// i < 2 and j < 8: by the ranges, i*8 + j. Its REDUCE runs over a range its
// source does not read (an add: the source times 3).
constexpr const char *kKernel = R"mlir(
uop.function @k(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = uop.range %c2, R0, loop
  %j = uop.range %c8, R1, loop
  %k = uop.range %c3, R2, reduce
  %row = arith.muli %i, %c8 : index
  %flat = arith.addi %row, %j : index
  %q = arith.divui %flat, %c4 : index
  %q4 = arith.muli %q, %c4 : index
  %r = arith.remui %flat, %c4 : index
  %src = arith.addi %q4, %r : index
  %x = uop.index %in[%src] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 16> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%flat] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %o, %s : f32
  %end = uop.end %st[%i, %j] : !uop.void
  uop.sink %end : !uop.void info <name = "k">
}
)mlir";

class PatternSetsTest : public ::testing::Test {
protected:
  PatternSetsTest() {
    context.loadDialect<UOpDialect, arith::ArithDialect, math::MathDialect,
                        tirx::TIRxDialect, scf::SCFDialect,
                        gpu::GPUDialect>();
  }
  FunctionOp kernel(ModuleOp m) { return *m.getOps<FunctionOp>().begin(); }
  template <typename OpT> int64_t count(Operation *root) {
    int64_t n = 0;
    root->walk([&](OpT) { ++n; });
    return n;
  }
  MLIRContext context;
};

TEST_F(PatternSetsTest, SymbolicSetWithThisProjectsDriver) {
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(kKernel, &context);
  ASSERT_TRUE(m);
  RewritePatternSet set(&context);
  populateUOpSymbolicPatterns(set);
  FrozenRewritePatternSet frozen(std::move(set));
  applyUOpSimplifyPatterns(kernel(*m), frozen);
  // The division and remainder are gone; without the range clean-up set
  // the REDUCE over the range its source does not read stays.
  EXPECT_EQ(count<arith::DivUIOp>(*m), 0);
  EXPECT_EQ(count<arith::RemUIOp>(*m), 0);
  EXPECT_EQ(count<ReduceOp>(*m), 1);
}

TEST_F(PatternSetsTest, ComposedSetsWithAnOutsideDriver) {
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(kKernel, &context);
  ASSERT_TRUE(m);
  RewritePatternSet set(&context);
  populateUOpSymbolicPatterns(set);
  populateUOpRangeCleanupPatterns(set);
  populateUOpKernelCanonicalizationPatterns(set);
  FrozenRewritePatternSet frozen(std::move(set));
  // Upstream's driver, with the ranges in scope.
  {
    UOpRangeScope ranges;
    GreedyRewriteConfig config;
    config.setListener(&ranges.listener());
    ASSERT_TRUE(succeeded(applyPatternsGreedily(kernel(*m), frozen, config)));
  }
  EXPECT_EQ(count<arith::DivUIOp>(*m), 0);
  EXPECT_EQ(count<arith::RemUIOp>(*m), 0);
  // REDUCE add over 3 unread steps: the load times 3.
  EXPECT_EQ(count<ReduceOp>(*m), 0);
  EXPECT_EQ(count<arith::MulFOp>(*m), 1);
}

TEST_F(PatternSetsTest, RangeRulesNeedAScope) {
  // Outside a UOpRangeScope only constants are known: the patterns apply
  // and change nothing that needs a range (sound, not simplified).
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(kKernel, &context);
  ASSERT_TRUE(m);
  RewritePatternSet set(&context);
  populateUOpSymbolicPatterns(set);
  FrozenRewritePatternSet frozen(std::move(set));
  (void)applyPatternsGreedily(kernel(*m), frozen);
  EXPECT_EQ(count<arith::DivUIOp>(*m), 1);
  EXPECT_EQ(count<arith::RemUIOp>(*m), 1);
}

// uop ops placed in a prim_func's device_entry with thread-level operands,
// as convert-uop-to-tirx's walker places them.
constexpr const char *kPlaced = R"mlir(
tirx.prim_func @p() {
  tirx.device_entry {
    %reg = uop.define_reg size 4 id 0 : !uop.ptr<f32, reg, 4>
    %lds = uop.define_local 0 : !uop.ptr<f32, local, 64>
    %b = uop.barrier %lds : !uop.ptr<f32, local, 64>
  }
  tirx.return
}
)mlir";

TEST_F(PatternSetsTest, UOpToTIRxSetsApplyToPlacedOps) {
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(kPlaced, &context);
  ASSERT_TRUE(m);
  RewritePatternSet set(&context);
  populateUOpToTIRxPatterns(set, *lookupGPUChip(kDefaultGPUChip));
  FrozenRewritePatternSet frozen(std::move(set));
  PatternApplicator applicator(frozen);
  applicator.applyDefaultCostModel();
  SmallVector<Operation *> ops;
  m->walk([&](Operation *op) {
    if (isa<DefineRegOp, DefineLocalOp, BarrierOp>(op))
      ops.push_back(op);
  });
  ASSERT_EQ(ops.size(), 3u);
  SmallVector<Value> shared;
  for (Operation *op : ops) {
    FailureOr<SmallVector<Value>> repl = applyUOpToTIRxPatterns(op, applicator);
    ASSERT_TRUE(succeeded(repl));
    ASSERT_EQ(repl->size(), 1u);
    auto t = cast<tirx::BufferType>((*repl)[0].getType());
    shared.push_back((*repl)[0]);
    EXPECT_EQ(t.getScope(), shared.size() == 1 ? tirx::StorageScope::Local
                                               : tirx::StorageScope::Shared);
  }
  // The BARRIER's result is its source: the shared buffer.
  EXPECT_EQ(shared[1], shared[2]);
  EXPECT_EQ(count<gpu::BarrierOp>(*m), 1);
  EXPECT_EQ(count<tirx::AllocBufferOp>(*m), 2);
  EXPECT_EQ(count<DefineRegOp>(*m) + count<DefineLocalOp>(*m) +
                count<BarrierOp>(*m),
            0);
}
} // namespace
