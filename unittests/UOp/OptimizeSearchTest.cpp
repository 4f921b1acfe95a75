//===- OptimizeSearchTest.cpp - uop-optimize{search=N} with a fake timer --===//
//
// The search's decisions, made deterministic: a fake KernelTimer scores each
// schedule by its options, so the tests know which schedule is fastest and
// check that the search finds it, never returns one slower than the
// heuristic's, re-times a winner, keeps the heuristic's schedule when the
// timer fails, stays within search-candidates, and that search > 0 without
// a timer is an error.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Transforms/KernelTimer.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

#include <map>

using namespace mlir;
using namespace uop;

namespace {
// out[i, j] = in[i, j] * 2 over 64 x 64: the heuristic upcasts j by 4.
constexpr const char *kKernel = R"mlir(
uop.function @k(%out: !uop.ptr<f32, global, 4096> {uop.shape = array<i64: 64, 64>},
                %in: !uop.ptr<f32, global, 4096> {uop.shape = array<i64: 64, 64>}) {
  %c64 = arith.constant 64 : index
  %two = arith.constant 2.0 : f32
  %i = uop.range %c64, R0, loop
  %j = uop.range %c64, R1, loop
  %x = uop.index %in[%i, %j] : !uop.ptr<f32, global, 4096> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 4096> -> f32
  %m = arith.mulf %v, %two : f32
  %o = uop.index %out[%i, %j] : !uop.ptr<f32, global, 4096> -> f32
  %st = uop.store %o, %m : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}
)mlir";

class OptimizeSearchTest : public ::testing::Test {
protected:
  OptimizeSearchTest() {
    context.loadDialect<UOpDialect, arith::ArithDialect>();
  }
  ~OptimizeSearchTest() override { registerKernelTimer({}); }

  /// The kernel's applied_opts after uop-optimize with `search` (0: the
  /// heuristic) and `candidates`; diagnostics go to `diags`. Fails the test
  /// where the pass fails unless `mayFail`.
  std::string optimize(int64_t search, int64_t candidates = 48,
                       bool mayFail = false) {
    OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(kKernel, &context);
    EXPECT_TRUE(m);
    PassManager pm(&context);
    UOpOptimizeOptions opts;
    opts.search = search;
    opts.searchCandidates = candidates;
    pm.addNestedPass<FunctionOp>(createUOpOptimize(opts));
    ScopedDiagnosticHandler capture(&context, [&](Diagnostic &d) {
      diags += d.str() + "\n";
      return success();
    });
    if (failed(pm.run(*m))) {
      EXPECT_TRUE(mayFail) << diags;
      return "";
    }
    FunctionOp k = *m->getOps<FunctionOp>().begin();
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::interleaveComma(k.getSink().getInfo()->getAppliedOpts(), os);
    return text;
  }

  /// Installs a timer that scores a schedule by `score` of its printed
  /// opts_to_apply and counts the calls per schedule.
  void installScore(std::function<double(const std::string &)> score) {
    registerKernelTimer([this, score](FunctionOp k, Target t,
                                      double) -> llvm::Expected<double> {
      EXPECT_EQ(t, Target::CPU);
      std::string opts;
      llvm::raw_string_ostream os(opts);
      llvm::interleaveComma(k.getSink().getInfo()->getOptsToApply(), os);
      ++calls[opts];
      ++total;
      return score(opts);
    });
  }

  MLIRContext context;
  std::string diags;
  std::map<std::string, int> calls;
  int total = 0;
};

constexpr const char *kHeuristic = "#uop.opt<UPCAST, 1, 4>";

TEST_F(OptimizeSearchTest, HeuristicIsTheBaseline) {
  EXPECT_EQ(optimize(0), kHeuristic);
}

TEST_F(OptimizeSearchTest, WithoutATimerSearchIsAnError) {
  EXPECT_EQ(optimize(2, 48, /*mayFail=*/true), "");
  EXPECT_NE(diags.find("search=2 needs a kernel timer, and none is installed"),
            std::string::npos)
      << diags;
}

TEST_F(OptimizeSearchTest, FindsTheFastestSchedule) {
  // One step from the heuristic: an upcast of the other output range by 2.
  std::string fast = std::string(kHeuristic) + ", #uop.opt<UPCAST, 0, 2>";
  installScore([&](const std::string &o) { return o == fast ? 1.0 : 10.0; });
  EXPECT_EQ(optimize(1), fast);
  // Timed once in the search and once more beside the heuristic.
  EXPECT_EQ(calls[fast], 2);
  EXPECT_EQ(calls[kHeuristic], 2);
  EXPECT_NE(diags.find("heuristic 10.0000 ms, chosen 1.0000 ms"),
            std::string::npos)
      << diags;
}

TEST_F(OptimizeSearchTest, NeverSlowerThanTheHeuristic) {
  installScore([&](const std::string &o) { return o == kHeuristic ? 1 : 2; });
  EXPECT_EQ(optimize(2), kHeuristic);
  // Nothing beat it: no second timing.
  EXPECT_EQ(calls[kHeuristic], 1);
}

TEST_F(OptimizeSearchTest, AWinnerThatDoesNotRepeatIsDropped) {
  // Fast on its first run only (noise): the heuristic's schedule stays.
  std::string lucky = "#uop.opt<UPCAST, 1, 8>";
  installScore([&](const std::string &o) {
    if (o == lucky)
      return calls[o] == 1 ? 1.0 : 20.0;
    return 10.0;
  });
  EXPECT_EQ(optimize(1), kHeuristic);
  EXPECT_EQ(calls[lucky], 2);
}

TEST_F(OptimizeSearchTest, StaysWithinTheCandidateBudget) {
  // Every schedule slightly faster than the last keeps the search going.
  double next = 100;
  installScore([&](const std::string &) { return next -= 1; });
  optimize(4, /*candidates=*/7);
  // 7 in the search, 2 more to confirm the winner.
  EXPECT_EQ(total, 9);
  // Each schedule (each kernel) timed once in the search.
  for (auto &[opts, n] : calls)
    EXPECT_LE(n, 2) << opts;
}

TEST_F(OptimizeSearchTest, ATimerFailureKeepsTheHeuristic) {
  registerKernelTimer(
      [](FunctionOp, Target, double) -> llvm::Expected<double> {
        return llvm::createStringError("no compiler here");
      });
  EXPECT_EQ(optimize(2), kHeuristic);
  EXPECT_NE(diags.find("search skipped, the heuristic's schedule kept: "
                       "cannot time the heuristic's schedule: no compiler "
                       "here"),
            std::string::npos)
      << diags;
}
} // namespace
