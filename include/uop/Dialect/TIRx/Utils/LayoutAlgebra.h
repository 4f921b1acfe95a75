//===- LayoutAlgebra.h - TIRx layout algebra on plain integers -*- C++ -*-===//
//
// The TIRx layout algebra (TileLayout, SwizzleLayout, ComposeLayout) as plain
// C++17 on int64_t, with no MLIR dependency, so it can be unit tested
// exhaustively against brute force and reused by the `#tirx.tile`,
// `#tirx.swizzle` and `#tirx.compose` attributes, by dispatch predicates and by
// `uop-translate --tirx-layout-table`. Semantics and text syntax are described
// in docs/tirx-layouts.md.
//
// Nothing here asserts or throws (the tree builds with -fno-exceptions):
// operations that can fail return a Result<T> (value or message) and
// validators return std::optional<std::string> (the message, or nullopt).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_UTILS_LAYOUTALGEBRA_H
#define UOP_DIALECT_TIRX_UTILS_LAYOUTALGEBRA_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace uop::tirx::layout {

//===----------------------------------------------------------------------===//
// Result: a value or an error message.
//===----------------------------------------------------------------------===//

/// A value or an error message. A tiny stand-in for llvm::Expected that
/// needs no LLVM and never aborts for an unchecked error.
template <typename T>
class [[nodiscard]] Result {
public:
  Result(T value) : value_(std::move(value)) {}
  static Result failure(std::string message) {
    Result r;
    r.error_ = std::move(message);
    return r;
  }

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  /// Only meaningful when ok().
  const T &operator*() const & { return *value_; }
  T &operator*() & { return *value_; }
  const T *operator->() const { return &*value_; }
  T *operator->() { return &*value_; }
  /// Only meaningful when !ok().
  const std::string &error() const { return error_; }

private:
  Result() = default;
  std::optional<T> value_;
  std::string error_;
};

//===----------------------------------------------------------------------===//
// Axes, iters and layouts.
//===----------------------------------------------------------------------===//

/// Every axis a layout may name, defined once: the thread axes that say
/// which thread holds an element (lane in warp, warp in CTA, warpgroup in
/// CTA, thread / warp in warpgroup, thread in CTA, block and block in
/// cluster per dimension) and the memory axes (a plain element offset, and
/// tensor memory's lanes and columns). Layouts spell them by axisName.
enum class Axis {
  LaneId, WarpId, WgId, TidInWg, WidInWg, Tx, Bx, By, Bz, Cbx, Cby, Cbz,
  M, TLane, TCol,
};
/// The axis's name in layouts ("laneid", ..., "m", "TLane", "TCol").
const char *axisName(Axis axis);
/// The axis named `name`, if any.
std::optional<Axis> symbolizeAxis(std::string_view name);

/// The default axis's name: a plain memory offset in elements. Locations and
/// spans are keyed by name, so that they iterate in name order.
inline constexpr const char *kMemoryAxis = "m";

/// Axis::LaneId ... Axis::Cbz.
inline bool isThreadAxis(Axis axis) { return axis < Axis::M; }
/// Axis::M, Axis::TLane, Axis::TCol.
inline bool isMemoryAxis(Axis axis) { return axis >= Axis::M; }
/// The same, by name (false for a name that is no axis).
bool isThreadAxis(std::string_view name);
bool isMemoryAxis(std::string_view name);

/// One mixed-radix digit: `extent` values, each step moving `stride` on `axis`.
struct Iter {
  int64_t extent = 1;
  int64_t stride = 0;
  Axis axis = Axis::M;
  bool operator==(const Iter &o) const {
    return extent == o.extent && stride == o.stride && axis == o.axis;
  }
  bool operator!=(const Iter &o) const { return !(*this == o); }
};

/// A fixed amount added on one axis. Several offsets (even on the same axis)
/// are allowed; they add up. They are kept as written so text round-trips.
struct Offset {
  int64_t value = 0;
  Axis axis = Axis::M;
  bool operator==(const Offset &o) const {
    return value == o.value && axis == o.axis;
  }
  bool operator!=(const Offset &o) const { return !(*this == o); }
};

/// Maps a logical coordinate to a set of physical locations: the row-major
/// flat index is split mixed-radix over `shard` (first iter = most
/// significant digit), digit k adds c_k * stride_k on its axis, `offset` adds
/// constants, and every replica iter multiplies the location set by
/// {r * stride : 0 <= r < extent} on its axis.
struct TileLayout {
  std::vector<Iter> shard;
  std::vector<Iter> replica;
  std::vector<Offset> offset;
  bool operator==(const TileLayout &o) const {
    return shard == o.shard && replica == o.replica && offset == o.offset;
  }
  bool operator!=(const TileLayout &o) const { return !(*this == o); }
};

