//===- TIRxAttrs.td - layout attributes --------------------*- tablegen -*-===//
#ifndef UOP_DIALECT_TIRX_IR_TIRXATTRS_TD
#define UOP_DIALECT_TIRX_IR_TIRXATTRS_TD

include "uop/Dialect/TIRx/IR/TIRxBase.td"
include "uop/Dialect/TIRx/IR/TIRxInterfaces.td"

class TIRx_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TIRx_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TIRx_TileLayoutAttr : TIRx_Attr<"TileLayout", "tile",
    [DeclareAttrInterfaceMethods<TIRx_LayoutAttrInterface>]> {
  let summary = "TileLayout: shard iters, replica iters and offsets";
  let description = [{
    `#tirx.tile<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>`.
    A stride without `@axis` is on `m`; one-element tuples drop their
    parentheses (`S[8192:1]`). docs/tirx-layouts.md gives the semantics.
  }];
  let parameters = (ins
      ArrayRefParameter<"int64_t">:$shardExtents,
      ArrayRefParameter<"int64_t">:$shardStrides,
      ArrayRefParameter<"::mlir::StringAttr">:$shardAxes,
      OptionalArrayRefParameter<"int64_t">:$replicaExtents,
      OptionalArrayRefParameter<"int64_t">:$replicaStrides,
      OptionalArrayRefParameter<"::mlir::StringAttr">:$replicaAxes,
      OptionalArrayRefParameter<"int64_t">:$offsetValues,
      OptionalArrayRefParameter<"::mlir::StringAttr">:$offsetAxes);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static TileLayoutAttr get(::mlir::MLIRContext *context,
                              const ::uop::tirx::layout::TileLayout &layout);
    ::uop::tirx::layout::TileLayout getLayout() const;
  }];
}

def TIRx_SwizzleLayoutAttr : TIRx_Attr<"SwizzleLayout", "swizzle",
    [DeclareAttrInterfaceMethods<TIRx_LayoutAttrInterface>]> {
  let summary = "SwizzleLayout: XOR swizzle of memory offsets";
  let description = [{
    `#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>` is the
    128-byte swizzle of f16 (CuTe's Swizzle<3,3,3>).
  }];
  let parameters = (ins "int64_t":$per_element, "int64_t":$swizzle_len,
                        "int64_t":$atom_len,
                        DefaultValuedParameter<"bool", "true">:$swizzle_inner);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::uop::tirx::layout::SwizzleLayout getLayout() const;
  }];
}

def TIRx_ComposeLayoutAttr : TIRx_Attr<"ComposeLayout", "compose",
    [DeclareAttrInterfaceMethods<TIRx_LayoutAttrInterface>]> {
  let summary = "ComposeLayout: a tile layout, then a swizzle of its memory offset";
  let parameters = (ins "SwizzleLayoutAttr":$swizzle, "TileLayoutAttr":$tile);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::uop::tirx::layout::ComposeLayout getLayout() const;
  }];
}

#endif // UOP_DIALECT_TIRX_IR_TIRXATTRS_TD
