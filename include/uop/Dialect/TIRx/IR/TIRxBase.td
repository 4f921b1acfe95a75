//===- TIRxBase.td - the tirx dialect and its enums --------*- tablegen -*-===//
//
// TVM's TIRx in MLIR: prim_func, flat declarations, buffers with layouts,
// execution scopes and tile primitives.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_IR_TIRXBASE_TD
#define UOP_DIALECT_TIRX_IR_TIRXBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def TIRx_Dialect : Dialect {
  let name = "tirx";
  let cppNamespace = "::uop::tirx";
  let summary = "TVM's TIRx: buffers with layouts, execution scopes, tile primitives";
  let description = [{
    A `tirx.prim_func` holds statements as ops in source order. Declarations
    (`alloc_buffer`, `decl_buffer`, `bind`, `scope_id_def`) are flat and
    visible to the following ops; `device_entry` bounds the device region;
    loops and branches are `scf`; scalar expressions are `arith`; target
    intrinsics are upstream `nvvm`/`nvgpu` ops. Tile primitives are
    `tirx.tile.*` ops sharing `TilePrimitiveOpInterface`.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // What the lowering records on a kernel for its launcher, one definition
  // each (generated accessors, verified by verifyOperationAttribute).
  let discardableAttrs = (ins
    // The launch configuration the scope ids imply (tirx-lower-scope-ids):
    // threads per block and blocks per grid, x first.
    "::mlir::DenseI64ArrayAttr":$block_dims,
    "::mlir::DenseI64ArrayAttr":$grid_dims,
    // The grid to launch with when scope ids leave it free (`[?]`): the
    // preferred extents. The kernel reads the grid's size at run time, so it
    // is correct on any grid; grid_dims, by contrast, is compiled in.
    // convert-tirx-to-gpu makes it the grid operands of the host's
    // gpu.launch_func; no launcher reads it.
    "::mlir::DenseI64ArrayAttr":$preferred_grid_dims,
    // CTAs per thread-block cluster, x first (cluster -> cta scope ids);
    // the grid is a multiple of it.
    "::mlir::DenseI64ArrayAttr":$cluster_dims,
    // The kernel's tensor-map parameters (TensorMapParamAttr each).
    "::mlir::ArrayAttr":$tensor_maps,
    // Bytes of dynamic shared memory to launch with (opted into beyond
    // 48 KiB), or of static shared memory the kernel declares.
    "::mlir::IntegerAttr":$dynamic_shared_bytes,
    "::mlir::IntegerAttr":$shared_bytes,
    // What a kernel computes, for `uop-run --check`: the host reference its
    // output is compared with (written by the kernel's author).
    "::uop::tirx::ReferenceKindAttr":$reference,
    // On an scf.for with constant bounds in a kernel: the dispatch pass
    // unrolls it fully first, so that the tile calls in its body see
    // constant regions (register-resident sub-tiles of an accumulator).
    "::mlir::UnitAttr":$unroll
  );
  let hasOperationAttrVerify = 1;
  // Folded scope extents become arith.constant.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::LLVM::LLVMDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
}

def TIRx_StorageScope : I32EnumAttr<"StorageScope",
    "where a buffer's data lives", [
    I32EnumAttrCase<"Global", 0, "global">,
    I32EnumAttrCase<"Shared", 1, "shared">,
    I32EnumAttrCase<"Local", 2, "local">,
    I32EnumAttrCase<"TMem", 3, "tmem">,
    // Another CTA's shared memory (PTX .shared::cluster): only the views
    // tirx.cluster_view makes have it.
    I32EnumAttrCase<"SharedCluster", 4, "shared_cluster">]> {
  let cppNamespace = "::uop::tirx";
  let genSpecializedAttr = 0;
}

// The execution levels. `kernel` only appears as the outer end of a scope
// pair (`kernel -> cta` is the grid); tile ops use the other five.
def TIRx_ExecScopeKind : I32EnumAttr<"ExecScopeKind", "execution scope", [
    I32EnumAttrCase<"Thread", 0, "thread">,
    I32EnumAttrCase<"Warp", 1, "warp">,
    I32EnumAttrCase<"Warpgroup", 2, "warpgroup">,
    I32EnumAttrCase<"Cta", 3, "cta">,
    I32EnumAttrCase<"Cluster", 4, "cluster">,
    I32EnumAttrCase<"Kernel", 5, "kernel">]> {
  let cppNamespace = "::uop::tirx";
  let genSpecializedAttr = 0;
}

def TIRx_ScopeAttr : EnumAttr<TIRx_Dialect, TIRx_ExecScopeKind, "scope"> {
  let summary = "an execution scope: `#tirx.scope<warpgroup>`";
  let assemblyFormat = "`<` $value `>`";
}

// The host references `uop-run --check` knows for a tirx kernel: the last
// buffer parameter is the output, the ones before it the inputs.
def TIRx_ReferenceKind : I32EnumAttr<"ReferenceKind",
    "a host reference computation", [
    I32EnumAttrCase<"Copy", 0, "copy">,      // out = in
    I32EnumAttrCase<"GemmNN", 1, "gemm_nn">, // C[M,N] = A[M,K] B[K,N]
    I32EnumAttrCase<"GemmNT", 2, "gemm_nt">  // C[M,N] = A[M,K] B[N,K]^T
  ]> {
  let cppNamespace = "::uop::tirx";
  let genSpecializedAttr = 0;
}
def TIRx_ReferenceAttr : EnumAttr<TIRx_Dialect, TIRx_ReferenceKind,
                                  "reference"> {
  let summary = "a host reference: `#tirx.reference<gemm_nt>`";
  let assemblyFormat = "`<` $value `>`";
}

def TIRx_UnaryKind : I32EnumAttr<"UnaryKind", "elementwise unary operator", [
    I32EnumAttrCase<"Exp", 0, "exp">,
    I32EnumAttrCase<"Exp2", 1, "exp2">,
    I32EnumAttrCase<"Log", 2, "log">,
    I32EnumAttrCase<"Sqrt", 3, "sqrt">,
    I32EnumAttrCase<"Rsqrt", 4, "rsqrt">,
    I32EnumAttrCase<"Reciprocal", 5, "reciprocal">,
    I32EnumAttrCase<"Silu", 6, "silu">,
    I32EnumAttrCase<"Relu", 7, "relu">,
    I32EnumAttrCase<"Neg", 8, "neg">,
    I32EnumAttrCase<"Abs", 9, "abs">]> {
  let cppNamespace = "::uop::tirx";
  let genSpecializedAttr = 0;
}
def TIRx_UnaryKindAttr : EnumAttr<TIRx_Dialect, TIRx_UnaryKind, "unary">;

def TIRx_BinaryKind : I32EnumAttr<"BinaryKind", "elementwise binary operator", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"Sub", 1, "sub">,
    I32EnumAttrCase<"Mul", 2, "mul">,
    I32EnumAttrCase<"Div", 3, "div">,
    I32EnumAttrCase<"Maximum", 4, "maximum">,
    I32EnumAttrCase<"Minimum", 5, "minimum">]> {
  let cppNamespace = "::uop::tirx";
  let genSpecializedAttr = 0;
}
def TIRx_BinaryKindAttr : EnumAttr<TIRx_Dialect, TIRx_BinaryKind, "binary">;

// The tile reduction's operator is uop::ReduceOpKind, shared with uop
// (uop/Support/ReductionKind.td); its attribute is in TIRxAttrs.td, which is
// not this file's enum generation's input.

#endif // UOP_DIALECT_TIRX_IR_TIRXBASE_TD
