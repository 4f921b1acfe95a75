//===- Passes.td - tirx transformation passes --------------*- tablegen -*-===//
#ifndef UOP_DIALECT_TIRX_TRANSFORMS_PASSES_TD
#define UOP_DIALECT_TIRX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TIRxDispatchTilePrimitives
    : Pass<"tirx-dispatch-tile-primitives", "::uop::tirx::PrimFuncOp"> {
  let summary = "Expand each tile primitive with the best implementation that accepts it";
  let description = [{
    The target chip is the enclosing module's `tirx.target` (upstream's
    `#nvvm.target`, set by convert-uop-to-tirx or by the author), else the
    `chip` option.
    Per (op, target chip, scope, operand scopes/layouts/dtypes) a list of
    implementations with priorities and predicates is consulted; an explicit
    `dispatch = "..."` restricts the choice to that name. The chosen
    implementation expands the op into lower tirx (scf loops, buffer
    loads/stores, scope ids, nvvm/gpu ops). When none accepts, one
    diagnostic names the op and why each candidate declined.
    A walker, because the prim_func is checked against the chip and its
    tirx.unroll loops unrolled before any op is dispatched, and each op's
    expansion is the registry's choice with a note per declined candidate,
    not a pattern match.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Target chip (sm_80, sm_90a, sm_100a, ...) for a module without "
           "a `tirx.target`; one naming another chip than the module's "
           "#nvvm.target is an error (default: the module's, else sm_80)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def TIRxLowerScopeIds : Pass<"tirx-lower-scope-ids", "::uop::tirx::PrimFuncOp"> {
  let summary = "Bind scope ids to GPU ids and record the launch dimensions";
  let description = [{
    kernel->cta = blockIdx, cta->thread = threadIdx (delinearised over the
    extents), cta->warp = threadIdx / 32 made warp-uniform with a shuffle,
    cta->warpgroup = warp / 4, warpgroup->warp = warp % 4, warp->thread =
    lane, warpgroup->thread = tid % 128, kernel->cluster and cluster->cta =
    cluster ids. The block and grid sizes the ids imply are recorded on the
    prim_func as `tirx.block_dims` / `tirx.grid_dims` (and become
    known_block_size / known_grid_size on the kernel).
    A walker, because the launch dimensions come from all scope ids of the
    prim_func together and are recorded on it.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def TIRxLowerLayouts : Pass<"tirx-lower-layouts", "::uop::tirx::PrimFuncOp"> {
  let summary = "Turn logical buffer accesses into flat offsets through the layouts";
  let description = [{
    Every buffer_load/buffer_store on a multi-dimensional or laid-out buffer
    becomes an access to a flat 1-D view of its storage at the offset the
    layout gives (`uop::tirx::emitLayoutApply`: mixed-radix digits, strides,
    offsets and the XOR swizzle in arith/index ops). Afterwards every
    accessed buffer is 1-D with no layout.
    A walker, because every access to a buffer shares one flat view made
    on first use, and the thread-ownership proof reads the whole prim_func
    before any access is rewritten.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TIRxLowerTileSchedules
    : Pass<"tirx-lower-tile-schedules", "::uop::tirx::PrimFuncOp"> {
  let summary = "Turn tile schedules into persistent loops over grouped tile orders";
  let description = [{
    Each `tirx.tile_schedule` becomes an scf.for over the worker's linear
    tiles (from its id, stepping by the grid's size) and the index
    arithmetic of the grouped order; the body runs with the M tile, the N
    tile and the worker's iteration. First in tirx-to-nvvm, so that dispatch
    sees ordinary loops.
    A walker, because each tile_schedule lowers once and on its own, and
    nothing it makes needs another rewrite (a pattern would do as well).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TIRxSetTarget : Pass<"tirx-set-target", "::mlir::ModuleOp"> {
  let summary = "Put the chip on the module as its tirx.target (#nvvm.target)";
  let description = [{
    The chip of a GPU compilation lives in the IR: this pass sets the
    module's `tirx.target` to upstream's `#nvvm.target` of the chip (its PTX
    version as the feature, as nvvm-attach-target would), so that dispatch
    checks kernels against it and convert-tirx-to-gpu moves it onto the
    gpu.module, where the PTX translation reads it. A module that already
    has a target keeps it; a `chip` option naming another chip is an error,
    not an override. First in tirx-to-nvvm.
    A walker, because it sets one attribute on the module and matches no op.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The chip for a module without a tirx.target (default sm_80)">,
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

#endif // UOP_DIALECT_TIRX_TRANSFORMS_PASSES_TD
