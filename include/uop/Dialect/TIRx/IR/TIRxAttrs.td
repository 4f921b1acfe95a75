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

def TIRx_TensorMapParamAttr : TIRx_Attr<"TensorMapParam", "tensor_map_param"> {
  let summary = "a kernel parameter that holds an encoded CUtensorMap";
  let description = [{
    Recorded by convert-tirx-to-gpu in a kernel's `tirx.tensor_maps` for the
    launcher: parameter `arg` of the kernel is the 128-byte tensor map of
    parameter `buffer_arg`'s buffer, encoded over its logical `shape`
    (dense, row-major) with boxes of `box` elements and a `swizzle` of 0,
    32, 64 or 128 bytes.

    ```mlir
    #tirx.tensor_map_param<arg = 2, buffer_arg = 0, shape = [8192, 128],
                           box = [128, 32], swizzle = 128>
    ```
  }];
  let parameters = (ins "int64_t":$arg, "int64_t":$buffer_arg,
                        "::mlir::DenseI64ArrayAttr":$shape,
                        "::mlir::DenseI64ArrayAttr":$box,
                        "int64_t":$swizzle);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // UOP_DIALECT_TIRX_IR_TIRXATTRS_TD
