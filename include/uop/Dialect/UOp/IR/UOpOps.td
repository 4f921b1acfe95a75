//===- UOpOps.td - the ops of the UOp bestiary -------------*- tablegen -*-===//
//
// One op per bestiary entry, named after the seed's upper-case name in lower
// case. Field names follow the seed; docs/uop-dialect.md lists deviations.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPOPS_TD
#define UOP_DIALECT_UOP_IR_UOPOPS_TD

include "uop/Dialect/UOp/IR/UOpBase.td"
include "uop/Dialect/UOp/IR/UOpTypes.td"
include "uop/Dialect/UOp/IR/UOpAttrs.td"
include "uop/Dialect/UOp/IR/UOpInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

class UOp_Op<string mnemonic, list<Trait> traits = []>
    : Op<UOp_Dialect, mnemonic, traits>;

def UOp_Void : Type<CPred<"::llvm::isa<::uop::VoidType>($_self)">, "!uop.void",
                    "::uop::VoidType">,
               BuildableType<"::uop::VoidType::get($_builder.getContext())">;
def UOp_Ptr : Type<CPred<"::llvm::isa<::uop::PtrType>($_self)">, "!uop.ptr",
                   "::uop::PtrType">;
def UOp_Buffer : AnyTypeOf<[UOp_Ptr, AnyRankedTensor]>;
def UOp_Bool : TypeAlias<I1, "i1 condition">;
def UOp_IndexLike : TypeAlias<Index, "index">;
def UOp_ElementOrVector : AnyTypeOf<[AnyType]>;

