//===- TIRxAttrs.td - layout attributes --------------------*- tablegen -*-===//
#ifndef UOP_DIALECT_TIRX_IR_TIRXATTRS_TD
#define UOP_DIALECT_TIRX_IR_TIRXATTRS_TD

include "uop/Dialect/TIRx/IR/TIRxBase.td"
include "uop/Dialect/TIRx/IR/TIRxInterfaces.td"
include "uop/Support/ReductionKind.td"

class TIRx_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TIRx_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// A tile reduction's operator, uop's enum: tirx.tile.reduce prints add as
// `sum` (its keyword since the seed) and takes sum, max and min.
def TIRx_ReduceKindAttr : EnumAttr<TIRx_Dialect, UOp_ReduceOpKind, "reduce"> {
  let cppClassName = "ReduceKindAttr";
  // The class is tirx's; EnumAttr would take the enum's namespace (uop).
  let cppNamespace = "::uop::tirx";
}

def TIRx_TileLayoutAttr : TIRx_Attr<"TileLayout", "tile",
    [DeclareAttrInterfaceMethods<TIRx_LayoutAttrInterface>]> {
  let summary = "TileLayout: shard iters, replica iters and offsets";
  let description = [{
    `#tirx.tile<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>`.
    A stride without `@axis` is on `m`; one-element tuples drop their
    parentheses (`S[8192:1]`). docs/tirx-layouts.md gives the semantics.
    Axes are `layout::Axis` values (laneid, warpid, wgid, tid_in_wg,
    wid_in_wg, tx, bx, by, bz, cbx, cby, cbz, m, TLane, TCol), so an
    attribute cannot name an unknown axis; the text is read by the layout
    algebra's parser (parseTileLayout), the one grammar of tile layouts.
  }];
  let parameters = (ins
      ArrayRefParameter<"int64_t">:$shardExtents,
      ArrayRefParameter<"int64_t">:$shardStrides,
      ArrayRefParameter<"::uop::tirx::layout::Axis">:$shardAxes,
      OptionalArrayRefParameter<"int64_t">:$replicaExtents,
      OptionalArrayRefParameter<"int64_t">:$replicaStrides,
      OptionalArrayRefParameter<"::uop::tirx::layout::Axis">:$replicaAxes,
      OptionalArrayRefParameter<"int64_t">:$offsetValues,
      OptionalArrayRefParameter<"::uop::tirx::layout::Axis">:$offsetAxes);
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

def TIRx_TileConfigAttr : TIRx_Attr<"TileConfig", "config"> {
  let summary = "a tile primitive's options: vec, cta_group, multicast, commit";
  let description = [{
    Every key is optional; an implementation declines a config that sets a
    key it does not read (so a key that is present, even `false`, counts).

    - `vec`: elements per vector access, a positive power of two.
    - `cta_group`: tcgen05's CTA group, 1 or a CTA pair (2).
    - `multicast`: the CTAs of the cluster a TMA load writes to: `true`
      (every CTA), `false` (none) or a non-zero 16-bit mask (bit r = rank r).
    - `commit`: whether an async copy closes its own commit group.

    On a tile op it is written as a dictionary, `config {vec = 4}`; alone,
    `#tirx.config<vec = 4, commit = false>`. Values may carry a type
    (`cta_group = 1 : i64`), as a plain dictionary allows.
  }];
  // multicast: kMulticastAll (`true`), 0 (`false`) or the mask.
  let parameters = (ins OptionalParameter<"std::optional<int64_t>">:$vec,
                        OptionalParameter<"std::optional<int64_t>">:$cta_group,
                        OptionalParameter<"std::optional<int64_t>">:$multicast,
                        OptionalParameter<"std::optional<bool>">:$commit);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The keys, spelt once: the parser, the printer and the dispatch
    /// implementations' lists of keys they read use these.
    static constexpr ::llvm::StringLiteral kVec = "vec";
    static constexpr ::llvm::StringLiteral kCtaGroup = "cta_group";
    static constexpr ::llvm::StringLiteral kMulticast = "multicast";
    static constexpr ::llvm::StringLiteral kCommit = "commit";
    /// `multicast = true`: every CTA of the cluster.
    static constexpr int64_t kMulticastAll = -1;
    /// The keys that are set, in printed (alphabetical) order.
    ::llvm::SmallVector<::llvm::StringRef, 4> getSetKeys() const;
    /// `key = value, ...` between `open` and `close` (`{ }` on a tile op,
    /// `< >` alone).
    static ::mlir::ParseResult parseEntries(::mlir::AsmParser &parser,
        ::mlir::AsmParser::Delimiter delimiter, TileConfigAttr &result);
    void printEntries(::mlir::AsmPrinter &printer, char open,
                      char close) const;
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
