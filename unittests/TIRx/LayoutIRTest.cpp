//===- LayoutIRTest.cpp - IR-emitting layout form vs the integer form -----===//
//
// emitLayoutApply builds the layout mapping as arith/index ops. On constant
// coordinates everything folds; the folded values must equal the integer
// algebra's base location (every replica index 0) for every element of many
// generated layouts.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace uop::tirx;
namespace la = uop::tirx::layout;

namespace {

class LayoutIRTest : public ::testing::Test {
protected:
  LayoutIRTest() {
    context.loadDialect<TIRxDialect, arith::ArithDialect>();
    module = ModuleOp::create(UnknownLoc::get(&context));
  }

  /// Folded values of the emitted mapping at `coord`; fails the test when a
  /// value does not fold to a constant.
  std::map<std::string, int64_t> emitAt(LayoutAttrInterface layout,
                                        const la::Shape &shape,
                                        const la::Coord &coord) {
    OpBuilder b(&context);
    b.setInsertionPointToEnd(module->getBody());
    SmallVector<Value> values;
    for (int64_t c : coord)
      values.push_back(arith::ConstantIndexOp::create(b, b.getUnknownLoc(), c));
    FailureOr<std::map<std::string, Value>> emitted =
        emitLayoutApply(b, b.getUnknownLoc(), layout, shape, values);
    std::map<std::string, int64_t> result;
    if (failed(emitted)) {
      ADD_FAILURE() << "emitLayoutApply failed";
      return result;
    }
    for (auto &[axis, v] : *emitted) {
      APInt folded;
      if (!matchPattern(v, m_ConstantInt(&folded))) {
        ADD_FAILURE() << "axis " << axis << " did not fold to a constant";
        continue;
      }
      result[axis] = folded.getSExtValue();
    }
    return result;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

/// The integer form's location with every replica index 0.
static la::Location baseLocation(const la::TileLayout &tile,
                                 const la::Shape &shape,
                                 const la::Coord &coord) {
  la::TileLayout noReplica = tile;
  noReplica.replica.clear();
  auto locs = la::apply(noReplica, shape, coord);
  EXPECT_TRUE(locs.ok()) << locs.error();
  EXPECT_EQ(locs->size(), 1u);
  la::Location loc = locs->front();
  // Axes named only by replicas are still present, at 0.
  for (const la::Iter &r : tile.replica)
    loc.emplace(la::axisName(r.axis), 0);
  return loc;
}

/// A random valid tile layout of `size` elements: a factorisation of the
/// size into shard extents, strides from a small set, a few axes.
static la::TileLayout randomTile(std::mt19937 &rng, int64_t size) {
  using la::Axis;
  static const Axis axes[] = {Axis::M, Axis::M, Axis::M, Axis::LaneId,
                              Axis::WarpId};
  la::TileLayout l;
  int64_t rest = size;
  while (rest > 1) {
    int64_t e = 2;
    while (rest % (e * 2) == 0 && rng() % 2)
      e *= 2;
    rest /= e;
    l.shard.push_back({e, int64_t(rng() % 5), axes[rng() % 5]});
  }
  if (l.shard.empty())
    l.shard.push_back({1, 1, Axis::M});
  if (rng() % 3 == 0)
    l.replica.push_back(
        {int64_t(2 + rng() % 2), int64_t(1 + rng() % 8), Axis::WarpId});
  if (rng() % 2)
    l.offset.push_back({int64_t(rng() % 16), axes[rng() % 5]});
  return l;
}

TEST_F(LayoutIRTest, TileLayoutsFoldToTheIntegerForm) {
  std::mt19937 rng(1234);
  const la::Shape shapes[] = {{16}, {4, 8}, {8, 4}, {2, 4, 4}, {32, 2}};
  int checked = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const la::Shape &shape = shapes[trial % 5];
    int64_t size = 1;
    for (int64_t d : shape)
      size *= d;
    la::TileLayout tile = randomTile(rng, size);
    ASSERT_FALSE(la::validate(tile)) << la::format(tile);
    auto attr = TileLayoutAttr::get(&context, tile);
    for (int64_t flat = 0; flat < size; ++flat) {
      la::Coord coord = la::delinearize(shape, flat);
      EXPECT_EQ(emitAt(attr, shape, coord), baseLocation(tile, shape, coord))
          << la::format(tile) << " at flat index " << flat;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 40 * (16 + 32 + 32 + 32 + 64)); // 200 trials over 5 shapes
}

TEST_F(LayoutIRTest, SwizzleAndComposeFoldToTheIntegerForm) {
  // The 128-byte f16 swizzle over an 8x64 row-major tile, both directions.
  for (bool inner : {true, false}) {
    la::SwizzleLayout s{3, 3, 3, inner};
    la::TileLayout tile = la::rowMajor({8, 64});
    auto compose = ComposeLayoutAttr::get(
        &context,
        SwizzleLayoutAttr::get(&context, s.perElement, s.swizzleLen,
                               s.atomLen, s.swizzleInner),
        TileLayoutAttr::get(&context, tile));
    auto swizzle = SwizzleLayoutAttr::get(&context, 3, 3, 3, inner);
    for (int64_t i = 0; i < 8; ++i)
      for (int64_t j = 0; j < 64; ++j) {
        auto expected = la::apply(la::ComposeLayout{s, tile}, {8, 64}, {i, j});
        ASSERT_TRUE(expected.ok());
        EXPECT_EQ(emitAt(compose, {8, 64}, {i, j}), expected->front());
        auto bare = la::apply(s, {8, 64}, {i, j});
        ASSERT_TRUE(bare.ok());
        EXPECT_EQ(emitAt(swizzle, {8, 64}, {i, j}), bare->front());
        if (inner) { // the formula of the issue
          EXPECT_EQ(expected->front().at("m"),
                    64 * i + 8 * ((j / 8) ^ i) + j % 8);
        }
      }
  }
}

} // namespace
