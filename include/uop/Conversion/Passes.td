//===- Passes.td - uop-mlir conversion passes --------------*- tablegen -*-===//
#ifndef UOP_CONVERSION_PASSES_TD
#define UOP_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTIRxToGPU : Pass<"convert-tirx-to-gpu", "::mlir::ModuleOp"> {
  let summary = "prim_funcs with a device_entry become gpu.module / gpu.func kernels";
  let description = [{
    Each prim_func with a device_entry becomes a `gpu.func` kernel in the
    module's `gpu.module @tirx_kernels`. Buffer parameters become global
    memrefs of their storage span, scalar parameters stay, each distinct
    tensor map adds a pointer parameter (listed in `tirx.tensor_maps`).
    Shared alloc_buffers become workgroup memref.globals up to 48 KiB per
    CTA, beyond that (or with an `allocated_addr`) views of dynamic shared
    memory; local ones become allocas; tmem ones tcgen05 allocations. Flat
    accesses become memref / vector loads and stores. The launch dimensions
    recorded by tirx-lower-scope-ids become known_block_size /
    known_grid_size. Host code that launches kernels (a prim_func without a
    device_entry holding `tirx.launch`) becomes a func.func on memrefs with
    `gpu.alloc` for its global buffers and `gpu.launch_func` per launch.
    Run after tirx-dispatch-tile-primitives, tirx-lower-scope-ids and
    tirx-lower-layouts. The patterns are exported
    (`populateTIRxToGPUConversionPatterns`,
    `populateTIRxHostToGPUConversionPatterns`).
    The module's chip, its `tirx.target` (tirx-set-target), moves onto
    `gpu.module @tirx_kernels` as its `#nvvm.target`, which the PTX
    translation reads; a module without one gets no target.
    Pattern-based: two applyPartialConversion runs (kernels, then host
    code) of those patterns.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::arith::ArithDialect"];
}

def TIRxGridConstantParams
    : Pass<"tirx-grid-constant-params", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Tensor-map parameters of lowered kernels become by-value "
                "__grid_constant__ parameters";
  let description = [{
    A CUtensorMap is meant to reach a kernel as a 128-byte, 64-byte-aligned
    by-value parameter that the kernel only reads (`__grid_constant__`), so
    that TMA instructions can use the parameter's address directly. Upstream's
    convert-gpu-to-nvvm drops `llvm.byval` from gpu.func arguments and the
    NVVM verifier rejects `nvvm.grid_constant` on anything but an llvm.func
    kernel, so this pass runs after convert-gpu-to-nvvm (with bare-pointer
    memrefs, which keeps gpu.func argument i as llvm.func parameter i) and
    marks every parameter listed in the kernel's `tirx.tensor_maps` with
    `llvm.byval = !llvm.array<128 x i8>`, `llvm.align = 64` and
    `nvvm.grid_constant`.
    A walker, because it rewrites no op: it only sets attributes on the
    arguments a kernel's `tirx.tensor_maps` lists.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::uop::tirx::TIRxDialect"];
}

def TIRxCheckLowered : Pass<"tirx-check-lowered", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Every op of a lowered gpu.module must be LLVM or NVVM: a "
                "located error names each op nothing lowered";
  let description = [{
    convert-gpu-to-nvvm and convert-math-to-llvm are partial conversions: an
    op neither has a pattern for (`math.ipowi`, `math.fpowi` on a type
    libdevice lacks) is left as it was, and the failure would only come when
    the module is translated to LLVM IR (`uop-translate --mlir-to-ptx`), far
    from the cause. This pass runs at the end of tirx-to-nvvm and reports
    every op of the gpu.module outside the llvm and nvvm dialects at its
    location (the source op's), naming its operand and result types.
    A walker, because it rewrites nothing: it only reports.
  }];
}

def ConvertUOpToTIRx : Pass<"convert-uop-to-tirx", "::mlir::ModuleOp"> {
  let summary = "Kernel-level uop (after uop-gpudims) to thread-level tirx prim_funcs";
  let description = [{
    Each kernel FUNCTION becomes a `tirx.prim_func` with a device_entry:
    SPECIAL blockIdx.* / threadIdx.* become `kernel -> cta` / `cta -> thread`
    scope ids, the remaining RANGEs scf.for loops (the loop tree of
    KernelSchedule.h), LOAD / STORE through INDEX tirx.buffer_load /
    buffer_store (gated ones under scf.if), DEFINE_REG a local buffer.
    A REDUCE across threadIdx.x (GROUP, after uop-gpudims) becomes a store of
    each thread's partial into a shared buffer, a CTA barrier and a
    `tirx.tile.reduce <cta>` into a one-element shared buffer (with a shared
    workspace of one element per warp for 32-bit data, which dispatches to
    warp shuffles), which every thread then loads; mul, umax and umin are
    combined by every thread from the shared partials.
    A kernel whose KernelInfo records TC (uop-optimize{tensor-cores}: a
    matmul of row-major f16 / bf16 arguments summed in f32, MatmulMatch.h)
    becomes a tiled tensor-core program instead: a grid of (N / 128) x
    (M / 128) CTAs of four warps; K advances by 32 through a four-stage
    swizzled shared-memory ring that `tirx.tile.copy_async <cta>` fills (one
    cp.async group per step, wait_group 2 and one barrier per step); each
    warp multiplies its 64 x 64 slice with `tirx.tile.gemm <warp>` into a register
    accumulator laid out like the mma.sync fragments (dispatch: ldmatrix and
    mma.sync m16n8k16). The elementwise epilogue becomes tile ops on the
    accumulator (a constant: a filled register tile; a bias or residual: a
    region of a strided view of its argument; a cast to half:
    `tirx.tile.cast`), and `tirx.tile.copy <warp>` stores each warp's slice.
    With `chip` naming a chip with wgmma (sm_90a) the design is two
    warpgroups of 64 x 128 per CTA, K by 64 through a four-stage ring of
    128-byte-swizzled tiles (A by cp.async, B transposed into N x K by an
    element-wise `tirx.tile.copy <cta>`), `tirx.tile.gemm_async
    <warpgroup>` (dispatch: wgmma.mma_async m64n128k16) and the same
    epilogue at warpgroup scope.
    Kernel parameters become global buffers of their element count. The
    schedule function becomes host code: a prim_func of the same name
    without a device_entry whose body allocates the intermediates
    (`tirx.alloc_buffer` of global buffers) and launches the kernels in
    order (`tirx.launch`); convert-tirx-to-gpu turns that into `gpu.alloc`
    and `gpu.launch_func`, which launchers walk.
    A walker, because a kernel's loop nest is rebuilt from the loop tree of
    the whole kernel (KernelSchedule.h) and the tensor-core design replaces
    a whole kernel; no op converts on its own.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The chip the kernels are for, a name of the GPUChip table "
           "(sm_90a: the wgmma tensor-core design; other chips: mma.sync); "
           "empty: sm_80">,
  ];
  let dependentDialects = ["::uop::tirx::TIRxDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // UOP_CONVERSION_PASSES_TD
