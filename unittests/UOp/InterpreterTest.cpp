//===- InterpreterTest.cpp - the reference interpreter on known values ----===//
//
// uop-run --check trusts the interpreter, so it is checked here against
// values worked out by hand, independently of the compilation pipeline.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Runtime/Interpreter.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace uop;

namespace {
class InterpreterTest : public ::testing::Test {
protected:
  InterpreterTest() {
    context.loadDialect<UOpDialect, arith::ArithDialect, math::MathDialect,
                        func::FuncDialect>();
  }
  /// Runs the only function of `text` on `args`; fails the test on error.
  SmallVector<HostTensor>
  run(StringRef text, ArrayRef<HostTensor> args,
      FloatRounding rounding = FloatRounding::Reference) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    if (!module)
      return {};
    auto fn = *module->getOps<func::FuncOp>().begin();
    FailureOr<SmallVector<HostTensor>> out =
        interpretTensorFunction(fn, args, 0, rounding);
    EXPECT_TRUE(succeeded(out));
    return succeeded(out) ? *out : SmallVector<HostTensor>();
  }
  /// Runs the only function of `text` on `args`, expecting it to fail;
  /// returns the diagnostic.
  std::string runFails(StringRef text, ArrayRef<HostTensor> args) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    if (!module)
      return "";
    std::string diag;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
      diag = d.str();
      return success();
    });
    auto fn = *module->getOps<func::FuncOp>().begin();
    EXPECT_TRUE(failed(interpretTensorFunction(fn, args)));
    return diag;
  }
  static HostTensor iota(SmallVector<int64_t> shape) {
    HostTensor h;
    h.shape = shape;
    for (int64_t i = 0; i < h.numElements(); ++i)
      h.data.push_back(i);
    return h;
  }
  static HostTensor ints(std::vector<int64_t> v) {
    HostTensor h;
    h.shape = {(int64_t)v.size()};
    h.ints = v;
    return h;
  }
  static HostTensor floats(std::vector<double> v) {
    HostTensor h;
    h.shape = {(int64_t)v.size()};
    h.data = v;
    return h;
  }
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(InterpreterTest, PermuteTransposes) {
  auto out = run(R"(
    func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
      %p = uop.permute %a [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
      return %p : tensor<3x2xf32>
    })",
                 {iota({2, 3})});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].data, (std::vector<double>{0, 3, 1, 4, 2, 5}));
}

TEST_F(InterpreterTest, ThreeDimensionalPermute) {
  // result[i][j][k] = src[j][k][i] for axes [2, 0, 1].
  auto out = run(R"(
    func.func @f(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
      %p = uop.permute %a [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
      return %p : tensor<4x2x3xf32>
    })",
                 {iota({2, 3, 4})});
  ASSERT_EQ(out.size(), 1u);
  // result[1][1][2] = src[1][2][1] = 12 + 8 + 1.
  EXPECT_EQ(out[0].data[1 * 6 + 1 * 3 + 2], 21);
  EXPECT_EQ(out[0].data[0], 0);
  EXPECT_EQ(out[0].data[1], 4); // result[0][0][1] = src[0][1][0]
}

TEST_F(InterpreterTest, PadShrinkFlipExpand) {
  auto out = run(R"(
    func.func @f(%a: tensor<3xf32>, %b: tensor<1x2xf32>)
        -> (tensor<6xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3x2xf32>) {
      %p = uop.pad %a low [2] high [1] : tensor<3xf32> -> tensor<6xf32>
      %s = uop.shrink %a [1] to [3] : tensor<3xf32> -> tensor<2xf32>
      %f = uop.flip %a [true] : tensor<3xf32>
      %e = uop.expand %b : tensor<1x2xf32> -> tensor<3x2xf32>
      return %p, %s, %f, %e : tensor<6xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3x2xf32>
    })",
                 {HostTensor{{3}, {7, 8, 9}}, HostTensor{{1, 2}, {5, 6}}});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].data, (std::vector<double>{0, 0, 7, 8, 9, 0}));
  EXPECT_EQ(out[1].data, (std::vector<double>{8, 9}));
  EXPECT_EQ(out[2].data, (std::vector<double>{9, 8, 7}));
  EXPECT_EQ(out[3].data, (std::vector<double>{5, 6, 5, 6, 5, 6}));
}

TEST_F(InterpreterTest, ReshapeKeepsRowMajorOrder) {
  auto out = run(R"(
    func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
      %r = uop.reshape %a : tensor<2x3xf32> -> tensor<3x2xf32>
      return %r : tensor<3x2xf32>
    })",
                 {iota({2, 3})});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].data, (std::vector<double>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(out[0].shape, (SmallVector<int64_t>{3, 2}));
}

