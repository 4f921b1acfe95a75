//===- CompileTierTest.cpp - How hard generated C is optimized ------------===//
//
// programWork's estimate on hand-written linear kernels, the tier it picks
// for lowered programs small and large, and what the tier changes in the
// flags and the cache key.
//
//===----------------------------------------------------------------------===//

#include "uop/Pipelines/Pipelines.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/CompileCache.h"
#include "uop/Runtime/Execute.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace {

class CompileTier : public ::testing::Test {
protected:
  CompileTier() {
    mlir::DialectRegistry registry;
    uop::registerCompilerDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text) {
    return mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  }

  /// `func @main` over tensors, lowered by uop-to-program for the CPU.
  mlir::OwningOpRef<mlir::ModuleOp> lower(llvm::StringRef text) {
    mlir::OwningOpRef<mlir::ModuleOp> m = parse(text);
    if (!m)
      return m;
    uop::UOpToProgramPipelineOptions options;
    options.target = uop::Target::CPU;
    if (llvm::Error err = uop::runPipeline(
            *m, "uop-to-program", [&](mlir::OpPassManager &pm) {
              uop::buildUOpToProgramPipeline(pm, options);
            })) {
      llvm::consumeError(std::move(err));
      return nullptr;
    }
    return m;
  }

  /// The CPU executable of `func @main` in `m` (the module outlives it).
  llvm::Expected<std::unique_ptr<uop::Executable>>
  compileMain(mlir::ModuleOp m) {
    auto fn = *m.getOps<mlir::func::FuncOp>().begin();
    return uop::Executable::compile(m, fn, uop::Target::CPU, "");
  }

  mlir::MLIRContext context;
};

// A LINEAR of two loops (8 x 4): the 4 ops before them once, the inner
// RANGE 8 times, the 5 ops of the inner body (its END included) 32 times,
// the outer END 8 times. The kernel function's graph (whose END closes
// both loops) is not what the C runs and does not count.
constexpr const char *kTwoLoops = R"mlir(
module {
  uop.function @k0(%arg0: !uop.ptr<f32, global, 32>) {
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.0 : f32
    %0 = uop.range %c8, R0, loop
    %1 = uop.range %c4, R1, loop
    %2 = arith.muli %0, %c4 : index
    %3 = arith.addi %2, %1 : index
    %4 = uop.index %arg0[%3] : !uop.ptr<f32, global, 32> -> f32
    %5 = uop.store %4, %cst : f32
    %6 = uop.end %5[%0, %1] : !uop.void
    uop.sink %6 : !uop.void info <name = "k0">
  }
  uop.function @main(%arg0: !uop.ptr<f32, global, 32>) {
    %d = uop.device "CPU"
    %l = uop.linear @k0 {
    ^bb0(%arg1: !uop.ptr<f32, global, 32>):
      %c8 = arith.constant 8 : index
      %c4 = arith.constant 4 : index
      %cst = arith.constant 1.0 : f32
      %0 = uop.range %c8, R0, loop
      %1 = uop.range %c4, R1, loop
      %2 = arith.muli %0, %c4 : index
      %3 = arith.addi %2, %1 : index
      %4 = uop.index %arg1[%3] : !uop.ptr<f32, global, 32> -> f32
      %5 = uop.store %4, %cst : f32
      %6 = uop.end %5[%1] : !uop.void
      %7 = uop.end %6[%0] : !uop.void
    }
    %p = uop.program @k0 device %d linear %l
    %c = uop.call @k0(%arg0) : (!uop.ptr<f32, global, 32>)
    uop.sink %c : !uop.void
  }
}
)mlir";

TEST_F(CompileTier, WorkCountsOpsPerIteration) {
  mlir::OwningOpRef<mlir::ModuleOp> m = parse(kTwoLoops);
  ASSERT_TRUE(m);
  EXPECT_EQ(uop::programWork(*m), 3 + 1 + 8 + 5 * 32 + 8);
  EXPECT_EQ(uop::programCompileTier(*m), uop::CCompileTier::Unoptimized);
}

