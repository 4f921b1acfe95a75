//===- LayoutAlgebraTest.cpp - brute-force tests of the TIRx layout algebra ===//
//
// Unit and property tests for uop/Dialect/TIRx/Utils/LayoutAlgebra.h. The
// oracle is brute force, never a second copy of an algorithm under test:
// every element of a layout is evaluated through the public API (apply) and
// from the definition of a TileLayout (byDefinition below: digits times
// strides, offsets, replica sums), and a transformed layout (canonicalize,
// slice, tile) must give, element by element, the locations the original
// layout gives at the corresponding element. Refusals are checked for their
// documented messages and for properties that hold whatever the rule (they
// do not depend on how a layout is spelled, and the cases the docs promise
// are never refused). Random cases use a fixed seed, so a failure
// reproduces; the number of cases is in each test's name.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/Utils/LayoutAlgebra.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <random>
#include <set>

using namespace uop::tirx::layout;

namespace {

//===----------------------------------------------------------------------===//
// Helpers.
//===----------------------------------------------------------------------===//

TileLayout parseOrDie(const char *text) {
  auto layout = parseTileLayout(text);
  EXPECT_TRUE(layout.ok()) << text << ": " << layout.error();
  return layout ? *layout : TileLayout{{Iter{1, 1, Axis::M}}, {}, {}};
}

SwizzleLayout swizzle(int64_t m, int64_t b, int64_t s, bool inner = true) {
  return SwizzleLayout{m, b, s, inner};
}

Table tableOrDie(const TileLayout &layout, const Shape &shape) {
  auto t = table(layout, shape);
  EXPECT_TRUE(t.ok()) << format(layout) << ": " << t.error();
  return t ? *t : Table{};
}

int64_t product(const Shape &shape) {
  int64_t p = 1;
  for (int64_t n : shape)
    p *= n;
  return p;
}

std::string shapeText(const Shape &shape) {
  std::string s = "(";
  for (size_t d = 0; d < shape.size(); ++d)
    s += (d ? "," : "") + std::to_string(shape[d]);
  return s + ")";
}

std::string regionText(const Region &region) {
  std::string s;
  for (const Range &r : region)
    s += "[" + std::to_string(r.begin) + "+" + std::to_string(r.extent) + ")";
  return s;
}

std::string locationsText(const std::vector<Location> &locations) {
  std::string s;
  for (const Location &loc : locations)
    s += (s.empty() ? "" : " | ") + formatLocation(loc);
  return "{" + s + "}";
}

Shape extentsOf(const Region &region) {
  Shape extents;
  for (const Range &r : region)
    extents.push_back(r.extent);
  return extents;
}

bool startsWith(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

/// Calls visit(coord) for every coordinate of `shape` (dimensions >= 1) in
/// row-major order until it returns false; false when it did.
template <typename F>
bool forEachCoord(const Shape &shape, F &&visit) {
  Coord c(shape.size(), 0);
  for (;;) {
    if (!visit(c))
      return false;
    size_t d = shape.size();
    for (; d > 0; --d) {
      if (++c[d - 1] < shape[d - 1])
        break;
      c[d - 1] = 0;
    }
    if (d == 0)
      return true;
  }
}

/// Every region (box) of `shape`.
std::vector<Region> allRegions(const Shape &shape) {
  std::vector<Region> out{Region{}};
  for (int64_t n : shape) {
    std::vector<Region> next;
    for (const Region &r : out)
      for (int64_t b = 0; b < n; ++b)
        for (int64_t e = 1; b + e <= n; ++e) {
          Region x = r;
          x.push_back(Range{b, e});
          next.push_back(x);
        }
    out = std::move(next);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Random generation (fixed seed).
//===----------------------------------------------------------------------===//

class Gen {
public:
  explicit Gen(uint64_t seed) : rng_(seed) {}

  int64_t uniform(int64_t lo, int64_t hi) { // inclusive
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng_);
  }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }
  template <typename T>
  const T &pick(const std::vector<T> &v) {
    return v[uniform(0, int64_t(v.size()) - 1)];
  }

  /// A random ordered factorization of n, sometimes with unit factors.
  std::vector<int64_t> factors(int64_t n) {
    std::vector<int64_t> out;
    while (n > 1) {
      std::vector<int64_t> divisors;
      for (int64_t d = 2; d <= n; ++d)
        if (n % d == 0)
          divisors.push_back(d);
      int64_t d = pick(divisors);
      out.push_back(d);
      n /= d;
    }
    std::shuffle(out.begin(), out.end(), rng_);
    if (out.empty() || chance(0.2))
      out.insert(out.begin() + uniform(0, int64_t(out.size())), 1);
    return out;
  }

  Shape shape(int rankMax, int64_t maxSize) {
    static const std::vector<int64_t> dims = {1, 2, 2, 3, 4, 4, 6, 8};
    for (;;) {
      Shape s(uniform(1, rankMax));
      for (int64_t &n : s)
        n = pick(dims);
      if (product(s) <= maxSize)
        return s;
    }
  }

  Axis axis() {
    static const std::vector<Axis> axes = {
        Axis::M, Axis::M, Axis::M, Axis::LaneId, Axis::WarpId, Axis::TCol};
    return pick(axes);
  }

  /// A random valid layout of size product(shape): extents follow the dims
  /// (aligned) or factor the size freely; strides are compact per axis
  /// (injective, often fusable) or small random numbers (aliasing, zeros).
  TileLayout layout(const Shape &shape) {
    TileLayout l;
    std::vector<int64_t> extents;
    if (chance(0.5)) {
      for (int64_t n : shape)
        for (int64_t e : factors(n))
          extents.push_back(e);
    } else {
      extents = factors(product(shape));
    }
    bool compact = chance(0.5);
    std::map<Axis, int64_t> running;
    l.shard.resize(extents.size());
    for (size_t k = extents.size(); k-- > 0;) {
      Iter &it = l.shard[k];
      it.extent = extents[k];
      it.axis = axis();
      if (compact) {
        int64_t &r = running.emplace(it.axis, 1).first->second;
        it.stride = r;
        r *= it.extent;
      } else {
        static const std::vector<int64_t> strides = {0, 1, 1, 2, 3, 4, 8, 16};
        it.stride = pick(strides);
      }
    }
    for (int64_t n = pick(std::vector<int64_t>{0, 0, 0, 1, 1, 2}); n > 0; --n)
      l.replica.push_back(Iter{uniform(1, 3), uniform(0, 8), axis()});
    for (int64_t n = pick(std::vector<int64_t>{0, 0, 1, 1, 2, 3}); n > 0; --n)
      l.offset.push_back(Offset{uniform(0, 3) == 0 ? 0 : uniform(1, 10), axis()});
    return l;
  }

  Region region(const Shape &shape) {
    Region r(shape.size());
    for (size_t d = 0; d < shape.size(); ++d) {
      int64_t n = shape[d];
      switch (uniform(0, 4)) {
      case 0: // full
        r[d] = Range{0, n};
        break;
      case 1: // one index
        r[d] = Range{uniform(0, n - 1), 1};
        break;
      case 2: { // an aligned tile: extent | n, begin a multiple of it
        std::vector<int64_t> divisors;
        for (int64_t e = 1; e <= n; ++e)
          if (n % e == 0)
            divisors.push_back(e);
        int64_t e = pick(divisors);
        r[d] = Range{e * uniform(0, n / e - 1), e};
        break;
      }
      default: { // anything
        int64_t e = uniform(1, n);
        r[d] = Range{uniform(0, n - e), e};
      }
      }
    }
    return r;
  }

  std::mt19937_64 &engine() { return rng_; }

private:
  std::mt19937_64 rng_;
};

//===----------------------------------------------------------------------===//
// Brute-force oracles.
//===----------------------------------------------------------------------===//

/// The axes a layout names (shard, replica and offset axes).
std::set<std::string> namedAxes(const TileLayout &l) {
  std::set<std::string> names;
  for (const Iter &it : l.shard)
    names.insert(axisName(it.axis));
  for (const Iter &it : l.replica)
    names.insert(axisName(it.axis));
  for (const Offset &o : l.offset)
    names.insert(axisName(o.axis));
  return names;
}

/// The location set of `coord`, straight from the definition of a TileLayout
/// (LayoutAlgebra.h): the row-major flat index is split mixed-radix over the
/// shard (first iter = most significant digit), digit k adds c_k * stride_k
/// on its axis, the offsets add constants, and each replica iter multiplies
/// the set by {r * stride : 0 <= r < extent} on its axis. Every named axis
/// appears in each location (0 when nothing contributes).
std::vector<Location> byDefinition(const TileLayout &l, const Shape &shape,
                                   const Coord &coord) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    flat = flat * shape[d] + coord[d];
  Location base;
  for (const std::string &ax : namedAxes(l))
    base[ax] = 0;
  for (size_t k = l.shard.size(); k-- > 0;) {
    base[axisName(l.shard[k].axis)] +=
        (flat % l.shard[k].extent) * l.shard[k].stride;
    flat /= l.shard[k].extent;
  }
  for (const Offset &o : l.offset)
    base[axisName(o.axis)] += o.value;
  std::vector<Location> set{base};
  for (const Iter &r : l.replica) {
    std::vector<Location> next;
    for (const Location &loc : set)
      for (int64_t i = 0; i < r.extent; ++i) {
        Location x = loc;
        x[axisName(r.axis)] += i * r.stride;
        next.push_back(x);
      }
    set = std::move(next);
  }
  std::sort(set.begin(), set.end());
  set.erase(std::unique(set.begin(), set.end()), set.end());
  return set;
}

/// apply() on every element of (l, shape) equals the definition.
testing::AssertionResult appliesAsDefined(const TileLayout &l,
                                          const Shape &shape) {
  std::string failure;
  forEachCoord(shape, [&](const Coord &c) {
    auto got = apply(l, shape, c);
    if (!got.ok()) {
      failure = "apply failed: " + got.error();
      return false;
    }
    std::vector<Location> want = byDefinition(l, shape, c);
    if (*got != want) {
      failure = "at " + shapeText(c) + ": apply " + locationsText(*got) +
                ", definition " + locationsText(want);
      return false;
    }
    return true;
  });
  if (failure.empty())
    return testing::AssertionSuccess();
  return testing::AssertionFailure()
         << format(l) << " on " << shapeText(shape) << " " << failure;
}

/// Two layouts of the same shape give the same locations at every element
/// (both through apply).
testing::AssertionResult sameElements(const TileLayout &a, const TileLayout &b,
                                      const Shape &shape) {
  std::string failure;
  forEachCoord(shape, [&](const Coord &c) {
    auto x = apply(a, shape, c), y = apply(b, shape, c);
    if (!x.ok() || !y.ok()) {
      failure = "apply failed: " + x.error() + y.error();
      return false;
    }
    if (*x != *y) {
      failure = "at " + shapeText(c) + ": " + locationsText(*x) + " vs " +
                locationsText(*y);
      return false;
    }
    return true;
  });
  if (failure.empty())
    return testing::AssertionSuccess();
  return testing::AssertionFailure() << format(a) << " vs " << format(b)
                                     << " on " << shapeText(shape) << " "
                                     << failure;
}

/// The sliced layout on the region's extents gives at every y what the
/// original gives at begin + y (through apply and by the definition).
testing::AssertionResult isRestriction(const TileLayout &sliced,
                                       const TileLayout &original,
                                       const Shape &shape,
                                       const Region &region) {
  Shape extents = extentsOf(region);
  std::string failure;
  forEachCoord(extents, [&](const Coord &y) {
    Coord c = y;
    for (size_t d = 0; d < c.size(); ++d)
      c[d] += region[d].begin;
    auto got = apply(sliced, extents, y);
    auto want = apply(original, shape, c);
    if (!got.ok() || !want.ok()) {
      failure = "apply failed: " + got.error() + want.error();
      return false;
    }
    if (*got != *want || *want != byDefinition(original, shape, c)) {
      failure = "at " + shapeText(y) + ": sliced " + locationsText(*got) +
                ", original " + locationsText(*want);
      return false;
    }
    return true;
  });
  if (failure.empty())
    return testing::AssertionSuccess();
  return testing::AssertionFailure()
         << format(original) << " on " << shapeText(shape) << " region "
         << regionText(region) << " -> " << format(sliced) << " " << failure;
}

/// The tiled layout on (o0*n0, ...) gives at element I (I_d = a_d * n_d + b_d)
/// every scale(lo) + li for lo in outer(a), li in inner(b); scale multiplies
/// a memory axis by the inner layout's span there (its largest value + 1 over
/// all inner elements, 1 if the inner layout does not name the axis) and
/// leaves thread axes alone.
testing::AssertionResult isProduct(const TileLayout &tiled,
                                   const TileLayout &outer, const Shape &oShape,
                                   const TileLayout &inner,
                                   const Shape &nShape) {
  std::map<std::string, int64_t> innerSpan;
  forEachCoord(nShape, [&](const Coord &b) {
    for (const Location &loc : byDefinition(inner, nShape, b))
      for (const auto &[ax, v] : loc)
        innerSpan[ax] = std::max(innerSpan[ax], v + 1);
    return true;
  });
  std::set<std::string> names = namedAxes(outer);
  for (const std::string &ax : namedAxes(inner))
    names.insert(ax);
  Shape shape;
  for (size_t d = 0; d < oShape.size(); ++d)
    shape.push_back(oShape[d] * nShape[d]);
  std::string failure;
  forEachCoord(shape, [&](const Coord &c) {
    Coord a, b;
    for (size_t d = 0; d < c.size(); ++d) {
      a.push_back(c[d] / nShape[d]);
      b.push_back(c[d] % nShape[d]);
    }
    std::vector<Location> want;
    for (const Location &lo : byDefinition(outer, oShape, a))
      for (const Location &li : byDefinition(inner, nShape, b)) {
        Location loc;
        for (const std::string &ax : names) {
          int64_t scale =
              isMemoryAxis(ax) && innerSpan.count(ax) ? innerSpan[ax] : 1;
          loc[ax] = (lo.count(ax) ? lo.at(ax) * scale : 0) +
                    (li.count(ax) ? li.at(ax) : 0);
        }
        want.push_back(loc);
      }
    std::sort(want.begin(), want.end());
    want.erase(std::unique(want.begin(), want.end()), want.end());
    auto got = apply(tiled, shape, c);
    if (!got.ok()) {
      failure = "apply failed: " + got.error();
      return false;
    }
    if (*got != want) {
      failure = "at " + shapeText(c) + ": tiled " + locationsText(*got) +
                ", product " + locationsText(want);
      return false;
    }
    return true;
  });
  if (failure.empty())
    return testing::AssertionSuccess();
  return testing::AssertionFailure()
         << format(outer) << " on " << shapeText(oShape) << " x "
         << format(inner) << " on " << shapeText(nShape) << " -> "
         << format(tiled) << " " << failure;
}

/// "ok", "split" or "wrap": how slice answered (a refusal must carry one of
/// the two documented messages; anything else is "other").
std::string outcome(const Result<TileLayout> &s) {
  if (s.ok())
    return "ok";
  if (startsWith(s.error(), "slice: cannot split"))
    return "split";
  if (startsWith(s.error(), "slice: the region wraps"))
    return "wrap";
  return "other: " + s.error();
}

//===----------------------------------------------------------------------===//
// Fixed examples.
//===----------------------------------------------------------------------===//

// The ARCHITECTURE.md example, all 128 elements: (i, j) -> laneid = 4i +
// (j/2 mod 4), m = j mod 2, warpid in {j/8 + 5, j/8 + 9}.
TEST(LayoutAlgebra, ArchitectureExample128Elements) {
  const char *text =
      "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid";
  TileLayout l = parseOrDie(text);
  EXPECT_EQ(format(l), text);
  ASSERT_EQ(l.shard.size(), 4u);
  EXPECT_EQ(l.shard[1], (Iter{2, 1, Axis::WarpId}));
  EXPECT_EQ(l.replica, (std::vector<Iter>{{2, 4, Axis::WarpId}}));
  EXPECT_EQ(l.offset, (std::vector<Offset>{{5, Axis::WarpId}}));
  EXPECT_EQ(size(l), 128);
  Shape shape{8, 16};
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = 0; j < 16; ++j) {
      auto locations = apply(l, shape, {i, j});
      ASSERT_TRUE(locations.ok()) << locations.error();
      std::vector<Location> expected;
      for (int64_t w : {j / 8 + 5, j / 8 + 9})
        expected.push_back(
            {{"laneid", 4 * i + (j / 2) % 4}, {"m", j % 2}, {"warpid", w}});
      EXPECT_EQ(*locations, expected) << "(" << i << ", " << j << ")";
    }
  Table t = tableOrDie(l, shape);
  EXPECT_EQ(formatTableLine({0, 0}, t[0]),
            "(0, 0) -> laneid=0 m=0 warpid=5 | laneid=0 m=0 warpid=9");
  EXPECT_EQ(formatTableLine({7, 15}, t[127]),
            "(7, 15) -> laneid=31 m=1 warpid=6 | laneid=31 m=1 warpid=10");
  std::string all = formatTable(shape, t);
  EXPECT_EQ(std::count(all.begin(), all.end(), '\n'), 128);
  EXPECT_TRUE(startsWith(all, "(0, 0) -> laneid=0 m=0 warpid=5 | "));
  auto sp = span(l);
  ASSERT_TRUE(sp.ok());
  EXPECT_EQ(*sp, (std::map<std::string, int64_t>{
                     {"laneid", 32}, {"m", 2}, {"warpid", 11}}));
}