TEST_F(InterpreterTest, Reductions) {
  auto out = run(R"(
    func.func @f(%a: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<3xf32>, tensor<f32>) {
      %s = uop.reduce_axis add %a [1] : tensor<2x3xf32> -> tensor<2xf32>
      %m = uop.reduce_axis max %a [0] : tensor<2x3xf32> -> tensor<3xf32>
      %t = uop.reduce_axis min %a [0, 1] : tensor<2x3xf32> -> tensor<f32>
      return %s, %m, %t : tensor<2xf32>, tensor<3xf32>, tensor<f32>
    })",
                 {HostTensor{{2, 3}, {1, -2, 3, -4, 5, -6}}});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].data, (std::vector<double>{2, -5}));
  EXPECT_EQ(out[1].data, (std::vector<double>{1, 5, 3}));
  EXPECT_EQ(out[2].data, (std::vector<double>{-6}));
}

TEST_F(InterpreterTest, PerturbedRoundsWhereTheReferenceDoesNot) {
  // 1 + 2^-30 is not an f32: the reference rounds the add to 1, the
  // perturbed evaluation keeps it. 1 + 2^-24 + 2^-24 summed in double is
  // 1 + 2^-23 (an f32); accumulated in f32, each step ties back to 1.
  const char *text = R"(
    func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>) {
      %s = arith.addf %a, %b : tensor<3xf32>
      %r = uop.reduce_axis add %b [0] : tensor<3xf32> -> tensor<f32>
      return %s, %r : tensor<3xf32>, tensor<f32>
    })";
  double tiny = std::ldexp(1.0, -30), half = std::ldexp(1.0, -24);
  SmallVector<HostTensor> args = {floats({tiny, tiny, tiny}),
                                  floats({1, half, half})};
  auto ref = run(text, args);
  auto perturbed = run(text, args, FloatRounding::Perturbed);
  ASSERT_EQ(ref.size(), 2u);
  ASSERT_EQ(perturbed.size(), 2u);
  EXPECT_EQ(ref[0].data[0], 1.0);
  EXPECT_EQ(perturbed[0].data[0], 1.0 + tiny);
  EXPECT_EQ(ref[1].data[0], 1.0 + 2 * half);
  EXPECT_EQ(perturbed[1].data[0], 1.0);
  // The mode was this call's: the next one rounds as the reference again.
  EXPECT_EQ(run(text, args)[0].data[0], 1.0);
}

TEST_F(InterpreterTest, SoftmaxOfKnownValues) {
  // f64: the inputs and every step hold log(3) and the quotients to 1e-16
  // (an f32 program rounds log(3) and each result to f32).
  auto out = run(R"(
    func.func @f(%x: tensor<1x2xf64>) -> tensor<1x2xf64> {
      %m = uop.reduce_axis max %x [1] : tensor<1x2xf64> -> tensor<1xf64>
      %mr = uop.reshape %m : tensor<1xf64> -> tensor<1x1xf64>
      %me = uop.expand %mr : tensor<1x1xf64> -> tensor<1x2xf64>
      %d = arith.subf %x, %me : tensor<1x2xf64>
      %e = math.exp %d : tensor<1x2xf64>
      %s = uop.reduce_axis add %e [1] : tensor<1x2xf64> -> tensor<1xf64>
      %sr = uop.reshape %s : tensor<1xf64> -> tensor<1x1xf64>
      %se = uop.expand %sr : tensor<1x1xf64> -> tensor<1x2xf64>
      %o = arith.divf %e, %se : tensor<1x2xf64>
      return %o : tensor<1x2xf64>
    })",
                 {HostTensor{{1, 2}, {0.0, std::log(3.0)}}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].data[0], 0.25, 1e-15);
  EXPECT_NEAR(out[0].data[1], 0.75, 1e-15);
}

TEST_F(InterpreterTest, SplatConstantsAndMaximum) {
  auto out = run(R"(
    func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
      %z = arith.constant dense<0.0> : tensor<4xf32>
      %r = arith.maximumf %a, %z : tensor<4xf32>
      return %r : tensor<4xf32>
    })",
                 {HostTensor{{4}, {-1, 2, NAN, -0.5}}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].data[0], 0);
  EXPECT_EQ(out[0].data[1], 2);
  EXPECT_TRUE(std::isnan(out[0].data[2])); // maximumf propagates NaN
  EXPECT_EQ(out[0].data[3], 0);
}