/// XOR swizzle of a memory offset a: x = a >> perElement,
///   swizzleInner:  f(x) = x ^ ((x >> atomLen) & (2^swizzleLen - 1))
///   !swizzleInner: f(x) = x ^ ((x & (2^swizzleLen - 1)) << atomLen)
/// result = (f(x) << perElement) + (a mod 2^perElement).
struct SwizzleLayout {
  int64_t perElement = 0;
  int64_t swizzleLen = 0;
  int64_t atomLen = 0;
  bool swizzleInner = true;
  bool operator==(const SwizzleLayout &o) const {
    return perElement == o.perElement && swizzleLen == o.swizzleLen &&
           atomLen == o.atomLen && swizzleInner == o.swizzleInner;
  }
  bool operator!=(const SwizzleLayout &o) const { return !(*this == o); }
};

/// The tile layout first, then the swizzle on the `m` value of each location.
struct ComposeLayout {
  SwizzleLayout swizzle;
  TileLayout tile;
  bool operator==(const ComposeLayout &o) const {
    return swizzle == o.swizzle && tile == o.tile;
  }
  bool operator!=(const ComposeLayout &o) const { return !(*this == o); }
};

using Shape = std::vector<int64_t>;
using Coord = std::vector<int64_t>;
/// A physical location: every axis the layout names, with its value (0 when
/// nothing contributes). std::map keeps the axes sorted by name (byte order).
using Location = std::map<std::string, int64_t>;
/// For every logical element in row-major order, its sorted, duplicate-free
/// location set.
using Table = std::vector<std::vector<Location>>;

/// Per-dimension [begin, begin + extent).
struct Range {
  int64_t begin = 0;
  int64_t extent = 1;
};
using Region = std::vector<Range>;

//===----------------------------------------------------------------------===//
// Validation.
//===----------------------------------------------------------------------===//

/// Structural checks: at least one shard iter, extents >= 1, strides and
/// offsets >= 0, size and per-axis span fit in 2^62.
std::optional<std::string> validate(const TileLayout &layout);
/// All fields >= 0, atomLen >= swizzleLen, perElement+swizzleLen+atomLen <= 62.
std::optional<std::string> validate(const SwizzleLayout &swizzle);
/// Both parts valid and the tile names the `m` axis the swizzle acts on.
std::optional<std::string> validate(const ComposeLayout &layout);
/// Dimensions >= 1 and product(shape) == size(layout).
std::optional<std::string> validateShape(const TileLayout &layout,
                                         const Shape &shape);

//===----------------------------------------------------------------------===//
// Queries.
//===----------------------------------------------------------------------===//

/// Product of the shard extents (1 for an empty shard).
int64_t size(const TileLayout &layout);
/// The axes named by any iter or offset, sorted by name.
std::vector<std::string> axes(const TileLayout &layout);
/// Per named axis: (max value over all locations) + 1. For `m` this is the
/// memory footprint in elements.
Result<std::map<std::string, int64_t>> span(const TileLayout &layout);
/// The tile's span, with `m` rounded up to the block the swizzle maps into
/// itself (2^(perElement+atomLen) if swizzleInner, else
/// 2^(perElement+swizzleLen+atomLen)): the footprint of the swizzled buffer.
Result<std::map<std::string, int64_t>> span(const ComposeLayout &layout);

/// Row-major flat index of `coord` in `shape` (no checks).
int64_t linearize(const Shape &shape, const Coord &coord);
/// Inverse of linearize (no checks).
Coord delinearize(const Shape &shape, int64_t flat);
/// The contiguous row-major layout of `shape`: S[(n0,...):(n1*n2*...,...,1)].
TileLayout rowMajor(const Shape &shape);
/// True for the canonical identity S[N:1] (no replicas or offsets).
bool isIdentity(const TileLayout &layout);

//===----------------------------------------------------------------------===//
// Application.
//===----------------------------------------------------------------------===//

/// The location set of `coord` (sorted, duplicate-free).
Result<std::vector<Location>> apply(const TileLayout &layout,
                                    const Shape &shape, const Coord &coord);
/// {m: swizzle(flat(coord))}; any shape.
Result<std::vector<Location>> apply(const SwizzleLayout &swizzle,
                                    const Shape &shape, const Coord &coord);
/// apply(tile), then the swizzle on each location's `m` value.
Result<std::vector<Location>> apply(const ComposeLayout &layout,
                                    const Shape &shape, const Coord &coord);
/// The swizzle of one memory offset (offset >= 0).
Result<int64_t> applySwizzle(const SwizzleLayout &swizzle, int64_t offset);

/// Brute force: apply to every element in row-major order.
Result<Table> table(const TileLayout &layout, const Shape &shape);
Result<Table> table(const SwizzleLayout &swizzle, const Shape &shape);
Result<Table> table(const ComposeLayout &layout, const Shape &shape);

//===----------------------------------------------------------------------===//
// Transformations.
//===----------------------------------------------------------------------===//

/// Same table, simpler form: offsets on one axis summed (first-appearance
/// order) and zero offsets dropped, unit-extent iters dropped, stride-0
/// replicas dropped, adjacent same-axis iters fused when
/// e[k+1] * s[k+1] == s[k] (into (e[k] * e[k+1], s[k+1])). An axis that would
/// no longer be named is kept as a `+ 0@axis` offset (sorted by name, after
/// the others), and an emptied shard becomes `S[1:1@axis]` with the axis of
/// the first shard iter, so the axis set of every location is unchanged.
/// Idempotent.
Result<TileLayout> canonicalize(const TileLayout &layout);
Result<ComposeLayout> canonicalize(const ComposeLayout &layout);