// The 128-byte swizzle of an 8x64 f16 tile, all 512 elements:
// (i, j) -> m = 64i + 8((j/8) xor i) + j mod 8, a permutation of [0, 512).
TEST(LayoutAlgebra, Swizzle128BF16Tile512Elements) {
  auto sw = parseSwizzleLayout("per_element = 3, swizzle_len = 3, atom_len = 3");
  ASSERT_TRUE(sw.ok()) << sw.error();
  ComposeLayout c{*sw, parseOrDie("S[(8,64):(64,1)]")};
  ASSERT_FALSE(validate(c).has_value());
  Shape shape{8, 64};
  std::set<int64_t> seen;
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = 0; j < 64; ++j) {
      auto locations = apply(c, shape, {i, j});
      ASSERT_TRUE(locations.ok()) << locations.error();
      int64_t m = 64 * i + 8 * ((j / 8) ^ i) + j % 8;
      EXPECT_EQ(*locations, (std::vector<Location>{{{"m", m}}}))
          << "(" << i << ", " << j << ")";
      seen.insert(m);
    }
  EXPECT_EQ(seen.size(), 512u);
  EXPECT_EQ(*seen.rbegin(), 511);
  auto t = table(c, shape);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(formatTableLine({1, 0}, (*t)[64]), "(1, 0) -> m=72");
  // The same swizzle applied directly to the row-major offsets.
  auto direct = table(*sw, shape);
  ASSERT_TRUE(direct.ok());
  EXPECT_EQ(*direct, *t);
  auto sp = span(c);
  ASSERT_TRUE(sp.ok());
  EXPECT_EQ(sp->at("m"), 512);
}

