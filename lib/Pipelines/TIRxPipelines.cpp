//===- TIRxPipelines.cpp - the tirx-to-nvvm pipeline ----------------------===//
//
// The whole lowering in one readable list: our passes, then upstream's GPU
// path to NVVM/LLVM with the chip's target (and PTX version) attached.
//
//===----------------------------------------------------------------------===//

#include "uop/Conversion/Passes.h"
#include "uop/Dialect/TIRx/Transforms/Passes.h"
#include "uop/Pipelines/Pipelines.h"
#include "uop/Support/GPUChip.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void uop::tirx::buildTIRxToNVVMPipeline(OpPassManager &pm,
                                        const TIRxToNVVMPipelineOptions &opts) {
  TIRxDispatchTilePrimitivesOptions dispatch;
  dispatch.chip = opts.chip;
  pm.addNestedPass<PrimFuncOp>(createTIRxDispatchTilePrimitives(dispatch));
  pm.addNestedPass<PrimFuncOp>(createTIRxLowerScopeIds());
  pm.addNestedPass<PrimFuncOp>(createTIRxLowerLayouts());
  pm.addPass(uop::createConvertTIRxToGPU());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Upstream from here on. An unknown chip is diagnosed by the dispatch
  // pass, which runs first; the PTX version here only has to parse.
  const uop::GPUChip *info = uop::lookupGPUChip(opts.chip);
  std::string ptxFeature = info ? info->ptxFeature() : "+ptx70";
  std::string upstream =
      "gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf,"
      "convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=1},"
      "tirx-grid-constant-params,convert-nvvm-to-llvm,canonicalize,cse,reconcile-unrealized-casts),"
      "nvvm-attach-target{chip=" +
      opts.chip.getValue() + " features=" + ptxFeature + "}";
  if (failed(parsePassPipeline(upstream, pm)))
    llvm::report_fatal_error("tirx-to-nvvm: bad upstream pipeline text");
}
