//===- PrimFunc.h - prim_funcs for uop kernels (internal) -------*- C++ -*-===//
#ifndef UOP_LIB_CONVERSION_UOPTOTIRX_PRIMFUNC_H
#define UOP_LIB_CONVERSION_UOPTOTIRX_PRIMFUNC_H

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/IR/IRMapping.h"

namespace uop::detail {
/// A flat buffer of `p`'s element count in `scope`.
tirx::BufferType bufferFor(PtrType p, tirx::StorageScope scope);

/// A prim_func of `fn`'s name whose parameters are global buffers of `fn`'s
/// sized pointers (then one index per name in `vars`), with an entry block
/// whose arguments `map` maps `fn`'s to (`varParams` the variables'); `what`
/// names the parameters in the diagnostic.
mlir::FailureOr<tirx::PrimFuncOp>
createPrimFuncFor(FunctionOp fn, mlir::OpBuilder &mb, mlir::IRMapping &map,
                  llvm::StringRef what, llvm::ArrayRef<llvm::StringRef> vars,
                  llvm::StringMap<mlir::Value> &varParams);
} // namespace uop::detail

#endif