TEST(LayoutAlgebra, AxisKinds) {
  for (const char *ax : {"laneid", "warpid", "wgid", "tid_in_wg", "wid_in_wg",
                         "tx", "bx", "by", "bz", "cbx", "cby", "cbz"}) {
    EXPECT_TRUE(isThreadAxis(ax)) << ax;
    EXPECT_FALSE(isMemoryAxis(ax)) << ax;
  }
  for (const char *ax : {"m", "TLane", "TCol"}) {
    EXPECT_TRUE(isMemoryAxis(ax)) << ax;
    EXPECT_FALSE(isThreadAxis(ax)) << ax;
  }
  for (const char *ax : {"", "M", "lane", "tlane", "ty"}) {
    EXPECT_FALSE(symbolizeAxis(ax)) << ax;
    EXPECT_FALSE(isThreadAxis(ax) || isMemoryAxis(ax)) << ax;
  }
  // The enum and the names agree both ways.
  for (int a = 0; a <= static_cast<int>(Axis::TCol); ++a) {
    Axis axis = static_cast<Axis>(a);
    EXPECT_EQ(symbolizeAxis(axisName(axis)), axis) << axisName(axis);
    EXPECT_EQ(isThreadAxis(axis), isThreadAxis(axisName(axis)));
    EXPECT_EQ(isMemoryAxis(axis), isMemoryAxis(axisName(axis)));
  }
}

