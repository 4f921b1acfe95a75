//===- UOpPipelines.cpp - uop-to-program and uop-to-nvvm ------------------===//

#include "uop/Conversion/Passes.h"
#include "uop/Conversion/UOpToTIRx/WMMA.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace uop;

/// Passes 1-5 shared by both pipelines. With `tensorCores` uop-optimize may
/// mark matmuls TC: uop-devectorize leaves those for convert-uop-to-tirx.
static void buildKernelPasses(OpPassManager &pm, Target target, StringRef chip,
                              ArrayRef<std::string> pinned,
                              bool tensorCores = false,
                              int64_t vectorBits = 512,
                              int64_t vectorRegisters = 32,
                              int64_t streamStoreBytes = 0) {
  // The seed's forms with a simpler equivalent, before any pass reads them.
  pm.addPass(createUOpNormalize());
  // The cpu C computes a transcendental as a polynomial (about 20 ops):
  // recomputing one for each use costs more than a buffer.
  UOpRangeifyOptions rangeify;
  if (target == Target::CPU) {
    rangeify.mathCost = 16;
    // uop-optimize K-blocks a reduction of at least twice its k-block
    // (256) only when its kernel stores the sum as it is.
    rangeify.longReduce = 512;
  }
  pm.addNestedPass<func::FuncOp>(createUOpRangeify(rangeify));
  UOpSplitKernelsOptions split;
  split.target = target;
  pm.addPass(createUOpSplitKernels(split));
  OpPassManager &fn = pm.nest<FunctionOp>();
  fn.addPass(createUOpSimplify());
  UOpOptimizeOptions opt;
  opt.target = target;
  opt.tensorCores = tensorCores;
  opt.vectorBits = vectorBits;
  opt.vectorRegisters = vectorRegisters;
  opt.opts.assign(pinned.begin(), pinned.end());
  fn.addPass(createUOpOptimize(opt));
  // On the CPU an upcast's lanes stay one vector where they address
  // consecutive elements: the C computes on GCC/Clang vector types (what the
  // C compiler vectorizes no longer depends on its SLP vectorizer), and the
  // passes after this one see one op where they saw one per lane.
  bool cpu = target == Target::CPU;
  UOpExpandOptions expand;
  expand.vectorize = cpu;
  // uop-expand and uop-devectorize end with uop-simplify's pattern sets
  // (Patterns.h): the lanes simplify before the accumulators get their
  // register ops, and devectorize's run starts from its new arith/math ops.
  fn.addPass(createUOpExpand(expand));
  // A WMMA's vector fragments as lanes around one lane-level op (WMMA.h),
  // or a located error where the target has no tensor-core form.
  fn.addPass(createUOpWmmaLanesPass(target, chip));
  UOpDevectorizeOptions devectorize;
  devectorize.keepVectors = cpu;
  fn.addPass(createUOpDevectorize(devectorize));
  if (target == Target::CUDA)
    fn.addPass(createUOpGPUDims());
  fn.addPass(createCSEPass());
  // After devectorize: the stores are the vectors the C writes.
  if (cpu && streamStoreBytes > 0) {
    UOpStreamStoresOptions stream;
    stream.minFootprint = streamStoreBytes;
    fn.addPass(createUOpStreamStores(stream));
  }
}

void uop::buildUOpToProgramPipeline(OpPassManager &pm,
                                    const UOpToProgramPipelineOptions &opts) {
  buildKernelPasses(pm, opts.target, /*chip=*/"", opts.opts,
                    /*tensorCores=*/false, opts.vectorBits,
                    opts.vectorRegisters, opts.streamStoreBytes);
  UOpLinearizeOptions lin;
  lin.target = opts.target;
  pm.addPass(createUOpLinearize(lin));
}

void uop::buildUOpToNVVMPipeline(OpPassManager &pm,
                                 const UOpToNVVMPipelineOptions &opts) {
  // The chip's one parse in this pipeline: an unknown chip has no tensor
  // cores here and is convert-uop-to-tirx's located error.
  const GPUChip *chip = lookupGPUChip(opts.chip.getValue());
  bool tensorCores =
      opts.tensorCores && chip && chip->has(ChipFeature::MmaSync);
  buildKernelPasses(pm, Target::CUDA, opts.chip.getValue(), opts.opts,
                    tensorCores);
  ConvertUOpToTIRxOptions toTIRx;
  toTIRx.chip = opts.chip.getValue();
  pm.addPass(createConvertUOpToTIRx(toTIRx));
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
