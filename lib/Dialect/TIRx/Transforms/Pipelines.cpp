//===- Pipelines.cpp - the tirx-to-nvvm pipeline --------------------------===//
//
// The whole lowering in one readable list: our passes, then upstream's GPU
// path to NVVM/LLVM with the chip's target (and PTX version) attached.
//
//===----------------------------------------------------------------------===//

#include "uop/Conversion/Passes.h"
#include "uop/Dialect/TIRx/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

unsigned uop::tirx::getSMVersion(StringRef chip) {
  unsigned sm = 0;
  if (!chip.consume_front("sm_"))
    return 0;
  chip.consume_back("a");
  chip.consume_back("f");
  if (chip.getAsInteger(10, sm))
    return 0;
  return sm;
}

bool uop::tirx::isKnownChip(StringRef chip) {
  // The NVPTX processors of LLVM 22 (the `a`/`f` variants where they exist).
  static const unsigned plain[] = {50, 52, 53, 60, 61, 62, 70, 72, 75, 80,
                                   86, 87, 89, 90, 100, 101, 103, 120, 121};
  static const unsigned specific[] = {90, 100, 101, 103, 120, 121};
  unsigned sm = getSMVersion(chip);
  if (!llvm::is_contained(plain, sm))
    return false;
  if (chip.ends_with("a") || chip.ends_with("f"))
    return llvm::is_contained(specific, sm) && !(chip.ends_with("f") && sm == 90);
  return true;
}

std::string uop::tirx::getPTXFeaturesForChip(StringRef chip) {
  // The PTX ISA that introduced each target (sm_90a: PTX 8.0, sm_100a: 8.6).
  unsigned sm = getSMVersion(chip);
  if (sm >= 100)
    return "+ptx86";
  if (sm >= 90)
    return "+ptx80";
  if (sm >= 89)
    return "+ptx78";
  return "+ptx70";
}

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
  // Upstream from here on.
  std::string upstream =
      "gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf,convert-gpu-to-nvvm,"
      "convert-nvvm-to-llvm,canonicalize,cse,reconcile-unrealized-casts),"
      "nvvm-attach-target{chip=" +
      opts.chip.getValue() + " features=" + getPTXFeaturesForChip(opts.chip) +
      "}";
  if (failed(parsePassPipeline(upstream, pm)))
    llvm::report_fatal_error("tirx-to-nvvm: bad upstream pipeline text");
}

void uop::tirx::registerTIRxPipelines() {
  PassPipelineRegistration<TIRxToNVVMPipelineOptions>(
      "tirx-to-nvvm",
      "Lower tirx kernels to gpu.module in NVVM/LLVM form for a chip",
      buildTIRxToNVVMPipeline);
}
