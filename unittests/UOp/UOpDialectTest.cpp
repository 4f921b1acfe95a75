//===- UOpDialectTest.cpp - C++ API of the uop dialect --------------------===//
//
// The semantic helpers (priorities, reduce identities), the interfaces
// (RangeClosingOpInterface's start indices, unroll propagation) and the
// range inference, exercised through the C++ API.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace uop;

namespace {

class UOpDialectTest : public ::testing::Test {
protected:
  UOpDialectTest() {
    context.loadDialect<UOpDialect, arith::ArithDialect, math::MathDialect>();
  }
  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(text, &context);
  }
  MLIRContext context;
};

TEST_F(UOpDialectTest, AxisTypePrioritiesFollowTheSeedTable) {
  EXPECT_EQ(getAxisTypePriority(AxisType::Placeholder), -3);
  EXPECT_EQ(getAxisTypePriority(AxisType::Loop), -1);
  EXPECT_EQ(getAxisTypePriority(AxisType::Global), 0);
  EXPECT_EQ(getAxisTypePriority(AxisType::Thread), 0);
  EXPECT_EQ(getAxisTypePriority(AxisType::Warp), 1);
  EXPECT_EQ(getAxisTypePriority(AxisType::Local), 2);
  EXPECT_EQ(getAxisTypePriority(AxisType::GroupReduce), 2);
  EXPECT_EQ(getAxisTypePriority(AxisType::Upcast), 3);
  EXPECT_EQ(getAxisTypePriority(AxisType::Reduce), 4);
  EXPECT_EQ(getAxisTypePriority(AxisType::Unroll), 5);
}

TEST_F(UOpDialectTest, ReduceIdentities) {
  Builder b(&context);
  auto f = [&](ReduceOpKind k) {
    return cast<FloatAttr>(getReduceIdentity(k, b.getF32Type()))
        .getValueAsDouble();
  };
  EXPECT_EQ(f(ReduceOpKind::Add), 0.0);
  EXPECT_EQ(f(ReduceOpKind::Mul), 1.0);
  EXPECT_TRUE(std::isinf(f(ReduceOpKind::Max)) && f(ReduceOpKind::Max) < 0);
  EXPECT_TRUE(std::isinf(f(ReduceOpKind::Min)) && f(ReduceOpKind::Min) > 0);

  auto i = [&](ReduceOpKind k) {
    return cast<IntegerAttr>(getReduceIdentity(k, b.getI32Type())).getInt();
  };
  EXPECT_EQ(i(ReduceOpKind::Add), 0);
  EXPECT_EQ(i(ReduceOpKind::Mul), 1);
  EXPECT_EQ(i(ReduceOpKind::Max), INT32_MIN);
  EXPECT_EQ(i(ReduceOpKind::Min), INT32_MAX);

  auto vec = getReduceIdentity(ReduceOpKind::Mul,
                               VectorType::get({4}, b.getF16Type()));
  auto dense = dyn_cast<DenseElementsAttr>(vec);
  ASSERT_TRUE(dense && dense.isSplat());
  EXPECT_EQ(dense.getSplatValue<APFloat>().convertToDouble(), 1.0);
}

constexpr const char *kKernel = R"mlir(
uop.function @k(%p: !uop.ptr<f32, global, 256>) {
  %c16 = arith.constant 16 : index
  %r0 = uop.range %c16, R0, global
  %r1 = uop.range %c16, R1, reduce
  %i = uop.index %p[%r0, %r1] : !uop.ptr<f32, global, 256> -> f32
  %v = uop.load %p, %i : !uop.ptr<f32, global, 256> -> f32
  %e = math.exp %v : f32
  %acc = uop.reduce add %e [%r1] : f32
  %o = uop.index %p[%r0] : !uop.ptr<f32, global, 256> -> f32
  %s = uop.store %o, %acc [%r0] : f32
  %end = uop.end %s [%r0] : !uop.void
  uop.sink %end : !uop.void
}
)mlir";

TEST_F(UOpDialectTest, RangeClosingOpsReportTheirRanges) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  auto fn = cast<FunctionOp>(module->getBody()->front());
  SmallVector<RangeOp> ranges(fn.getBody().getOps<RangeOp>());
  ASSERT_EQ(ranges.size(), 2u);

  unsigned closers = 0;
  fn.walk([&](RangeClosingOpInterface op) {
    ++closers;
    SmallVector<Value> closed = op.getClosedRanges();
    if (isa<ReduceOp>(op)) {
      EXPECT_EQ(op.getRangeStartIndex(), 1u);
      ASSERT_EQ(closed.size(), 1u);
      EXPECT_EQ(closed[0], ranges[1].getResult());
    } else if (isa<StoreOp>(op)) {
      EXPECT_EQ(op.getRangeStartIndex(), 2u);
      ASSERT_EQ(closed.size(), 1u);
      EXPECT_EQ(closed[0], ranges[0].getResult());
    } else if (isa<EndOp>(op)) {
      EXPECT_EQ(op.getRangeStartIndex(), 1u);
      EXPECT_EQ(closed.size(), 1u);
    } else if (isa<FunctionOp>(op)) {
      EXPECT_EQ(op.getRangeStartIndex(), 1u);
      EXPECT_TRUE(closed.empty());
    }
  });
  EXPECT_EQ(closers, 4u); // reduce, store, end, function
}

TEST_F(UOpDialectTest, UnrollPropagatesThroughTheSeedsList) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  llvm::StringMap<bool> seen;
  module->walk([&](Operation *op) {
    seen[op->getName().getStringRef()] = isUnrollPropagating(op);
  });
  EXPECT_TRUE(seen["uop.index"]);
  EXPECT_TRUE(seen["uop.load"]);
  EXPECT_TRUE(seen["uop.store"]);
  EXPECT_TRUE(seen["uop.reduce"]);
  EXPECT_TRUE(seen["uop.end"]);
  EXPECT_TRUE(seen["math.exp"]);
  EXPECT_FALSE(seen["uop.range"]);
  EXPECT_FALSE(seen["uop.sink"]);
  EXPECT_FALSE(seen["arith.constant"]);
}

TEST_F(UOpDialectTest, RangeInfersZeroToEndMinusOne) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  RangeOp range = *module->getBody()
                       ->front()
                       .getRegion(0)
                       .getOps<RangeOp>()
                       .begin();
  std::optional<ConstantIntRanges> inferred;
  ConstantIntRanges end = ConstantIntRanges::constant(APInt(64, 16));
  range.inferResultRanges({end}, [&](Value, const ConstantIntRanges &r) {
    inferred = r;
  });
  ASSERT_TRUE(inferred);
  EXPECT_EQ(inferred->smin().getSExtValue(), 0);
  EXPECT_EQ(inferred->smax().getSExtValue(), 15);
}

TEST_F(UOpDialectTest, AxisIdAttrRoundTrips) {
  Attribute a = parseAttribute("#uop.axis_id<R7>", &context);
  auto id = dyn_cast_or_null<AxisIdAttr>(a);
  ASSERT_TRUE(id);
  EXPECT_EQ(id.getId(), 7);
  EXPECT_TRUE(id.getRenumbered());
  std::string printed;
  llvm::raw_string_ostream os(printed);
  a.print(os);
  EXPECT_EQ(printed, "#uop.axis_id<R7>");
}

} // namespace
