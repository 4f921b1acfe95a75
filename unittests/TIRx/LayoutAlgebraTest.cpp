//===- LayoutAlgebraTest.cpp - brute-force tests of the TIRx layout algebra ===//
//
// Unit and property tests for uop/Dialect/TIRx/Utils/LayoutAlgebra.h. Every
// transformation is checked against brute force: the table (every logical
// element's location set) of the transformed layout must equal the table
// computed directly from the definition. Random cases use a fixed seed, so a
// failure reproduces; the number of cases is in each test's name.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/Utils/LayoutAlgebra.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
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
  return layout ? *layout : TileLayout{{Iter{1, 1, "m"}}, {}, {}};
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

/// The weight (product of later extents) of each shard iter.
std::vector<int64_t> weightsOf(const std::vector<Iter> &shard) {
  std::vector<int64_t> w(shard.size());
  int64_t weight = 1;
  for (size_t k = shard.size(); k-- > 0;) {
    w[k] = weight;
    weight *= shard[k].extent;
  }
  return w;
}

/// True when some iter of `shard` would have to be cut at one of `cuts`
/// (flat weights) and cannot be cut mixed-radix there: the documented
/// "cannot split" refusal of slice and tile, restated by arithmetic.
bool straddles(const std::vector<Iter> &shard,
               const std::vector<int64_t> &cuts) {
  std::vector<int64_t> w = weightsOf(shard);
  for (size_t k = 0; k < shard.size(); ++k)
    for (int64_t p : cuts) {
      int64_t top = w[k] * shard[k].extent;
      if (w[k] < p && p < top && (p % w[k] != 0 || top % p != 0))
        return true;
    }
  return false;
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

  std::string axis() {
    static const std::vector<std::string> names = {"m",      "m",    "m",
                                                   "laneid", "warpid", "TCol"};
    return pick(names);
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
    std::map<std::string, int64_t> running;
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

/// The table of `region` of (layout, shape), straight from the definition.
Table restrictedTable(const Table &full, const Shape &shape,
                      const Region &region) {
  Shape extents;
  for (const Range &r : region)
    extents.push_back(r.extent);
  Table out;
  for (int64_t y = 0, n = product(extents); y < n; ++y) {
    Coord c = delinearize(extents, y);
    for (size_t d = 0; d < c.size(); ++d)
      c[d] += region[d].begin;
    out.push_back(full[linearize(shape, c)]);
  }
  return out;
}

/// The documented slice rule, restated independently of the implementation:
/// group the dimensions ((extent-1 dims)*, one dim, (full dims)*), then
/// slice succeeds iff (a) no canonical iter straddles a group boundary it
/// cannot be split at, and (b) in every group the set of digit tuples the
/// region takes (digits = the canonical iters, or their pieces, inside the
/// group's weight window) is a product of intervals. (b) is checked by
/// enumeration. Returns "" for success, "split" or "wrap".
std::string expectedSliceOutcome(const TileLayout &canon, const Shape &shape,
                                 const Region &region) {
  struct G {
    int64_t size = 1, begin = 0, extent = 1, weight = 1;
  };
  std::vector<G> groups;
  bool allUnit = false;
  for (size_t d = 0; d < shape.size(); ++d) {
    bool full = region[d].begin == 0 && region[d].extent == shape[d];
    if (groups.empty() || !(allUnit || full)) {
      groups.emplace_back();
      allUnit = true;
    }
    G &g = groups.back();
    g.size *= shape[d];
    g.begin = g.begin * shape[d] + region[d].begin;
    g.extent *= region[d].extent;
    allUnit = allUnit && region[d].extent == 1;
  }
  int64_t weight = 1;
  for (size_t g = groups.size(); g-- > 0;) {
    groups[g].weight = weight;
    weight *= groups[g].size;
  }
  std::vector<int64_t> cuts;
  for (const G &g : groups)
    cuts.push_back(g.weight);
  if (straddles(canon.shard, cuts))
    return "split";

  std::vector<int64_t> w = weightsOf(canon.shard);
  for (const G &g : groups) {
    // Digit pieces inside the window [g.weight, g.weight * g.size).
    std::vector<std::pair<int64_t, int64_t>> pieces; // (low weight, extent)
    for (size_t k = 0; k < canon.shard.size(); ++k) {
      int64_t lo = std::max(w[k], g.weight);
      int64_t hi = std::min(w[k] * canon.shard[k].extent, g.weight * g.size);
      if (lo < hi)
        pieces.push_back({lo, hi / lo});
    }
    std::set<std::vector<int64_t>> tuples;
    std::vector<std::set<int64_t>> values(pieces.size());
    for (int64_t x = g.begin; x < g.begin + g.extent; ++x) {
      std::vector<int64_t> t;
      for (size_t i = 0; i < pieces.size(); ++i) {
        int64_t v = (x * g.weight / pieces[i].first) % pieces[i].second;
        t.push_back(v);
        values[i].insert(v);
      }
      tuples.insert(t);
    }
    size_t boxSize = 1;
    for (const std::set<int64_t> &v : values) {
      if (*v.rbegin() - *v.begin() + 1 != int64_t(v.size()))
        return "wrap"; // not an interval
      boxSize *= v.size();
    }
    if (boxSize != tuples.size())
      return "wrap"; // not a product
  }
  return "";
}

/// Tile by definition: element I (I_d = a_d * n_d + b_d) gets every
/// scale(outer(a)) + inner(b), scale multiplying memory axes by the inner
/// layout's brute-force span (max + 1) on axes the inner layout names.
Table productTable(const TileLayout &outer, const Shape &oShape,
                   const TileLayout &inner, const Shape &nShape) {
  Table ot = tableOrDie(outer, oShape), nt = tableOrDie(inner, nShape);
  std::map<std::string, int64_t> innerSpan;
  for (const auto &locations : nt)
    for (const Location &loc : locations)
      for (const auto &[ax, v] : loc)
        innerSpan[ax] = std::max(innerSpan[ax], v + 1);
  std::set<std::string> names;
  for (const std::string &ax : axes(outer))
    names.insert(ax);
  for (const std::string &ax : axes(inner))
    names.insert(ax);
  Shape shape;
  for (size_t d = 0; d < oShape.size(); ++d)
    shape.push_back(oShape[d] * nShape[d]);
  Table out;
  for (int64_t f = 0, n = product(shape); f < n; ++f) {
    Coord c = delinearize(shape, f), a, b;
    for (size_t d = 0; d < c.size(); ++d) {
      a.push_back(c[d] / nShape[d]);
      b.push_back(c[d] % nShape[d]);
    }
    std::vector<Location> set;
    for (const Location &lo : ot[linearize(oShape, a)])
      for (const Location &li : nt[linearize(nShape, b)]) {
        Location loc;
        for (const std::string &ax : names) {
          int64_t scale = isMemoryAxis(ax) && innerSpan.count(ax)
                              ? innerSpan[ax] : 1;
          loc[ax] = (lo.count(ax) ? lo.at(ax) * scale : 0) +
                    (li.count(ax) ? li.at(ax) : 0);
        }
        set.push_back(loc);
      }
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    out.push_back(set);
  }
  return out;
}

bool startsWith(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
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
  EXPECT_EQ(l.shard[1], (Iter{2, 1, "warpid"}));
  EXPECT_EQ(l.replica, (std::vector<Iter>{{2, 4, "warpid"}}));
  EXPECT_EQ(l.offset, (std::vector<Offset>{{5, "warpid"}}));
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
  for (const char *ax : {"", "M", "lane", "tlane", "ty"})
    EXPECT_FALSE(isKnownAxis(ax)) << ax;
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
  EXPECT_TRUE(validate(TileLayout{{{int64_t(1) << 40, 1, "m"},
                                   {int64_t(1) << 40, 1, "laneid"}},
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

    Table t = tableOrDie(l, shape);
    std::map<std::string, int64_t> maxPlusOne;
    for (const auto &locations : t)
      for (const Location &loc : locations)
        for (const auto &[ax, v] : loc)
          maxPlusOne[ax] = std::max(maxPlusOne[ax], v + 1);
    auto sp = span(l);
    ASSERT_TRUE(sp.ok());
    EXPECT_EQ(*sp, maxPlusOne) << format(l);

    if (maxPlusOne.count("m")) {
      ComposeLayout c{swizzle(gen.uniform(0, 2), gen.uniform(0, 2), 2,
                              gen.chance(0.5)),
                      l};
      auto ct = table(c, shape);
      auto cs = span(c);
      ASSERT_TRUE(ct.ok() && cs.ok()) << ct.error() << cs.error();
      for (const auto &locations : *ct)
        for (const Location &loc : locations)
          EXPECT_LT(loc.at("m"), cs->at("m")) << format(l);
    }
  }
}

// 1000 random layouts: canonicalize keeps the table exactly (axis sets
// included), is idempotent, and leaves nothing to simplify.
TEST(LayoutAlgebraProperty, CanonicalizeKeepsTable1000) {
  Gen gen(0xca70);
  int fused = 0;
  for (int n = 0; n < 1000; ++n) {
    Shape shape = gen.shape(3, 256);
    TileLayout l = gen.layout(shape);
    auto c = canonicalize(l);
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(tableOrDie(*c, shape), tableOrDie(l, shape))
        << format(l) << " -> " << format(*c);
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
    std::set<std::string> offsetAxes;
    for (const Offset &o : c->offset)
      EXPECT_TRUE(offsetAxes.insert(o.axis).second) << format(*c);
  }
  EXPECT_GT(fused, 100); // the generator exercises fusion and unit dropping
}

// 1000 random layouts x 8 random regions = 8000 slices. A successful slice
// equals the restricted table; slice succeeds or refuses exactly as the
// documented rule (expectedSliceOutcome, by enumeration) says, with the
// documented message. Slicing the full region gives the canonical layout.
TEST(LayoutAlgebraProperty, SliceMatchesRestriction8000) {
  Gen gen(0x511ce);
  int ok = 0, split = 0, wrap = 0;
  for (int n = 0; n < 1000; ++n) {
    Shape shape = gen.shape(3, 256);
    TileLayout l = gen.layout(shape);
    Table full = tableOrDie(l, shape);
    TileLayout canon = *canonicalize(l);

    Region whole;
    for (int64_t d : shape)
      whole.push_back(Range{0, d});
    auto same = slice(l, shape, whole);
    ASSERT_TRUE(same.ok()) << same.error();
    EXPECT_EQ(*same, canon) << format(l);

    for (int r = 0; r < 8; ++r) {
      Region region = gen.region(shape);
      std::string where = format(l) + " on " + shapeText(shape) + " region " +
                          regionText(region);
      std::string expected = expectedSliceOutcome(canon, shape, region);
      auto s = slice(l, shape, region);
      if (s.ok()) {
        ++ok;
        EXPECT_EQ(expected, "") << where << " -> " << format(*s);
        Shape extents;
        for (const Range &rg : region)
          extents.push_back(rg.extent);
        EXPECT_EQ(tableOrDie(*s, extents), restrictedTable(full, shape, region))
            << where << " -> " << format(*s);
      } else if (startsWith(s.error(), "slice: cannot split")) {
        ++split;
        EXPECT_EQ(expected, "split") << where << ": " << s.error();
      } else {
        ++wrap;
        EXPECT_TRUE(startsWith(s.error(), "slice: the region wraps"))
            << where << ": " << s.error();
        EXPECT_EQ(expected, "wrap") << where << ": " << s.error();
      }
    }
  }
  std::cout << "[ slices   ] " << ok << " sliced, " << split
            << " refused (cannot split), " << wrap << " refused (wrap)\n";
  EXPECT_GT(ok, 6000);
  EXPECT_GT(split, 50);
  EXPECT_GT(wrap, 200);
}

// 500 random shapes and regions of row-major layouts: never refused.
TEST(LayoutAlgebraProperty, RowMajorAlwaysSlices500) {
  Gen gen(0x20ea);
  for (int n = 0; n < 500; ++n) {
    Shape shape = gen.shape(4, 512);
    Region region = gen.region(shape);
    TileLayout l = rowMajor(shape);
    auto s = slice(l, shape, region);
    ASSERT_TRUE(s.ok()) << s.error();
    Shape extents;
    for (const Range &rg : region)
      extents.push_back(rg.extent);
    EXPECT_EQ(tableOrDie(*s, extents),
              restrictedTable(tableOrDie(l, shape), shape, region))
        << shapeText(shape) << regionText(region);
  }
}

// 1000 random (outer, inner) pairs of equal rank: tile's table is the
// brute-force product, and tile refuses exactly when an iter straddles a
// dimension boundary that must be cut (documented rule).
TEST(LayoutAlgebraProperty, TileIsProduct1000) {
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
    // The documented cut rule.
    TileLayout oc = *canonicalize(outer), nc = *canonicalize(inner);
    std::vector<int64_t> oCuts, nCuts;
    for (size_t d = 1; d < oShape.size(); ++d) {
      Shape oTail(oShape.begin() + d, oShape.end()),
          nTail(nShape.begin() + d, nShape.end());
      if (nShape[d - 1] > 1)
        oCuts.push_back(product(oTail));
      if (oShape[d] > 1)
        nCuts.push_back(product(nTail));
    }
    bool expectRefusal = straddles(oc.shard, oCuts) || straddles(nc.shard, nCuts);

    auto t = tile(outer, oShape, inner, nShape);
    if (!t.ok()) {
      ++refused;
      EXPECT_TRUE(expectRefusal) << where << ": " << t.error();
      EXPECT_TRUE(startsWith(t.error(), "tile: outer layout: cannot split") ||
                  startsWith(t.error(), "tile: inner layout: cannot split"))
          << t.error();
      continue;
    }
    ++ok;
    EXPECT_FALSE(expectRefusal) << where << " -> " << format(*t);
    Shape shape;
    for (size_t d = 0; d < oShape.size(); ++d)
      shape.push_back(oShape[d] * nShape[d]);
    EXPECT_EQ(tableOrDie(*t, shape), productTable(outer, oShape, inner, nShape))
        << where << " -> " << format(*t);
  }
  std::cout << "[ tiles    ] " << ok << " tiled, " << refused << " refused\n";
  EXPECT_GT(ok, 800);
  EXPECT_GT(refused, 20);
}

} // namespace