// A loop to a variable's value may run any number of times: the program
// counts as large.
TEST_F(CompileTier, SymbolicExtentIsLarge) {
  mlir::OwningOpRef<mlir::ModuleOp> m = parse(R"mlir(
module {
  uop.function @main(%arg0: !uop.ptr<f32, global, 4096>) {
    %d = uop.device "CPU"
    %l = uop.linear {
    ^bb0(%arg1: !uop.ptr<f32, global, 4096>):
      %n = uop.define_var "n"[1, 4096]
      %cst = arith.constant 1.0 : f32
      %0 = uop.range %n, R0, loop
      %1 = uop.index %arg1[%0] : !uop.ptr<f32, global, 4096> -> f32
      %2 = uop.store %1, %cst : f32
      %3 = uop.end %2[%0] : !uop.void
    }
    uop.sink %l : !uop.void
  }
}
)mlir");
  ASSERT_TRUE(m);
  EXPECT_GE(uop::programWork(*m), uop::kQuickCompileWork);
  EXPECT_EQ(uop::programCompileTier(*m), uop::CCompileTier::Optimized);
}

std::string matmul(int n) {
  std::string t = "tensor<" + std::to_string(n) + "x" + std::to_string(n) +
                  "xf32>";
  std::string t3 = "tensor<" + std::to_string(n) + "x1x" + std::to_string(n) +
                   "xf32>";
  std::string t3t = "tensor<1x" + std::to_string(n) + "x" +
                    std::to_string(n) + "xf32>";
  std::string tb = "tensor<" + std::to_string(n) + "x" + std::to_string(n) +
                   "x" + std::to_string(n) + "xf32>";
  return "func.func @main(%a: " + t + ", %b: " + t + ") -> " + t + " {\n" +
         "  %0 = uop.reshape %a : " + t + " -> " + t3 + "\n" +
         "  %1 = uop.permute %b [1, 0] : " + t + " -> " + t + "\n" +
         "  %2 = uop.reshape %1 : " + t + " -> " + t3t + "\n" +
         "  %3 = uop.expand %0 : " + t3 + " -> " + tb + "\n" +
         "  %4 = uop.expand %2 : " + t3t + " -> " + tb + "\n" +
         "  %5 = arith.mulf %3, %4 : " + tb + "\n" +
         "  %6 = uop.reduce_axis add %5 [2] : " + tb + " -> " + t + "\n" +
         "  return %6 : " + t + "\n}\n";
}

// The first-call benchmark's 64^3 matmul compiles at -O0, 96^3 at -O1,
// benchmarks/cpu's 512^3 and larger at -O2.
TEST_F(CompileTier, MatmulTiersBySize) {
  mlir::OwningOpRef<mlir::ModuleOp> small = lower(matmul(64));
  mlir::OwningOpRef<mlir::ModuleOp> medium = lower(matmul(96));
  mlir::OwningOpRef<mlir::ModuleOp> large = lower(matmul(512));
  ASSERT_TRUE(small && medium && large);
  EXPECT_EQ(uop::programCompileTier(*small), uop::CCompileTier::Unoptimized);
  EXPECT_EQ(uop::programCompileTier(*medium), uop::CCompileTier::Quick);
  EXPECT_EQ(uop::programCompileTier(*large), uop::CCompileTier::Optimized);
  // 512 times the multiply-adds, about 512 times the estimate (the tiles
  // differ little between the two).
  int64_t ratio = uop::programWork(*large) / uop::programWork(*small);
  EXPECT_GE(ratio, 128);
  EXPECT_LE(ratio, 1024);
}

/// Files `prog_*` in `dir`: the compiled programs UOP_CACHE_DIR holds.
int cachedPrograms(llvm::StringRef dir) {
  int n = 0;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    n += llvm::sys::path::filename(it->path()).starts_with("prog_");
  return n;
}

