//===- Passes.td - uop-mlir conversion passes --------------*- tablegen -*-===//
#ifndef UOP_CONVERSION_PASSES_TD
#define UOP_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTIRxToGPU : Pass<"convert-tirx-to-gpu", "::mlir::ModuleOp"> {
  let summary = "prim_funcs with a device_entry become gpu.module / gpu.func kernels";
  let description = [{
    Each prim_func with a device_entry becomes a `gpu.func` kernel in a
    `gpu.module @<name>_kernels`. Buffer parameters become global memrefs of
    their storage span, scalar parameters stay; shared and local
    alloc_buffers become workgroup and private attributions; flat
    buffer_load/buffer_store become memref.load/memref.store. The launch
    dimensions recorded by tirx-lower-scope-ids become known_block_size /
    known_grid_size. Run after tirx-dispatch-tile-primitives,
    tirx-lower-scope-ids and tirx-lower-layouts.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // UOP_CONVERSION_PASSES_TD