TEST_F(InterpreterTest, BitwiseShiftAndUnsignedOnI32) {
  // a = [-7, 7, -7, 7], b = [2, 2, -2, -2]; as u32, -7 is 4294967289 and
  // -2 is 4294967294.
  auto out = run(R"(
    func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>)
        -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
            tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
            tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
      %one = arith.constant dense<1> : tensor<4xi32>
      %and = arith.andi %a, %b : tensor<4xi32>
      %or = arith.ori %a, %b : tensor<4xi32>
      %xor = arith.xori %a, %b : tensor<4xi32>
      %shl = arith.shli %a, %one : tensor<4xi32>
      %shrs = arith.shrsi %a, %one : tensor<4xi32>
      %shru = arith.shrui %a, %one : tensor<4xi32>
      %divu = arith.divui %a, %b : tensor<4xi32>
      %remu = arith.remui %a, %b : tensor<4xi32>
      %floor = arith.floordivsi %a, %b : tensor<4xi32>
      %ceil = arith.ceildivsi %a, %b : tensor<4xi32>
      %minu = arith.minui %a, %b : tensor<4xi32>
      %maxu = arith.maxui %a, %b : tensor<4xi32>
      return %and, %or, %xor, %shl, %shrs, %shru, %divu, %remu, %floor,
             %ceil, %minu, %maxu : tensor<4xi32>, tensor<4xi32>,
             tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
             tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
             tensor<4xi32>, tensor<4xi32>
    })",
                 {HostTensor{{4}, {-7, 7, -7, 7}}, HostTensor{{4}, {2, 2, -2, -2}}});
  ASSERT_EQ(out.size(), 12u);
  using V = std::vector<double>;
  EXPECT_EQ(out[0].data, (V{0, 2, -8, 6}));                // andi
  EXPECT_EQ(out[1].data, (V{-5, 7, -1, -1}));              // ori
  EXPECT_EQ(out[2].data, (V{-5, 5, 7, -7}));               // xori
  EXPECT_EQ(out[3].data, (V{-14, 14, -14, 14}));           // shli
  EXPECT_EQ(out[4].data, (V{-4, 3, -4, 3}));               // shrsi
  EXPECT_EQ(out[5].data, (V{2147483644, 3, 2147483644, 3})); // shrui
  EXPECT_EQ(out[6].data, (V{2147483644, 3, 0, 0}));        // divui
  EXPECT_EQ(out[7].data, (V{1, 1, -7, 7}));                // remui
  EXPECT_EQ(out[8].data, (V{-4, 3, 3, -4}));               // floordivsi
  EXPECT_EQ(out[9].data, (V{-3, 4, 4, -3}));               // ceildivsi
  EXPECT_EQ(out[10].data, (V{2, 2, -7, 7}));               // minui
  EXPECT_EQ(out[11].data, (V{-7, 7, -2, -2}));             // maxui
}

TEST_F(InterpreterTest, DivisionAndShiftEdgeCasesAreDefined) {
  // Poison in arith, defined by uop (docs/uop-dialect.md, "Edge cases"):
  // x / 0 is 0, a shift by the width or more is 0 (the sign for shrsi).
  auto out = run(R"(
    func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>)
        -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
      %div = arith.floordivsi %a, %b : tensor<2xi32>
      %shl = arith.shli %a, %b : tensor<2xi32>
      %neg = arith.subi %b, %a : tensor<2xi32>
      %shr = arith.shrsi %neg, %b : tensor<2xi32>
      return %div, %shl, %shr : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
    })",
                 {HostTensor{{2}, {5, 5}}, HostTensor{{2}, {0, 32}}});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_FALSE(out[0].isUndefined(0));
  EXPECT_EQ(out[0].ints, (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(out[1].ints, (std::vector<int64_t>{5, 0}));
  EXPECT_EQ(out[2].ints, (std::vector<int64_t>{-5, 0})); // -5 >> 0, 27 >> 32
}

TEST_F(InterpreterTest, UnsupportedOpIsAnErrorNotACrash) {
  std::string diag = runFails(R"(
    func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
      %r = math.acos %a : tensor<4xf32>
      return %r : tensor<4xf32>
    })",
                              {HostTensor{{4}, {1, 2, 3, 4}}});
  EXPECT_NE(diag.find("cannot evaluate"), std::string::npos) << diag;
}

