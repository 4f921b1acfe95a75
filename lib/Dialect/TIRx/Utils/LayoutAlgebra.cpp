//===- LayoutAlgebra.cpp - TIRx layout algebra on plain integers ----------===//
//
// Implementation of uop/Dialect/TIRx/Utils/LayoutAlgebra.h: validation,
// application, canonicalization, slicing and tiling of TIRx layouts, plus their
// text form. Pure C++17 on int64_t; no exceptions, no RTTI, no MLIR.
//
// Magnitude policy: validate() bounds the size and every per-axis span by
// 2^62, so once a layout is valid no location value, stride product or flat
// index overflows int64_t; operations that build new layouts (tile, slice)
// re-check with overflow-safe arithmetic.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/Utils/LayoutAlgebra.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace uop::tirx::layout {

namespace {

constexpr int64_t kLimit = int64_t(1) << 62;

/// a * b for non-negative operands; nullopt if the product exceeds kLimit.
std::optional<int64_t> mulBounded(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r) || r > kLimit)
    return std::nullopt;
  return r;
}

std::optional<int64_t> addBounded(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r) || r > kLimit)
    return std::nullopt;
  return r;
}

/// e * s == target, false on overflow (the product of a valid iter can be
/// just above kLimit, and then cannot equal any valid stride anyway).
bool productEquals(int64_t e, int64_t s, int64_t target) {
  int64_t r;
  return !__builtin_mul_overflow(e, s, &r) && r == target;
}

/// Locations, spans and axis sets are keyed by the axis's name.
std::string name(Axis axis) { return axisName(axis); }

std::string iterText(const Iter &it) {
  std::string s = std::to_string(it.extent) + ":" + std::to_string(it.stride);
  if (it.axis != Axis::M)
    s += "@" + name(it.axis);
  return s;
}

/// Axes in name order (byte order), the order of a Location's keys.
struct ByName {
  bool operator()(Axis a, Axis b) const {
    return std::strcmp(axisName(a), axisName(b)) < 0;
  }
};
using AxisSet = std::set<Axis, ByName>;

/// The axes named by a layout, sorted by name.
AxisSet axisSet(const TileLayout &layout) {
  AxisSet result;
  for (const Iter &it : layout.shard)
    result.insert(it.axis);
  for (const Iter &it : layout.replica)
    result.insert(it.axis);
  for (const Offset &o : layout.offset)
    result.insert(o.axis);
  return result;
}

/// Location sets of the flat index `flat` in a valid layout. `names` is
/// axisSet(layout) (passed in so table() computes it once).
std::vector<Location> applyFlat(const TileLayout &layout, const AxisSet &names,
                                int64_t flat) {
  Location base;
  for (Axis ax : names)
    base[name(ax)] = 0;
  // The last shard iter is the least significant digit.
  for (size_t k = layout.shard.size(); k-- > 0;) {
    const Iter &it = layout.shard[k];
    base[name(it.axis)] += (flat % it.extent) * it.stride;
    flat /= it.extent;
  }
  for (const Offset &o : layout.offset)
    base[name(o.axis)] += o.value;
  std::vector<Location> locations{base};
  for (const Iter &it : layout.replica) {
    std::vector<Location> next;
    next.reserve(locations.size() * it.extent);
    for (const Location &loc : locations)
      for (int64_t r = 0; r < it.extent; ++r) {
        Location copy = loc;
        copy[name(it.axis)] += r * it.stride;
        next.push_back(std::move(copy));
      }
    locations = std::move(next);
  }
  // A set: replicas may coincide (e.g. overlapping replica strides).
  std::sort(locations.begin(), locations.end());
  locations.erase(std::unique(locations.begin(), locations.end()),
                  locations.end());
  return locations;
}

std::optional<std::string> validateCoord(const Shape &shape,
                                         const Coord &coord) {
  if (coord.size() != shape.size())
    return "coordinate has rank " + std::to_string(coord.size()) +
           " but the shape has rank " + std::to_string(shape.size());
  for (size_t d = 0; d < shape.size(); ++d)
    if (coord[d] < 0 || coord[d] >= shape[d])
      return "coordinate " + std::to_string(coord[d]) + " of dimension " +
             std::to_string(d) + " is outside [0, " +
             std::to_string(shape[d]) + ")";
  return std::nullopt;
}

std::optional<std::string> validateAll(const TileLayout &layout,
                                       const Shape &shape) {
  if (auto err = validate(layout))
    return err;
  return validateShape(layout, shape);
}

/// Canonical form of a layout that may be structurally odd (an empty shard,
/// unit iters everywhere): used by canonicalize() after validation and by
/// slice()/tile() on the layouts they assemble.
TileLayout canonicalizeUnchecked(const TileLayout &layout) {
  AxisSet before = axisSet(layout);
  TileLayout result;

  // Offsets: one per axis, in first-appearance order, zeros dropped.
  for (const Offset &o : layout.offset) {
    auto same = std::find_if(result.offset.begin(), result.offset.end(),
                             [&](const Offset &x) { return x.axis == o.axis; });
    if (same != result.offset.end())
      same->value += o.value;
    else
      result.offset.push_back(o);
  }
  result.offset.erase(std::remove_if(result.offset.begin(), result.offset.end(),
                                     [](const Offset &o) { return o.value == 0; }),
                      result.offset.end());

  // Fusing (e0, s0) (e1, s1) with e1 * s1 == s0 into (e0 * e1, s1) keeps the
  // sum c0 * s0 + c1 * s1 == (c0 * e1 + c1) * s1, and the fused digit is
  // exactly the mixed-radix digit of the pair. One left-to-right pass reaches
  // the fixpoint: after a fusion the fused iter's e * s equals the old upper
  // iter's e * s, which already failed to fuse with its predecessor.
  auto fuseInto = [](std::vector<Iter> &out, const Iter &it) {
    if (!out.empty() && out.back().axis == it.axis &&
        productEquals(it.extent, it.stride, out.back().stride)) {
      out.back().extent *= it.extent;
      out.back().stride = it.stride;
      return;
    }
    out.push_back(it);
  };
  for (const Iter &it : layout.shard)
    if (it.extent != 1)
      fuseInto(result.shard, it);
  // A replica of stride 0 adds {0} only; the location set is a set.
  for (const Iter &it : layout.replica)
    if (it.extent != 1 && it.stride != 0)
      fuseInto(result.replica, it);

  // Keep the shard non-empty (a layout always has one) and the axis set
  // unchanged: apply() reports every named axis, so dropping the last mention
  // of an axis would change the table.
  if (result.shard.empty()) {
    Axis axis = !layout.shard.empty() ? layout.shard.front().axis
                : !before.empty()     ? *before.begin()
                                      : Axis::M;
    result.shard.push_back(Iter{1, 1, axis});
  }
  AxisSet after = axisSet(result);
  for (Axis ax : before)
    if (!after.count(ax))
      result.offset.push_back(Offset{0, ax});
  return result;
}