// 7 canonical texts print back identically; 5 other spellings print in
// canonical form.
TEST(LayoutAlgebra, TextRoundTrip12) {
  for (const char *text :
       {"S[8192:1]",
        "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + "
        "5@warpid",
        "S[(4,32):(1@warpid,1@laneid)]",
        "S[(128,4):(1@TLane,1@TCol)] + 3@TCol + 2",
        "S[(2,2):(0,1)] + R[(2,3):(1@laneid,8@warpid)] + 0@bx + 1@bx",
        "S[1:0]", "S[(2,3):(3@tid_in_wg,1@cbz)] + 7@wgid"}) {
    auto l = parseTileLayout(text);
    ASSERT_TRUE(l.ok()) << text << ": " << l.error();
    EXPECT_EQ(format(*l), text);
  }
  std::pair<const char *, const char *> spellings[] = {
      {"S[(8192):(1@m)]", "S[8192:1]"},
      {"  S [ ( 8 , 2 ) : ( 4 @ laneid , 1 ) ]\n+ R[ 2 : 4@warpid ]+5@warpid ",
       "S[(8,2):(4@laneid,1)] + R[2:4@warpid] + 5@warpid"},
      {"S[4:1] + 3@m + R[(2):(1@bx)]", "S[4:1] + R[2:1@bx] + 3"},
      {"S[(4,2):(2,1@m)]+1+2", "S[(4,2):(2,1)] + 1 + 2"},
      {"S[16:1] + R[(1):(0)]", "S[16:1] + R[1:0]"}};
  for (auto [in, out] : spellings) {
    auto l = parseTileLayout(in);
    ASSERT_TRUE(l.ok()) << in << ": " << l.error();
    EXPECT_EQ(format(*l), out);
  }
}

// 14 malformed or invalid texts.
TEST(LayoutAlgebra, ParseErrors14) {
  for (const char *text :
       {"", "S[]", "S[8:]", "T[8:1]", "S[(8,2):(1)]", "S[(8,):(1,)]",
        "S[8:1] + R[2:1] + R[2:1]", "S[8:1@foo]", "S[0:1]", "S[8:-1]",
        "S[8:1] + -2", "S[8:1] junk", "S[99999999999999999999:1]",
        "S[8:1] + 2@"}) {
    auto l = parseTileLayout(text);
    EXPECT_FALSE(l.ok()) << "'" << text << "' parsed as " << format(*l);
    if (!l.ok()) {
      EXPECT_FALSE(l.error().empty());
    }
  }
  auto e = parseTileLayout("S[(8,2):(1)]");
  EXPECT_NE(e.error().find("2 extents but 1 strides"), std::string::npos)
      << e.error();
  e = parseTileLayout("S[8:1@foo]");
  EXPECT_NE(e.error().find("unknown axis 'foo'"), std::string::npos)
      << e.error();
}