TEST_F(InterpreterTest, I64IsExactAbove2To53) {
  // 2^62 + 1 and 2^60 + 3 are not doubles; their sum is exact in i64, and a
  // product wraps modulo 2^64.
  int64_t a = (1ll << 62) + 1, b = (1ll << 60) + 3;
  auto out = run(R"(
    func.func @f(%a: tensor<2xi64>, %b: tensor<2xi64>)
        -> (tensor<2xi64>, tensor<2xi64>, tensor<i64>) {
      %s = arith.addi %a, %b : tensor<2xi64>
      %four = arith.constant dense<4> : tensor<2xi64>
      %m = arith.muli %a, %four : tensor<2xi64>
      %r = uop.reduce_axis add %s [0] : tensor<2xi64> -> tensor<i64>
      return %s, %m, %r : tensor<2xi64>, tensor<2xi64>, tensor<i64>
    })",
                 {ints({a, -a}), ints({b, 1})});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].ints, (std::vector<int64_t>{a + b, -a + 1}));
  EXPECT_EQ(out[1].ints, (std::vector<int64_t>{4, -4})); // 2^64 + 4 wraps
  EXPECT_EQ(out[2].ints, (std::vector<int64_t>{b + 1}));
}

TEST_F(InterpreterTest, UnsignedOpsOnU64AndU32) {
  // u64 max is -1 in the bits; unsigned ops read it as 2^64 - 1.
  auto out = run(R"(
    func.func @f(%a: tensor<2xi64>, %b: tensor<2xi64>, %c: tensor<2xi32>)
        -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi1>, tensor<2xi32>,
            tensor<2xi32>) {
      %d = arith.divui %a, %b : tensor<2xi64>
      %m = arith.maxui %a, %b : tensor<2xi64>
      %lt = arith.cmpi ult, %a, %b : tensor<2xi64>
      %two = arith.constant dense<2> : tensor<2xi32>
      %s = arith.addi %c, %two : tensor<2xi32>
      %n = arith.minui %c, %two : tensor<2xi32>
      return %d, %m, %lt, %s, %n : tensor<2xi64>, tensor<2xi64>,
             tensor<2xi1>, tensor<2xi32>, tensor<2xi32>
    })",
                 {ints({-1, 7}), ints({3, -2}), ints({-1, 5})});
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ((uint64_t)out[0].ints[0], 6148914691236517205ull); // (2^64-1)/3
  EXPECT_EQ(out[0].ints[1], 0);                    // 7 / (2^64 - 2)
  EXPECT_EQ(out[1].ints, (std::vector<int64_t>{-1, -2}));
  EXPECT_EQ(out[2].ints, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(out[3].ints, (std::vector<int64_t>{1, 7})); // u32 max + 2 wraps
  EXPECT_EQ(out[4].ints, (std::vector<int64_t>{2, 2}));
}

TEST_F(InterpreterTest, HalfAndBFloatRoundEveryResult) {
  // 1/3 in f16 is 0x3555 = 0.333251953125; in bf16 0x3EAB = 0.333984375
  // (f32 0x3EAAAAAB rounded up). 2048 + 1 in f16 is a tie: even, 2048.
  auto out = run(R"(
    func.func @f(%a: tensor<2xf16>, %b: tensor<2xf16>, %c: tensor<2xbf16>)
        -> (tensor<2xf16>, tensor<2xf16>, tensor<2xbf16>) {
      %q = arith.divf %a, %b : tensor<2xf16>
      %s = arith.addf %a, %b : tensor<2xf16>
      %three = arith.constant dense<3.0> : tensor<2xbf16>
      %r = arith.divf %c, %three : tensor<2xbf16>
      return %q, %s, %r : tensor<2xf16>, tensor<2xf16>, tensor<2xbf16>
    })",
                 {floats({1, 2048}), floats({3, 1}), floats({1, -1})});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].data[0], 0.333251953125);
  EXPECT_EQ(out[1].data[1], 2048.0);
  EXPECT_EQ(out[2].data, (std::vector<double>{0.333984375, -0.333984375}));
}

TEST_F(InterpreterTest, HalfReductionRoundsEveryStep) {
  // A half accumulator: 2048 + 1 = 2048 (tie to even), twice; exact is 2050.
  // An f32 sum of the same values is exact.
  auto out = run(R"(
    func.func @f(%a: tensor<3xf16>) -> (tensor<f16>, tensor<f32>) {
      %r = uop.reduce_axis add %a [0] : tensor<3xf16> -> tensor<f16>
      %e = arith.extf %a : tensor<3xf16> to tensor<3xf32>
      %s = uop.reduce_axis add %e [0] : tensor<3xf32> -> tensor<f32>
      return %r, %s : tensor<f16>, tensor<f32>
    })",
                 {floats({2048, 1, 1})});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].data[0], 2048.0);
  EXPECT_EQ(out[1].data[0], 2050.0);
}