/// Splits shard iters so that no boundary in `boundaries` (positional weights
/// in the flat index) lies strictly inside one. Iter k covers weights
/// [W_k, W_k * e_k); a boundary P with W_k < P < W_k * e_k is a legal split
/// point iff W_k | P and P | W_k * e_k, and then the low piece is
/// (P / W_k, s) and the high piece (W_k * e_k / P, s * P / W_k). `describe`
/// names a boundary for the error message.
template <typename Describe>
Result<std::vector<Iter>> splitAt(const std::vector<Iter> &shard,
                                  std::vector<int64_t> boundaries,
                                  const std::string &who, Describe describe) {
  std::sort(boundaries.begin(), boundaries.end());
  std::vector<Iter> reversed; // least significant first
  int64_t weight = 1;
  for (size_t k = shard.size(); k-- > 0;) {
    const Iter &it = shard[k];
    int64_t top = weight * it.extent; // <= size, cannot overflow
    int64_t low = weight;             // weight of the piece being cut
    for (int64_t p : boundaries) {
      if (p <= low || p >= top)
        continue;
      if (p % weight != 0 || top % p != 0)
        return Result<std::vector<Iter>>::failure(
            who + ": cannot split shard iter #" + std::to_string(k) + " (" +
            iterText(it) + ", digit weight " + std::to_string(weight) +
            ") at " + describe(p) + " (flat weight " + std::to_string(p) +
            "): the boundary does not divide the iter mixed-radix");
      reversed.push_back(
          Iter{p / low, it.stride * (low / weight), it.axis});
      low = p;
    }
    reversed.push_back(Iter{top / low, it.stride * (low / weight), it.axis});
    weight = top;
  }
  return std::vector<Iter>(reversed.rbegin(), reversed.rend());
}

/// Weight (product of the later extents) of each iter, most significant first.
std::vector<int64_t> iterWeights(const std::vector<Iter> &shard) {
  std::vector<int64_t> w(shard.size());
  int64_t weight = 1;
  for (size_t k = shard.size(); k-- > 0;) {
    w[k] = weight;
    weight *= shard[k].extent;
  }
  return w;
}

int64_t pow2(int64_t bits) { return int64_t(1) << bits; }

/// The granule the swizzle maps onto itself (see span(ComposeLayout)).
int64_t swizzleBlock(const SwizzleLayout &s) {
  return pow2(s.perElement + s.atomLen + (s.swizzleInner ? 0 : s.swizzleLen));
}

int64_t applySwizzleUnchecked(const SwizzleLayout &s, int64_t a) {
  uint64_t ua = static_cast<uint64_t>(a);
  uint64_t x = ua >> s.perElement;
  uint64_t mask = (uint64_t(1) << s.swizzleLen) - 1;
  // Because atomLen >= swizzleLen the bits read and the bits written do not
  // overlap, so f is an involution (hence a bijection).
  uint64_t f = s.swizzleInner ? x ^ ((x >> s.atomLen) & mask)
                              : x ^ ((x & mask) << s.atomLen);
  uint64_t low = ua & ((uint64_t(1) << s.perElement) - 1);
  return static_cast<int64_t>((f << s.perElement) | low);
}

} // namespace

//===----------------------------------------------------------------------===//
// Axes and validation.
//===----------------------------------------------------------------------===//

namespace {
constexpr const char *kAxisNames[] = {
    "laneid", "warpid", "wgid", "tid_in_wg", "wid_in_wg", "tx", "bx", "by",
    "bz",     "cbx",    "cby",  "cbz",       "m",         "TLane", "TCol"};
static_assert(std::size(kAxisNames) == static_cast<size_t>(Axis::TCol) + 1,
              "one name per axis");
} // namespace

const char *axisName(Axis axis) { return kAxisNames[static_cast<int>(axis)]; }

std::optional<Axis> symbolizeAxis(std::string_view name) {
  for (size_t i = 0; i < std::size(kAxisNames); ++i)
    if (name == kAxisNames[i])
      return static_cast<Axis>(i);
  return std::nullopt;
}

bool isThreadAxis(std::string_view name) {
  std::optional<Axis> a = symbolizeAxis(name);
  return a && *a < Axis::M;
}

bool isMemoryAxis(std::string_view name) {
  std::optional<Axis> a = symbolizeAxis(name);
  return a && *a >= Axis::M;
}

