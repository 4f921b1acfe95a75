//===- TIRx.h - the tirx dialect --------------------------------*- C++ -*-===//
//
// Dialect, types, layout attributes, interfaces and ops of TIRx.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_IR_TIRX_H
#define UOP_DIALECT_TIRX_IR_TIRX_H

#include "uop/Dialect/TIRx/Utils/LayoutAlgebra.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "uop/Support/ReductionKind.h"

#include "uop/Dialect/TIRx/IR/TIRxEnums.h.inc"
#include "uop/Dialect/TIRx/IR/TIRxAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxAttrs.h.inc"
// After the attributes: the dialect's discardable-attribute helpers name them.
#include "uop/Dialect/TIRx/IR/TIRxOpsDialect.h.inc"
#define GET_TYPEDEF_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxOpsTypes.h.inc"
namespace uop::tirx {
/// The scope rules every tile primitive follows (TilePrimitiveOpInterface's
/// verifier): inside a device_entry, and the CTA's thread count (with a
/// cluster for cluster scope, the grid for kernel scope) known from the
/// scope ids in force.
mlir::LogicalResult verifyTilePrimitiveScope(mlir::Operation *op);
} // namespace uop::tirx
#include "uop/Dialect/TIRx/IR/TIRxOpInterfaces.h.inc"
#define GET_OP_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxOps.h.inc"

namespace uop::tirx {
/// The table of `layout` over `shape` (every logical element in row-major
/// order, each with its sorted location set).
layout::Result<layout::Table> getLayoutTable(LayoutAttrInterface layout,
                                             llvm::ArrayRef<int64_t> shape);
/// Shape of a tile operand: a region's extents or a buffer's shape.
llvm::ArrayRef<int64_t> getTileShape(mlir::Type type);
/// Whether `type` is a region of one element (every extent 1): where a
/// tile op expects a scalar, the seed's fixed-size region in an expression
/// context, it stands for a load of that element.
bool isPointRegion(mlir::Type type);
/// Threads per CTA implied by the scope_id_defs in force at `op`, if known.
std::optional<int64_t> getThreadsPerCtaInForce(mlir::Operation *op);
/// The extents of the nearest `parent -> cta` scope_id_def in force at `op`
/// (parent kernel: the grid in CTAs; cluster: the cluster's shape), if any.
std::optional<llvm::SmallVector<int64_t>>
getCtaExtentsInForce(mlir::Operation *op, ExecScopeKind parent);
/// That scope_id_def itself (its preferred extents too), or null.
ScopeIdDefOp getCtaScopeIdInForce(mlir::Operation *op, ExecScopeKind parent);
/// Element type of a tile operand.
mlir::Type getTileElementType(mlir::Type type);

/// The buffer whose storage `buffer` shares: the start of its decl_buffer
/// chain (`buffer` itself when it is not a view).
mlir::Value getStorageRoot(mlir::Value buffer);
/// Where the elements of the views above `buffer` start in the root's
/// storage: the sum of the elem_offsets of the buffers it views, `buffer`'s
/// own excluded. The seed's views inherit elem_offset; a view's own
/// elem_offset counts from there.
int64_t getInheritedElemOffset(mlir::Value buffer);
/// The strides `buffer`'s coordinates use, or empty for row-major or a
/// layout: its own, or for a view with neither layout nor strides, those of
/// the buffer it views (the seed's views inherit strides; the verifier keeps
/// the rank the same then).
llvm::SmallVector<int64_t> getInheritedStrides(mlir::Value buffer);

/// The layout mapping as arith/index IR: for the logical coordinate `coord`
/// of a buffer of `shape`, the value on each axis of one location,
/// swizzle included: replica `replica[k]` of each replica iter k (all 0, the
/// first location, when `replica` is empty). Constants fold to the integer
/// form.
mlir::FailureOr<std::map<std::string, mlir::Value>>
emitLayoutApply(mlir::OpBuilder &b, mlir::Location loc,
                LayoutAttrInterface layout, llvm::ArrayRef<int64_t> shape,
                mlir::ValueRange coord, llvm::ArrayRef<int64_t> replica = {});
} // namespace uop::tirx

#endif // UOP_DIALECT_TIRX_IR_TIRX_H
