//===- KernelReferenceTest.cpp - the kernel reference's lockstep warps ----===//
//
// uop-run --check compares a compiled kernel-level program with the kernel
// reference (uop/Runtime/KernelInterpreter.h). A WMMA there runs its warp's
// 32 threads in lockstep; these tests check its D against values worked out
// here, without the GPU pipeline or the PTX emulator, and its error for a
// warp that is not whole.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Runtime/KernelInterpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;
using namespace uop;

namespace {
/// One uop.wmma (16x8x16, f16 in, f32 out) over a local range of `lanes`
/// threads, each loading its fragments as PTX's mma.m16n8k16 lays them out
/// (lane l, g = l / 4, q = l % 4) and storing D's; and a schedule @main.
std::string wmmaProgram(int lanes) {
  std::string s = R"(
uop.function @k(%d: !uop.ptr<f32, global, 128> {uop.shape = array<i64: 16, 8>},
                %a: !uop.ptr<f16, global, 256> {uop.shape = array<i64: 16, 16>},
                %b: !uop.ptr<f16, global, 128> {uop.shape = array<i64: 16, 8>},
                %c: !uop.ptr<f32, global, 128> {uop.shape = array<i64: 16, 8>}) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant LANES : index
  %lane = uop.range %n, R0, local
  %g = arith.divui %lane, %c4 : index
  %q = arith.remui %lane, %c4 : index
  %q0 = arith.muli %q, %c2 : index
  %q1 = arith.addi %q0, %c1 : index
  %q8 = arith.addi %q0, %c8 : index
  %q9 = arith.addi %q1, %c8 : index
  %g8 = arith.addi %g, %c8 : index
)";
  s.replace(s.find("LANES"), 5, std::to_string(lanes));
  int n = 0;
  auto load = [&](const char *buf, const char *ty, int size, const char *row,
                  const char *col) {
    std::string i = std::to_string(n++);
    std::string ptr = std::string("!uop.ptr<") + ty + ", global, " +
                      std::to_string(size) + ">";
    s += "  %i" + i + " = uop.index %" + buf + "[%" + row + ", %" + col +
         "] : " + ptr + " -> " + ty + "\n";
    s += "  %v" + i + " = uop.load %" + buf + ", %i" + i + " : " + ptr +
         " -> " + ty + "\n";
    return "%v" + i;
  };
  auto vec = [&](const char *name, std::vector<std::string> elems,
                 const char *ty) {
    s += std::string("  %") + name + " = uop.vectorize ";
    for (size_t i = 0; i < elems.size(); ++i)
      s += (i ? ", " : "") + elems[i];
    s += " : vector<" + std::to_string(elems.size()) + "x" + ty + ">\n";
  };
  vec("fa",
      {load("a", "f16", 256, "g", "q0"), load("a", "f16", 256, "g", "q1"),
       load("a", "f16", 256, "g8", "q0"), load("a", "f16", 256, "g8", "q1"),
       load("a", "f16", 256, "g", "q8"), load("a", "f16", 256, "g", "q9"),
       load("a", "f16", 256, "g8", "q8"), load("a", "f16", 256, "g8", "q9")},
      "f16");
  vec("fb",
      {load("b", "f16", 128, "q0", "g"), load("b", "f16", 128, "q1", "g"),
       load("b", "f16", 128, "q8", "g"), load("b", "f16", 128, "q9", "g")},
      "f16");
  vec("fc",
      {load("c", "f32", 128, "g", "q0"), load("c", "f32", 128, "g", "q1"),
       load("c", "f32", 128, "g8", "q0"), load("c", "f32", 128, "g8", "q1")},
      "f32");
  s += R"(  %fd = uop.wmma %fa, %fb, %fc <name = "WMMA_8_16_16_half_float", dims = [8, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", threads = 32> : vector<8xf16>, vector<4xf16>, vector<4xf32>
)";
  const char *rows[] = {"g", "g", "g8", "g8"}, *cols[] = {"q0", "q1", "q0", "q1"};
  for (int i = 0; i < 4; ++i) {
    std::string e = std::to_string(i);
    s += "  %d" + e + " = uop.gep %fd [" + e + "] : vector<4xf32> -> f32\n";
    s += "  %o" + e + " = uop.index %d[%" + rows[i] + ", %" + cols[i] +
         "] : !uop.ptr<f32, global, 128> -> f32\n";
    s += "  %s" + e + " = uop.store %o" + e + ", %d" + e + " : f32\n";
  }
  s += R"(  %all = uop.group(%s0, %s1, %s2, %s3) : !uop.void, !uop.void, !uop.void, !uop.void
  %e = uop.end %all [%lane] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}
