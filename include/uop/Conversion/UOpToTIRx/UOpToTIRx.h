//===- UOpToTIRx.h - convert-uop-to-tirx ------------------------*- C++ -*-===//
#ifndef UOP_CONVERSION_UOPTOTIRX_UOPTOTIRX_H
#define UOP_CONVERSION_UOPTOTIRX_UOPTOTIRX_H

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace uop {
#define GEN_PASS_DECL_CONVERTUOPTOTIRX
#include "uop/Conversion/Passes.h.inc"

/// The tensor-core prim_func (at `b`) of a kernel marked `<TC, k, 32>`
/// (hasTiledTensorCoreOpt) that is a matmul MatmulMatch.h knows; a
/// diagnostic at the kernel otherwise. The kernel itself is left for the caller to erase. With `wgmma` the design
/// is sm_90a's (warpgroups, wgmma.mma_async), else sm_80's (mma.sync).
mlir::FailureOr<tirx::PrimFuncOp>
convertTensorCoreMatmul(FunctionOp kernel, mlir::OpBuilder &b,
                        bool wgmma = false);
} // namespace uop

#endif // UOP_CONVERSION_UOPTOTIRX_UOPTOTIRX_H
