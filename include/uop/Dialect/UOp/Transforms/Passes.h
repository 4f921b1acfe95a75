//===- Passes.h - uop transformation passes ---------------------*- C++ -*-===//
#ifndef UOP_DIALECT_UOP_TRANSFORMS_PASSES_H
#define UOP_DIALECT_UOP_TRANSFORMS_PASSES_H

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Support/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace uop {
#define GEN_PASS_DECL
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"

} // namespace uop

#endif // UOP_DIALECT_UOP_TRANSFORMS_PASSES_H