uop.function @main(%d: !uop.ptr<f32, global, 128>, %a: !uop.ptr<f16, global, 256>,
                   %b: !uop.ptr<f16, global, 128>, %c: !uop.ptr<f32, global, 128>) {
  %k = uop.call @k(%d, %a, %b, %c)
      : (!uop.ptr<f32, global, 128>, !uop.ptr<f16, global, 256>, !uop.ptr<f16, global, 128>, !uop.ptr<f32, global, 128>)
  uop.sink %k : !uop.void
}
)";
  return s;
}

class KernelReferenceTest : public ::testing::Test {
protected:
  KernelReferenceTest() {
    context.loadDialect<UOpDialect, arith::ArithDialect>();
  }
  /// Runs @main of `text` on `buffers`; the diagnostics it gave in `diags`.
  LogicalResult run(const std::string &text,
                    MutableArrayRef<HostTensor> buffers) {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
      diags += d.str() + "\n";
      return success();
    });
    module = parseSourceString<ModuleOp>(text, &context);
    if (!module)
      return failure();
    auto main = module->lookupSymbol<FunctionOp>("main");
    return interpretSchedule(*module, main, buffers);
  }
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::string diags;
};

/// A tensor of `n` doubles f(i), for small integers f16 holds exactly.
HostTensor tensor(int64_t n, double (*f)(int64_t)) {
  HostTensor h;
  h.shape = {n};
  for (int64_t i = 0; i < n; ++i)
    h.data.push_back(f(i));
  return h;
}

TEST_F(KernelReferenceTest, WmmaIsTheWarpsMatrixProduct) {
  // A[r][k] = (r - k) % 5, B[k][c] = (k + 2c) % 3 - 1, C[r][c] = r + c:
  // every product and sum is an exact small integer.
  std::vector<HostTensor> buf = {
      tensor(128, [](int64_t) { return -1.0; }),
      tensor(256, [](int64_t i) { return double((i / 16 - i % 16) % 5); }),
      tensor(128, [](int64_t i) { return double((i / 8 + 2 * (i % 8)) % 3 - 1); }),
      tensor(128, [](int64_t i) { return double(i / 8 + i % 8); })};
  ASSERT_TRUE(succeeded(run(wmmaProgram(32), buf))) << diags;
  int64_t wrong = 0;
  for (int64_t r = 0; r < 16; ++r)
    for (int64_t c = 0; c < 8; ++c) {
      double d = r + c;
      for (int64_t k = 0; k < 16; ++k)
        d += double((r - k) % 5) * double((k + 2 * c) % 3 - 1);
      wrong += buf[0].data[r * 8 + c] != d;
    }
  EXPECT_EQ(wrong, 0);
}

TEST_F(KernelReferenceTest, WmmaOutsideAWholeWarpIsALocatedError) {
  std::vector<HostTensor> buf = {tensor(128, [](int64_t) { return 0.0; }),
                                 tensor(256, [](int64_t) { return 1.0; }),
                                 tensor(128, [](int64_t) { return 1.0; }),
                                 tensor(128, [](int64_t) { return 0.0; })};
  EXPECT_TRUE(failed(run(wmmaProgram(16), buf)));
  EXPECT_NE(diags.find("kernel reference: a WMMA runs on whole warps of 32 "
                       "threads; in warp 0 of this block fewer threads "
                       "reach it"),
            std::string::npos)
      << diags;
}
} // namespace