TEST_F(InterpreterTest, FloatToIntCasts) {
  // Truncation toward zero, saturating out of range (docs/uop-dialect.md,
  // "Edge cases").
  auto out = run(R"(
    func.func @f(%a: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>,
                                        tensor<4xi8>) {
      %u = arith.fptoui %a : tensor<4xf32> to tensor<4xi32>
      %s = arith.fptosi %a : tensor<4xf32> to tensor<4xi32>
      %b = arith.fptoui %a : tensor<4xf32> to tensor<4xi8>
      return %u, %s, %b : tensor<4xi32>, tensor<4xi32>, tensor<4xi8>
    })",
                 {floats({3.7, 4294967040.0, -1.5, -0.5})});
  ASSERT_EQ(out.size(), 3u);
  // fptoui: 3; 2^32 - 256 (bits -256 as i32); -1.5 saturates to 0; -0.5 -> 0.
  EXPECT_EQ(out[0].ints, (std::vector<int64_t>{3, -256, 0, 0}));
  EXPECT_TRUE(out[0].undefined.empty());
  // fptosi: 3; 4294967040 saturates to INT32_MAX; -1; 0.
  EXPECT_EQ(out[1].ints, (std::vector<int64_t>{3, INT32_MAX, -1, 0}));
  // fptoui to 8 bits: 3 fits, 4294967040 saturates to 255 (bits -1).
  EXPECT_EQ(out[2].ints[0], 3);
  EXPECT_EQ(out[2].ints[1], -1);
}

TEST_F(InterpreterTest, IntegerCastsAndIntToFloat) {
  auto out = run(R"(
    func.func @f(%a: tensor<2xi8>, %b: tensor<2xi32>, %c: tensor<2xi64>)
        -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<2xf32>,
            tensor<2xf64>, tensor<2xf16>) {
      %zx = arith.extui %a : tensor<2xi8> to tensor<2xi32>
      %sx = arith.extsi %a : tensor<2xi8> to tensor<2xi32>
      %tr = arith.trunci %b : tensor<2xi32> to tensor<2xi8>
      %uf = arith.uitofp %a : tensor<2xi8> to tensor<2xf32>
      %sf = arith.sitofp %c : tensor<2xi64> to tensor<2xf64>
      %hf = arith.sitofp %b : tensor<2xi32> to tensor<2xf16>
      return %zx, %sx, %tr, %uf, %sf, %hf : tensor<2xi32>, tensor<2xi32>,
             tensor<2xi8>, tensor<2xf32>, tensor<2xf64>, tensor<2xf16>
    })",
                 {ints({-1, 100}), ints({300, 2049}),
                  ints({(1ll << 53) + 1, -(1ll << 53) - 3})});
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(out[0].ints, (std::vector<int64_t>{255, 100}));
  EXPECT_EQ(out[1].ints, (std::vector<int64_t>{-1, 100}));
  EXPECT_EQ(out[2].ints, (std::vector<int64_t>{44, 1})); // 300 - 256, 2049 % 256
  EXPECT_EQ(out[3].data, (std::vector<double>{255, 100}));
  // 2^53 + 1 ties to 2^53; -(2^53 + 3) ties to -(2^53 + 4).
  EXPECT_EQ(out[4].data, (std::vector<double>{0x1p53, -0x1p53 - 4}));
  // 2049 in f16 (11-bit significand) ties to 2048; 300 is exact.
  EXPECT_EQ(out[5].data, (std::vector<double>{300, 2048}));
}

