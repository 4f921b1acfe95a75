//===- UOpPipelines.cpp - uop-to-program and uop-to-nvvm ------------------===//

#include "uop/Conversion/Passes.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace uop;

/// Passes 1-5 shared by both pipelines.
static void buildKernelPasses(OpPassManager &pm, StringRef target) {
  pm.addNestedPass<func::FuncOp>(createUOpRangeify());
  UOpSplitKernelsOptions split;
  split.target = target.str();
  pm.addPass(createUOpSplitKernels(split));
  OpPassManager &fn = pm.nest<FunctionOp>();
  fn.addPass(createUOpSimplify());
  UOpOptimizeOptions opt;
  opt.target = target.str();
  fn.addPass(createUOpOptimize(opt));
  fn.addPass(createUOpExpand());
  fn.addPass(createUOpDevectorize());
  // Lanes (expand) and row-major addresses (devectorize) simplify together.
  fn.addPass(createUOpSimplify());
  if (target == "cuda")
    fn.addPass(createUOpGPUDims());
  fn.addPass(createCSEPass());
}

void uop::buildUOpToProgramPipeline(OpPassManager &pm,
                                    const UOpToProgramPipelineOptions &opts) {
  buildKernelPasses(pm, opts.target);
  UOpLinearizeOptions lin;
  lin.target = opts.target;
  pm.addPass(createUOpLinearize(lin));
}

void uop::buildUOpToNVVMPipeline(OpPassManager &pm,
                                 const UOpToNVVMPipelineOptions &opts) {
  buildKernelPasses(pm, "cuda");
  pm.addPass(createConvertUOpToTIRx());
  tirx::TIRxToNVVMPipelineOptions tirxOpts;
  tirxOpts.chip = opts.chip.getValue();
  tirx::buildTIRxToNVVMPipeline(pm, tirxOpts);
}

// All three in one place, so that a tool registers them with one call.
void uop::registerUOpPipelines() {
  PassPipelineRegistration<UOpToProgramPipelineOptions>(
      "uop-to-program",
      "Tensor-level uop to linearised kernels (PROGRAM/LINEAR) for a target",
      buildUOpToProgramPipeline);
  PassPipelineRegistration<UOpToNVVMPipelineOptions>(
      "uop-to-nvvm",
      "Tensor-level uop through tirx to a gpu.module in NVVM form",
      buildUOpToNVVMPipeline);
  PassPipelineRegistration<tirx::TIRxToNVVMPipelineOptions>(
      "tirx-to-nvvm",
      "Lower tirx kernels to gpu.module in NVVM/LLVM form for a chip",
      tirx::buildTIRxToNVVMPipeline);
}