// 4 round trips, 2 re-spellings, 8 errors.
TEST(LayoutAlgebra, SwizzleText) {
  for (const char *text :
       {"per_element = 3, swizzle_len = 3, atom_len = 3",
        "per_element = 0, swizzle_len = 2, atom_len = 4, swizzle_inner = false",
        "per_element = 4, swizzle_len = 0, atom_len = 0",
        "per_element = 1, swizzle_len = 2, atom_len = 2"}) {
    auto s = parseSwizzleLayout(text);
    ASSERT_TRUE(s.ok()) << text << ": " << s.error();
    EXPECT_EQ(format(*s), text);
  }
  auto s = parseSwizzleLayout(
      "atom_len=3,per_element=3,swizzle_len=3,swizzle_inner=true");
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(*s, swizzle(3, 3, 3));
  EXPECT_EQ(format(*s), "per_element = 3, swizzle_len = 3, atom_len = 3");
  s = parseSwizzleLayout(
      " swizzle_inner = false , per_element = 1 , swizzle_len = 1, atom_len = 2");
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(*s, swizzle(1, 1, 2, false));
  for (const char *text :
       {"per_element = 3, swizzle_len = 3, atom_len = 2",
        "per_element = -1, swizzle_len = 3, atom_len = 3",
        "per_element = 3, swizzle_len = 3",
        "per_element = 3, swizzle_len = 3, atom_len = 3, bogus = 1",
        "per_element = 3, per_element = 3, swizzle_len = 3, atom_len = 3",
        "per_element = 3, swizzle_len = 3, atom_len = 3, swizzle_inner = 0",
        "per_element = 3, swizzle_len = 3, atom_len = 3,",
        "per_element = 30, swizzle_len = 30, atom_len = 30"}) {
    auto bad = parseSwizzleLayout(text);
    EXPECT_FALSE(bad.ok()) << text;
  }
  EXPECT_NE(parseSwizzleLayout("per_element = 3, swizzle_len = 3, atom_len = 2")
                .error()
                .find("atom_len (2) must be >= swizzle_len (3)"),
            std::string::npos);
}

// atom_len < swizzle_len, each negative field, size mismatches in every
// operation taking a shape, bad coordinates, regions and ranks: 24 checks.
TEST(LayoutAlgebra, ValidationErrors24) {
  EXPECT_TRUE(validate(swizzle(3, 3, 2)).has_value());
  EXPECT_TRUE(validate(swizzle(-1, 3, 3)).has_value());
  EXPECT_TRUE(validate(swizzle(3, -1, 3)).has_value());
  EXPECT_TRUE(validate(swizzle(3, 3, -1)).has_value());
  EXPECT_FALSE(applySwizzle(swizzle(3, 3, 2), 5).ok());
  EXPECT_FALSE(applySwizzle(swizzle(3, 3, 3), -5).ok());
  EXPECT_FALSE(validate(swizzle(3, 3, 3)).has_value());
  EXPECT_FALSE(validate(swizzle(0, 0, 0)).has_value());

  TileLayout l = parseOrDie("S[(8,4):(4,1)]");
  auto mismatch = apply(l, {8, 8}, {0, 0});
  ASSERT_FALSE(mismatch.ok());
  EXPECT_NE(mismatch.error().find("size mismatch"), std::string::npos)
      << mismatch.error();
  EXPECT_FALSE(table(l, {31}).ok());
  EXPECT_FALSE(slice(l, {33}, {{0, 1}}).ok());
  EXPECT_FALSE(tile(l, {32}, l, {16}).ok());
  EXPECT_FALSE(tile(l, {16}, l, {32}).ok());
  EXPECT_FALSE(apply(l, {8, 4}, {8, 0}).ok());  // coordinate out of range
  EXPECT_FALSE(apply(l, {8, 4}, {0}).ok());     // coordinate rank
  EXPECT_FALSE(apply(l, {8, 0, 4}, {0, 0, 0}).ok()); // zero dimension
  EXPECT_FALSE(slice(l, {8, 4}, {{0, 8}}).ok()); // region rank
  EXPECT_FALSE(slice(l, {8, 4}, {{0, 8}, {2, 3}}).ok()); // past the end
  EXPECT_FALSE(slice(l, {8, 4}, {{0, 8}, {0, 0}}).ok()); // empty
  EXPECT_FALSE(tile(l, {8, 4}, l, {32}).ok());           // rank mismatch

  ComposeLayout noM{swizzle(3, 3, 3), parseOrDie("S[32:1@laneid]")};
  EXPECT_TRUE(validate(noM).has_value());
  EXPECT_FALSE(apply(noM, {32}, {0}).ok());
  EXPECT_TRUE(validate(TileLayout{}).has_value()); // no shard iter
  EXPECT_TRUE(validate(TileLayout{{{int64_t(1) << 40, 1, Axis::M},
                                   {int64_t(1) << 40, 1, Axis::LaneId}},
                                  {},
                                  {}})
                  .has_value()); // size beyond 2^62
}

// Fixed canonicalizations: fusion, unit iters, offsets, axis preservation.
TEST(LayoutAlgebra, CanonicalizeExamples) {
  std::pair<const char *, const char *> cases[] = {
      {"S[(4,8):(8,1)]", "S[32:1]"},
      {"S[(2,1,4):(4@laneid,7,1@laneid)] + 0@warpid + 3 + 2",
       "S[8:1@laneid] + 5 + 0@warpid"},
      {"S[(2,2,2):(0,0,1)]", "S[(4,2):(0,1)]"},
      {"S[(1,1):(3@laneid,2)] + 4", "S[1:1@laneid] + 4"},
      {"S[8:1] + R[(2,2,1,3):(4@warpid,2@warpid,9,0@bx)]",
       "S[8:1] + R[4:2@warpid] + 0@bx"},
      {"S[(4,8):(8@laneid,1)]", "S[(4,8):(8@laneid,1)]"}};
  for (auto [in, out] : cases) {
    auto c = canonicalize(parseOrDie(in));
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(format(*c), out) << in;
  }
  EXPECT_TRUE(isIdentity(*canonicalize(rowMajor({8, 64}))));
  EXPECT_EQ(format(rowMajor({8, 16, 2})), "S[(8,16,2):(32,2,1)]");
}

