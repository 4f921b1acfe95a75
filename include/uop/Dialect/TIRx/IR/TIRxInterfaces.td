//===- TIRxInterfaces.td - layout and tile-primitive interfaces -*- tablegen -*-===//
#ifndef UOP_DIALECT_TIRX_IR_TIRXINTERFACES_TD
#define UOP_DIALECT_TIRX_IR_TIRXINTERFACES_TD

include "mlir/IR/OpBase.td"

def TIRx_LayoutAttrInterface : AttrInterface<"LayoutAttrInterface"> {
  let cppNamespace = "::uop::tirx";
  let description = [{
    The one object every lowering queries about a buffer layout (like
    Triton's LinearLayout). Each layout attribute converts to the plain
    integer algebra of `uop/Dialect/TIRx/Utils/LayoutAlgebra.h`; apply,
    size, span and canonicalize are answered there, `slice` here (as an
    attribute of the sliced layout), and
    `emitApply` builds the same mapping as arith/index IR.
  }];
  let methods = [
    InterfaceMethod<"The layout in the plain integer algebra.",
      "::uop::tirx::layout::Layout", "getAlgebra">,
    InterfaceMethod<"Number of logical elements, or nullopt when the layout "
      "fits any shape (a bare swizzle).", "std::optional<int64_t>", "getSize">,
    InterfaceMethod<[{
      The seed's Layout.Slice: the layout of the region [begin, begin +
      extents) of a `shape` buffer laid out by this attribute, over the
      region's extents, so that element y of it is element begin + y of
      this one. Each kind answers with a layout attribute (a tile slices
      to a tile, a swizzle or compose to a compose). Where the algebra
      cannot slice (a region that wraps a digit of the layout), the reason
      is attached to `emitError()` and the result is a failure.
    }], "::mlir::FailureOr<::uop::tirx::LayoutAttrInterface>", "slice",
      (ins "::llvm::ArrayRef<int64_t>":$shape,
           "::llvm::ArrayRef<int64_t>":$begin,
           "::llvm::ArrayRef<int64_t>":$extents,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

def TIRx_TilePrimitiveOpInterface : OpInterface<"TilePrimitiveOpInterface"> {
  let cppNamespace = "::uop::tirx";
  let description = [{
    The seed's TilePrimitiveCall: `op` (the op name), `args` (regions and
    scalars, the operands), `workspace` (pre-allocated buffers), `config`
    (a TileConfigAttr, written `config {cta_group = 1}`), `dispatch` (an optional
    implementation name) and `scope` (the cooperating thread set).
  }];
  let methods = [
    InterfaceMethod<"The cooperating scope.", "::uop::tirx::ExecScopeKind",
      "getScopeKind", (ins), [{ return $_op.getScope(); }]>,
    InterfaceMethod<"The explicit implementation name, if any.",
      "std::optional<::llvm::StringRef>", "getDispatchName", (ins),
      [{ return $_op.getDispatch(); }]>,
    InterfaceMethod<"Operator options (null when there are none).",
      "::uop::tirx::TileConfigAttr", "getTileConfig", (ins), [{
        return $_op.getConfigAttr();
      }]>,
    InterfaceMethod<"Pre-allocated workspace buffers.", "::mlir::OperandRange",
      "getWorkspaceBuffers", (ins), [{ return $_op.getWorkspace(); }]>,
    InterfaceMethod<"The op's arguments (regions and scalars).",
      "::llvm::SmallVector<::mlir::Value>", "getArgs", (ins), [{
        ::llvm::SmallVector<::mlir::Value> args;
        for (::mlir::OpOperand &o : $_op->getOpOperands())
          if (!::llvm::is_contained($_op.getWorkspace(), o.get()))
            args.push_back(o.get());
        return args;
      }]>,
  ];
  // Every tile primitive runs inside a device_entry, at a scope whose
  // threads the scope ids in force determine.
  let verify = [{ return ::uop::tirx::verifyTilePrimitiveScope($_op); }];
}

def TIRx_BufferAccessOpInterface : OpInterface<"BufferAccessOpInterface"> {
  let cppNamespace = "::uop::tirx";
  let description = [{
    An op that addresses one element (or one vector run) of a buffer by a
    logical index per dimension: buffer_load, buffer_store, vector_load,
    vector_store and address_of. Passes that rewrite addressing
    (tirx-lower-layouts) retarget the buffer and indices in place through
    the mutable accessors instead of rebuilding each op kind.
  }];
  let methods = [
    InterfaceMethod<"The accessed buffer.", "::mlir::Value",
      "getAccessedBuffer", (ins), [{ return $_op.getBuffer(); }]>,
    InterfaceMethod<"The accessed buffer, to retarget.", "::mlir::OpOperand &",
      "getAccessedBufferMutable", (ins), [{ return $_op.getBufferMutable(); }]>,
    InterfaceMethod<"One index per buffer dimension.", "::mlir::OperandRange",
      "getAccessIndices", (ins), [{ return $_op.getIndices(); }]>,
    InterfaceMethod<"The indices, to rewrite.", "::mlir::MutableOperandRange",
      "getAccessIndicesMutable", (ins), [{ return $_op.getIndicesMutable(); }]>,
  ];
  let extraSharedClassDeclaration = [{
    ::uop::tirx::BufferType getAccessedBufferType() {
      return ::llvm::cast<::uop::tirx::BufferType>(
          $_op.getAccessedBuffer().getType());
    }
  }];
}

#endif // UOP_DIALECT_TIRX_IR_TIRXINTERFACES_TD
