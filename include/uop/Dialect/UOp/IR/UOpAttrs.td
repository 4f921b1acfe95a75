//===- UOpAttrs.td - uop attributes ------------------------*- tablegen -*-===//
#ifndef UOP_DIALECT_UOP_IR_UOPATTRS_TD
#define UOP_DIALECT_UOP_IR_UOPATTRS_TD

include "uop/Dialect/UOp/IR/UOpBase.td"
include "uop/Support/ReductionKind.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/TensorEncoding.td"

def UOp_ReduceOpAttr : EnumAttr<UOp_Dialect, UOp_ReduceOpKind, "reduce_op">;

// `[a, b, c]`; the brackets keep lists unambiguous inside struct(params).
class UOp_IntListParameter<string desc = ""> : ArrayRefParameter<"int64_t", desc> {
  let parser = "::uop::parseIntList($_parser)";
  let printer = "::uop::printIntList($_printer, $_self)";
}
class UOp_OptionalIntListParameter<string desc = "">
    : OptionalArrayRefParameter<"int64_t", desc> {
  let parser = "::uop::parseIntList($_parser)";
  let printer = "::uop::printIntList($_printer, $_self)";
}
// `[(axis, factor), ...]`, stored flat.
class UOp_PairListParameter<string desc = "">
    : OptionalArrayRefParameter<"int64_t", desc> {
  let parser = "::uop::parsePairList($_parser)";
  let printer = "::uop::printPairList($_printer, $_self)";
}

// `[<UPCAST, 1, 16>, ...]`: OptAttrs without the `#uop.opt` prefix (accepted
// too); the brackets keep the list unambiguous inside struct(params).
class UOp_OptListParameter<string desc = "">
    : OptionalArrayRefParameter<"::uop::OptAttr", desc> {
  let parser = "::uop::parseOptList($_parser)";
  let printer = "::uop::printOptList($_printer, $_self)";
}

class UOp_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<UOp_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def UOp_SPMDAttr : UOp_Attr<"SPMD", "spmd"> {
  let summary = "a function that is one rank of a multi-device program";
  let description = [{
    `#uop.spmd<rank = 1, devices = 2>` on a func.func: uop-shard made it
    the program of rank `rank` of `devices` ranks (one per device); every
    rank runs its own, and they meet at their uop.allreduce ops.
  }];
  let parameters = (ins "int64_t":$rank, "int64_t":$devices);
  let assemblyFormat = "`<` `rank` `=` $rank `,` `devices` `=` $devices `>`";
  let genVerifyDecl = 1;
}