/// The layout of `region` of a `shape` buffer, viewed with shape = the
/// region's extents: apply(result, extents, y) == apply(layout, shape,
/// begin + y) for all y. Refuses (see docs/tirx-layouts.md) when an iter
/// straddles a cut dimension boundary and cannot be split mixed-radix there,
/// or when a dimension group's range wraps around a digit.
Result<TileLayout> slice(const TileLayout &layout, const Shape &shape,
                         const Region &region);
/// Slices the tile part; the swizzle is unchanged.
Result<ComposeLayout> slice(const ComposeLayout &layout, const Shape &shape,
                            const Region &region);

/// The product layout on shape (o0*n0, o1*n1, ...): element I with
/// I_d = a_d * n_d + b_d maps to scale(outer(a)) + inner(b) (every pair of
/// locations), where scale multiplies each memory-axis value by the inner
/// layout's span on that axis (1 if the inner layout does not name it) and
/// leaves thread axes unchanged. Ranks must match. Refuses when an iter must
/// be split at a dimension boundary of its own shape and cannot be.
Result<TileLayout> tile(const TileLayout &outer, const Shape &outerShape,
                        const TileLayout &inner, const Shape &innerShape);

//===----------------------------------------------------------------------===//
// Layout: any of the three kinds, with methods.
//===----------------------------------------------------------------------===//

/// What a layout attribute denotes, whatever its kind: a tile layout, a bare
/// swizzle (acting on the row-major offset of any shape), or a tile layout
/// followed by a swizzle of its `m` value. Lowerings ask this object instead
/// of switching over the kinds themselves.
class Layout {
public:
  Layout(TileLayout tile) : tile_(std::move(tile)) {}
  Layout(SwizzleLayout swizzle) : swizzle_(swizzle) {}
  Layout(ComposeLayout layout)
      : tile_(std::move(layout.tile)), swizzle_(layout.swizzle) {}

  /// The tile part; null for a bare swizzle.
  const TileLayout *getTile() const { return tile_ ? &*tile_ : nullptr; }
  /// The swizzle of `m`; null for a plain tile layout.
  const SwizzleLayout *getSwizzle() const {
    return swizzle_ ? &*swizzle_ : nullptr;
  }
  /// The tile part, or for a bare swizzle the row-major layout of `shape`.
  TileLayout tileFor(const Shape &shape) const;
  /// Number of logical elements; nullopt for a bare swizzle (any shape).
  std::optional<int64_t> size() const;
  /// The axes any location names, sorted (a bare swizzle names only `m`).
  std::vector<std::string> axes() const;
  /// Locations per logical element: the product of the replica extents.
  int64_t replicaCount() const;
  /// Per axis, (max value) + 1 over a buffer of `shape`; the swizzle rounds
  /// `m` up to the block it maps into itself.
  Result<std::map<std::string, int64_t>> span(const Shape &shape) const;
  /// The location set of `coord` in a buffer of `shape`.
  Result<std::vector<Location>> apply(const Shape &shape,
                                      const Coord &coord) const;
  /// Every element's location set, in row-major order.
  Result<Table> table(const Shape &shape) const;

private:
  std::optional<TileLayout> tile_;
  std::optional<SwizzleLayout> swizzle_;
};

//===----------------------------------------------------------------------===//
// Text.
//===----------------------------------------------------------------------===//

/// `S[(8,2):(4@laneid,1)] + R[2:4@warpid] + 5@warpid`; one-element tuples
/// without parentheses, `@m` omitted, offsets in stored order.
std::string format(const TileLayout &layout);
/// Parses the format above (whitespace between tokens is free, `@m` and
/// parentheses around one element are optional, `R[...]` at most once, in
/// any position after `S[...]`; an axis is one of axisName's), then
/// validates. The one grammar of layouts: `#tirx.tile<...>` parses with it.
Result<TileLayout> parseTileLayout(std::string_view text);

/// `per_element = 3, swizzle_len = 3, atom_len = 3` plus
/// `, swizzle_inner = false` when not inner.
std::string format(const SwizzleLayout &swizzle);
/// Keys in any order, each once; the first three required; then validates.
Result<SwizzleLayout> parseSwizzleLayout(std::string_view text);

/// `laneid=4 m=1 warpid=5` (axes sorted by name).
std::string formatLocation(const Location &location);
/// `(i, j) -> <location> | <location>`.
std::string formatTableLine(const Coord &coord,
                            const std::vector<Location> &locations);
/// One formatTableLine per element, each ending in '\n'.
std::string formatTable(const Shape &shape, const Table &table);

} // namespace uop::tirx::layout

#endif // UOP_DIALECT_TIRX_UTILS_LAYOUTALGEBRA_H
