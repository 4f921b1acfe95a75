//===- UOpBase.td - The uop dialect and its enums ---------*- tablegen -*-===//
//
// The dialect of Morok/tinygrad's UOp IR. ALU work is arith/math; only what
// those dialects lack is an op here.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPBASE_TD
#define UOP_DIALECT_UOP_IR_UOPBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def UOp_Dialect : Dialect {
  let name = "uop";
  let cppNamespace = "::uop";
  let summary = "The UOp IR of Morok/tinygrad as an MLIR dialect";
  let description = [{
    Every op of the UOp bestiary: loop structure (RANGE/END), reductions,
    buffers and memory access (INDEX/LOAD/STORE), callable IR
    (CALL/FUNCTION/PROGRAM), vector ops, expansion (UNROLL/CONTRACT), tensor
    cores (WMMA), movement ops and the rarer scheduling ops. A UOp DAG is SSA
    in one block; values of Void dtype have type `!uop.void`. ALU ops are
    `arith` and `math` ops on scalars, vectors and ranked tensors.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // `uop.unsigned` on a func.func argument or result: the integer tensor
  // holds unsigned values (MLIR integers are signless; the ops say unsigned,
  // the program interface says it here). Runners use it to make, read, write
  // and compare data.
  // `uop.shard_axis` on a func.func result and `uop.spmd` on a func.func:
  // one rank's part of a multi-device program (uop-shard): the result is
  // this rank's shard along that axis of the whole value.
  let discardableAttrs = (ins "::mlir::UnitAttr":$unsigned,
                              "::mlir::ArrayAttr":$vars,
                              "::mlir::IntegerAttr":$capacity,
                              "::mlir::IntegerAttr":$shard_axis,
                              "::mlir::Attribute":$spmd,
                              // `uop.shape` on a kernel's !uop.ptr argument:
                              // the buffer's logical shape (uop-split-kernels
                              // records it), by which multi-index INDEXes are
                              // linearized row-major.
                              "::mlir::DenseI64ArrayAttr":$shape,
                              // `uop.grad_wrt` on a func.func: uop-gradient's
                              // request for the function's VJP with respect
                              // to these argument indices. The dialect's
                              // verifier checks them against the signature.
                              "::mlir::DenseI64ArrayAttr":$grad_wrt);
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def UOp_AxisType : I32EnumAttr<"AxisType", "how a RANGE is scheduled", [
    I32EnumAttrCase<"Placeholder", 0, "placeholder">,
    I32EnumAttrCase<"Loop", 1, "loop">,
    I32EnumAttrCase<"Global", 2, "global">,
    I32EnumAttrCase<"Thread", 3, "thread">,
    I32EnumAttrCase<"Warp", 4, "warp">,
    I32EnumAttrCase<"Local", 5, "local">,
    I32EnumAttrCase<"GroupReduce", 6, "group_reduce">,
    I32EnumAttrCase<"Upcast", 7, "upcast">,
    I32EnumAttrCase<"Reduce", 8, "reduce">,
    I32EnumAttrCase<"Unroll", 9, "unroll">]> {
  let cppNamespace = "::uop";
  let genSpecializedAttr = 0;
}
def UOp_AxisTypeAttr : EnumAttr<UOp_Dialect, UOp_AxisType, "axis_type">;

// The reduction operator: uop::ReduceOpKind, shared with tirx, is declared
// in uop/Support/ReductionKind.td; its attribute (#uop.reduce_op) is in
// UOpAttrs.td, which is not this file's enum generation's input.

def UOp_AddrSpace : I32EnumAttr<"AddrSpace", "memory address space", [
    I32EnumAttrCase<"Global", 0, "global">,
    I32EnumAttrCase<"Local", 1, "local">,
    I32EnumAttrCase<"Reg", 2, "reg">]> {
  let cppNamespace = "::uop";
  let genSpecializedAttr = 0;
}
def UOp_AddrSpaceAttr : EnumAttr<UOp_Dialect, UOp_AddrSpace, "addrspace">;

def UOp_CustomFunctionKind : I32EnumAttr<"CustomFunctionKind",
    "runtime-level custom function hook", [
    I32EnumAttrCase<"EncDec", 0, "enc_dec">,
    I32EnumAttrCase<"Graph", 1, "graph">]> {
  let cppNamespace = "::uop";
  let genSpecializedAttr = 0;
}
def UOp_CustomFunctionKindAttr
    : EnumAttr<UOp_Dialect, UOp_CustomFunctionKind, "custom_function_kind">;

// tinygrad's gidx/lidx: the string forms are the CUDA names the kernels use.
def UOp_SpecialDim : I32EnumAttr<"SpecialDim", "hardware index of a SPECIAL", [
    I32EnumAttrCase<"BlockX", 0, "blockIdx.x">,
    I32EnumAttrCase<"BlockY", 1, "blockIdx.y">,
    I32EnumAttrCase<"BlockZ", 2, "blockIdx.z">,
    I32EnumAttrCase<"ThreadX", 3, "threadIdx.x">,
    I32EnumAttrCase<"ThreadY", 4, "threadIdx.y">,
    I32EnumAttrCase<"ThreadZ", 5, "threadIdx.z">]> {
  let cppNamespace = "::uop";
  let genSpecializedAttr = 0;
}
def UOp_SpecialDimAttr : EnumAttr<UOp_Dialect, UOp_SpecialDim, "special_dim">;

// tinygrad's OptOps (and BLOCK); the string forms are tinygrad's names.
def UOp_OptOps : I32EnumAttr<"OptOps", "a kernel optimisation kind", [
    I32EnumAttrCase<"TC", 0, "TC">,
    I32EnumAttrCase<"Upcast", 1, "UPCAST">,
    I32EnumAttrCase<"Unroll", 2, "UNROLL">,
    I32EnumAttrCase<"Local", 3, "LOCAL">,
    I32EnumAttrCase<"Thread", 4, "THREAD">,
    I32EnumAttrCase<"Group", 5, "GROUP">,
    I32EnumAttrCase<"GroupTop", 6, "GROUPTOP">,
    I32EnumAttrCase<"NoLocals", 7, "NOLOCALS">,
    I32EnumAttrCase<"PadTo", 8, "PADTO">,
    I32EnumAttrCase<"Swap", 9, "SWAP">,
    // Not tinygrad's: a cache-blocked reduction (uop-optimize, cpu), and
    // the packing and prefetching that qualify the BLOCK after them.
    I32EnumAttrCase<"Block", 10, "BLOCK">,
    I32EnumAttrCase<"Pack", 11, "PACK">,
    I32EnumAttrCase<"Prefetch", 12, "PREFETCH">,
    // Ours (cpu): two output ranges as one at a row pitch (PitchRows.cpp).
    I32EnumAttrCase<"Pitch", 13, "PITCH">]> {
  let cppNamespace = "::uop";
  let genSpecializedAttr = 0;
}

#endif // UOP_DIALECT_UOP_IR_UOPBASE_TD
