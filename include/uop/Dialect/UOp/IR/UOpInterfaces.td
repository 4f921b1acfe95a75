//===- UOpInterfaces.td - uop op interfaces ----------------*- tablegen -*-===//
#ifndef UOP_DIALECT_UOP_IR_UOPINTERFACES_TD
#define UOP_DIALECT_UOP_IR_UOPINTERFACES_TD

include "mlir/IR/OpBase.td"

def UOp_RangeClosingOpInterface : OpInterface<"RangeClosingOpInterface"> {
  let cppNamespace = "::uop";
  let description = [{
    Ops that close RANGE scopes (remove them from the active set). The seed's
    "range start index" (BUFFERIZE 1, REDUCE 1, STORE 2, WMMA 3, END 1,
    CALL/FUNCTION 1) is the contract: the closed ranges are the RANGE values
    among the seed's sources from that index on.
  }];
  let methods = [
    InterfaceMethod<"The seed's source index where closed ranges begin.",
      "unsigned", "getRangeStartIndex">,
    InterfaceMethod<"The operands that correspond to seed sources from the "
      "start index on.", "::mlir::OperandRange", "getRangeOperands">,
    InterfaceMethod<"The RANGE values this op closes.",
      "::llvm::SmallVector<::mlir::Value>", "getClosedRanges", (ins), [{}], [{
        ::llvm::SmallVector<::mlir::Value> ranges;
        for (::mlir::Value v : $_op.getRangeOperands())
          if (::uop::isRangeValue(v))
            ranges.push_back(v);
        return ranges;
      }]>,
    InterfaceMethod<"The closed ranges as mutable operands, for ops that keep "
      "them in a list of their own (REDUCE, END, STORE, BUFFERIZE), so passes "
      "edit the list in place; nullopt where the range operands are mixed "
      "with others (CALL arguments, WMMA's trailing sources).",
      "std::optional<::mlir::MutableOperandRange>", "getClosedRangesMutable",
      (ins), [{}], [{ return std::nullopt; }]>,
  ];
}

def UOp_MovementOpInterface : OpInterface<"MovementOpInterface"> {
  let cppNamespace = "::uop";
  let description = [{
    The six movement ops (RESHAPE, PERMUTE, EXPAND, PAD, SHRINK, FLIP): views
    whose element at an output index is the source element at an index
    computed from it. uop-rangeify lowers them through this mapping.
  }];
  let methods = [
    InterfaceMethod<"The viewed tensor.", "::mlir::Value", "getSource", (ins),
      [{}], [{ return $_op.getSrc(); }]>,
    InterfaceMethod<[{
      Builds the source index for the output index `idx` with `b` at `loc`;
      `cst` makes index constants (the caller caches them). Where the output
      index may fall outside the source (PAD), `valid` is set to the i1 that
      holds when it does not; otherwise it is left untouched.
    }], "::llvm::SmallVector<::mlir::Value>", "buildSourceIndices",
      (ins "::mlir::OpBuilder &":$b, "::mlir::Location":$loc,
           "::mlir::ValueRange":$idx,
           "::llvm::function_ref<::mlir::Value(int64_t)>":$cst,
           "::mlir::Value &":$valid)>,
  ];
}

def UOp_UnrollPropagatingOpInterface : OpInterface<"UnrollPropagatingOpInterface"> {
  let cppNamespace = "::uop";
  let description = [{
    Marks the uop ops UNROLL propagates through during expansion (the seed's
    list: GEP, VECTORIZE, LOAD, STORE, INDEX, POINTER_INDEX, REDUCE, END,
    AFTER, BUFFERIZE, WMMA). arith/math ALU ops and casts propagate too; use
    `uop::isUnrollPropagating` to ask about any op.
  }];
}

#endif // UOP_DIALECT_UOP_IR_UOPINTERFACES_TD
