//===- Passes.h - uop-mlir conversion passes --------------------*- C++ -*-===//
#ifndef UOP_CONVERSION_PASSES_H
#define UOP_CONVERSION_PASSES_H

#include "uop/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "uop/Conversion/UOpToTIRx/UOpToTIRx.h"

namespace uop {
#define GEN_PASS_REGISTRATION
#include "uop/Conversion/Passes.h.inc"
} // namespace uop

#endif // UOP_CONVERSION_PASSES_H
