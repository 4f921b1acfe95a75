//===- Pipelines.h - the named pipelines of uop-mlir ------------*- C++ -*-===//
//
// `uop-to-program`, `uop-to-nvvm` and `tirx-to-nvvm`. They string passes of
// several layers together (dialect transforms, conversions, upstream's GPU
// path), so they live in their own library above all of them: a dialect's
// Transforms library links no conversion and no NVVM target code.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_PIPELINES_PIPELINES_H
#define UOP_PIPELINES_PIPELINES_H

#include "uop/Support/GPUChip.h"
#include "uop/Support/Target.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace uop {
/// Options of `uop-to-program`.
struct UOpToProgramPipelineOptions
    : public mlir::PassPipelineOptions<UOpToProgramPipelineOptions> {
  Option<Target> target{*this, "target", llvm::cl::desc("cpu or cuda"),
                        llvm::cl::init(Target::CPU), UOP_TARGET_CL_VALUES};
  ListOption<std::string> opts{
      *this, "opts",
      llvm::cl::desc("A pinned schedule for every kernel (uop-optimize's "
                     "opts: #uop.opt<KIND, axis, amount>,...)")};
  Option<int64_t> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("cpu: bits of the target's vector registers "
                     "(uop-optimize's vector-bits)"),
      llvm::cl::init(512)};
  Option<int64_t> vectorRegisters{
      *this, "vector-registers",
      llvm::cl::desc("cpu: vector registers of the target (uop-optimize's "
                     "vector-registers)"),
      llvm::cl::init(32)};
  Option<int64_t> streamStoreBytes{
      *this, "stream-store-bytes",
      llvm::cl::desc("cpu: the bytes of global buffers from which a "
                     "kernel's write-only vector stores are nontemporal, "
                     "the last-level cache's size (uop-stream-stores' "
                     "min-footprint; 0: none)"),
      llvm::cl::init(32 << 20)};
};

/// Options of `uop-to-nvvm`.
struct UOpToNVVMPipelineOptions
    : public mlir::PassPipelineOptions<UOpToNVVMPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target chip (sm_80, sm_90a, ...)"),
                           llvm::cl::init(kDefaultGPUChip.str())};
  Option<bool> tensorCores{
      *this, "tensor-cores",
      llvm::cl::desc("Matmuls of f16 / bf16 on tensor cores (uop-optimize's "
                     "TC; chips sm_80 and later)"),
      llvm::cl::init(true)};
  ListOption<std::string> opts{
      *this, "opts",
      llvm::cl::desc("A pinned schedule for every kernel (uop-optimize's "
                     "opts: #uop.opt<KIND, axis, amount>,...)")};
};

/// Tensor-level uop -> kernels linearised into PROGRAM/LINEAR (passes 1-6).
void buildUOpToProgramPipeline(mlir::OpPassManager &pm,
                               const UOpToProgramPipelineOptions &options);
/// Tensor-level uop -> tirx -> gpu.module in NVVM form.
void buildUOpToNVVMPipeline(mlir::OpPassManager &pm,
                            const UOpToNVVMPipelineOptions &options);

namespace tirx {
/// Options of the `tirx-to-nvvm` pipeline.
struct TIRxToNVVMPipelineOptions
    : public mlir::PassPipelineOptions<TIRxToNVVMPipelineOptions> {
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (sm_80, sm_90a, sm_100a) for a module "
                     "without a tirx.target (default: the module's, else "
                     "sm_80); another chip than the module's is an error"),
      llvm::cl::init("")};
};

/// tirx -> gpu.module in NVVM/LLVM form with the chip's target attached.
void buildTIRxToNVVMPipeline(mlir::OpPassManager &pm,
                             const TIRxToNVVMPipelineOptions &options);
} // namespace tirx

/// Registers `uop-to-program`, `uop-to-nvvm` and `tirx-to-nvvm`.
void registerUOpPipelines();
} // namespace uop

#endif // UOP_PIPELINES_PIPELINES_H
