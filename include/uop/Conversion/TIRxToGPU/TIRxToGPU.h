//===- TIRxToGPU.h - convert-tirx-to-gpu ------------------------*- C++ -*-===//
//
// The lowering of thread-level tirx (after tirx-lower-layouts) to the gpu,
// memref, vector and nvvm dialects, as a type converter and conversion
// patterns that other MLIR compilers can add to their own conversions.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CONVERSION_TIRXTOGPU_TIRXTOGPU_H
#define UOP_CONVERSION_TIRXTOGPU_TIRXTOGPU_H

#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace uop {
#define GEN_PASS_DECL_CONVERTTIRXTOGPU
#define GEN_PASS_DECL_TIRXGRIDCONSTANTPARAMS
#define GEN_PASS_DECL_TIRXCHECKLOWERED
#include "uop/Conversion/Passes.h.inc"
} // namespace uop

namespace uop::tirx {

/// The memref a non-tmem tirx buffer of `type` becomes: a 1-D memref of its
/// storage span in the storage scope's GPU address space.
mlir::MemRefType getMemRefForBuffer(BufferType type);

/// `!tirx.buffer` to what a kernel holds for it: a memref (getMemRefForBuffer)
/// or, for tensor memory, the i32 tcgen05 address of its allocation. Other
/// types are unchanged.
class TIRxToGPUTypeConverter : public mlir::TypeConverter {
public:
  explicit TIRxToGPUTypeConverter(mlir::MLIRContext *ctx);
};

/// Patterns that turn each kernel -- a prim_func with a tirx.device_entry,
/// after tirx-lower-layouts -- into a gpu.func of the module's
/// `tirx_kernels` gpu.module, and its buffers, accesses, tensor maps and
/// addresses into gpu/memref/vector/nvvm IR. Host prim_funcs are left alone.
void populateTIRxToGPUConversionPatterns(mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

/// The multi-stage mbarrier pipelines (tirx.pipeline.*) and warp roles
/// (tirx.warp_specialize) of kernels: nvvm mbarrier ops with the stage and
/// phase parity derived from the iteration counter, and a branch on the
/// warpgroup id with setmaxnreg per role. Part of
/// populateTIRxToGPUConversionPatterns; needs addTIRxPipelineTypeConversions.
void populateTIRxPipelineToGPUConversionPatterns(
    mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);
/// `!tirx.pipeline<stages = S, ...>` to its two barrier rings (full, empty),
/// each a memref<S x i64> in workgroup memory: a 1:N conversion.
void addTIRxPipelineTypeConversions(mlir::TypeConverter &converter);

/// Patterns that turn host code (a prim_func without a device_entry that
/// allocates global buffers or launches kernels) into a func.func with
/// gpu.alloc / gpu.dealloc and gpu.launch_func. Kernels must already be
/// gpu.funcs: the launch configuration is read from them.
void populateTIRxHostToGPUConversionPatterns(mlir::TypeConverter &converter,
                                             mlir::RewritePatternSet &patterns);

/// Marks what the kernel patterns leave illegal: every tirx op except those
/// of host prim_funcs.
void configureTIRxToGPUConversionTarget(mlir::ConversionTarget &target);
/// The same for the host patterns: host prim_funcs that launch or allocate.
void configureTIRxHostToGPUConversionTarget(mlir::ConversionTarget &target);

/// Emits a located diagnostic for each kernel the patterns cannot convert
/// (tile primitives or scope ids left, unflattened accesses, too much shared
/// or tensor memory, tirx ops without a GPU form). Run before the patterns:
/// a conversion pattern cannot say why it does not apply.
mlir::LogicalResult checkTIRxKernelsConvertible(mlir::ModuleOp module);
/// The same for host code, after the kernels are converted.
mlir::LogicalResult checkTIRxHostConvertible(mlir::ModuleOp module);

/// Whether `fn` is host code that allocates global buffers or launches
/// kernels (and so becomes a func.func).
bool launchesKernels(PrimFuncOp fn);

} // namespace uop::tirx

#endif // UOP_CONVERSION_TIRXTOGPU_TIRXTOGPU_H