std::optional<std::string> validate(const TileLayout &layout) {
  if (layout.shard.empty())
    return std::string("layout has no shard iter");
  auto checkIters = [](const std::vector<Iter> &iters,
                       const char *kind) -> std::optional<std::string> {
    for (size_t k = 0; k < iters.size(); ++k) {
      const Iter &it = iters[k];
      std::string where = std::string(kind) + " iter #" + std::to_string(k);
      if (it.extent < 1)
        return where + " has extent " + std::to_string(it.extent) +
               " (must be >= 1)";
      if (it.stride < 0)
        return where + " has negative stride " + std::to_string(it.stride);
    }
    return std::nullopt;
  };
  if (auto err = checkIters(layout.shard, "shard"))
    return err;
  if (auto err = checkIters(layout.replica, "replica"))
    return err;
  for (size_t k = 0; k < layout.offset.size(); ++k) {
    const Offset &o = layout.offset[k];
    if (o.value < 0)
      return "offset #" + std::to_string(k) + " is negative (" +
             std::to_string(o.value) + ")";
  }
  // Bound size and spans so later arithmetic cannot overflow.
  int64_t total = 1;
  for (const Iter &it : layout.shard) {
    auto t = mulBounded(total, it.extent);
    if (!t)
      return std::string("layout size exceeds 2^62");
    total = *t;
  }
  std::map<Axis, int64_t> maxValue;
  auto addIters = [&](const std::vector<Iter> &iters) {
    for (const Iter &it : iters) {
      auto c = mulBounded(it.extent - 1, it.stride);
      auto s = c ? addBounded(maxValue[it.axis], *c) : std::nullopt;
      if (!s)
        return false;
      maxValue[it.axis] = *s;
    }
    return true;
  };
  bool ok = addIters(layout.shard) && addIters(layout.replica);
  for (const Offset &o : layout.offset) {
    auto s = ok ? addBounded(maxValue[o.axis], o.value) : std::nullopt;
    ok = ok && s && *s < kLimit;
    if (ok)
      maxValue[o.axis] = *s;
  }
  for (auto &entry : maxValue)
    ok = ok && entry.second < kLimit;
  if (!ok)
    return std::string("layout span exceeds 2^62 on some axis");
  return std::nullopt;
}

std::optional<std::string> validate(const SwizzleLayout &s) {
  if (s.perElement < 0 || s.swizzleLen < 0 || s.atomLen < 0)
    return "swizzle fields must be non-negative (per_element = " +
           std::to_string(s.perElement) + ", swizzle_len = " +
           std::to_string(s.swizzleLen) + ", atom_len = " +
           std::to_string(s.atomLen) + ")";
  if (s.atomLen < s.swizzleLen)
    return "swizzle atom_len (" + std::to_string(s.atomLen) +
           ") must be >= swizzle_len (" + std::to_string(s.swizzleLen) + ")";
  if (s.perElement + s.swizzleLen + s.atomLen > 62)
    return std::string(
        "swizzle per_element + swizzle_len + atom_len must be <= 62");
  return std::nullopt;
}

std::optional<std::string> validate(const ComposeLayout &layout) {
  if (auto err = validate(layout.swizzle))
    return err;
  if (auto err = validate(layout.tile))
    return err;
  if (!axisSet(layout.tile).count(Axis::M))
    return std::string("compose: the tile layout names no 'm' axis for the "
                       "swizzle to act on");
  return std::nullopt;
}

std::optional<std::string> validateShape(const TileLayout &layout,
                                         const Shape &shape) {
  int64_t product = 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 1)
      return "shape dimension " + std::to_string(d) + " is " +
             std::to_string(shape[d]) + " (must be >= 1)";
    auto p = mulBounded(product, shape[d]);
    if (!p)
      return std::string("shape has more than 2^62 elements");
    product = *p;
  }
  if (product != size(layout))
    return "size mismatch: the shape has " + std::to_string(product) +
           " elements but the layout has size " + std::to_string(size(layout));
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Queries.
//===----------------------------------------------------------------------===//

int64_t size(const TileLayout &layout) {
  int64_t total = 1;
  for (const Iter &it : layout.shard)
    total *= it.extent;
  return total;
}

std::vector<std::string> axes(const TileLayout &layout) {
  std::vector<std::string> result;
  for (Axis ax : axisSet(layout))
    result.push_back(name(ax));
  return result;
}

Result<std::map<std::string, int64_t>> span(const TileLayout &layout) {
  if (auto err = validate(layout))
    return Result<std::map<std::string, int64_t>>::failure(*err);
  // Strides and offsets are non-negative, so the maximum takes every digit
  // at its top value; validate() bounded these sums.
  std::map<std::string, int64_t> result;
  for (Axis ax : axisSet(layout))
    result[name(ax)] = 1;
  for (const Iter &it : layout.shard)
    result[name(it.axis)] += (it.extent - 1) * it.stride;
  for (const Iter &it : layout.replica)
    result[name(it.axis)] += (it.extent - 1) * it.stride;
  for (const Offset &o : layout.offset)
    result[name(o.axis)] += o.value;
  return result;
}

Result<std::map<std::string, int64_t>> span(const ComposeLayout &layout) {
  if (auto err = validate(layout))
    return Result<std::map<std::string, int64_t>>::failure(*err);
  auto result = span(layout.tile);
  // The swizzle permutes offsets within blocks of swizzleBlock() elements, so
  // a footprint rounded up to whole blocks holds every swizzled offset.
  int64_t block = swizzleBlock(layout.swizzle);
  int64_t &m = (*result)[kMemoryAxis];
  auto rounded = mulBounded((m + block - 1) / block, block);
  if (!rounded)
    return Result<std::map<std::string, int64_t>>::failure(
        "compose: swizzled footprint exceeds 2^62");
  m = *rounded;
  return result;
}

int64_t linearize(const Shape &shape, const Coord &coord) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    flat = flat * shape[d] + coord[d];
  return flat;
}

Coord delinearize(const Shape &shape, int64_t flat) {
  Coord coord(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    coord[d] = flat % shape[d];
    flat /= shape[d];
  }
  return coord;
}

TileLayout rowMajor(const Shape &shape) {
  TileLayout layout;
  int64_t stride = 1;
  for (size_t d = shape.size(); d-- > 0;) {
    layout.shard.insert(layout.shard.begin(), Iter{shape[d], stride, Axis::M});
    stride *= shape[d];
  }
  if (layout.shard.empty())
    layout.shard.push_back(Iter{1, 1, Axis::M});
  return layout;
}

