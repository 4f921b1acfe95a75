//===- TIRxPipelines.cpp - the tirx-to-nvvm pipeline ----------------------===//
//
// The whole lowering in one readable list: our passes, then upstream's GPU
// path to NVVM/LLVM with the chip's target (and PTX version) attached.
//
//===----------------------------------------------------------------------===//

#include "uop/Conversion/Passes.h"
#include "uop/Dialect/TIRx/Transforms/Passes.h"
#include "uop/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void uop::tirx::buildTIRxToNVVMPipeline(OpPassManager &pm,
                                        const TIRxToNVVMPipelineOptions &opts) {
  // The chip becomes IR first; every later step reads it there.
  TIRxSetTargetOptions target;
  target.chip = opts.chip;
  pm.addPass(createTIRxSetTarget(target));
  pm.addNestedPass<PrimFuncOp>(createTIRxLowerTileSchedules());
  pm.addNestedPass<PrimFuncOp>(createTIRxDispatchTilePrimitives());
  pm.addNestedPass<PrimFuncOp>(createTIRxLowerScopeIds());
  pm.addNestedPass<PrimFuncOp>(createTIRxLowerLayouts());
  // Also moves the module's chip onto the gpu.module.
  pm.addPass(uop::createConvertTIRxToGPU());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Upstream from here on, on the gpu.module: bare-pointer memrefs keep
  // gpu.func argument i as llvm.func parameter i, which
  // tirx-grid-constant-params relies on.
  OpPassManager &gpu = pm.nest<gpu::GPUModuleOp>();
  gpu.addPass(createConvertNVGPUToNVVMPass());
  gpu.addPass(createSCFToControlFlowPass());
  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.useBarePtrCallConv = true;
  gpu.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  // What convert-gpu-to-nvvm leaves of math (it calls libdevice where
  // libdevice has the function): trunc, absi on i8/i16/i64, ctlz, cttz,
  // ctpop become LLVM intrinsics the NVPTX backend selects.
  gpu.addPass(createConvertMathToLLVMPass());
  gpu.addPass(uop::createTIRxGridConstantParams());
  gpu.addPass(createConvertNVVMToLLVMPass());
  gpu.addPass(createCanonicalizerPass());
  gpu.addPass(createCSEPass());
  gpu.addPass(createReconcileUnrealizedCastsPass());
  // Anything still not LLVM/NVVM (math.ipowi) is a located error here, not a
  // failure of the later translation.
  gpu.addPass(uop::createTIRxCheckLowered());
}