TEST(LayoutAlgebra, SliceExamples) {
  auto s = slice(rowMajor({8, 16}), {8, 16}, {{2, 2}, {4, 8}});
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(format(*s), "S[(2,8):(16,1)] + 36");

  TileLayout arch = parseOrDie(
      "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid");
  s = slice(arch, {8, 16}, {{0, 8}, {8, 8}});
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(format(*s), "S[(32,2):(1@laneid,1)] + R[2:4@warpid] + 6@warpid");

  // A single element keeps every axis.
  s = slice(arch, {8, 16}, {{3, 1}, {5, 1}});
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(format(*s),
            "S[1:1] + R[2:4@warpid] + 5@warpid + 1 + 14@laneid");

  // Wraps: elements 1, 2 of S[(2,2):(1@laneid,1)] are (0, 1), (1, 0).
  s = slice(parseOrDie("S[(2,2):(1@laneid,1)]"), {4}, {{1, 2}});
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(startsWith(s.error(), "slice: the region wraps")) << s.error();

  // The 3-extent iter would have to be cut after 2 elements.
  s = slice(parseOrDie("S[(2,3):(3@laneid,1)]"), {3, 2}, {{0, 3}, {0, 1}});
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(startsWith(s.error(), "slice: cannot split")) << s.error();

  // A swizzled tile slices its tile part.
  ComposeLayout c{swizzle(3, 3, 3), parseOrDie("S[(8,64):(64,1)]")};
  auto cs = slice(c, {8, 64}, {{2, 4}, {0, 64}});
  ASSERT_TRUE(cs.ok()) << cs.error();
  EXPECT_EQ(format(cs->tile), "S[256:1] + 128");
}

TEST(LayoutAlgebra, TileExamples) {
  auto t = tile(parseOrDie("S[(2,2):(2,1)]"), {2, 2}, rowMajor({8, 8}), {8, 8});
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(format(*t), "S[(2,8,2,8):(128,8,64,1)]");

  t = tile(parseOrDie("S[4:1@warpid]"), {4, 1}, parseOrDie("S[32:1@laneid]"),
           {8, 4});
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(format(*t), "S[(4,32):(1@warpid,1@laneid)]");

  // Inner memory span 11: max 3 * 3 + 1 = 10, plus one.
  t = tile(parseOrDie("S[3:1]"), {3}, parseOrDie("S[4:3] + 1"), {4});
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(format(*t), "S[(3,4):(11,3)] + 1");

  // Inner digit b0 must sit between outer dims 0 and 1, inside the 3-iter.
  t = tile(parseOrDie("S[(2,3):(3@laneid,1)]"), {3, 2}, rowMajor({2, 2}),
           {2, 2});
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(startsWith(t.error(), "tile: outer layout: cannot split"))
      << t.error();
}

// swizzle_inner = false mirrors the direction: low bits XOR into the atom bits.
TEST(LayoutAlgebra, SwizzleDirection) {
  EXPECT_EQ(*applySwizzle(swizzle(0, 1, 1), 2), 3);        // 2 ^ (1 & 1)
  EXPECT_EQ(*applySwizzle(swizzle(0, 1, 1, false), 1), 3); // 1 ^ (1 << 1)
  EXPECT_EQ(*applySwizzle(swizzle(0, 1, 1, false), 2), 2);
  EXPECT_EQ(*applySwizzle(swizzle(4, 2, 3), 0x1a5), 0x1a5 ^ (0x3 << 4));
}

//===----------------------------------------------------------------------===//
// Properties over random layouts.
//===----------------------------------------------------------------------===//


// 4 * 4 * 4 * 2 = 128 swizzles (M, B in [0, 3], S in [B, B + 3], both
// directions), the first 3 atoms of 2^(M+B+S) elements each: each atom is
// mapped onto itself bijectively, and the map is an involution.
TEST(LayoutAlgebraProperty, SwizzleBijectionOnAtoms128) {
  int checked = 0;
  for (int64_t m = 0; m <= 3; ++m)
    for (int64_t b = 0; b <= 3; ++b)
      for (int64_t s = b; s <= b + 3; ++s)
        for (bool inner : {true, false}) {
          SwizzleLayout sw = swizzle(m, b, s, inner);
          int64_t atom = int64_t(1) << (m + b + s);
          for (int64_t k = 0; k < 3; ++k) {
            std::vector<bool> hit(atom, false);
            for (int64_t a = k * atom; a < (k + 1) * atom; ++a) {
              auto r = applySwizzle(sw, a);
              ASSERT_TRUE(r.ok());
              ASSERT_GE(*r, k * atom) << format(sw) << " a=" << a;
              ASSERT_LT(*r, (k + 1) * atom) << format(sw) << " a=" << a;
              ASSERT_FALSE(hit[*r - k * atom]) << format(sw) << " a=" << a;
              hit[*r - k * atom] = true;
              ASSERT_EQ(*applySwizzle(sw, *r), a) << format(sw);
            }
          }
          ++checked;
        }
  EXPECT_EQ(checked, 128);
}

// 1000 random layouts: format/parse round-trips exactly, span equals the
// brute-force max + 1 over the table, and a composed swizzle stays inside
// the compose span.

// 1000 random layouts: apply gives, at every element, the location set of the
// definition, and table() is apply at every element in row-major order.
TEST(LayoutAlgebraProperty, ApplyIsTheDefinition1000) {
  Gen gen(0xa991e);
  for (int n = 0; n < 1000; ++n) {
    Shape shape = gen.shape(3, 256);
    TileLayout l = gen.layout(shape);
    ASSERT_FALSE(validate(l).has_value()) << *validate(l);
    EXPECT_TRUE(appliesAsDefined(l, shape));
    Table t = tableOrDie(l, shape);
    ASSERT_EQ(int64_t(t.size()), product(shape)) << format(l);
    int64_t flat = 0;
    forEachCoord(shape, [&](const Coord &c) {
      EXPECT_EQ(t[flat++], byDefinition(l, shape, c))
          << format(l) << " at " << shapeText(c);
      return true;
    });
  }
}