bool isIdentity(const TileLayout &layout) {
  return layout.shard.size() == 1 && layout.shard[0].stride == 1 &&
         layout.shard[0].axis == Axis::M && layout.replica.empty() &&
         layout.offset.empty();
}

//===----------------------------------------------------------------------===//
// Application.
//===----------------------------------------------------------------------===//

Result<std::vector<Location>> apply(const TileLayout &layout,
                                    const Shape &shape, const Coord &coord) {
  using R = Result<std::vector<Location>>;
  if (auto err = validateAll(layout, shape))
    return R::failure(*err);
  if (auto err = validateCoord(shape, coord))
    return R::failure(*err);
  return applyFlat(layout, axisSet(layout), linearize(shape, coord));
}

Result<int64_t> applySwizzle(const SwizzleLayout &swizzle, int64_t offset) {
  if (auto err = validate(swizzle))
    return Result<int64_t>::failure(*err);
  if (offset < 0 || offset >= kLimit)
    return Result<int64_t>::failure("swizzle: offset " +
                                    std::to_string(offset) +
                                    " is outside [0, 2^62)");
  return applySwizzleUnchecked(swizzle, offset);
}

Result<std::vector<Location>> apply(const SwizzleLayout &swizzle,
                                    const Shape &shape, const Coord &coord) {
  using R = Result<std::vector<Location>>;
  if (auto err = validate(swizzle))
    return R::failure(*err);
  if (auto err = validateShape(rowMajor(shape), shape))
    return R::failure(*err);
  if (auto err = validateCoord(shape, coord))
    return R::failure(*err);
  return std::vector<Location>{Location{
      {kMemoryAxis, applySwizzleUnchecked(swizzle, linearize(shape, coord))}}};
}

Result<std::vector<Location>> apply(const ComposeLayout &layout,
                                    const Shape &shape, const Coord &coord) {
  using R = Result<std::vector<Location>>;
  if (auto err = validate(layout))
    return R::failure(*err);
  auto locations = apply(layout.tile, shape, coord);
  if (!locations)
    return locations;
  for (Location &loc : *locations)
    loc[kMemoryAxis] = applySwizzleUnchecked(layout.swizzle, loc[kMemoryAxis]);
  // The swizzle is a bijection on m, so the set stays duplicate-free; only
  // the order changes.
  std::sort(locations->begin(), locations->end());
  return locations;
}

Result<Table> table(const TileLayout &layout, const Shape &shape) {
  if (auto err = validateAll(layout, shape))
    return Result<Table>::failure(*err);
  AxisSet names = axisSet(layout);
  Table result;
  int64_t n = size(layout);
  result.reserve(n);
  for (int64_t flat = 0; flat < n; ++flat)
    result.push_back(applyFlat(layout, names, flat));
  return result;
}

Result<Table> table(const SwizzleLayout &swizzle, const Shape &shape) {
  if (auto err = validate(swizzle))
    return Result<Table>::failure(*err);
  TileLayout identity = rowMajor(shape);
  if (auto err = validateShape(identity, shape))
    return Result<Table>::failure(*err);
  Table result;
  for (int64_t flat = 0, n = size(identity); flat < n; ++flat)
    result.push_back({Location{
        {kMemoryAxis, applySwizzleUnchecked(swizzle, flat)}}});
  return result;
}

