//===- TIRxToGPU.h - convert-tirx-to-gpu ------------------------*- C++ -*-===//
#ifndef UOP_CONVERSION_TIRXTOGPU_TIRXTOGPU_H
#define UOP_CONVERSION_TIRXTOGPU_TIRXTOGPU_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace uop {
#define GEN_PASS_DECL_CONVERTTIRXTOGPU
#define GEN_PASS_DECL_TIRXGRIDCONSTANTPARAMS
#include "uop/Conversion/Passes.h.inc"
} // namespace uop

#endif // UOP_CONVERSION_TIRXTOGPU_TIRXTOGPU_H