TEST_F(InterpreterTest, Bitcasts) {
  auto out = run(R"(
    func.func @f(%a: tensor<2xf32>, %h: tensor<1xf16>, %b: tensor<1xbf16>,
                 %i: tensor<1xi16>)
        -> (tensor<2xi32>, tensor<1xi16>, tensor<1xi16>, tensor<1xf16>,
            tensor<2xf32>) {
      %x = arith.bitcast %a : tensor<2xf32> to tensor<2xi32>
      %y = arith.bitcast %h : tensor<1xf16> to tensor<1xi16>
      %z = arith.bitcast %b : tensor<1xbf16> to tensor<1xi16>
      %w = arith.bitcast %i : tensor<1xi16> to tensor<1xf16>
      %back = arith.bitcast %x : tensor<2xi32> to tensor<2xf32>
      return %x, %y, %z, %w, %back : tensor<2xi32>, tensor<1xi16>,
             tensor<1xi16>, tensor<1xf16>, tensor<2xf32>
    })",
                 {floats({1.0, -2.0}), floats({1.0}), floats({-1.0}),
                  ints({0x3800})});
  ASSERT_EQ(out.size(), 5u);
  // f32 1.0 = 0x3F800000, -2.0 = 0xC0000000; f16 1.0 = 0x3C00; bf16 -1.0 =
  // 0xBF80 (as i16: -16512); f16 0x3800 = 0.5.
  EXPECT_EQ(out[0].ints, (std::vector<int64_t>{0x3F800000, (int32_t)0xC0000000}));
  EXPECT_EQ(out[1].ints[0], 0x3C00);
  EXPECT_EQ(out[2].ints[0], (int16_t)0xBF80);
  EXPECT_EQ(out[3].data[0], 0.5);
  EXPECT_EQ(out[4].data, (std::vector<double>{1.0, -2.0}));
}

TEST_F(InterpreterTest, RoundingAndMathOps) {
  auto out = run(R"(
    func.func @f(%a: tensor<5xf32>)
        -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>,
            tensor<5xf32>) {
      %f = math.floor %a : tensor<5xf32>
      %c = math.ceil %a : tensor<5xf32>
      %r = math.round %a : tensor<5xf32>
      %e = math.roundeven %a : tensor<5xf32>
      %t = math.trunc %a : tensor<5xf32>
      return %f, %c, %r, %e, %t : tensor<5xf32>, tensor<5xf32>,
             tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
    })",
                 {floats({-2.5, -0.5, 0.5, 1.5, 2.5})});
  ASSERT_EQ(out.size(), 5u);
  using V = std::vector<double>;
  EXPECT_EQ(out[0].data, (V{-3, -1, 0, 1, 2}));  // floor
  EXPECT_EQ(out[1].data, (V{-2, -0.0, 1, 2, 3})); // ceil
  EXPECT_EQ(out[2].data, (V{-3, -1, 1, 2, 3}));  // round: half away from 0
  EXPECT_EQ(out[3].data, (V{-2, -0.0, 0, 2, 2})); // roundeven
  EXPECT_EQ(out[4].data, (V{-2, -0.0, 0, 1, 2})); // trunc
  EXPECT_TRUE(std::signbit(out[3].data[1]));

  out = run(R"(
    func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>, %i: tensor<2xi32>)
        -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>,
            tensor<2xi32>) {
      %fma = math.fma %a, %b, %a : tensor<2xf32>
      %rem = arith.remf %a, %b : tensor<2xf32>
      %pow = math.powf %b, %a : tensor<2xf32>
      %erf = math.erf %a : tensor<2xf32>
      %abs = math.absi %i : tensor<2xi32>
      return %fma, %rem, %pow, %erf, %abs : tensor<2xf32>, tensor<2xf32>,
             tensor<2xf32>, tensor<2xf32>, tensor<2xi32>
    })",
            {floats({-7.5, 0.5}), floats({2, 4}),
             ints({-5, std::numeric_limits<int32_t>::min()})});
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(out[0].data, (V{-22.5, 2.5}));   // a*b + a
  EXPECT_EQ(out[1].data, (V{-1.5, 0.5}));    // fmod: sign of the dividend
  EXPECT_EQ(out[2].data, (V{(double)(float)std::pow(2.0, -7.5), 2})); // b^a
  // erf(0.5) = 0.5204998778130465..., rounded to f32.
  EXPECT_EQ(out[3].data[1], (double)(float)0.5204998778130465);
  // |INT_MIN| wraps to INT_MIN.
  EXPECT_EQ(out[4].ints,
            (std::vector<int64_t>{5, std::numeric_limits<int32_t>::min()}));
}

