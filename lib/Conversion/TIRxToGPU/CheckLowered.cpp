//===- CheckLowered.cpp - tirx-check-lowered -------------------------------===//
//
// The upstream lowerings to NVVM are partial conversions: what they cannot
// lower stays, and only the translation to LLVM IR would fail on it. This
// pass turns each leftover op into a located error inside the pipeline.
//
//===----------------------------------------------------------------------===//

#include "uop/Conversion/TIRxToGPU/TIRxToGPU.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace uop {
#define GEN_PASS_DEF_TIRXCHECKLOWERED
#include "uop/Conversion/Passes.h.inc"
} // namespace uop

using namespace mlir;

namespace {
struct CheckLowered : uop::impl::TIRxCheckLoweredBase<CheckLowered> {
  void runOnOperation() override {
    bool ok = true;
    getOperation().getBody()->walk([&](Operation *op) {
      if (isa<LLVM::LLVMDialect, NVVM::NVVMDialect>(op->getDialect()))
        return;
      std::string types;
      llvm::raw_string_ostream ts(types);
      llvm::interleaveComma(op->getOperandTypes(), ts);
      ts << " -> ";
      llvm::interleaveComma(op->getResultTypes(), ts);
      op->emitError("tirx-to-nvvm: no lowering to NVVM for '")
          << op->getName() << "' (" << types
          << "): convert-gpu-to-nvvm and convert-math-to-llvm leave it";
      ok = false;
    });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
