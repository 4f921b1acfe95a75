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
  SmallVector<HostTensor> run(StringRef text, ArrayRef<HostTensor> args) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    if (!module)
      return {};
    auto fn = *module->getOps<func::FuncOp>().begin();
    FailureOr<SmallVector<HostTensor>> out = interpretTensorFunction(fn, args);
    EXPECT_TRUE(succeeded(out));
    return succeeded(out) ? *out : SmallVector<HostTensor>();
  }
  static HostTensor iota(SmallVector<int64_t> shape) {
    HostTensor h;
    h.shape = shape;
    for (int64_t i = 0; i < h.numElements(); ++i)
      h.data.push_back(i);
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

TEST_F(InterpreterTest, SoftmaxOfKnownValues) {
  auto out = run(R"(
    func.func @f(%x: tensor<1x2xf32>) -> tensor<1x2xf32> {
      %m = uop.reduce_axis max %x [1] : tensor<1x2xf32> -> tensor<1xf32>
      %mr = uop.reshape %m : tensor<1xf32> -> tensor<1x1xf32>
      %me = uop.expand %mr : tensor<1x1xf32> -> tensor<1x2xf32>
      %d = arith.subf %x, %me : tensor<1x2xf32>
      %e = math.exp %d : tensor<1x2xf32>
      %s = uop.reduce_axis add %e [1] : tensor<1x2xf32> -> tensor<1xf32>
      %sr = uop.reshape %s : tensor<1xf32> -> tensor<1x1xf32>
      %se = uop.expand %sr : tensor<1x1xf32> -> tensor<1x2xf32>
      %o = arith.divf %e, %se : tensor<1x2xf32>
      return %o : tensor<1x2xf32>
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

TEST_F(InterpreterTest, UndefinedIntegerResultsAreNaN) {
  // Division by zero and shifting by the width are undefined in arith.
  auto out = run(R"(
    func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>)
        -> (tensor<2xi32>, tensor<2xi32>) {
      %div = arith.floordivsi %a, %b : tensor<2xi32>
      %shl = arith.shli %a, %b : tensor<2xi32>
      return %div, %shl : tensor<2xi32>, tensor<2xi32>
    })",
                 {HostTensor{{2}, {5, 5}}, HostTensor{{2}, {0, 32}}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(std::isnan(out[0].data[0]));
  EXPECT_EQ(out[0].data[1], 0);
  EXPECT_EQ(out[1].data[0], 5);
  EXPECT_TRUE(std::isnan(out[1].data[1]));
}

TEST_F(InterpreterTest, UnsupportedOpIsAnErrorNotACrash) {
  module = parseSourceString<ModuleOp>(R"(
    func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
      %r = math.erf %a : tensor<4xf32>
      return %r : tensor<4xf32>
    })",
                                       &context);
  ASSERT_TRUE(module);
  std::string diag;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    diag = d.str();
    return success();
  });
  auto fn = *module->getOps<func::FuncOp>().begin();
  FailureOr<SmallVector<HostTensor>> out =
      interpretTensorFunction(fn, {HostTensor{{4}, {1, 2, 3, 4}}});
  EXPECT_TRUE(failed(out));
  EXPECT_NE(diag.find("cannot evaluate"), std::string::npos) << diag;
}
} // namespace