TEST_F(InterpreterTest, SelectAndIntegerReductionsOnEveryWidth) {
  auto out = run(R"(
    func.func @f(%c: tensor<3xi1>, %a: tensor<3xi64>, %b: tensor<3xi8>,
                 %h: tensor<3xf16>)
        -> (tensor<3xi64>, tensor<i8>, tensor<i8>, tensor<i8>, tensor<3xf16>) {
      %z = arith.constant dense<0> : tensor<3xi64>
      %s = arith.select %c, %a, %z : tensor<3xi1>, tensor<3xi64>
      %mx = uop.reduce_axis max %b [0] : tensor<3xi8> -> tensor<i8>
      %mn = uop.reduce_axis min %b [0] : tensor<3xi8> -> tensor<i8>
      %sum = uop.reduce_axis add %b [0] : tensor<3xi8> -> tensor<i8>
      %hz = arith.constant dense<0.0> : tensor<3xf16>
      %sh = arith.select %c, %h, %hz : tensor<3xi1>, tensor<3xf16>
      return %s, %mx, %mn, %sum, %sh : tensor<3xi64>, tensor<i8>, tensor<i8>,
             tensor<i8>, tensor<3xf16>
    })",
                 {ints({1, 0, 1}), ints({(1ll << 62) + 1, 5, -7}),
                  ints({-5, 100, 60}), floats({0.5, 1, -2})});
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(out[0].ints, (std::vector<int64_t>{(1ll << 62) + 1, 0, -7}));
  EXPECT_EQ(out[1].ints[0], 100); // signed max
  EXPECT_EQ(out[2].ints[0], -5);  // signed min
  EXPECT_EQ(out[3].ints[0], -101); // 155 wraps to 155 - 256
  EXPECT_EQ(out[4].data, (std::vector<double>{0.5, 0, -2}));
}

TEST_F(InterpreterTest, UndefinedPropagatesThroughReductions) {
  auto out = run(R"(
    func.func @f(%a: tensor<2x2xi32>, %b: tensor<2x2xi32>) -> tensor<2xi32> {
      %d = math.ipowi %a, %b : tensor<2x2xi32>
      %r = uop.reduce_axis add %d [1] : tensor<2x2xi32> -> tensor<2xi32>
      return %r : tensor<2xi32>
    })",
                 {HostTensor{{2, 2}, {}, {4, 6, 0, 9}, {}},
                  HostTensor{{2, 2}, {}, {1, 0, -1, 1}, {}}});
  // 0 to a negative power is the one undefined integer result left.
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].ints[0], 5);
  EXPECT_TRUE(out[0].isUndefined(1));
}

