//===- TIRxViews.cpp - region views and layout slices -----------------===//

#include "uop/Dialect/TIRx/IR/TIRxViews.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace uop::tirx;
namespace la = uop::tirx::layout;

#define GET_OP_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxViewOps.cpp.inc"

la::Result<la::Layout> la::slice(const Layout &l, const Shape &shape,
                                 const Region &region) {
  if (!l.getSwizzle()) {
    Result<TileLayout> t = slice(*l.getTile(), shape, region);
    if (!t)
      return Result<Layout>::failure(t.error());
    return Layout(*t);
  }
  Result<ComposeLayout> c =
      slice(ComposeLayout{*l.getSwizzle(), l.tileFor(shape)}, shape, region);
  if (!c)
    return Result<Layout>::failure(c.error());
  return Layout(*c);
}

Attribute uop::tirx::getLayoutAttr(MLIRContext *ctx, const la::Layout &l) {
  if (!l.getSwizzle())
    return TileLayoutAttr::get(ctx, *l.getTile());
  const la::SwizzleLayout &s = *l.getSwizzle();
  auto swizzle = SwizzleLayoutAttr::get(ctx, s.perElement, s.swizzleLen,
                                        s.atomLen, s.swizzleInner);
  if (!l.getTile())
    return swizzle;
  return ComposeLayoutAttr::get(ctx, swizzle,
                                TileLayoutAttr::get(ctx, *l.getTile()));
}

static Attribute sliceAlgebra(MLIRContext *ctx, const la::Layout &l,
                              ArrayRef<int64_t> shape, ArrayRef<int64_t> begin,
                              ArrayRef<int64_t> extents, std::string &error) {
  if (begin.size() != shape.size() || extents.size() != shape.size()) {
    error = "the region has " + std::to_string(begin.size()) +
            " dimensions, the buffer " + std::to_string(shape.size());
    return {};
  }
  la::Region region;
  for (auto [b, e] : llvm::zip(begin, extents))
    region.push_back(la::Range{b, e});
  la::Result<la::Layout> sliced =
      la::slice(l, la::Shape(shape.begin(), shape.end()), region);
  if (!sliced) {
    error = sliced.error();
    return {};
  }
  return getLayoutAttr(ctx, *sliced);
}

Attribute uop::tirx::sliceLayout(LayoutAttrInterface layout,
                                 ArrayRef<int64_t> shape,
                                 ArrayRef<int64_t> begin,
                                 ArrayRef<int64_t> extents,
                                 std::string &error) {
  return sliceAlgebra(layout.getContext(), layout.getAlgebra(), shape, begin,
                      extents, error);
}

la::Layout uop::tirx::getBufferLayout(BufferType type) {
  if (LayoutAttrInterface l = type.getLayoutInterface())
    return l.getAlgebra();
  SmallVector<int64_t> strides(type.getStrides());
  if (strides.empty()) {
    strides.assign(type.getShape().size(), 1);
    for (int64_t d = int64_t(strides.size()) - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * type.getShape()[d + 1];
  }
  la::TileLayout tile;
  for (auto [e, s] : llvm::zip(type.getShape(), strides))
    tile.shard.push_back(la::Iter{e, s, la::kMemoryAxis});
  if (tile.shard.empty())
    tile.shard.push_back(la::Iter{1, 1, la::kMemoryAxis});
  return tile;
}

LogicalResult RegionViewOp::verify() {
  auto regionType = cast<RegionType>(getRegion().getType());
  BufferType src = regionType.getBuffer(), view = getType();
  if (failed(verifyViewKeepsStorage(*this, src, view)))
    return failure();
  if (view.getShape() != regionType.getExtents())
    return emitOpError("a region view has the region's extents as its shape: [")
           << regionType.getExtents() << "], got [" << view.getShape() << "]";
  if (!view.getStrides().empty() || view.getElemOffset())
    return emitOpError("a region view is placed by its layout (the slice); "
                       "it takes no strides or elem_offset");
  auto region = getRegion().getDefiningOp<RegionOp>();
  if (!region)
    return emitOpError("views the region of a tirx.region");
  SmallVector<int64_t> begin;
  for (Value m : region.getMins()) {
    APInt value;
    if (!matchPattern(m, m_ConstantInt(&value)))
      return emitOpError("a region view needs constant mins: the layout "
                         "slice is static");
    begin.push_back(value.getSExtValue());
  }
  std::string why;
  Attribute expected = sliceAlgebra(getContext(), getBufferLayout(src),
                                    src.getShape(), begin,
                                    regionType.getExtents(), why);
  if (!expected)
    return emitOpError("the source's layout has no slice over this region: ")
           << why;
  auto have = view.getLayoutInterface();
  if (!have)
    return emitOpError("a region view's layout is the slice of the source's: ")
           << expected;
  if (have == expected)
    return success();
  // The same map written another way (the same table) is the slice too.
  if (view.getNumElements() <= (1 << 16)) {
    la::Shape shape(view.getShape().begin(), view.getShape().end());
    la::Result<la::Table> a = have.getAlgebra().table(shape),
                          b = cast<LayoutAttrInterface>(expected)
                                  .getAlgebra()
                                  .table(shape);
    if (a && b && *a == *b)
      return success();
  }
  return emitOpError("the view's layout ")
         << have << " is not the slice of the source's over this region, "
         << expected;
}

void uop::tirx::lowerRegionViews(Operation *root) {
  SmallVector<RegionViewOp> views;
  root->walk([&](RegionViewOp v) { views.push_back(v); });
  for (RegionViewOp v : views) {
    OpBuilder b(v);
    auto region = v.getRegion().getDefiningOp<RegionOp>();
    Value decl = DeclBufferOp::create(b, v.getLoc(), v.getType(),
                                      region.getBuffer(), /*storage=*/false);
    v.replaceAllUsesWith(decl);
    v.erase();
  }
}
