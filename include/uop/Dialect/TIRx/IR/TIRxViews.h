//===- TIRxViews.h - region views and layout slices -------------*- C++ -*-===//
//
// tirx.region_view (TIRxViewOps.td), defined by the layout Slice that every
// layout attribute answers (LayoutAttrInterface::slice).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_IR_TIRXVIEWS_H
#define UOP_DIALECT_TIRX_IR_TIRXVIEWS_H

#include "uop/Dialect/TIRx/IR/TIRx.h"

#define GET_OP_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxViewOps.h.inc"

namespace uop::tirx {
/// The rule every view (decl_buffer, region_view) shares: `view` keeps the
/// dtype and the storage scope of `src`; an error at `op` otherwise.
mlir::LogicalResult verifyViewKeepsStorage(mlir::Operation *op, BufferType src,
                                           BufferType view);

/// The layout a buffer of `type` maps its elements by: its own, or the tile
/// of its strides (row-major without them).
layout::Layout getBufferLayout(BufferType type);
/// The same as an attribute, to slice (LayoutAttrInterface::slice).
LayoutAttrInterface getBufferLayoutAttr(BufferType type);

/// The layout of the region `[mins, mins + extents)` of a buffer of `type`
/// when the mins are constants and the layout slices there (a tile op's
/// region argument, seen as the view it stands for); else null.
LayoutAttrInterface getConstantRegionLayout(BufferType type,
                                            mlir::ValueRange mins,
                                            llvm::ArrayRef<int64_t> extents);

/// Rewrites every tirx.region_view under `root` into the decl_buffer of the
/// region's buffer it stands for (the view's layout is the slice, so it
/// addresses the source's storage directly).
void lowerRegionViews(mlir::Operation *root);
} // namespace uop::tirx

#endif // UOP_DIALECT_TIRX_IR_TIRXVIEWS_H
