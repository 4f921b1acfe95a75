//===- GridConstantParams.cpp - tirx-grid-constant-params -----------------===//
//
// Tensor maps travel as by-value __grid_constant__ kernel parameters: the
// launcher hands the driver the 128 encoded bytes and TMA reads them from
// the parameter space, with no copy in global memory to fence.
//
//===----------------------------------------------------------------------===//

#include "uop/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace uop {
#define GEN_PASS_DEF_TIRXGRIDCONSTANTPARAMS
#include "uop/Conversion/Passes.h.inc"
} // namespace uop

using namespace mlir;

namespace {
/// Size and alignment of a CUtensorMap.
constexpr int64_t kTensorMapBytes = 128;
constexpr int64_t kTensorMapAlign = 64;

struct GridConstantParams
    : uop::impl::TIRxGridConstantParamsBase<GridConstantParams> {
  void runOnOperation() override {
    WalkResult r = getOperation().walk([&](LLVM::LLVMFuncOp fn) {
      MLIRContext *ctx = fn.getContext();
      ArrayAttr maps = ctx->getLoadedDialect<uop::tirx::TIRxDialect>()
                           ->getTensorMapsAttrHelper()
                           .getAttr(fn);
      if (!maps)
        return WalkResult::advance();
      Builder b(ctx);
      auto bytes =
          LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), kTensorMapBytes);
      for (auto entry : maps.getAsRange<uop::tirx::TensorMapParamAttr>()) {
        int64_t i = entry.getArg();
        if (i >= static_cast<int64_t>(fn.getNumArguments()) ||
            !isa<LLVM::LLVMPointerType>(fn.getArgument(i).getType())) {
          fn.emitError(
              "tirx.tensor_maps names a parameter that is not a "
              "pointer; lower with bare-pointer memrefs "
              "(convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=1})");
          return WalkResult::interrupt();
        }
        fn.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(bytes));
        fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(kTensorMapAlign));
        fn.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                      UnitAttr::get(ctx));
      }
      return WalkResult::advance();
    });
    if (r.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
