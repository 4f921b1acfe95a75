//===- HostToGPU.h - host code of convert-tirx-to-gpu -----------*- C++ -*-===//
//
// Private to the TIRxToGPU library.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TIRXTOGPU_HOSTTOGPU_H
#define LIB_CONVERSION_TIRXTOGPU_HOSTTOGPU_H

#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace uop::tirx {
/// Host code that launches kernels (a prim_func without a device_entry that
/// holds tirx.launch or global tirx.alloc_buffer ops) becomes a func.func on
/// memrefs: global allocations become gpu.alloc / gpu.dealloc, launches
/// gpu.launch_func of the kernels already converted into `kernels`, with
/// the grid, block and dynamic shared memory those recorded. Other host
/// prim_funcs are left as they are.
mlir::LogicalResult convertHostToGPU(PrimFuncOp fn,
                                     mlir::gpu::GPUModuleOp kernels);

/// The memref a tirx buffer of `type` becomes: a 1-D memref of its storage
/// span in the storage scope's GPU address space.
mlir::MemRefType getMemRefForBuffer(BufferType type);
} // namespace uop::tirx

#endif // LIB_CONVERSION_TIRXTOGPU_HOSTTOGPU_H