TEST_F(InterpreterTest, ReductionFlopsOfAMatmul) {
  // C[2x3] = A[2x4] B[4x3] as expand, mulf, reduce: 2*M*N*K = 48.
  module = parseSourceString<ModuleOp>(R"(
    func.func @f(%a: tensor<2x1x4xf32>, %b: tensor<1x3x4xf32>)
        -> tensor<2x3xf32> {
      %ae = uop.expand %a : tensor<2x1x4xf32> -> tensor<2x3x4xf32>
      %be = uop.expand %b : tensor<1x3x4xf32> -> tensor<2x3x4xf32>
      %m = arith.mulf %ae, %be : tensor<2x3x4xf32>
      %r = uop.reduce_axis add %m [2] : tensor<2x3x4xf32> -> tensor<2x3xf32>
      return %r : tensor<2x3xf32>
    })",
                                       &context);
  ASSERT_TRUE(module);
  auto fn = *module->getOps<func::FuncOp>().begin();
  EXPECT_EQ(countReductionFlops(fn), 48);
}
/// bf16 bits of a float, rounded to nearest-even by bit arithmetic (NaN
/// excluded): independent of the APFloat conversion the interpreter uses.
uint16_t bf16Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return (uint16_t)((u + 0x7FFF + ((u >> 16) & 1)) >> 16);
}
double bf16Value(uint16_t bits) {
  uint32_t u = (uint32_t)bits << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

TEST_F(InterpreterTest, HalfOpsMatchF32ComputeThenRoundEverywhere) {
  // Every finite f16 (and every finite bf16 from a stride of the bit
  // patterns) against a few second operands: the interpreter's add, mul and
  // div must be exactly "compute in f32, round to the half type", as the
  // C compiler's _Float16 (and bit-exact bf16 rounding) compute it.
  const char *prog = R"(
    func.func @f(%a: tensor<NxT>, %b: tensor<NxT>)
        -> (tensor<NxT>, tensor<NxT>, tensor<NxT>) {
      %s = arith.addf %a, %b : tensor<NxT>
      %m = arith.mulf %a, %b : tensor<NxT>
      %d = arith.divf %a, %b : tensor<NxT>
      return %s, %m, %d : tensor<NxT>, tensor<NxT>, tensor<NxT>
    })";
  const float seconds[] = {3.0f, -0.1f, 1.0009765625f, 65504.0f, 6.1e-5f};
  for (bool bf : {false, true}) {
#ifndef __FLT16_MANT_DIG__
    if (!bf)
      continue; // no _Float16 in this compiler
#endif
    std::vector<double> as, bs;
    std::vector<float> af, bfv;
    for (uint32_t bits = 0; bits < 0x10000; bits += bf ? 7 : 1) {
      double a;
      if (bf) {
        a = bf16Value((uint16_t)bits);
      } else {
#ifdef __FLT16_MANT_DIG__
        _Float16 h;
        uint16_t b16 = (uint16_t)bits;
        std::memcpy(&h, &b16, 2);
        a = (double)(float)h;
#endif
      }
      if (!std::isfinite(a))
        continue;
      for (float b : seconds) {
        double bv = bf ? bf16Value(bf16Bits(b)) : 0.0;
#ifdef __FLT16_MANT_DIG__
        if (!bf)
          bv = (double)(float)(_Float16)b;
#endif
        as.push_back(a);
        bs.push_back(bv);
      }
    }
    std::string text = prog;
    std::string shape = std::to_string(as.size()) + "x" + (bf ? "bf16" : "f16");
    for (size_t at; (at = text.find("NxT")) != std::string::npos;)
      text.replace(at, 3, shape);
    auto out = run(text, {floats(as), floats(bs)});
    ASSERT_EQ(out.size(), 3u);
    int64_t wrong = 0;
    for (size_t i = 0; i < as.size(); ++i) {
      float fa = (float)as[i], fb = (float)bs[i];
      float exact[3] = {fa + fb, fa * fb, fa / fb};
      for (int k = 0; k < 3; ++k) {
        double want;
        if (bf) {
          want = std::isnan(exact[k]) ? NAN : bf16Value(bf16Bits(exact[k]));
        } else {
#ifdef __FLT16_MANT_DIG__
          want = (double)(float)(_Float16)exact[k];
#endif
        }
        double got = out[k].data[i];
        bool same = std::isnan(want) ? std::isnan(got) : got == want;
        if (!same && ++wrong <= 5)
          ADD_FAILURE() << (bf ? "bf16 " : "f16 ") << as[i] << " op" << k << " "
                        << bs[i] << ": got " << got << ", want " << want;
      }
    }
    EXPECT_EQ(wrong, 0);
  }
}
// The multi-device ops in the global view (docs/multi-device.md).
TEST_F(InterpreterTest, MultiConcatenatesShardsAlongItsAxis) {
  // Shards [[0, 1], [2, 3]] and [[4, 5], [6, 7]] along axis 1: each row is
  // the first shard's row, then the second's.
  HostTensor b = iota({2, 2});
  for (double &v : b.data)
    v += 4;
  auto out = run(R"(
    func.func @f(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x4xf32> {
      %m = uop.multi %a, %b axis 1 : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x4xf32>
      return %m : tensor<2x4xf32>
    })",
                 {iota({2, 2}), b});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].data, (std::vector<double>{0, 1, 4, 5, 2, 3, 6, 7}));
}

TEST_F(InterpreterTest, AllReduceOfPerDeviceValues) {
  // Ops on an MSTACK run per device; ALLREDUCE combines the devices'
  // values; MSELECT picks one; ALLREDUCE add of a whole value counts one
  // copy per device of the tuple.
  auto out = run(R"(
    func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
      %t = uop.device ("CPU:0", "CPU:1", "CPU:2")
      %d = uop.device ("CPU:0", "CPU:1")
      %s = uop.mstack %a, %b : tensor<2xf32>
      %sq = arith.mulf %s, %s : tensor<2xf32>
      %sum = uop.allreduce add %sq, %d : tensor<2xf32>
      %max = uop.allreduce max %s, %d : tensor<2xf32>
      %one = uop.mselect %s [1] : tensor<2xf32>
      %three = uop.allreduce add %a, %t : tensor<2xf32>
      return %sum, %max, %one, %three : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
    })",
                 {floats({1, -2}), floats({3, 5})});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].data, (std::vector<double>{10, 29}));
  EXPECT_EQ(out[1].data, (std::vector<double>{3, 5}));
  EXPECT_EQ(out[2].data, (std::vector<double>{3, 5}));
  EXPECT_EQ(out[3].data, (std::vector<double>{3, -6}));
}

TEST_F(InterpreterTest, ReplicasThatDifferAreAnError) {
  std::string diag = runFails(R"(
    func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
      %m = uop.multi %a, %b : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
      return %m : tensor<2xf32>
    })",
                              {floats({1, 2}), floats({1, 3})});
  EXPECT_NE(diag.find("the replicas of a MULTI without an axis differ"),
            std::string::npos);
}

} // namespace