// 1000 random layouts: format/parse round-trips exactly, span equals the
// largest value + 1 on each axis over every element, and a composed swizzle
// stays inside the compose span.
TEST(LayoutAlgebraProperty, TextAndSpan1000) {
  Gen gen(0x7152a001);
  for (int n = 0; n < 1000; ++n) {
    Shape shape = gen.shape(3, 256);
    TileLayout l = gen.layout(shape);
    ASSERT_FALSE(validate(l).has_value()) << *validate(l);
    auto parsed = parseTileLayout(format(l));
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    EXPECT_EQ(*parsed, l) << format(l);
    EXPECT_EQ(format(*parsed), format(l));

    std::map<std::string, int64_t> maxPlusOne;
    forEachCoord(shape, [&](const Coord &c) {
      for (const Location &loc : byDefinition(l, shape, c))
        for (const auto &[ax, v] : loc)
          maxPlusOne[ax] = std::max(maxPlusOne[ax], v + 1);
      return true;
    });
    auto sp = span(l);
    ASSERT_TRUE(sp.ok());
    EXPECT_EQ(*sp, maxPlusOne) << format(l);

    if (maxPlusOne.count("m")) {
      ComposeLayout c{swizzle(gen.uniform(0, 2), gen.uniform(0, 2), 2,
                              gen.chance(0.5)),
                      l};
      auto cs = span(c);
      ASSERT_TRUE(cs.ok()) << cs.error();
      forEachCoord(shape, [&](const Coord &coord) {
        auto locations = apply(c, shape, coord);
        EXPECT_TRUE(locations.ok()) << locations.error();
        if (locations.ok()) {
          for (const Location &loc : *locations)
            EXPECT_LT(loc.at("m"), cs->at("m")) << format(l);
        }
        return true;
      });
    }
  }
}

// 1000 random layouts: canonicalize keeps every element's locations (axis
// sets included), is idempotent, and leaves nothing to simplify.
TEST(LayoutAlgebraProperty, CanonicalizeKeepsElements1000) {
  Gen gen(0xca70);
  int fused = 0;
  for (int n = 0; n < 1000; ++n) {
    Shape shape = gen.shape(3, 256);
    TileLayout l = gen.layout(shape);
    auto c = canonicalize(l);
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_TRUE(sameElements(*c, l, shape));
    EXPECT_TRUE(appliesAsDefined(*c, shape));
    auto cc = canonicalize(*c);
    ASSERT_TRUE(cc.ok());
    EXPECT_EQ(*cc, *c) << format(l);
    if (c->shard.size() < l.shard.size())
      ++fused;
    for (size_t k = 0; k < c->shard.size(); ++k) {
      EXPECT_TRUE(c->shard[k].extent > 1 || c->shard.size() == 1) << format(*c);
      if (k > 0 && c->shard[k].axis == c->shard[k - 1].axis) {
        EXPECT_NE(c->shard[k].extent * c->shard[k].stride,
                  c->shard[k - 1].stride)
            << format(*c);
      }
    }
    std::set<Axis> offsetAxes;
    for (const Offset &o : c->offset)
      EXPECT_TRUE(offsetAxes.insert(o.axis).second) << format(*c);
  }
  EXPECT_GT(fused, 100); // the generator exercises fusion and unit dropping
}

/// Slices (l, shape) at `region` and checks what holds whatever slice's rule
/// is: a success is the restriction, element by element; a refusal carries
/// one of the two documented messages; the answer does not depend on how l
/// is spelled (l and canonicalize(l) get the same one); a single element and
/// the whole buffer are never refused, the whole buffer giving
/// canonicalize(l). Counts the outcome.
void checkSlice(const TileLayout &l, const TileLayout &canon,
                const Shape &shape, const Region &region,
                std::map<std::string, int> &counts) {
  std::string where = format(l) + " on " + shapeText(shape) + " region " +
                      regionText(region);
  auto s = slice(l, shape, region);
  std::string o = outcome(s);
  ++counts[o];
  auto sc = slice(canon, shape, region);
  EXPECT_EQ(outcome(sc), o) << where;
  if (s.ok()) {
    EXPECT_TRUE(isRestriction(*s, l, shape, region));
    if (sc.ok()) {
      EXPECT_EQ(*sc, *s) << where;
    }
  } else {
    EXPECT_TRUE(o == "split" || o == "wrap") << where << ": " << s.error();
    EXPECT_EQ(s.error(), sc.error()) << where;
  }
  bool single = true, whole = true;
  for (size_t d = 0; d < shape.size(); ++d) {
    single = single && region[d].extent == 1;
    whole = whole && region[d].begin == 0 && region[d].extent == shape[d];
  }
  if (single) {
    EXPECT_TRUE(s.ok()) << where << ": " << s.error();
  }
  if (whole) {
    EXPECT_TRUE(s.ok()) << where << ": " << s.error();
    if (s.ok()) {
      EXPECT_EQ(*s, canon) << where;
    }
  }
}

// 500 random layouts on shapes of at most 64 elements, each sliced at every
// region of its shape (about 75 000 slices), then 1000 layouts on shapes of
// at most 256 elements at 8 random regions each: see checkSlice. Both
// refusals must occur, and most slices succeed.
TEST(LayoutAlgebraProperty, SliceIsTheRestriction) {
  Gen gen(0x511ce);
  std::map<std::string, int> counts;
  for (int n = 0; n < 500; ++n) {
    Shape shape = gen.shape(3, 64);
    TileLayout l = gen.layout(shape);
    TileLayout canon = *canonicalize(l);
    for (const Region &region : allRegions(shape))
      checkSlice(l, canon, shape, region, counts);
  }
  int exhaustive = counts["ok"] + counts["split"] + counts["wrap"];
  for (int n = 0; n < 1000; ++n) {
    Shape shape = gen.shape(3, 256);
    TileLayout l = gen.layout(shape);
    TileLayout canon = *canonicalize(l);
    for (int r = 0; r < 8; ++r)
      checkSlice(l, canon, shape, gen.region(shape), counts);
  }
  std::cout << "[ slices   ] " << exhaustive << " exhaustive, then random; "
            << counts["ok"] << " sliced, " << counts["split"]
            << " refused (cannot split), " << counts["wrap"]
            << " refused (wrap)\n";
  EXPECT_EQ(counts.size(), 3u); // nothing but ok, split and wrap
  EXPECT_GT(counts["ok"], 2 * (counts["split"] + counts["wrap"]));
  EXPECT_GT(counts["split"], 50);
  EXPECT_GT(counts["wrap"], 200);
}

