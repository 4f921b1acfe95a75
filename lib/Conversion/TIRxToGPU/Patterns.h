//===- Patterns.h - convert-tirx-to-gpu, one family per file ----*- C++ -*-===//
//
// Private to the TIRxToGPU library: each op family's patterns and the facts
// they share (shared-memory placement, the kernel module's name).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TIRXTOGPU_PATTERNS_H
#define LIB_CONVERSION_TIRXTOGPU_PATTERNS_H

#include "uop/Conversion/TIRxToGPU/TIRxToGPU.h"

namespace uop::tirx::togpu {

/// All kernels of a module share one gpu.module, so that one PTX file (and
/// one cubin) holds them all.
constexpr llvm::StringLiteral kKernelModule = "tirx_kernels";

/// Shared memory is placed at 128-byte alignment: enough for 16-byte vector
/// accesses and for the swizzle atoms of TMA and wgmma.
constexpr int64_t kSharedAlignment = 128;
constexpr int64_t kMaxStaticShared = 48 * 1024;
/// The largest opt-in shared memory per CTA (sm_90/sm_100: 227 KiB).
constexpr int64_t kMaxDynamicShared = 227 * 1024;
/// Dynamic shared memory only promises 16 bytes; the kernel realigns it.
constexpr int64_t kMaxSharedAlignment = 1024;

/// Swizzled tiles are placed at 1024 bytes: the hardware swizzle of TMA and
/// wgmma XORs absolute address bits, so an atom must start on its boundary.
int64_t sharedAlignment(BufferType t);

/// Where a kernel's shared buffers sit in one block of shared memory. Up to
/// 48 KiB they are static workgroup globals; beyond that, or when one's
/// type has an allocated_addr, every one is a view of dynamic shared memory
/// at its offset.
struct SharedPlan {
  int64_t bytes = 0;
  llvm::DenseMap<mlir::Operation *, int64_t> offset;
  bool dynamic = false;
};
/// The plan for `entry`, or a diagnostic (on `fn`) when it does not fit.
mlir::FailureOr<SharedPlan> planSharedMemory(PrimFuncOp fn, DeviceEntryOp entry);

/// The tensor-memory columns an allocation of `t` takes (a power of two,
/// 32 to 512), or a diagnostic on `op`.
mlir::FailureOr<int64_t> tensorMemoryColumns(mlir::Operation *op, BufferType t);

/// The tmem buffers of a kernel placed with allocated_addr share one
/// allocation (the pool): their addresses are column offsets into it.
struct TensorMemoryPool {
  /// The placed allocations in program order; the first one allocates.
  llvm::SmallVector<AllocBufferOp> placed;
  /// The pool's columns: a power of two, 32 to 512, covering every buffer.
  int64_t columns = 0;
};

/// The pool of `region`'s placed tmem buffers, or a located error when they
/// overlap, exceed 512 columns or are not all in the device entry's block.
mlir::FailureOr<TensorMemoryPool> planTensorMemory(mlir::Region &region);
/// Whether the tcgen05 operations under `op` run on CTA pairs
/// (cta_group::2; the dispatch made every one of a kernel agree): its
/// tensor memory is then allocated, freed and relinquished with cta_group::2
/// too, and the pair synchronises before freeing it.
bool usesCtaPairs(mlir::Operation *op);

/// Whether the thread is in warp 0, the warp that allocates and frees
/// tensor memory.
mlir::Value isWarpZero(mlir::OpBuilder &b, mlir::Location loc);

/// A new private workgroup memref.global of `type` in `kernel`'s gpu.module,
/// named after the kernel; returns its memref.get_global at `b`.
mlir::Value createSharedGlobal(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::gpu::GPUFuncOp kernel,
                               mlir::MemRefType type, int64_t alignment);

void populateKernelPatterns(mlir::TypeConverter &, mlir::RewritePatternSet &);
void populateBufferPatterns(mlir::TypeConverter &, mlir::RewritePatternSet &);
void populateTensorMemoryPatterns(mlir::TypeConverter &,
                                  mlir::RewritePatternSet &);
void populateAccessPatterns(mlir::TypeConverter &, mlir::RewritePatternSet &);
void populateClusterSharedPatterns(mlir::TypeConverter &,
                                   mlir::RewritePatternSet &);

} // namespace uop::tirx::togpu

#endif // LIB_CONVERSION_TIRXTOGPU_PATTERNS_H
