//===- UOpToTIRx.h - convert-uop-to-tirx ------------------------*- C++ -*-===//
#ifndef UOP_CONVERSION_UOPTOTIRX_UOPTOTIRX_H
#define UOP_CONVERSION_UOPTOTIRX_UOPTOTIRX_H

#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace uop {
#define GEN_PASS_DECL_CONVERTUOPTOTIRX
#include "uop/Conversion/Passes.h.inc"
} // namespace uop

#endif // UOP_CONVERSION_UOPTOTIRX_UOPTOTIRX_H