// 500 random shapes and regions of row-major layouts: never refused, and the
// slice is the restriction.
TEST(LayoutAlgebraProperty, RowMajorAlwaysSlices500) {
  Gen gen(0x20ea);
  for (int n = 0; n < 500; ++n) {
    Shape shape = gen.shape(4, 512);
    Region region = gen.region(shape);
    TileLayout l = rowMajor(shape);
    auto s = slice(l, shape, region);
    ASSERT_TRUE(s.ok()) << shapeText(shape) << regionText(region) << ": "
                        << s.error();
    EXPECT_TRUE(isRestriction(*s, l, shape, region));
  }
}

// 1000 random (outer, inner) pairs of equal rank: a successful tile is the
// product, element by element; a refusal carries a documented message and
// does not depend on how outer and inner are spelled. 200 row-major pairs
// are never refused.
TEST(LayoutAlgebraProperty, TileIsTheProduct1000) {
  Gen gen(0x711e);
  int ok = 0, refused = 0;
  for (int n = 0; n < 1000; ++n) {
    Shape oShape = gen.shape(3, 16);
    Shape nShape;
    for (;;) {
      nShape = gen.shape(3, 32);
      if (nShape.size() == oShape.size())
        break;
    }
    TileLayout outer = gen.layout(oShape), inner = gen.layout(nShape);
    std::string where = format(outer) + " on " + shapeText(oShape) + " x " +
                        format(inner) + " on " + shapeText(nShape);
    auto t = tile(outer, oShape, inner, nShape);
    auto tc = tile(*canonicalize(outer), oShape, *canonicalize(inner), nShape);
    EXPECT_EQ(t.ok(), tc.ok()) << where << ": " << t.error() << tc.error();
    if (!t.ok()) {
      ++refused;
      EXPECT_TRUE(startsWith(t.error(), "tile: outer layout: cannot split") ||
                  startsWith(t.error(), "tile: inner layout: cannot split"))
          << where << ": " << t.error();
      continue;
    }
    ++ok;
    EXPECT_TRUE(isProduct(*t, outer, oShape, inner, nShape));
    if (tc.ok()) {
      EXPECT_EQ(*tc, *t) << where;
    }
  }
  for (int n = 0; n < 200; ++n) {
    Shape oShape = gen.shape(3, 16);
    Shape nShape;
    for (;;) {
      nShape = gen.shape(3, 32);
      if (nShape.size() == oShape.size())
        break;
    }
    TileLayout outer = rowMajor(oShape), inner = rowMajor(nShape);
    auto t = tile(outer, oShape, inner, nShape);
    ASSERT_TRUE(t.ok()) << shapeText(oShape) << " x " << shapeText(nShape)
                        << ": " << t.error();
    EXPECT_TRUE(isProduct(*t, outer, oShape, inner, nShape));
  }
  std::cout << "[ tiles    ] " << ok << " tiled, " << refused << " refused\n";
  EXPECT_GT(ok, 800);
  EXPECT_GT(refused, 20);
}

} // namespace

//===----------------------------------------------------------------------===//
// Layout: the three kinds behind one object, checked against their tables.
//===----------------------------------------------------------------------===//

namespace {
/// Every location of the table lies inside span(), names only axes(), and
/// each element has at most replicaCount() locations (fewer only when
/// replicas coincide); apply() agrees with the table.
void checkLayoutAgainstTable(const Layout &layout, const Shape &shape) {
  auto t = layout.table(shape);
  ASSERT_TRUE(t.ok()) << t.error();
  auto span = layout.span(shape);
  ASSERT_TRUE(span.ok()) << span.error();
  std::vector<std::string> axes = layout.axes();
  for (int64_t flat = 0; flat < product(shape); ++flat) {
    const std::vector<Location> &locations = (*t)[flat];
    EXPECT_LE(int64_t(locations.size()), layout.replicaCount());
    auto applied = layout.apply(shape, delinearize(shape, flat));
    ASSERT_TRUE(applied.ok()) << applied.error();
    EXPECT_EQ(*applied, locations);
    for (const Location &loc : locations)
      for (const auto &[axis, value] : loc) {
        EXPECT_NE(std::find(axes.begin(), axes.end(), axis), axes.end())
            << axis;
        ASSERT_TRUE(span->count(axis)) << axis;
        EXPECT_LT(value, span->at(axis)) << axis << " at " << flat;
      }
  }
}
} // namespace

TEST(LayoutClass, EveryKindAgreesWithItsTable) {
  Shape shape{8, 16};
  TileLayout tile = parseOrDie("S[(8,16):(16,1)] + R[2:4@warpid]");
  checkLayoutAgainstTable(Layout(tile), shape);
  EXPECT_EQ(Layout(tile).replicaCount(), 2);
  EXPECT_EQ(Layout(tile).size(), std::optional<int64_t>(128));
  EXPECT_EQ(Layout(tile).getSwizzle(), nullptr);

  Layout bare(swizzle(0, 3, 3));
  checkLayoutAgainstTable(bare, shape);
  EXPECT_EQ(bare.getTile(), nullptr);
  EXPECT_EQ(bare.size(), std::nullopt);
  EXPECT_EQ(bare.axes(), std::vector<std::string>{"m"});
  EXPECT_TRUE(isIdentity(*canonicalize(bare.tileFor({128}))));

  Layout composed(ComposeLayout{swizzle(0, 2, 3), parseOrDie("S[(8,16):(16,1)]")});
  checkLayoutAgainstTable(composed, shape);
  ASSERT_NE(composed.getTile(), nullptr);
  ASSERT_NE(composed.getSwizzle(), nullptr);
  EXPECT_EQ(*composed.getSwizzle(), swizzle(0, 2, 3));
}