def UOp_AxisIdAttr : UOp_Attr<"AxisId", "axis_id"> {
  let summary = "RANGE identity: Unrenumbered(n) before kernel split, Renumbered(n) after";
  let description = [{
    Printed `U3` (unrenumbered) or `R3` (renumbered); as a standalone
    attribute `#uop.axis_id<R3>`.
  }];
  let parameters = (ins "int64_t":$id, "bool":$renumbered);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def UOp_BufferizeOptsAttr : UOp_Attr<"BufferizeOpts", "bufferize_opts"> {
  let summary = "where and how a BUFFERIZE materialises";
  let parameters = (ins
      OptionalParameter<"::mlir::StringAttr">:$device,
      DefaultValuedParameter<"::uop::AddrSpace", "::uop::AddrSpace::Global">:$addrspace,
      DefaultValuedParameter<"bool", "true">:$removable);
  let assemblyFormat = "`<` struct(params) `>`";
}

def UOp_CallInfoAttr : UOp_Attr<"CallInfo", "call_info"> {
  let summary = "cache-key-safe annotations of CALL and FUNCTION";
  let parameters = (ins
      OptionalParameter<"::mlir::StringAttr">:$name,
      OptionalParameter<"::mlir::StringAttr">:$grad_tag,
      OptionalParameter<"::mlir::ArrayAttr">:$metadata,
      DefaultValuedParameter<"bool", "false">:$precompile,
      DefaultValuedParameter<"bool", "false">:$precompile_backward);
  let assemblyFormat = "`<` struct(params) `>`";
}

def UOp_OptAttr : UOp_Attr<"Opt", "opt"> {
  let summary = "one applied kernel optimisation (tinygrad's Opt)";
  let description = [{
    `#uop.opt<UPCAST, 1, 16>`: the kind, the axis id of the RANGE it applies
    to and its amount (0 means the whole axis, as in tinygrad).
  }];
  let parameters = (ins "::uop::OptOps":$kind, "int64_t":$axis, "int64_t":$arg);
  let assemblyFormat = "`<` $kind `,` $axis `,` $arg `>`";
  let genVerifyDecl = 1;
}

def UOp_KernelInfoAttr : UOp_Attr<"KernelInfo", "kernel_info"> {
  let summary = "marks a SINK as the root of a kernel AST";
  let description = [{
    As tinygrad's KernelInfo: `applied_opts` records what uop-optimize did;
    `opts_to_apply` pins a schedule: uop-optimize applies exactly those
    options, in order, instead of choosing its own (and moves them to
    `applied_opts`). Each names the axis id of a RANGE that exists when it
    applies (a split's two parts get new ids, numbered after every axis).
  }];
  let parameters = (ins
      OptionalParameter<"::mlir::StringAttr">:$name,
      DefaultValuedParameter<"bool", "false">:$dont_use_locals,
      UOp_OptListParameter<"optimisations applied, in order">:$applied_opts,
      UOp_OptListParameter<"optimisations uop-optimize applies instead of "
                           "its heuristic, in order">:$opts_to_apply);
  let assemblyFormat = "`<` struct(params) `>`";
}

def UOp_WmmaMetadataAttr : UOp_Attr<"WmmaMetadata", "wmma"> {
  let summary = "the hardware configuration of a WMMA";
  let description = [{
    `dims` is (N, M, K) as in the seed. `upcast_a/b/c` and `reduce_axes` are
    flat lists of (axis, factor) pairs; `tile_grid` batches several FMAs.
  }];
  let parameters = (ins
      "::mlir::StringAttr":$name,
      UOp_IntListParameter<"(N, M, K)">:$dims,
      "::mlir::Type":$dtype_in,
      "::mlir::Type":$dtype_out,
      "::mlir::StringAttr":$device,
      DefaultValuedParameter<"int64_t", "32">:$threads,
      UOp_PairListParameter<"upcast axes of A">:$upcast_a,
      UOp_PairListParameter<"upcast axes of B">:$upcast_b,
      UOp_PairListParameter<"upcast axes of C">:$upcast_c,
      UOp_PairListParameter<"reduce axes">:$reduce_axes,
      UOp_OptionalIntListParameter<"FMA batching grid">:$tile_grid);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getN() const { return getDims()[0]; }
    int64_t getM() const { return getDims()[1]; }
    int64_t getK() const { return getDims()[2]; }
    /// Product of tile_grid, 1 when absent.
    int64_t getTileCount() const;
  }];
}

def UOp_VarAttr : UOp_Attr<"Var", "var"> {
  let summary = "a shape variable: its name and bounds (tensor-level DEFINE_VAR)";
  let description = [{
    `#uop.var<"n", 1, 4096>` declares the variable `n` with
    `1 <= n <= 4096`. A function lists its variables in `uop.vars`; tensor
    types name them in `#uop.sym`. uop-rangeify turns each into a
    `uop.define_var` with the same bounds.
  }];
  let parameters = (ins "::mlir::StringAttr":$name, "int64_t":$min,
                        "int64_t":$max);
  let assemblyFormat = "`<` $name `,` $min `,` $max `>`";
  let genVerifyDecl = 1;
}

def UOp_SymShapeAttr : UOp_Attr<"SymShape", "sym",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the variables of a tensor's dynamic dimensions";
  let description = [{
    A tensor encoding: `tensor<?x384xf32, #uop.sym<"n">>` is an n x 384
    tensor. One name per `?` dimension, in order; each is a variable of the
    enclosing function's `uop.vars`. Types with equal names are equal, so
    elementwise ops check at parse time that their operands agree.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::StringAttr">:$vars);
  let assemblyFormat = "`<` $vars `>`";
}

#endif // UOP_DIALECT_UOP_IR_UOPATTRS_TD
