//===- TIRxViews.cpp - region views and layout slices -----------------===//

#include "uop/Dialect/TIRx/IR/TIRxViews.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace uop::tirx;
namespace la = uop::tirx::layout;

#define GET_OP_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxViewOps.cpp.inc"

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
    tile.shard.push_back(la::Iter{e, s, la::Axis::M});
  if (tile.shard.empty())
    tile.shard.push_back(la::Iter{1, 1, la::Axis::M});
  return tile;
}

LayoutAttrInterface uop::tirx::getBufferLayoutAttr(BufferType type) {
  if (LayoutAttrInterface l = type.getLayoutInterface())
    return l;
  return TileLayoutAttr::get(type.getContext(),
                             *getBufferLayout(type).getTile());
}

/// The constant values of `mins`, or nullopt when one is not constant.
static std::optional<SmallVector<int64_t>> constantMins(ValueRange mins) {
  SmallVector<int64_t> begin;
  for (Value m : mins) {
    APInt value;
    if (!matchPattern(m, m_ConstantInt(&value)))
      return std::nullopt;
    begin.push_back(value.getSExtValue());
  }
  return begin;
}

LayoutAttrInterface
uop::tirx::getConstantRegionLayout(BufferType type, ValueRange mins,
                                   ArrayRef<int64_t> extents) {
  std::optional<SmallVector<int64_t>> begin = constantMins(mins);
  if (!begin)
    return {};
  // Not sliceable here is not an error for the caller, who falls back to
  // the whole buffer's layout: drop the reason.
  ScopedDiagnosticHandler quiet(type.getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<LayoutAttrInterface> sliced =
      getBufferLayoutAttr(type).slice(type.getShape(), *begin, extents, [&] {
        return emitError(UnknownLoc::get(type.getContext()));
      });
  return succeeded(sliced) ? *sliced : LayoutAttrInterface();
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
  std::optional<SmallVector<int64_t>> begin = constantMins(region.getMins());
  if (!begin)
    return emitOpError("a region view needs constant mins: the layout "
                       "slice is static");
  FailureOr<LayoutAttrInterface> expected = getBufferLayoutAttr(src).slice(
      src.getShape(), *begin, regionType.getExtents(), [&] {
        return emitOpError("the source's layout has no slice over this region: ");
      });
  if (failed(expected))
    return failure();
  auto have = view.getLayoutInterface();
  if (!have)
    return emitOpError("a region view's layout is the slice of the source's: ")
           << *expected;
  if (have == *expected)
    return success();
  // The same map written another way (the same table) is the slice too.
  if (view.getNumElements() <= (1 << 16)) {
    la::Shape shape(view.getShape().begin(), view.getShape().end());
    la::Result<la::Table> a = have.getAlgebra().table(shape),
                          b = expected->getAlgebra().table(shape);
    if (a && b && *a == *b)
      return success();
  }
  return emitOpError("the view's layout ")
         << have << " is not the slice of the source's over this region, "
         << *expected;
}

LogicalResult ClusterViewOp::verify() {
  BufferType src = getSource().getType(), view = getType();
  if (src.getScope() != StorageScope::Shared)
    return emitOpError("views a shared buffer, got a ")
           << stringifyStorageScope(src.getScope()) << " one";
  auto alloc = getSource().getDefiningOp<AllocBufferOp>();
  if (!alloc)
    return emitOpError("views a tirx.alloc_buffer (each CTA's copy of it "
                       "sits at the same offset of its shared memory)");
  BufferType expected =
      BufferType::get(getContext(), src.getShape(), src.getElementType(),
                      StorageScope::SharedCluster, src.getLayout(),
                      src.getStrides(), src.getElemOffset(),
                      /*allocatedAddr=*/-1);
  if (view != expected)
    return emitOpError("the view is the source with scope shared_cluster: ")
           << expected << ", got " << view;
  // The cluster's shape: its scope id, or what tirx-lower-scope-ids
  // recorded of it on the kernel once the ids are lowered.
  std::optional<SmallVector<int64_t>> cluster =
      getCtaExtentsInForce(*this, ExecScopeKind::Cluster);
  auto fn = (*this)->getParentOfType<PrimFuncOp>();
  if (!cluster && fn)
    if (auto dims = getContext()
                        ->getLoadedDialect<TIRxDialect>()
                        ->getClusterDimsAttrHelper()
                        .getAttr(fn))
      cluster.emplace(dims.asArrayRef().begin(), dims.asArrayRef().end());
  if (!cluster)
    return emitOpError("names a CTA of the cluster: it needs a cluster -> cta "
                       "scope id in force");
  int64_t ctas = 1;
  for (int64_t e : *cluster)
    ctas *= e;
  APInt rank;
  if (matchPattern(getRank(), m_ConstantInt(&rank)) &&
      (rank.isNegative() || rank.getSExtValue() >= ctas))
    return emitOpError("rank ") << rank.getSExtValue()
                                << " is outside the cluster's " << ctas
                                << " CTAs";
  return success();
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
