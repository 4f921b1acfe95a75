//===- TIRxOps.td - tirx ops -------------------------------*- tablegen -*-===//
//
// The seed's statement nodes as ops: PrimFunc, flat declarations (AllocBuffer,
// DeclBuffer, Bind, ScopeIdDefStmt), the device_entry AttrStmt, BufferLoad /
// BufferStore, BufferRegion and TilePrimitiveCall.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_IR_TIRXOPS_TD
#define UOP_DIALECT_TIRX_IR_TIRXOPS_TD

include "uop/Dialect/TIRx/IR/TIRxBase.td"
include "uop/Dialect/TIRx/IR/TIRxTypes.td"
include "uop/Dialect/TIRx/IR/TIRxAttrs.td"
include "uop/Dialect/TIRx/IR/TIRxInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Dialect/LLVMIR/LLVMTypes.td"

class TIRx_Op<string mnemonic, list<Trait> traits = []>
    : Op<TIRx_Dialect, mnemonic, traits>;

def TIRx_Buffer : Type<CPred<"::llvm::isa<::uop::tirx::BufferType>($_self)">,
                       "!tirx.buffer", "::uop::tirx::BufferType">;
def TIRx_Region : Type<CPred<"::llvm::isa<::uop::tirx::RegionType>($_self)">,
                       "!tirx.region", "::uop::tirx::RegionType">;
def TIRx_TileOperand : AnyTypeOf<[TIRx_Buffer, TIRx_Region]>;

//===----------------------------------------------------------------------===//
// Function boundary
//===----------------------------------------------------------------------===//