// A small program starts at -O0; its 16th run compiles it again at -O2 (a
// second entry in UOP_CACHE_DIR, whose key has the tier), and every run
// computes a * b + c.
TEST_F(CompileTier, HotProgramIsCompiledAgainOptimized) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("uop-tier", dir));
  const char *old = std::getenv("UOP_CACHE_DIR");
  std::string saved = old ? old : "";
  setenv("UOP_CACHE_DIR", dir.c_str(), 1);
  mlir::OwningOpRef<mlir::ModuleOp> m = parse(R"mlir(
func.func @main(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = arith.mulf %a, %b : tensor<8x8xf32>
  %1 = arith.addf %0, %c : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
)mlir");
  ASSERT_TRUE(m);
  llvm::Expected<std::unique_ptr<uop::Executable>> exe = compileMain(*m);
  ASSERT_TRUE(bool(exe)) << llvm::toString(exe.takeError());
  std::vector<float> a(64), b(64), c(64), out(64);
  for (int i = 0; i < 64; ++i)
    a[i] = 0.5f * i, b[i] = 3.0f - 0.25f * i, c[i] = 1.0f + i;
  EXPECT_EQ(cachedPrograms(dir), 1);
  for (int run = 1; run <= 17; ++run) {
    std::fill(out.begin(), out.end(), 0.0f);
    llvm::Error err = (*exe)->run({a.data(), b.data(), c.data()}, {out.data()});
    ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));
    for (int i = 0; i < 64; ++i)
      ASSERT_NEAR(out[i], a[i] * b[i] + c[i], 1e-4f) << "run " << run;
    EXPECT_EQ(cachedPrograms(dir), run < 16 ? 1 : 2) << "run " << run;
  }
  if (old)
    setenv("UOP_CACHE_DIR", saved.c_str(), 1);
  else
    unsetenv("UOP_CACHE_DIR");
  llvm::sys::fs::remove_directories(dir);
}

// time() reruns the last run's buffers: before a run there are none, and it
// says so instead of calling the program on no arguments.
TEST_F(CompileTier, TimeBeforeAnyRunIsAnError) {
  mlir::OwningOpRef<mlir::ModuleOp> m = parse(R"mlir(
func.func @main(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = arith.addf %a, %a : tensor<8xf32>
  return %0 : tensor<8xf32>
}
)mlir");
  ASSERT_TRUE(m);
  llvm::Expected<std::unique_ptr<uop::Executable>> exe = compileMain(*m);
  ASSERT_TRUE(bool(exe)) << llvm::toString(exe.takeError());
  llvm::Expected<double> early = (*exe)->time(2);
  ASSERT_FALSE(bool(early));
  EXPECT_NE(llvm::toString(early.takeError()).find("run first"),
            std::string::npos);
  std::vector<float> a(8, 1.0f), out(8);
  llvm::Error err = (*exe)->run({a.data()}, {out.data()});
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));
  llvm::Expected<double> ms = (*exe)->time(2);
  ASSERT_TRUE(bool(ms)) << llvm::toString(ms.takeError());
  EXPECT_EQ(out[7], 2.0f);
}

bool has(const std::vector<std::string> &flags, llvm::StringRef f) {
  return std::find(flags.begin(), flags.end(), f.str()) != flags.end();
}

TEST(CompileTierFlags, QuickIsO1WithoutUnrollingUnoptimizedIsO0) {
  uop::CCompiler clang;
  clang.clang = true;
  std::vector<std::string> optimized =
      uop::cCompileFlags(clang, false, uop::CCompileTier::Optimized);
  std::vector<std::string> quick =
      uop::cCompileFlags(clang, false, uop::CCompileTier::Quick);
  EXPECT_TRUE(has(optimized, "-O2"));
  EXPECT_FALSE(has(optimized, "-O1"));
  EXPECT_FALSE(has(optimized, "-fno-unroll-loops"));
  EXPECT_TRUE(has(quick, "-O1"));
  EXPECT_FALSE(has(quick, "-O2"));
  EXPECT_TRUE(has(quick, "-fno-unroll-loops"));
  std::vector<std::string> unoptimized =
      uop::cCompileFlags(clang, false, uop::CCompileTier::Unoptimized);
  EXPECT_TRUE(has(unoptimized, "-O0"));
  EXPECT_FALSE(has(unoptimized, "-O1") || has(unoptimized, "-O2"));
  // The rest is the same: the C's semantics (contraction, errno) do not
  // depend on the tier.
  for (llvm::StringRef f : {"-march=native", "-ffp-contract=fast",
                            "-fno-math-errno", "-fno-vectorize"})
    EXPECT_TRUE(has(quick, f) && has(optimized, f) && has(unoptimized, f))
        << f.str();
}

TEST(CompileTierFlags, TierIsPartOfTheCacheKey) {
  EXPECT_NE(uop::cProgramKey("int x;", uop::CCompileTier::Quick),
            uop::cProgramKey("int x;", uop::CCompileTier::Optimized));
  EXPECT_NE(uop::cProgramKey("int x;", uop::CCompileTier::Quick),
            uop::cProgramKey("int x;", uop::CCompileTier::Unoptimized));
  EXPECT_EQ(uop::cProgramKey("int x;", uop::CCompileTier::Quick),
            uop::cProgramKey("int x;", uop::CCompileTier::Quick));
}

} // namespace
