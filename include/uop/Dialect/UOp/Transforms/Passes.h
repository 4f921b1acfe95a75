//===- Passes.h - uop transformation passes ---------------------*- C++ -*-===//
#ifndef UOP_DIALECT_UOP_TRANSFORMS_PASSES_H
#define UOP_DIALECT_UOP_TRANSFORMS_PASSES_H

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace uop {
#define GEN_PASS_DECL
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"

/// Options of `uop-to-program`.
struct UOpToProgramPipelineOptions
    : public mlir::PassPipelineOptions<UOpToProgramPipelineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("cpu or cuda"),
                             llvm::cl::init("cpu")};
};

/// Options of `uop-to-nvvm`.
struct UOpToNVVMPipelineOptions
    : public mlir::PassPipelineOptions<UOpToNVVMPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target chip (sm_80, sm_90a, ...)"),
                           llvm::cl::init("sm_80")};
};

/// Tensor-level uop -> kernels linearised into PROGRAM/LINEAR (passes 1-6).
void buildUOpToProgramPipeline(mlir::OpPassManager &pm,
                               const UOpToProgramPipelineOptions &options);
/// Tensor-level uop -> tirx -> gpu.module in NVVM form.
void buildUOpToNVVMPipeline(mlir::OpPassManager &pm,
                            const UOpToNVVMPipelineOptions &options);
void registerUOpPipelines();
} // namespace uop

#endif // UOP_DIALECT_UOP_TRANSFORMS_PASSES_H
