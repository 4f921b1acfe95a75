//===- UOpTypes.td - uop types -----------------------------*- tablegen -*-===//
#ifndef UOP_DIALECT_UOP_IR_UOPTYPES_TD
#define UOP_DIALECT_UOP_IR_UOPTYPES_TD

include "uop/Dialect/UOp/IR/UOpBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class UOp_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<UOp_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def UOp_VoidType : UOp_Type<"Void", "void"> {
  let summary = "the Void dtype: a token that orders effects";
  let description = [{
    The result of ops whose UOp dtype is Void (STORE, END, SINK sources,
    TUPLE, UNIQUE, DEVICE...). It carries no data, only a dependence edge.
  }];
}

def UOp_PtrType : UOp_Type<"Ptr", "ptr"> {
  let summary = "a buffer seen from a kernel";
  let description = [{
    `!uop.ptr<f32, global>` or with a known element count
    `!uop.ptr<f32, global, 1024>`. The result of PARAM, DEFINE_LOCAL,
    DEFINE_REG and kernel-level BUFFER.
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        "::uop::AddrSpace":$addrSpace,
                        DefaultValuedParameter<"int64_t", "-1">:$size);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool hasSize() const { return getSize() >= 0; }
  }];
}

#endif // UOP_DIALECT_UOP_IR_UOPTYPES_TD