def TIRx_PrimFuncOp : TIRx_Op<"prim_func", [IsolatedFromAbove, Symbol,
    FunctionOpInterface, AutomaticAllocationScope]> {
  let summary = "PrimFunc: params (with their buffer_map in the types), body, attrs";
  let description = [{
    ```mlir
    tirx.prim_func @scale(%A: !tirx.buffer<1024xf32, global>,
                          %B: !tirx.buffer<1024xf32, global>) {
      tirx.device_entry { ... }
      tirx.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
}

def TIRx_ReturnOp : TIRx_Op<"return", [Pure, Terminator, ReturnLike,
    HasParent<"PrimFuncOp">]> {
  let summary = "ends a prim_func";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "($operands^ `:` qualified(type($operands)))? attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Flat declarations
//===----------------------------------------------------------------------===//

def TIRx_AllocBufferOp : TIRx_Op<"alloc_buffer"> {
  let summary = "AllocBuffer: new storage for a buffer";
  let description = [{
    ```mlir
    %S = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    ```
  }];
  let results = (outs TIRx_Buffer:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def TIRx_DeclBufferOp : TIRx_Op<"decl_buffer", [Pure]> {
  let summary = "DeclBuffer: a new view sharing another buffer's data";
  let description = [{
    The seed's `Dreg_wg = Dreg.view(...)`: same data, dtype and scope, its
    own shape and layout; it must fit the viewed storage. As in the seed, a
    view inherits the viewed buffer's elem_offset (its own elem_offset counts
    from there) and, when it has neither layout nor strides, its strides
    (then it keeps the rank).

    With `storage`, the view is of the raw storage instead: offsets count
    from the data pointer, with nothing inherited (what tirx-lower-layouts
    makes to flatten accesses).

    ```mlir
    %V = tirx.decl_buffer %D : !tirx.buffer<64xf32, local> -> !tirx.buffer<...>
    %F = tirx.decl_buffer %S storage : !tirx.buffer<16xf32, shared, elem_offset = 7> -> !tirx.buffer<23xf32, shared>
    ```
  }];
  let arguments = (ins TIRx_Buffer:$source, UnitAttr:$storage);
  let results = (outs TIRx_Buffer:$result);
  let assemblyFormat = "$source (`storage` $storage^)? attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TIRx_BindOp : TIRx_Op<"bind", [Pure, SameOperandsAndResultType]> {
  let summary = "Bind: names a scalar value for the following statements";
  let arguments = (ins AnyType:$value, OptionalAttr<StrAttr>:$name);
  let results = (outs AnyType:$result);
  let assemblyFormat = "($name^)? $value attr-dict `:` qualified(type($result))";
}

def TIRx_ScopeIdDefOp : TIRx_Op<"scope_id_def", [Pure]> {
  let summary = "ScopeIdDefStmt: execution ids of a scope pair and their extents";
  let description = [{
    `tx = Tx.thread_id([128])` is

    ```mlir
    %tx = tirx.scope_id_def cta -> thread [128]
    %bx, %by = tirx.scope_id_def kernel -> cta [8, 4] preferred [8, 4]
    ```

    One index result (def id) per extent; the outer scope is larger than the
    inner one.

    The grid's extents (`kernel -> cta`, `kernel -> cluster`) may be free,
    written `?`: the kernel is then correct on any grid, reading its size at
    run time with `tirx.scope_extent`, and is launched with the preferred
    extent of that dimension (which a free extent needs):

    ```mlir
    %cta = tirx.scope_id_def kernel -> cta [?] preferred [132]
    %ctas = tirx.scope_extent %cta
    ```
  }];
  let arguments = (ins TIRx_ScopeAttr:$parent, TIRx_ScopeAttr:$child,
                       DenseI64ArrayAttr:$extents,
                       OptionalAttr<DenseI64ArrayAttr>:$preferred_extents);
  let results = (outs Variadic<Index>:$ids);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The product of the extents (the verifier keeps it within int64).
    int64_t getTotalExtent();
    /// The threads of one CTA a cta -> thread, warp or warpgroup def gives
    /// (at most 1024, verified); nullopt for other scope pairs.
    std::optional<int64_t> getThreadsPerCta();
  }];
}

def TIRx_ScopeExtentOp : TIRx_Op<"scope_extent", [Pure]> {
  let summary = "the extent of a scope id: a constant, or the launch's size where it is free";
  let description = [{
    `%n = tirx.scope_extent %id` is the number of values the scope id `%id`
    (a result of `tirx.scope_id_def`) takes: its extent when that is static,
    the launch's grid size on that dimension when the extent is free (`?`).
    A persistent kernel steps over its tiles by it:

    ```mlir
    %cta = tirx.scope_id_def kernel -> cta [?] preferred [132]
    %ctas = tirx.scope_extent %cta
    scf.for %t = %cta to %tiles step %ctas { ... }
    ```
  }];
  let arguments = (ins Index:$id);
  let results = (outs Index:$extent);
  let assemblyFormat = "$id attr-dict";
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The scope_id_def that defines the id (the verifier makes sure).
    ScopeIdDefOp getDef();
    /// The dimension of the id among the def's results.
    unsigned getDimension();
  }];
}

def TIRx_DeviceEntryOp : TIRx_Op<"device_entry", [SingleBlock, NoTerminator,
    HasParent<"PrimFuncOp">]> {
  let summary = "the device region (the seed's AttrStmt tirx.device_entry)";
  let description = [{
    The scope_id_defs of one kernel describe one launch: they agree on the
    threads per CTA, on the grid (kernel -> cta, kernel -> cluster, a free
    extent counting as its preferred one), on the cluster's shape, and a
    grid of clusters times the cluster's shape is the grid in CTAs.
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
}

def TIRx_LaunchOp : TIRx_Op<"launch", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "host code launches a kernel prim_func on global buffers and scalars";
  let description = [{
    The host side of a program: a prim_func without a `device_entry` (host
    code) launches kernels -- prim_funcs with one -- in order, on its
    parameters and on the global buffers it allocates; integer, index and
    float scalars (constants or its own parameters) pass by value. The launch
    configuration is the kernel's own (its scope ids). This is the contract
    between a compiled graph and its launcher: `convert-tirx-to-gpu` turns it
    into `gpu.launch_func`, and the runtime walks that.

    ```mlir
    tirx.prim_func @graph(%x: !tirx.buffer<1024xf32, global>,
                          %y: !tirx.buffer<1024xf32, global>) {
      %t = tirx.alloc_buffer : !tirx.buffer<1024xf32, global>
      tirx.launch @k0(%t, %x) : (!tirx.buffer<1024xf32, global>, !tirx.buffer<1024xf32, global>)
      tirx.launch @k1(%y, %t) : (!tirx.buffer<1024xf32, global>, !tirx.buffer<1024xf32, global>)
      tirx.return
    }
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel, Variadic<AnyType>:$args);
  let assemblyFormat = [{
    $kernel `(` $args `)` attr-dict (`:` `(` qualified(type($args))^ `)`)?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Buffer access
//===----------------------------------------------------------------------===//

def TIRx_BufferLoadOp : TIRx_Op<"buffer_load", [TIRx_BufferAccessOpInterface,
    TypesMatchWith<"result is the buffer's element type", "buffer", "result",
                   "::llvm::cast<::uop::tirx::BufferType>($_self).getElementType()">]> {
  let summary = "BufferLoad: reads one element";
  let arguments = (ins TIRx_Buffer:$buffer, Variadic<Index>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$buffer `[` $indices `]` attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
}

def TIRx_BufferStoreOp : TIRx_Op<"buffer_store", [TIRx_BufferAccessOpInterface,
    TypesMatchWith<"value is the buffer's element type", "buffer", "value",
                   "::llvm::cast<::uop::tirx::BufferType>($_self).getElementType()">]> {
  let summary = "BufferStore: writes one element";
  let arguments = (ins AnyType:$value, TIRx_Buffer:$buffer, Variadic<Index>:$indices);
  let assemblyFormat = "$value `,` $buffer `[` $indices `]` attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
}

def TIRx_VectorLoadOp : TIRx_Op<"vector_load", [TIRx_BufferAccessOpInterface]> {
  let summary = "reads consecutive elements along the last dimension as a vector";
  let description = [{
    `%v = tirx.vector_load %A[%i, %j] : !tirx.buffer<64x128xf32, shared> -> vector<4xf32>`
    reads (i, j) .. (i, j + 3). The lowering takes them from consecutive
    storage starting at the first element's offset, so the producer (a
    dispatch that checked the layout) guarantees that they are contiguous
    and aligned.
  }];
  let arguments = (ins TIRx_Buffer:$buffer, Variadic<Index>:$indices);
  let results = (outs VectorOfRankAndType<[1], [AnyType]>:$result);
  let assemblyFormat = [{
    $buffer `[` $indices `]` attr-dict `:` qualified(type($buffer)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TIRx_VectorStoreOp : TIRx_Op<"vector_store", [TIRx_BufferAccessOpInterface]> {
  let summary = "writes a vector to consecutive elements along the last dimension";
  let arguments = (ins VectorOfRankAndType<[1], [AnyType]>:$value,
                       TIRx_Buffer:$buffer, Variadic<Index>:$indices);
  let assemblyFormat = [{
    $value `,` $buffer `[` $indices `]` attr-dict `:` type($value) `,` qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def TIRx_AddressOfOp : TIRx_Op<"address_of", [Pure, TIRx_BufferAccessOpInterface]> {
  let summary = "the address of an element, as an integer in its address space";
  let description = [{
    `%a = tirx.address_of %S[%i, %j] : !tirx.buffer<128x64xbf16, shared, ...>`
    is the byte address of element (i, j) (a shared-window address for
    shared buffers), through the buffer's layout. For a tmem buffer it is the
    tensor-memory address (lane << 16 | column) of the element's TLane/TCol.
    Matrix descriptors of wgmma and tcgen05 are built from it.
  }];
  let arguments = (ins TIRx_Buffer:$buffer, Variadic<Index>:$indices);
  let results = (outs I64:$result);
  let assemblyFormat = "$buffer `[` $indices `]` attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
}

def TIRx_TensorMapOp : TIRx_Op<"tensor_map", [Pure]> {
  let summary = "the TMA tensor map of a global buffer parameter";
  let description = [{
    `%m = tirx.tensor_map %A box [128, 32] swizzle 128 : !tirx.buffer<8192x128xf32, global>`
    stands for a CUtensorMap describing the parameter `%A` copied in boxes
    of `box` elements with the given swizzle (0, 32, 64 or 128 bytes).
    convert-tirx-to-gpu turns each into a kernel parameter: a pointer to the
    encoded 128-byte map in device global memory (as upstream's nvgpu TMA
    path passes it), listed in the kernel's `tirx.tensor_maps` attribute,
    which the launcher reads to encode the maps on the host.
  }];
  let arguments = (ins TIRx_Buffer:$buffer, DenseI64ArrayAttr:$box,
                       I64Attr:$swizzle);
  let results = (outs LLVM_AnyPointer:$result);
  let assemblyFormat = [{
    $buffer `box` $box `swizzle` $swizzle attr-dict `:` qualified(type($buffer))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$buffer, "::llvm::ArrayRef<int64_t>":$box,
                   "int64_t":$swizzle), [{
      build($_builder, $_state,
            ::mlir::LLVM::LLVMPointerType::get($_builder.getContext()),
            buffer, $_builder.getDenseI64ArrayAttr(box),
            $_builder.getI64IntegerAttr(swizzle));
    }]>];
}

def TIRx_RegionOp : TIRx_Op<"region", [Pure]> {
  let summary = "BufferRegion: a buffer and a (min, extent) per dimension";
  let description = [{
    ```mlir
    %r = tirx.region %A[%m0 : 128, %c0 : 64] : !tirx.buffer<256x64xf16, shared>
    ```
    The extents are static; the mins are index values.
  }];
  let arguments = (ins TIRx_Buffer:$buffer, Variadic<Index>:$mins,
                       DenseI64ArrayAttr:$extents);
  let results = (outs TIRx_Region:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tile primitives
//===----------------------------------------------------------------------===//

// What every tile primitive has besides its own arguments (the seed's
// TilePrimitiveCall): pre-allocated workspace buffers, then the cooperating
// scope, an optional implementation name and the options. Each op splices
// them in with !con, its own operands first (so builders take them in the
// same order everywhere).
defvar TIRx_TileWorkspace = (ins Variadic<TIRx_Buffer>:$workspace);
defvar TIRx_TileAttrs = (ins TIRx_ScopeAttr:$scope,
                             OptionalAttr<StrAttr>:$dispatch,
                             OptionalAttr<TIRx_TileConfigAttr>:$config);

class TIRx_TileOp<string mnemonic, list<Trait> traits = []>
    : TIRx_Op<"tile." # mnemonic, !listconcat([TIRx_TilePrimitiveOpInterface],
                                               traits)> {
  code commonArgsFormat = [{
    (`dispatch` $dispatch^)? (`config` custom<TileConfig>($config)^)?
    (`workspace` `(` $workspace^ `:` qualified(type($workspace)) `)`)? attr-dict
  }];
  let hasVerifier = 1;
}

def TIRx_CopyOp : TIRx_TileOp<"copy"> {
  let summary = "copy a tile: dst <- src";
  let arguments = !con((ins TIRx_TileOperand:$dst, TIRx_TileOperand:$src),
                          TIRx_TileWorkspace,
                          TIRx_TileAttrs);
  let assemblyFormat = "$scope $dst `,` $src" # commonArgsFormat #
                       "`:` qualified(type($dst)) `,` qualified(type($src))";
}

def TIRx_CopyAsyncOp : TIRx_TileOp<"copy_async", [AttrSizedOperandSegments]> {
  let summary = "asynchronous tile copy (cp.async, TMA), completing on `barrier`";
  let arguments = !con((ins TIRx_TileOperand:$dst, TIRx_TileOperand:$src,
                            Optional<AnyType>:$barrier),
                          TIRx_TileWorkspace,
                          TIRx_TileAttrs);
  let assemblyFormat = "$scope $dst `,` $src (`barrier` $barrier^ `:` qualified(type($barrier)))?" #
                       commonArgsFormat # "`:` qualified(type($dst)) `,` qualified(type($src))";
}

class TIRx_GemmOpBase<string mnemonic, string sum>
    : TIRx_TileOp<mnemonic> {
  let summary = sum;
  let description = [{
    C (+)= op(A) * op(B), the seed's args `[C, A, B, transpose_A,
    transpose_B, accum]`: C is M x N, A is M x K (K x M with transpose_A),
    B is K x N (N x K with transpose_B). `accum` (i1) keeps C's old value.
  }];
  let arguments = !con((ins TIRx_TileOperand:$c, TIRx_TileOperand:$a,
                            TIRx_TileOperand:$b, I1:$accum),
                          TIRx_TileWorkspace,
                          (ins UnitAttr:$transpose_A, UnitAttr:$transpose_B),
                          TIRx_TileAttrs);
  let assemblyFormat = "$scope $c `,` $a `,` $b `,` `accum` $accum"
                       "(`transpose_A` $transpose_A^)? (`transpose_B` $transpose_B^)?" #
                       commonArgsFormat # "`:` qualified(type($c)) `,` qualified(type($a)) `,` qualified(type($b))";
}

def TIRx_GemmOp : TIRx_GemmOpBase<"gemm", "synchronous tile matrix multiply">;
def TIRx_GemmAsyncOp : TIRx_GemmOpBase<"gemm_async",
    "asynchronous tile matrix multiply (wgmma, tcgen05)">;

def TIRx_FillOp : TIRx_TileOp<"fill"> {
  let summary = "fill a tile with a scalar";
  let arguments = !con((ins TIRx_TileOperand:$dst, AnyType:$value),
                          TIRx_TileWorkspace,
                          TIRx_TileAttrs);
  let assemblyFormat = "$scope $dst `,` $value" # commonArgsFormat #
                       "`:` qualified(type($dst)) `,` qualified(type($value))";
}

def TIRx_CastOp : TIRx_TileOp<"cast"> {
  let summary = "convert a tile's dtype: dst <- cast(src)";
  let arguments = !con((ins TIRx_TileOperand:$dst, TIRx_TileOperand:$src),
                          TIRx_TileWorkspace,
                          TIRx_TileAttrs);
  let assemblyFormat = "$scope $dst `,` $src" # commonArgsFormat #
                       "`:` qualified(type($dst)) `,` qualified(type($src))";
}

def TIRx_UnaryOp : TIRx_TileOp<"unary"> {
  let summary = "elementwise unary: dst <- kind(src)";
  let arguments = !con((ins TIRx_TileOperand:$dst, TIRx_TileOperand:$src),
                          TIRx_TileWorkspace,
                          (ins TIRx_UnaryKindAttr:$kind),
                          TIRx_TileAttrs);
  let assemblyFormat = "custom<UnaryKind>($kind) $scope $dst `,` $src" # commonArgsFormat #
                       "`:` qualified(type($dst)) `,` qualified(type($src))";
}

def TIRx_BinaryOp : TIRx_TileOp<"binary"> {
  let summary = "elementwise binary: dst <- kind(lhs, rhs); rhs may be a scalar";
  let arguments = !con((ins TIRx_TileOperand:$dst, TIRx_TileOperand:$lhs,
                            AnyType:$rhs),
                          TIRx_TileWorkspace,
                          (ins TIRx_BinaryKindAttr:$kind),
                          TIRx_TileAttrs);
  let assemblyFormat = "custom<BinaryKind>($kind) $scope $dst `,` $lhs `,` $rhs" # commonArgsFormat #
                       "`:` qualified(type($dst)) `,` qualified(type($lhs)) `,` qualified(type($rhs))";
}

def TIRx_ReduceOp : TIRx_TileOp<"reduce"> {
  let summary = "reduction of src over `axes` into dst (sum, max, min)";
  let arguments = !con((ins TIRx_TileOperand:$dst, TIRx_TileOperand:$src),
                          TIRx_TileWorkspace,
                          (ins TIRx_ReduceKindAttr:$kind,
                               DenseI64ArrayAttr:$axes),
                          TIRx_TileAttrs);
  let assemblyFormat = "custom<ReduceKind>($kind) $scope $dst `,` $src `axes` $axes" # commonArgsFormat #
                       "`:` qualified(type($dst)) `,` qualified(type($src))";
}

// Pipelines of mbarriers and warp roles (their own file, lowered by
// TIRxToGPU/PipelineToGPU).
include "uop/Dialect/TIRx/IR/TIRxPipelineOps.td"

#endif // UOP_DIALECT_TIRX_IR_TIRXOPS_TD