Result<Table> table(const ComposeLayout &layout, const Shape &shape) {
  if (auto err = validate(layout))
    return Result<Table>::failure(*err);
  auto result = table(layout.tile, shape);
  if (!result)
    return result;
  for (std::vector<Location> &locations : *result) {
    for (Location &loc : locations)
      loc[kMemoryAxis] =
          applySwizzleUnchecked(layout.swizzle, loc[kMemoryAxis]);
    std::sort(locations.begin(), locations.end());
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Transformations.
//===----------------------------------------------------------------------===//

Result<TileLayout> canonicalize(const TileLayout &layout) {
  if (auto err = validate(layout))
    return Result<TileLayout>::failure(*err);
  return canonicalizeUnchecked(layout);
}

Result<ComposeLayout> canonicalize(const ComposeLayout &layout) {
  if (auto err = validate(layout))
    return Result<ComposeLayout>::failure(*err);
  return ComposeLayout{layout.swizzle, canonicalizeUnchecked(layout.tile)};
}

namespace {
/// Dimensions whose slicing region is contiguous in the flat index.
struct SliceGroup {
  size_t first = 0, last = 0; // dims
  int64_t size = 1;           // elements of the group's dims
  int64_t begin = 0;          // flat begin of the region in the group
  int64_t extent = 1;         // flat length of the region in the group
  int64_t weight = 1;         // flat weight of the group's lowest digit
};

/// Why `region` is not a non-empty box inside `shape`, or nothing.
std::optional<std::string> regionError(const Shape &shape,
                                       const Region &region) {
  const size_t rank = shape.size();
  if (region.size() != rank)
    return "slice: region has rank " + std::to_string(region.size()) +
           " but the shape has rank " + std::to_string(rank);
  for (size_t d = 0; d < rank; ++d) {
    const Range &r = region[d];
    if (r.begin < 0 || r.extent < 1 || r.begin > shape[d] - r.extent)
      return "slice: the range of dimension " + std::to_string(d) +
             " (begin " + std::to_string(r.begin) + ", extent " +
             std::to_string(r.extent) + ") is empty or leaves [0, " +
             std::to_string(shape[d]) + ")";
  }
  return std::nullopt;
}

/// Groups dimensions whose region is contiguous in the flat index: a group is
/// (dims with extent 1)*, one dim, (full dims)*. Inside a group the region
/// is one flat interval [begin, begin + extent), and the row-major order of
/// the result shape over the group's dims is that interval's order, so only
/// the boundaries between groups must align with iter boundaries.
std::vector<SliceGroup> groupContiguousDims(const Shape &shape,
                                            const Region &region) {
  const size_t rank = shape.size();
  std::vector<SliceGroup> groups;
  bool allUnit = false;
  for (size_t d = 0; d < rank; ++d) {
    bool full = region[d].begin == 0 && region[d].extent == shape[d];
    if (groups.empty() || !(allUnit || full)) {
      groups.push_back(SliceGroup{d, d, 1, 0, 1, 1});
      allUnit = true;
    }
    SliceGroup &g = groups.back();
    g.last = d;
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
  return groups;
}

/// Appends to `result` the shard iters (and offsets) of group `g` of the
/// region, from the split shard and its iter weights; an error when the
/// region is not a product of per-digit ranges.
std::optional<std::string> sliceGroup(const SliceGroup &g,
                                      const std::vector<Iter> &split,
                                      const std::vector<int64_t> &weights,
                                      TileLayout &result) {
  // The group's digits, most significant first. Unit iters (only in a
  // size-1 canonical shard) lie in no group and contribute nothing.
  std::vector<Iter> digits;
  for (size_t k = 0; k < split.size(); ++k)
    if (split[k].extent > 1 && weights[k] >= g.weight &&
        weights[k] < g.weight * g.size)
      digits.push_back(split[k]);
  // A flat interval [b, b + t) over mixed-radix digits is a product of
  // per-digit ranges iff it is (fixed digits)*, one digit over a
  // sub-interval, (full digits)*. Take the full low digits greedily: the
  // digits below q are full, digit q-1 is the cut one.
  size_t q = digits.size();
  int64_t low = 1;
  while (q > 0) {
    int64_t next = low * digits[q - 1].extent;
    if (g.begin % next != 0 || g.extent % next != 0)
      break;
    low = next;
    --q;
  }
  if (q > 0) {
    int64_t high = g.begin / low; // the region's begin in digits [0, q)
    int64_t count = g.extent / low;
    const Iter cut = digits[q - 1];
    int64_t first = high % cut.extent;
    if (first + count > cut.extent)
      return "slice: the region wraps around a digit: in dimension" +
             (g.first == g.last ? " " + std::to_string(g.first)
                                : "s " + std::to_string(g.first) + ".." +
                                      std::to_string(g.last)) +
             " the flat range [" + std::to_string(g.begin) + ", " +
             std::to_string(g.begin + g.extent) + ") needs digit values [" +
             std::to_string(first) + ", " + std::to_string(first + count) +
             ") of iter " + iterText(cut) + " and carries into the digit above";
    // The cut digit starts at `first`; the digits above it are fixed at the
    // region's begin: both become offsets.
    result.offset.push_back(Offset{first * cut.stride, cut.axis});
    high /= cut.extent;
    for (size_t i = q - 1; i-- > 0;) {
      result.offset.push_back(Offset{
          (high % digits[i].extent) * digits[i].stride, digits[i].axis});
      high /= digits[i].extent;
    }
    digits.erase(digits.begin(), digits.begin() + (q - 1));
    digits.front().extent = count;
  }
  result.shard.insert(result.shard.end(), digits.begin(), digits.end());
  return std::nullopt;
}
} // namespace

Result<TileLayout> slice(const TileLayout &layout, const Shape &shape,
                         const Region &region) {
  using R = Result<TileLayout>;
  if (auto err = validateAll(layout, shape))
    return R::failure("slice: " + *err);
  if (auto err = regionError(shape, region))
    return R::failure(*err);
  // Fused iters split more often than their pieces (a contiguous run can be
  // cut anywhere its extents allow), so start from the canonical form.
  TileLayout canon = canonicalizeUnchecked(layout);

  std::vector<SliceGroup> groups = groupContiguousDims(shape, region);
  std::vector<int64_t> boundaries;
  for (const SliceGroup &g : groups)
    boundaries.push_back(g.weight);
  auto describe = [&](int64_t p) {
    for (const SliceGroup &g : groups)
      if (g.weight == p)
        return "the boundary between dimensions " + std::to_string(g.last) +
               " and " + std::to_string(g.last + 1);
    return std::string("a dimension boundary");
  };
  auto split = splitAt(canon.shard, boundaries, "slice", describe);
  if (!split)
    return R::failure(split.error());
  std::vector<int64_t> weights = iterWeights(*split);

  TileLayout result;
  result.replica = canon.replica;
  result.offset = canon.offset;
  for (const SliceGroup &g : groups)
    if (auto err = sliceGroup(g, *split, weights, result))
      return R::failure(*err);
  // Name every original axis so canonicalization keeps the axis set even
  // where the region fixed all of an axis's digits. A size-1 layout has no
  // digit in any group; give it the canonical layout's unit iter back.
  if (result.shard.empty())
    result.shard.push_back(Iter{1, 1, canon.shard.front().axis});
  for (Axis ax : axisSet(canon))
    result.offset.push_back(Offset{0, ax});
  return canonicalizeUnchecked(result);
}

Result<ComposeLayout> slice(const ComposeLayout &layout, const Shape &shape,
                            const Region &region) {
  if (auto err = validate(layout))
    return Result<ComposeLayout>::failure("slice: " + *err);
  auto tile = slice(layout.tile, shape, region);
  if (!tile)
    return Result<ComposeLayout>::failure(tile.error());
  return ComposeLayout{layout.swizzle, *tile};
}

namespace {
/// w[d] for d in [0, rank]: the product of the dimensions from d on, so dim
/// d's lowest digit has flat weight w[d + 1].
std::vector<int64_t> dimWeights(const Shape &shape) {
  std::vector<int64_t> w(shape.size() + 1, 1); // w[d]: weight of dim d's
  for (size_t d = shape.size(); d-- > 0;)       // lowest digit is w[d + 1]
    w[d] = w[d + 1] * shape[d];
  return w;
}

/// Names the boundary of flat weight p between two dimensions of the `which`
/// shape with dimension weights `w`, for splitAt's errors.
auto describeBoundaryIn(const std::vector<int64_t> &w, const char *which) {
  return [w, which](int64_t p) {
    for (size_t d = 1; d + 1 < w.size(); ++d)
      if (w[d] == p)
        return "the boundary between dimensions " + std::to_string(d - 1) +
               " and " + std::to_string(d) + " of the " + which + " shape";
    return std::string("a dimension boundary");
  };
}

/// The dim whose digits an iter of flat weight `weight` belongs to; an
/// unsplit iter that crosses a boundary no digit is inserted at goes to the
/// lower dim, which keeps the digit order (the skipped digit has extent 1).
size_t dimOfWeight(const std::vector<int64_t> &w, int64_t weight) {
  size_t d = w.size() - 2;
  while (d > 0 && weight >= w[d])
    --d;
  return d;
}
} // namespace

Result<TileLayout> tile(const TileLayout &outer, const Shape &outerShape,
                        const TileLayout &inner, const Shape &innerShape) {
  using R = Result<TileLayout>;
  if (auto err = validateAll(outer, outerShape))
    return R::failure("tile: outer layout: " + *err);
  if (auto err = validateAll(inner, innerShape))
    return R::failure("tile: inner layout: " + *err);
  const size_t rank = outerShape.size();
  if (innerShape.size() != rank)
    return R::failure("tile: outer shape has rank " + std::to_string(rank) +
                      " but inner shape has rank " +
                      std::to_string(innerShape.size()));
  TileLayout o = canonicalizeUnchecked(outer);
  TileLayout n = canonicalizeUnchecked(inner);

  // The tiled flat index has digits (a0, b0, a1, b1, ...) with extents
  // (o0, n0, o1, n1, ...). The outer iters must be cut at the boundary
  // before outer dim d when a non-trivial inner digit b_{d-1} sits between
  // a_{d-1} and a_d, and the inner iters before inner dim d when a_d is
  // non-trivial.
  std::vector<int64_t> ow = dimWeights(outerShape), nw = dimWeights(innerShape);
  std::vector<int64_t> oCuts, nCuts;
  for (size_t d = 1; d < rank; ++d) {
    if (innerShape[d - 1] > 1)
      oCuts.push_back(ow[d]);
    if (outerShape[d] > 1)
      nCuts.push_back(nw[d]);
  }
  auto oSplit = splitAt(o.shard, oCuts, "tile: outer layout",
                        describeBoundaryIn(ow, "outer"));
  if (!oSplit)
    return R::failure(oSplit.error());
  auto nSplit = splitAt(n.shard, nCuts, "tile: inner layout",
                        describeBoundaryIn(nw, "inner"));
  if (!nSplit)
    return R::failure(nSplit.error());

  // Outer locations are in units of whole inner tiles on memory axes: scale
  // them by the inner span there. Thread axes add unscaled (the usual use
  // puts outer and inner on different thread axes, e.g. warpid x laneid).
  AxisSet innerAxes = axisSet(n);
  auto innerSpan = span(n);
  std::optional<std::string> overflow;
  auto scaled = [&](Axis axis, int64_t value) -> int64_t {
    if (!isMemoryAxis(axis) || !innerAxes.count(axis))
      return value;
    auto v = mulBounded(value, (*innerSpan)[name(axis)]);
    if (!v) {
      overflow =
          "tile: scaled outer stride on '" + name(axis) + "' exceeds 2^62";
      return 0;
    }
    return *v;
  };

  // Each iter goes to the dim its weight lies in.
  std::vector<int64_t> oWeights = iterWeights(*oSplit),
                       nWeights = iterWeights(*nSplit);
  TileLayout result;
  for (size_t d = 0; d < rank; ++d) {
    for (size_t k = 0; k < oSplit->size(); ++k) {
      const Iter &it = (*oSplit)[k];
      if (it.extent > 1 && dimOfWeight(ow, oWeights[k]) == d)
        result.shard.push_back(
            Iter{it.extent, scaled(it.axis, it.stride), it.axis});
    }
    for (size_t k = 0; k < nSplit->size(); ++k) {
      const Iter &it = (*nSplit)[k];
      if (it.extent > 1 && dimOfWeight(nw, nWeights[k]) == d)
        result.shard.push_back(it);
    }
  }
  for (const Iter &it : o.replica)
    result.replica.push_back(
        Iter{it.extent, scaled(it.axis, it.stride), it.axis});
  result.replica.insert(result.replica.end(), n.replica.begin(),
                        n.replica.end());
  for (const Offset &off : o.offset)
    result.offset.push_back(Offset{scaled(off.axis, off.value), off.axis});
  result.offset.insert(result.offset.end(), n.offset.begin(), n.offset.end());
  for (Axis ax : axisSet(o))
    result.offset.push_back(Offset{0, ax});
  for (Axis ax : innerAxes)
    result.offset.push_back(Offset{0, ax});
  if (overflow)
    return R::failure(*overflow);
  TileLayout canon = canonicalizeUnchecked(result);
  if (auto err = validate(canon))
    return R::failure("tile: " + *err);
  return canon;
}

//===----------------------------------------------------------------------===//
// Text.
//===----------------------------------------------------------------------===//

namespace {

std::string formatIters(const char *kind, const std::vector<Iter> &iters) {
  std::string extents, strides;
  for (size_t k = 0; k < iters.size(); ++k) {
    if (k) {
      extents += ",";
      strides += ",";
    }
    extents += std::to_string(iters[k].extent);
    strides += std::to_string(iters[k].stride);
    if (iters[k].axis != Axis::M)
      strides += "@" + name(iters[k].axis);
  }
  if (iters.size() != 1) {
    extents = "(" + extents + ")";
    strides = "(" + strides + ")";
  }
  return std::string(kind) + "[" + extents + ":" + strides + "]";
}

/// A hand-written recursive-descent reader; whitespace between tokens is
/// skipped, every error says what was expected and at which byte.
class Reader {
public:
  explicit Reader(std::string_view text) : text_(text) {}

  bool atEnd() {
    skipSpace();
    return pos_ == text_.size();
  }
  bool peek(char c) {
    skipSpace();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool consume(char c) {
    if (!peek(c))
      return false;
    ++pos_;
    return true;
  }
  bool expect(char c) {
    if (consume(c))
      return true;
    fail(std::string("expected '") + c + "'");
    return false;
  }
  std::optional<int64_t> integer() {
    skipSpace();
    size_t start = pos_;
    bool negative = pos_ < text_.size() && text_[pos_] == '-';
    if (negative)
      ++pos_;
    if (pos_ == text_.size() || !isDigit(text_[pos_])) {
      pos_ = start;
      fail("expected an integer");
      return std::nullopt;
    }
    int64_t value = 0;
    while (pos_ < text_.size() && isDigit(text_[pos_])) {
      if (__builtin_mul_overflow(value, 10, &value) ||
          __builtin_add_overflow(value, text_[pos_] - '0', &value)) {
        pos_ = start;
        fail("integer out of range");
        return std::nullopt;
      }
      ++pos_;
    }
    return negative ? -value : value;
  }
  std::optional<std::string> identifier() {
    skipSpace();
    size_t start = pos_;
    while (pos_ < text_.size() &&
           (isAlpha(text_[pos_]) || text_[pos_] == '_' ||
            (pos_ > start && isDigit(text_[pos_]))))
      ++pos_;
    if (pos_ == start) {
      fail("expected an identifier");
      return std::nullopt;
    }
    return std::string(text_.substr(start, pos_ - start));
  }
  /// The first error, with its position.
  void fail(const std::string &what) {
    if (error_.empty())
      error_ = what + " at offset " + std::to_string(pos_) + " in '" +
               std::string(text_) + "'";
  }
  const std::string &error() const { return error_; }
  bool failed() const { return !error_.empty(); }

private:
  static bool isDigit(char c) { return c >= '0' && c <= '9'; }
  static bool isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
  void skipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' ||
            text_[pos_] == '\r'))
      ++pos_;
  }
  std::string_view text_;
  size_t pos_ = 0;
  std::string error_;
};

/// A stride or offset as written: its axis is a name until resolveAxes.
struct NamedValue {
  int64_t value = 0;
  std::string axis = kMemoryAxis;
};

/// `value[@axis]`.
std::optional<NamedValue> readStride(Reader &r) {
  auto value = r.integer();
  if (!value)
    return std::nullopt;
  NamedValue result{*value, kMemoryAxis};
  if (r.consume('@')) {
    auto axis = r.identifier();
    if (!axis)
      return std::nullopt;
    result.axis = *axis;
  }
  return result;
}

/// `item` or `(item, item, ...)`.
template <typename ReadItem>
auto readTuple(Reader &r, ReadItem item)
    -> std::optional<std::vector<typename decltype(item(r))::value_type>> {
  using T = typename decltype(item(r))::value_type;
  std::vector<T> result;
  if (!r.consume('(')) {
    auto one = item(r);
    if (!one)
      return std::nullopt;
    result.push_back(*one);
    return result;
  }
  do {
    auto next = item(r);
    if (!next)
      return std::nullopt;
    result.push_back(*next);
  } while (r.consume(','));
  if (!r.expect(')'))
    return std::nullopt;
  return result;
}

/// An iter as written.
struct NamedIter {
  int64_t extent = 1;
  NamedValue stride;
};

/// `[extents:strides]` after the `S` or `R`.
std::optional<std::vector<NamedIter>> readIters(Reader &r, const char *kind) {
  if (!r.expect('['))
    return std::nullopt;
  auto extents = readTuple(r, [](Reader &rr) { return rr.integer(); });
  if (!extents || !r.expect(':'))
    return std::nullopt;
  auto strides = readTuple(r, readStride);
  if (!strides || !r.expect(']'))
    return std::nullopt;
  if (extents->size() != strides->size()) {
    r.fail(std::string(kind) + " has " + std::to_string(extents->size()) +
           " extents but " + std::to_string(strides->size()) + " strides");
    return std::nullopt;
  }
  std::vector<NamedIter> iters;
  for (size_t k = 0; k < extents->size(); ++k)
    iters.push_back(NamedIter{(*extents)[k], (*strides)[k]});
  return iters;
}

/// The layout's axes by name, or which name is no axis.
struct NamedLayout {
  std::vector<NamedIter> shard, replica;
  std::vector<NamedValue> offset;
};

Result<TileLayout> resolveAxes(const NamedLayout &named) {
  TileLayout layout;
  std::string error;
  auto resolve = [&](const NamedValue &v, const std::string &where) {
    std::optional<Axis> axis = symbolizeAxis(v.axis);
    if (!axis && error.empty())
      error = where + " names unknown axis '" + v.axis + "'";
    return axis.value_or(Axis::M);
  };
  auto iters = [&](const std::vector<NamedIter> &in, const char *kind,
                   std::vector<Iter> &out) {
    for (size_t k = 0; k < in.size(); ++k)
      out.push_back(Iter{in[k].extent, in[k].stride.value,
                         resolve(in[k].stride, std::string(kind) + " iter #" +
                                                   std::to_string(k))});
  };
  iters(named.shard, "shard", layout.shard);
  iters(named.replica, "replica", layout.replica);
  for (size_t k = 0; k < named.offset.size(); ++k)
    layout.offset.push_back(
        Offset{named.offset[k].value,
               resolve(named.offset[k], "offset #" + std::to_string(k))});
  if (!error.empty())
    return Result<TileLayout>::failure(error);
  return layout;
}

} // namespace

std::string format(const TileLayout &layout) {
  std::string text = formatIters("S", layout.shard);
  if (!layout.replica.empty())
    text += " + " + formatIters("R", layout.replica);
  for (const Offset &o : layout.offset) {
    text += " + " + std::to_string(o.value);
    if (o.axis != Axis::M)
      text += "@" + name(o.axis);
  }
  return text;
}

Result<TileLayout> parseTileLayout(std::string_view text) {
  using R = Result<TileLayout>;
  Reader r(text);
  NamedLayout named;
  bool seenReplica = false;
  if (!r.consume('S')) {
    r.fail("expected 'S['");
    return R::failure(r.error());
  }
  auto shard = readIters(r, "S");
  if (!shard)
    return R::failure(r.error());
  named.shard = std::move(*shard);
  while (!r.atEnd()) {
    if (!r.expect('+'))
      return R::failure(r.error());
    if (r.consume('R')) {
      if (seenReplica) {
        r.fail("a second 'R[...]' (write all replica iters in one)");
        return R::failure(r.error());
      }
      seenReplica = true;
      auto replica = readIters(r, "R");
      if (!replica)
        return R::failure(r.error());
      named.replica = std::move(*replica);
      continue;
    }
    auto offset = readStride(r);
    if (!offset)
      return R::failure(r.error());
    named.offset.push_back(*offset);
  }
  Result<TileLayout> layout = resolveAxes(named);
  if (!layout)
    return R::failure("invalid layout '" + std::string(text) +
                      "': " + layout.error());
  if (auto err = validate(*layout))
    return R::failure("invalid layout '" + std::string(text) + "': " + *err);
  return layout;
}

std::string format(const SwizzleLayout &s) {
  std::string text = "per_element = " + std::to_string(s.perElement) +
                     ", swizzle_len = " + std::to_string(s.swizzleLen) +
                     ", atom_len = " + std::to_string(s.atomLen);
  if (!s.swizzleInner)
    text += ", swizzle_inner = false";
  return text;
}

Result<SwizzleLayout> parseSwizzleLayout(std::string_view text) {
  using R = Result<SwizzleLayout>;
  Reader r(text);
  SwizzleLayout s;
  std::set<std::string> seen;
  do {
    auto key = r.identifier();
    if (!key)
      return R::failure(r.error());
    if (!seen.insert(*key).second) {
      r.fail("duplicate key '" + *key + "'");
      return R::failure(r.error());
    }
    if (!r.expect('='))
      return R::failure(r.error());
    if (*key == "swizzle_inner") {
      auto value = r.identifier();
      if (!value || (*value != "true" && *value != "false")) {
        r.fail("expected 'true' or 'false' for swizzle_inner");
        return R::failure(r.error());
      }
      s.swizzleInner = *value == "true";
      continue;
    }
    int64_t *field = *key == "per_element"   ? &s.perElement
                     : *key == "swizzle_len" ? &s.swizzleLen
                     : *key == "atom_len"    ? &s.atomLen
                                             : nullptr;
    if (!field) {
      r.fail("unknown swizzle key '" + *key +
             "' (expected per_element, swizzle_len, atom_len, swizzle_inner)");
      return R::failure(r.error());
    }
    auto value = r.integer();
    if (!value)
      return R::failure(r.error());
    *field = *value;
  } while (r.consume(','));
  if (!r.atEnd()) {
    r.fail("expected ',' or the end");
    return R::failure(r.error());
  }
  for (const char *required : {"per_element", "swizzle_len", "atom_len"})
    if (!seen.count(required))
      return R::failure("swizzle '" + std::string(text) + "' has no " +
                        required);
  if (auto err = validate(s))
    return R::failure("invalid swizzle '" + std::string(text) + "': " + *err);
  return s;
}

std::string formatLocation(const Location &location) {
  std::string text;
  for (const auto &[axis, value] : location) {
    if (!text.empty())
      text += " ";
    text += axis + "=" + std::to_string(value);
  }
  return text;
}

std::string formatTableLine(const Coord &coord,
                            const std::vector<Location> &locations) {
  std::string text = "(";
  for (size_t d = 0; d < coord.size(); ++d)
    text += (d ? ", " : "") + std::to_string(coord[d]);
  text += ") ->";
  for (size_t k = 0; k < locations.size(); ++k)
    text += (k ? " | " : " ") + formatLocation(locations[k]);
  return text;
}

std::string formatTable(const Shape &shape, const Table &table) {
  std::string text;
  for (size_t flat = 0; flat < table.size(); ++flat)
    text += formatTableLine(delinearize(shape, int64_t(flat)), table[flat]) +
            "\n";
  return text;
}

//===----------------------------------------------------------------------===//
// Layout.
//===----------------------------------------------------------------------===//

TileLayout Layout::tileFor(const Shape &shape) const {
  return tile_ ? *tile_ : rowMajor(shape);
}

std::optional<int64_t> Layout::size() const {
  if (!tile_)
    return std::nullopt;
  return layout::size(*tile_);
}

std::vector<std::string> Layout::axes() const {
  if (!tile_)
    return {kMemoryAxis};
  return layout::axes(*tile_);
}

int64_t Layout::replicaCount() const {
  int64_t count = 1;
  if (tile_)
    for (const Iter &r : tile_->replica)
      if (__builtin_mul_overflow(count, r.extent, &count))
        return INT64_MAX;
  return count;
}

Result<std::map<std::string, int64_t>> Layout::span(const Shape &shape) const {
  if (!swizzle_)
    return layout::span(*tile_);
  return layout::span(ComposeLayout{*swizzle_, tileFor(shape)});
}

Result<std::vector<Location>> Layout::apply(const Shape &shape,
                                            const Coord &coord) const {
  if (!tile_)
    return layout::apply(*swizzle_, shape, coord);
  if (!swizzle_)
    return layout::apply(*tile_, shape, coord);
  return layout::apply(ComposeLayout{*swizzle_, *tile_}, shape, coord);
}

Result<Table> Layout::table(const Shape &shape) const {
  if (!tile_)
    return layout::table(*swizzle_, shape);
  if (!swizzle_)
    return layout::table(*tile_, shape);
  return layout::table(ComposeLayout{*swizzle_, *tile_}, shape);
}

} // namespace uop::tirx::layout
