//===- Passes.h - uop transformation passes ---------------------*- C++ -*-===//
#ifndef UOP_DIALECT_UOP_TRANSFORMS_PASSES_H
#define UOP_DIALECT_UOP_TRANSFORMS_PASSES_H

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace uop {
#define GEN_PASS_DECL
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"

/// The bestiary DEVICE of a compilation target (`target=cpu|cuda`, the one
/// spelling of every pass and pipeline option): "CPU" or "CUDA", or nullopt
/// for an unknown target.
inline std::optional<llvm::StringRef> getDeviceForTarget(llvm::StringRef t) {
  if (t == "cpu")
    return llvm::StringRef("CPU");
  if (t == "cuda")
    return llvm::StringRef("CUDA");
  return std::nullopt;
}
} // namespace uop

#endif // UOP_DIALECT_UOP_TRANSFORMS_PASSES_H