class UOp_RangeCloser<int start> {
  code decl = "unsigned getRangeStartIndex() { return " # start # "; }";
}
// Closers whose ranges are the `$ranges` list: editable in place.
class UOp_RangeListCloser<int start> {
  code decl = UOp_RangeCloser<start>.decl # [{
    ::mlir::OperandRange getRangeOperands() { return getRanges(); }
    std::optional<::mlir::MutableOperandRange> getClosedRangesMutable() {
      return getRangesMutable();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Loop control: RANGE, END
//===----------------------------------------------------------------------===//

def UOp_RangeOp : UOp_Op<"range", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "RANGE: opens a loop scope";
  let description = [{
    The value runs over `[0, end)`. `axis_id` is `U<n>` before kernel
    split and `R<n>` after; `axis_type` says how the loop is scheduled;
    `deps` are other RANGEs this one depends on.

    ```mlir
    %r0 = uop.range %c128, R0, global
    ```
  }];
  let arguments = (ins UOp_IndexLike:$end, UOp_AxisIdAttr:$axis_id,
                       UOp_AxisTypeAttr:$axis_type,
                       Variadic<UOp_IndexLike>:$deps);
  let results = (outs UOp_IndexLike:$result);
  let assemblyFormat = [{
    $end `,` custom<AxisId>($axis_id) `,` custom<AxisTypeKeyword>($axis_type) (`deps` `(` $deps^ `)`)? attr-dict
  }];
  let hasVerifier = 1;
}

def UOp_EndOp : UOp_Op<"end", [
    UOp_RangeClosingOpInterface,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "END: closes one or more RANGE scopes";
  let description = [{
    ```mlir
    %e = uop.end %store [%r0, %r1] : !uop.void
    ```
  }];
  let arguments = (ins AnyType:$computation, Variadic<UOp_IndexLike>:$ranges);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = [{
    $computation (`[` $ranges^ `]`)? attr-dict `:` qualified(type($computation))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = UOp_RangeListCloser<1>.decl # [{
  }];
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def UOp_ReduceAxisOp : UOp_Op<"reduce_axis", [Pure]> {
  let summary = "REDUCE_AXIS: reduction over tensor dimensions (before rangeify)";
  let description = [{
    The reduced axes are removed from the shape, as in the seed
    (`[10, 20]` reduced over axis 1 is `[10]`).

    ```mlir
    %s = uop.reduce_axis add %b [1] : tensor<10x20xf32> -> tensor<10xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, UOp_ReduceOpAttr:$reduce_op,
                       DenseI64ArrayAttr:$axes);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    custom<ReduceOpKeyword>($reduce_op) $src $axes attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def UOp_ReduceOp : UOp_Op<"reduce", [Pure,
    AllTypesMatch<["src", "result"]>,
    UOp_RangeClosingOpInterface,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "REDUCE: accumulation over RANGE iterations (after rangeify)";
  let description = [{
    Accumulates `src` over the iterations of `ranges` and closes them. The
    identity of each operator is given by `uop::getReduceIdentity`.

    ```mlir
    %acc = uop.reduce add %prod [%r2] : f32
    ```

    After uop-gpudims a range may instead be a `threadIdx` SPECIAL (what a
    group_reduce RANGE becomes): the REDUCE then combines `src` across the
    threads of that axis, and every thread gets the result.

    ```mlir
    %tid = uop.special %c256, threadIdx.x
    %row = uop.reduce add %partial [%tid] : f32
    ```
  }];
  let arguments = (ins AnyType:$src, Variadic<UOp_IndexLike>:$ranges,
                       UOp_ReduceOpAttr:$reduce_op);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<ReduceOpKeyword>($reduce_op) $src (`[` $ranges^ `]`)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = UOp_RangeListCloser<1>.decl # [{
  }];
}

def UOp_AllReduceOp : UOp_Op<"allreduce", [AllTypesMatch<["src", "result"]>]> {
  let summary = "ALLREDUCE: reduction across devices";
  let arguments = (ins AnyType:$src, UOp_Void:$device, UOp_ReduceOpAttr:$reduce_op);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<ReduceOpKeyword>($reduce_op) $src `,` $device attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Buffers and memory
//===----------------------------------------------------------------------===//

def UOp_BufferOp : UOp_Op<"buffer"> {
  let summary = "BUFFER: declares storage for a tensor";
  let description = [{
    `unique` (a UNIQUE or LUNIQUE) keeps equal-looking buffers distinct;
    `size` is the element count. At tensor level the result is a ranked
    tensor, at kernel level a `!uop.ptr`.

    ```mlir
    %b = uop.buffer %u, %d size 200 : tensor<10x20xf32>
    ```
  }];
  let arguments = (ins UOp_Void:$unique, UOp_Void:$device,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$size);
  let results = (outs UOp_Buffer:$result);
  let assemblyFormat = [{
    $unique `,` $device `size` $size attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def UOp_BufferizeOp : UOp_Op<"bufferize", [
    UOp_RangeClosingOpInterface,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "BUFFERIZE: marks where a computation is materialised";
  let description = [{
    `ranges` are the output dimensions; a ranked tensor result has one
    dimension per range.

    ```mlir
    %t = uop.bufferize %acc [%r0, %r1] opts <addrspace = global> : f32 -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins AnyType:$compute, Variadic<UOp_IndexLike>:$ranges,
                       OptionalAttr<UOp_BufferizeOptsAttr>:$opts);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $compute (`[` $ranges^ `]`)? (`opts` $opts^)? attr-dict
    `:` qualified(type($compute)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = UOp_RangeListCloser<1>.decl # [{
  }];
}

def UOp_IndexOp : UOp_Op<"index", [Pure, AttrSizedOperandSegments,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "INDEX: multi-dimensional access into a buffer";
  let description = [{
    Computes an address from one index per dimension and an optional gate.
    As in the seed the result has the element dtype (or a vector of it for
    grouped accesses), not a pointer type.

    ```mlir
    %i = uop.index %p[%r0, %r1] gate %valid : !uop.ptr<f32, global> -> f32
    ```
  }];
  let arguments = (ins UOp_Buffer:$buffer, Variadic<UOp_IndexLike>:$indices,
                       Optional<UOp_Bool>:$gate);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $buffer `[` $indices `]` (`gate` $gate^)? attr-dict `:` qualified(type($buffer)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Type getElementType();
  }];
}

def UOp_PointerIndexOp : UOp_Op<"pointer_index", [Pure,
    AllTypesMatch<["ptr", "result"]>,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "POINTER_INDEX: pointer plus offset, after linearisation";
  let arguments = (ins UOp_Ptr:$ptr, UOp_IndexLike:$offset);
  let results = (outs UOp_Ptr:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` qualified(type($ptr))
  }];
}

def UOp_LoadOp : UOp_Op<"load", [
    AllTypesMatch<["index", "result"]>,
    OptionalTypesMatchWith<"alt has the loaded type", "result", "alt", "$_self">,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "LOAD: reads a value through an INDEX";
  let description = [{
    `alt` is the value of a gated load whose gate is false (the memory is
    not touched); it needs a gated INDEX.

    ```mlir
    %v = uop.load %p, %i alt %zero : !uop.ptr<f32, global> -> f32
    ```
  }];
  let arguments = (ins UOp_Buffer:$buffer, AnyType:$index, Optional<AnyType>:$alt);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $buffer `,` $index (`alt` $alt^)? attr-dict `:` qualified(type($buffer)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def UOp_StoreOp : UOp_Op<"store", [
    AllTypesMatch<["index", "value"]>,
    UOp_RangeClosingOpInterface,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "STORE: writes a value through an INDEX and closes ranges";
  let description = [{
    The buffer is the INDEX's buffer; `ranges` are the closed output
    dimensions. A gated INDEX makes the store conditional.

    `nontemporal` is a cache hint, as upstream `memref.store`'s: the value is
    not read again soon, so it may bypass the caches (streaming stores in the
    C, which save the read of each written line). It never changes a result;
    it is only allowed on a store through a `uop.index` into a global buffer.
    uop-stream-stores sets it.

    ```mlir
    %s = uop.store %i, %acc [%r0, %r1] : f32
    %t = uop.store %j, %v nontemporal : vector<16xf32>
    ```
  }];
  let arguments = (ins AnyType:$index, AnyType:$value, Variadic<UOp_IndexLike>:$ranges,
                   UnitAttr:$nontemporal);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = [{
    $index `,` $value (`[` $ranges^ `]`)? (`nontemporal` $nontemporal^)? attr-dict
    `:` qualified(type($value))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = UOp_RangeListCloser<2>.decl # [{
  }];
}

def UOp_StoreLanesOp : UOp_Op<"store_lanes", [
    AllTypesMatch<["index", "value"]>]> {
  let summary = "STORE_LANES: writes the lanes lo <= l < hi of a vector";
  let description = [{
    Not in tinygrad's op set: a vector STORE of consecutive elements that
    writes only lanes `lo` to `hi - 1` (clamped to the vector; none when
    `lo >= hi`). `index` is the (ungated) vector INDEX of lane 0; lane l
    goes to the element after it by l, and only the written lanes' elements
    need to lie in the buffer. uop-expand makes it of PITCH's gated output
    stores: the lanes of a vector over q = oh * pitch + ow that fall in one
    output row are one segment of that row (a masked vector store in the C,
    where a loop over the lanes stored one element at a time);
    uop-devectorize without keep-vectors splits it into per-lane stores
    gated on lo <= l < hi.

    ```mlir
    %s = uop.store_lanes %i, %v lanes %lo to %hi : vector<16xf32>
    ```
  }];
  let arguments = (ins AnyType:$index, AnyType:$value, Index:$lo, Index:$hi);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = [{
    $index `,` $value `lanes` $lo `to` $hi attr-dict `:` qualified(type($value))
  }];
  let hasVerifier = 1;
}

def UOp_PrefetchOp : UOp_Op<"prefetch"> {
  let summary = "PREFETCH: asks the cache for an INDEX's element ahead of its use";
  let description = [{
    A hint, not in tinygrad's op set: the cache line that holds the element
    of an ungated INDEX into a global buffer is fetched now so that a later
    LOAD or STORE of it does not wait on memory. It reads and writes
    nothing, so dropping it never changes a result. `write` fetches the line
    for writing; `locality` is 0 (used once) to 3 (keep in every cache
    level), as GCC's and Clang's `__builtin_prefetch`. Its Void result orders
    it: an AFTER that waits for it runs later (uop-optimize uses this to
    fetch a K-blocked tile's output rows before the tile's reduction loop).

    ```mlir
    %p = uop.prefetch %i write locality 3 : f32
    ```
  }];
  let arguments = (ins AnyType:$index, UnitAttr:$write,
                   ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>:$locality);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = [{
    $index (`write` $write^)? `locality` $locality attr-dict `:` qualified(type($index))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Callable IR: CALL, FUNCTION, TUPLE, GET_TUPLE, PROGRAM, LINEAR, SOURCE,
// PROGRAM_BINARY, SINK
//===----------------------------------------------------------------------===//

def UOp_FunctionOp : UOp_Op<"function", [IsolatedFromAbove, Symbol,
    FunctionOpInterface, AutomaticAllocationScope,
    UOp_RangeClosingOpInterface]> {
  let summary = "FUNCTION: a reusable body parameterised by formal arguments";
  let description = [{
    The formal parameters are the entry block's arguments; the body ends in
    a SINK. Like every FUNCTION of the seed it is Void: it has no results
    (several outputs go through a TUPLE in the SINK). A RANGE is open from
    its definition to the REDUCE, END (or other closer) that closes it: no
    op may read it together with a value computed after that closer.

    ```mlir
    uop.function @k(%out: !uop.ptr<f32, global>, %in: !uop.ptr<f32, global>) {
      ...
      uop.sink %e : !uop.void
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<UOp_CallInfoAttr>:$info,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = UOp_RangeCloser<1>.decl # [{
    ::mlir::OperandRange getRangeOperands() {
      return ::mlir::OperandRange(nullptr, 0);
    }
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    /// The SINK that ends the body.
    SinkOp getSink();
  }];
}

def UOp_CallOp : UOp_Op<"call", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    UOp_RangeClosingOpInterface]> {
  let summary = "CALL: invokes a FUNCTION with concrete arguments";
  let description = [{
    Closes any RANGE among its arguments (seed start index 1: body = 0).

    ```mlir
    %c = uop.call @k(%out, %in) : (!uop.ptr<f32, global>, !uop.ptr<f32, global>)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args,
                       OptionalAttr<UOp_CallInfoAttr>:$info);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = [{
    $callee `(` $args `)` (`info` $info^)? attr-dict (`:` `(` qualified(type($args))^ `)`)?
  }];
  let extraClassDeclaration = UOp_RangeCloser<1>.decl # [{
    ::mlir::OperandRange getRangeOperands() { return getArgs(); }
  }];
}

def UOp_SinkOp : UOp_Op<"sink", [Terminator, ReturnLike,
    ParentOneOf<["FunctionOp"]>]> {
  let summary = "SINK: collects several roots; ends a FUNCTION body";
  let description = [{
    `info` marks the SINK of a kernel AST.

    ```mlir
    uop.sink %s0, %s1 : !uop.void, !uop.void info <name = "matmul">
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$sources,
                       OptionalAttr<UOp_KernelInfoAttr>:$info);
  let assemblyFormat = [{
    ($sources^ `:` qualified(type($sources)))? (`info` $info^)? attr-dict
  }];
}

def UOp_TupleOp : UOp_Op<"tuple", [Pure]> {
  let summary = "TUPLE: packs heterogeneous values behind a Void boundary";
  let arguments = (ins Variadic<AnyType>:$src);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = "`(` $src `)` attr-dict (`:` qualified(type($src))^)?";
}

def UOp_GetTupleOp : UOp_Op<"get_tuple", [Pure]> {
  let summary = "GET_TUPLE: extracts element `index` of a TUPLE";
  let description = [{
    ```mlir
    %x = uop.get_tuple %t[1] : f32
    ```
  }];
  let arguments = (ins UOp_Void:$src, ConfinedAttr<I64Attr, [IntNonNegative]>:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src `[` $index `]` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def UOp_ProgramOp : UOp_Op<"program", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "PROGRAM: carries a kernel through SINK -> LINEAR -> SOURCE -> BINARY";
  let description = [{
    `kernel` names the FUNCTION whose SINK is the root. Each later stage
    needs the one before it: a SOURCE needs a LINEAR, a PROGRAM_BINARY needs
    a SOURCE.

    ```mlir
    %p = uop.program @k device %dev linear %l source %src
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel, UOp_Void:$device,
                       Optional<UOp_Void>:$linear, Optional<UOp_Void>:$source,
                       Optional<UOp_Void>:$binary);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = [{
    $kernel `device` $device (`linear` $linear^)? (`source` $source^)?
    (`binary` $binary^)? attr-dict
  }];
  let hasVerifier = 1;
}

def UOp_LinearOp : UOp_Op<"linear", [IsolatedFromAbove, SingleBlock,
    NoTerminator, RegionKindInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "LINEAR: the flat, ordered op list of a linearised kernel";
  let description = [{
    The region's single block holds the kernel's ops in execution order; its
    arguments are the kernel's parameters. Consumers walk the block.
  }];
  let arguments = (ins OptionalAttr<FlatSymbolRefAttr>:$kernel);
  let regions = (region SizedRegion<1>:$body);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = "($kernel^)? attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    static ::mlir::RegionKind getRegionKind(unsigned) {
      return ::mlir::RegionKind::SSACFG;
    }
  }];
}

def UOp_SourceOp : UOp_Op<"source", [Pure]> {
  let summary = "SOURCE: rendered source code (C, LLVM IR, MLIR)";
  let arguments = (ins StrAttr:$code);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = "$code attr-dict";
}

def UOp_ProgramBinaryOp : UOp_Op<"program_binary", [Pure]> {
  let summary = "PROGRAM_BINARY: a compiled artifact";
  let arguments = (ins StrAttr:$bytes);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = "$bytes attr-dict";
}

def UOp_AfterOp : UOp_Op<"after", [AllTypesMatch<["passthrough", "result"]>,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "AFTER: passes a value through once its deps completed";
  let arguments = (ins AnyType:$passthrough, Variadic<AnyType>:$deps);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $passthrough (`(` $deps^ `:` qualified(type($deps)) `)`)? attr-dict `:` qualified(type($result))
  }];
  let hasFolder = 1;
}

def UOp_BarrierOp : UOp_Op<"barrier", [AllTypesMatch<["src", "result"]>]> {
  let summary = "BARRIER: workgroup synchronisation";
  let arguments = (ins AnyType:$src, Variadic<AnyType>:$deps);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $src (`(` $deps^ `:` qualified(type($deps)) `)`)? attr-dict `:` qualified(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Vector ops
//===----------------------------------------------------------------------===//

def UOp_VectorizeOp : UOp_Op<"vectorize", [Pure,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "VECTORIZE: builds a vector of N scalars";
  let description = [{
    ```mlir
    %v = uop.vectorize %a, %b, %c, %d : vector<4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def UOp_GepOp : UOp_Op<"gep", [Pure,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "GEP: extracts elements of a vector";
  let description = [{
    One index gives a scalar, several a shorter vector.

    ```mlir
    %x = uop.gep %v [0, 2] : vector<4xf32> -> vector<2xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$vector, DenseI64ArrayAttr:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$vector $indices attr-dict `:` qualified(type($vector)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def UOp_VConstOp : UOp_Op<"vconst", [Pure, ConstantLike,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "VCONST: a vector of compile-time constants";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
}

def UOp_CatOp : UOp_Op<"cat", [Pure]> {
  let summary = "CAT: concatenates vectors; the width is the sum";
  let arguments = (ins Variadic<AnyType>:$sources);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$sources attr-dict `:` qualified(type($sources)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def UOp_PtrCatOp : UOp_Op<"ptrcat", [Pure]> {
  let summary = "PTRCAT: groups INDEX accesses for a vector load or store";
  let arguments = (ins Variadic<AnyType>:$sources);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$sources attr-dict `:` qualified(type($sources)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Expansion: UNROLL, CONTRACT
//===----------------------------------------------------------------------===//

def UOp_UnrollOp : UOp_Op<"unroll", [Pure]> {
  let summary = "UNROLL: one value per iteration of the unrolled axes";
  let description = [{
    `src` holds the prod(factors) expanded values (each of the result's
    width) side by side.

    ```mlir
    %u = uop.unroll %v [(0, 4)] : vector<4xf32> -> f32
    ```
  }];
  let arguments = (ins AnyType:$src, DenseI64ArrayAttr:$unroll_axes);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $src custom<AxisPairs>($unroll_axes) attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    int64_t getFactorProduct();
  }];
}

def UOp_ContractOp : UOp_Op<"contract", [Pure]> {
  let summary = "CONTRACT: packs unrolled values into a vector";
  let description = [{
    The result width is the product of the factors times the source width.

    ```mlir
    %c = uop.contract %u [(0, 4)] : f32 -> vector<4xf32>
    ```
  }];
  let arguments = (ins AnyType:$src, DenseI64ArrayAttr:$upcast_ranges);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $src custom<AxisPairs>($upcast_ranges) attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    int64_t getFactorProduct();
  }];
}

//===----------------------------------------------------------------------===//
// Tensor cores
//===----------------------------------------------------------------------===//

def UOp_WmmaOp : UOp_Op<"wmma", [Pure, AllTypesMatch<["c", "result"]>,
    UOp_RangeClosingOpInterface,
    UOp_UnrollPropagatingOpInterface]> {
  let summary = "WMMA: warp matrix multiply-accumulate, D = A * B + C";
  let description = [{
    Each operand is the per-thread fragment: A holds M*K/threads elements of
    dtype_in, B K*N/threads, C M*N/threads of dtype_out (times the tile grid).

    ```mlir
    %d = uop.wmma %a, %b, %c <name = "WMMA_16_16_16_half_float", dims = [16, 16, 16],
           dtype_in = f16, dtype_out = f32, device = "CUDA">
           : vector<8xf16>, vector<8xf16>, vector<8xf32>
    ```
  }];
  let arguments = (ins AnyType:$a, AnyType:$b, AnyType:$c,
                       UOp_WmmaMetadataAttr:$metadata);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c $metadata attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = UOp_RangeCloser<3>.decl # [{
    ::mlir::OperandRange getRangeOperands() {
      return getOperation()->getOperands().drop_front(3);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Control flow: IF, ENDIF
//===----------------------------------------------------------------------===//

def UOp_IfOp : UOp_Op<"if"> {
  let summary = "IF: executes the following ops up to its ENDIF when true";
  let description = [{
    In a LINEAR the guarded ops follow the IF and end at the ENDIF that
    names it. In a kernel FUNCTION (the seed's graph form) `body` lists the
    guarded ops: they, and the ops only they use, run when `cond` holds.
    Exactly one ENDIF names each IF.

    ```mlir
    %if = uop.if %cond (%store : !uop.void) : i1
    ...
    uop.endif %if
    ```
  }];
  let arguments = (ins AnyType:$condition, Variadic<AnyType>:$body);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = [{
    $condition (`(` $body^ `:` qualified(type($body)) `)`)? attr-dict `:` qualified(type($condition))
  }];
  let hasVerifier = 1;
}

def UOp_EndIfOp : UOp_Op<"endif"> {
  let summary = "ENDIF: closes the IF it refers to";
  let arguments = (ins UOp_Void:$if_op);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = "$if_op attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Definitions
//===----------------------------------------------------------------------===//

def UOp_ParamOp : UOp_Op<"param", [Pure]> {
  let summary = "PARAM: positional buffer parameter of a kernel";
  let description = [{
    ```mlir
    %p0 = uop.param 0 size 4096 : !uop.ptr<f32, global, 4096>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$slot,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$size,
                       Optional<UOp_Void>:$device);
  let results = (outs UOp_Ptr:$result);
  let assemblyFormat = [{
    $slot `size` $size (`device` $device^)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def UOp_DefineLocalOp : UOp_Op<"define_local"> {
  let summary = "DEFINE_LOCAL: a shared-memory allocation";
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$id);
  let results = (outs UOp_Ptr:$result);
  let assemblyFormat = "$id attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def UOp_DefineVarOp : UOp_Op<"define_var", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "DEFINE_VAR: a runtime variable with known bounds";
  let description = [{
    ```mlir
    %n = uop.define_var "batch_size" [1, 128]
    ```
  }];
  let arguments = (ins StrAttr:$name, I64Attr:$min_val, I64Attr:$max_val);
  let results = (outs UOp_IndexLike:$result);
  let assemblyFormat = "$name `[` $min_val `,` $max_val `]` attr-dict";
  let hasVerifier = 1;
}

def UOp_DefineRegOp : UOp_Op<"define_reg"> {
  let summary = "DEFINE_REG: a register allocation for an accumulator";
  let description = [{
    `id` keeps two accumulators of the same dtype apart.

    ```mlir
    %acc = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntPositive]>:$size,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$id);
  let results = (outs UOp_Ptr:$result);
  let assemblyFormat = "`size` $size `id` $id attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def UOp_BindOp : UOp_Op<"bind", [AllTypesMatch<["var", "value", "result"]>]> {
  let summary = "BIND: binds a DEFINE_VAR to a concrete value";
  let arguments = (ins UOp_IndexLike:$var, UOp_IndexLike:$value);
  let results = (outs UOp_IndexLike:$result);
  let assemblyFormat = "$var `,` $value attr-dict";
  let hasVerifier = 1;
}

def UOp_UniqueOp : UOp_Op<"unique"> {
  let summary = "UNIQUE: a global identity counter";
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$id);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = "$id attr-dict";
}

def UOp_LUniqueOp : UOp_Op<"lunique"> {
  let summary = "LUNIQUE: an identity counter local to a callable body";
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$id);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = "$id attr-dict";
}

def UOp_DeviceOp : UOp_Op<"device", [Pure]> {
  let summary = "DEVICE: a device, or a tuple of devices";
  let description = [{
    One device (`uop.device "CPU"`) or the tuple a multi-device value lives
    on, device i holding shard i (`uop.device ("CPU:0", "CPU:1")`).
  }];
  let arguments = (ins StrArrayAttr:$specs);
  let results = (outs UOp_Void:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::llvm::StringRef":$spec), [{
      build($_builder, $_state, result, $_builder.getStrArrayAttr({spec}));
    }]>
  ];
  let extraClassDeclaration = [{
    /// The devices of the tuple (one for a single device).
    size_t getNumDevices() { return getSpecs().size(); }
    /// The name of device `i`.
    ::llvm::StringRef getSpec(unsigned i = 0) {
      return ::llvm::cast<::mlir::StringAttr>(getSpecs()[i]).getValue();
    }
  }];
}

def UOp_SpecialOp : UOp_Op<"special", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "SPECIAL: a hardware index (blockIdx.x, threadIdx.y, ...)";
  let description = [{
    ```mlir
    %bx = uop.special %c128, blockIdx.x
    ```
    The dimension is a keyword; the quoted form `"blockIdx.x"` parses too.
  }];
  let arguments = (ins UOp_IndexLike:$end, UOp_SpecialDimAttr:$dim);
  let results = (outs UOp_IndexLike:$result);
  let assemblyFormat = "$end `,` $dim attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Movement ops (tensor level; rangeify turns them into index arithmetic)
//===----------------------------------------------------------------------===//

class UOp_MovementOp<string mnemonic, list<Trait> traits = []>
    : UOp_Op<mnemonic, !listconcat([Pure,
        DeclareOpInterfaceMethods<UOp_MovementOpInterface,
                                  ["buildSourceIndices"]>], traits)> {
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

def UOp_ReshapeOp : UOp_MovementOp<"reshape"> {
  let summary = "RESHAPE: same elements, new shape (the result type)";
  let arguments = (ins AnyRankedTensor:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasFolder = 1;
}

def UOp_PermuteOp : UOp_MovementOp<"permute"> {
  let summary = "PERMUTE: reorders axes";
  let arguments = (ins AnyRankedTensor:$src, DenseI64ArrayAttr:$axes);
  let assemblyFormat = "$src $axes attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasFolder = 1;
}

def UOp_ExpandOp : UOp_MovementOp<"expand"> {
  let summary = "EXPAND: broadcasts size-1 dimensions";
  let arguments = (ins AnyRankedTensor:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasFolder = 1;
}

def UOp_PadOp : UOp_MovementOp<"pad"> {
  let summary = "PAD: zero padding before and after each axis";
  let arguments = (ins AnyRankedTensor:$src, DenseI64ArrayAttr:$begin_pads,
                       DenseI64ArrayAttr:$end_pads);
  let assemblyFormat = [{
    $src `low` $begin_pads `high` $end_pads attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasFolder = 1;
}

def UOp_ShrinkOp : UOp_MovementOp<"shrink"> {
  let summary = "SHRINK: extracts the sub-box [begins, ends)";
  let arguments = (ins AnyRankedTensor:$src, DenseI64ArrayAttr:$begins,
                       DenseI64ArrayAttr:$ends);
  let assemblyFormat = [{
    $src $begins `to` $ends attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasFolder = 1;
}

def UOp_FlipOp : UOp_MovementOp<"flip", [AllTypesMatch<["src", "result"]>]> {
  let summary = "FLIP: reverses the flagged axes";
  let arguments = (ins AnyRankedTensor:$src, DenseBoolArrayAttr:$axes);
  let assemblyFormat = "$src $axes attr-dict `:` qualified(type($result))";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Additional ops
//===----------------------------------------------------------------------===//

def UOp_CopyOp : UOp_Op<"copy", [AllTypesMatch<["src", "result"]>]> {
  let summary = "COPY: an explicit copy of a value to a device";
  let arguments = (ins AnyType:$src, UOp_Void:$device);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src `,` $device attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def UOp_BufferViewOp : UOp_Op<"buffer_view", [Pure]> {
  let summary = "BUFFER_VIEW: a slice [offset, offset + size) of a buffer";
  let arguments = (ins UOp_Buffer:$buffer,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$size,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$offset);
  let results = (outs UOp_Buffer:$result);
  let assemblyFormat = [{
    $buffer `size` $size `offset` $offset attr-dict `:` qualified(type($buffer)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

class UOp_SameTypeVariadicOp<string mnemonic, string sum>
    : UOp_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = sum;
  let arguments = (ins Variadic<AnyType>:$srcs);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$srcs attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def UOp_MStackOp : UOp_SameTypeVariadicOp<"mstack",
    "MSTACK: stacks per-device buffers into one multi-device value">;

def UOp_MSelectOp : UOp_Op<"mselect", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "MSELECT: selects one device's buffer of a multi-device value";
  let arguments = (ins AnyType:$src, ConfinedAttr<I64Attr, [IntNonNegative]>:$device_index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src `[` $device_index `]` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def UOp_MultiOp : UOp_Op<"multi", [Pure]> {
  let summary = "MULTI: one value sharded over several devices along `axis`";
  let arguments = (ins Variadic<AnyType>:$srcs, OptionalAttr<I64Attr>:$axis);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $srcs (`axis` $axis^)? attr-dict `:` qualified(type($srcs)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def UOp_GroupOp : UOp_Op<"group"> {
  let summary = "GROUP: groups ops for scheduling";
  let arguments = (ins Variadic<AnyType>:$srcs);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = "`(` $srcs `)` attr-dict (`:` qualified(type($srcs))^)?";
}

class UOp_PassthroughOp<string mnemonic, string sum>
    : UOp_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = sum;
  let arguments = (ins AnyType:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($result))";
}

def UOp_DetachOp : UOp_PassthroughOp<"detach",
    "DETACH: cuts the graph for optimisation (gradient stop)">;
def UOp_ContiguousOp : UOp_PassthroughOp<"contiguous",
    "CONTIGUOUS: the data must be realised contiguously">;
def UOp_ContiguousBackwardOp : UOp_PassthroughOp<"contiguous_backward",
    "CONTIGUOUS_BACKWARD: the contiguous hint of the backward pass">;

def UOp_PrecastOp : UOp_Op<"precast", [Pure]> {
  let summary = "PRECAST: a preliminary cast that keeps the shape";
  let arguments = (ins AnyType:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

class UOp_CustomCodeOp<string mnemonic, string sum> : UOp_Op<mnemonic> {
  let summary = sum;
  let description = [{
    `fmt` is the code with `{0}`, `{1}`, ... standing for the operands.
  }];
  let arguments = (ins StrAttr:$fmt, Variadic<AnyType>:$args);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $fmt `(` $args `)` attr-dict `:` functional-type($args, $result)
  }];
  let hasVerifier = 1;
}

def UOp_CustomOp : UOp_CustomCodeOp<"custom",
    "CUSTOM: a user statement in the rendered code (C only)">;
def UOp_CustomIOp : UOp_CustomCodeOp<"customi",
    "CUSTOMI: a user expression inlined into the rendered code">;

def UOp_CustomFunctionOp : UOp_Op<"custom_function"> {
  let summary = "CUSTOM_FUNCTION: a runtime-level hook (EncDec or Graph)";
  let arguments = (ins UOp_CustomFunctionKindAttr:$kind, Variadic<AnyType>:$args);
  let results = (outs UOp_Void:$result);
  let assemblyFormat = [{
    custom<CustomFunctionKindKeyword>($kind) `(` $args `)` attr-dict
    (`:` `(` qualified(type($args))^ `)`)?
  }];
  let hasVerifier = 1;
}

#endif // UOP_DIALECT_UOP_IR_UOPOPS_TD
