//===- TIRxViews.h - region views and layout slices -------------*- C++ -*-===//
//
// tirx.region_view (TIRxViewOps.td) and the layout Slice it is defined by:
// the algebra's slice for any layout (tile, bare swizzle, compose) and for
// any LayoutAttrInterface attribute.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_IR_TIRXVIEWS_H
#define UOP_DIALECT_TIRX_IR_TIRXVIEWS_H

#include "uop/Dialect/TIRx/IR/TIRx.h"

#define GET_OP_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxViewOps.h.inc"

namespace uop::tirx {
namespace layout {
/// The layout of `region` of a `shape` buffer laid out `l`, viewed with
/// shape = the region's extents (the free slice functions; a bare swizzle is
/// sliced as itself composed with the row-major tile of `shape`).
Result<Layout> slice(const Layout &l, const Shape &shape, const Region &region);
} // namespace layout

/// The attribute of the algebra's layout `l` (tile, swizzle or compose).
mlir::Attribute getLayoutAttr(mlir::MLIRContext *ctx, const layout::Layout &l);

/// The seed's Layout.Slice on a layout attribute: the layout of the region
/// [begin, begin + extents) of a `shape` buffer laid out `layout`, as a
/// layout attribute over the region's extents (element y of it is element
/// begin + y of `layout`); null with `error` set when the algebra cannot
/// slice it there.
mlir::Attribute sliceLayout(LayoutAttrInterface layout,
                            llvm::ArrayRef<int64_t> shape,
                            llvm::ArrayRef<int64_t> begin,
                            llvm::ArrayRef<int64_t> extents,
                            std::string &error);

/// The rule every view (decl_buffer, region_view) shares: `view` keeps the
/// dtype and the storage scope of `src`; an error at `op` otherwise.
mlir::LogicalResult verifyViewKeepsStorage(mlir::Operation *op, BufferType src,
                                           BufferType view);

/// The layout a buffer of `type` maps its elements by: its own, or the tile
/// of its strides (row-major without them).
layout::Layout getBufferLayout(BufferType type);

/// Rewrites every tirx.region_view under `root` into the decl_buffer of the
/// region's buffer it stands for (the view's layout is the slice, so it
/// addresses the source's storage directly).
void lowerRegionViews(mlir::Operation *root);
} // namespace uop::tirx

#endif // UOP_DIALECT_TIRX_IR_TIRXVIEWS_H
