//===- TIRxTypes.td - buffer and region types --------------*- tablegen -*-===//
#ifndef UOP_DIALECT_TIRX_IR_TIRXTYPES_TD
#define UOP_DIALECT_TIRX_IR_TIRXTYPES_TD

include "uop/Dialect/TIRx/IR/TIRxBase.td"

class TIRx_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TIRx_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TIRx_BufferType : TIRx_Type<"Buffer", "buffer"> {
  let summary = "a structured view of data: shape, dtype, scope, layout";
  let description = [{
    `!tirx.buffer<SHAPExDTYPE, SCOPE[, LAYOUT][, strides = [...]][, elem_offset = N][, allocated_addr = N]>`,
    SCOPE one of `global`, `shared`, `local`, `tmem`. A buffer parameter of
    a prim_func carries the seed's buffer_map entry in this type.
  }];
  let parameters = (ins
      ArrayRefParameter<"int64_t">:$shape,
      "::mlir::Type":$elementType,
      "::uop::tirx::StorageScope":$scope,
      OptionalParameter<"::mlir::Attribute">:$layout,
      OptionalArrayRefParameter<"int64_t">:$strides,
      DefaultValuedParameter<"int64_t", "0">:$elemOffset,
      DefaultValuedParameter<"int64_t", "-1">:$allocatedAddr);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getNumElements() const;
    /// The layout, or null when the buffer has the default (row-major) one.
    LayoutAttrInterface getLayoutInterface() const {
      return ::llvm::dyn_cast_or_null<LayoutAttrInterface>(getLayout());
    }
    bool hasAllocatedAddr() const { return getAllocatedAddr() >= 0; }
    /// Elements of storage this view needs on the memory axis `m`
    /// (the layout's span, or the strided footprint).
    int64_t getStorageSpan() const;
    /// Span of the storage on every memory axis (m, TLane, TCol) this view
    /// touches; empty when the layout cannot say.
    std::map<std::string, int64_t> getMemorySpans() const;
  }];
}

def TIRx_RegionType : TIRx_Type<"Region", "region"> {
  let summary = "a BufferRegion: a box of a buffer";
  let description = [{
    `!tirx.region<64x16, !tirx.buffer<128x64xf16, shared>>`: the extents of
    the box and the buffer it cuts.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$extents,
                        "BufferType":$buffer);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::mlir::Type getElementType() const { return getBuffer().getElementType(); }
  }];
}

#endif // UOP_DIALECT_TIRX_IR_TIRXTYPES_TD
