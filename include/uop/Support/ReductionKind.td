//===- ReductionKind.td - the one reduction enum ------------*- tablegen -*-===//
//
// uop's REDUCE / REDUCE_AXIS / ALLREDUCE and tirx's tile reduce name their
// operator with this enum; each dialect wraps it in its own EnumAttr
// (`#uop.reduce_op<add>`, `#tirx.reduce<add>`). Its C++ (uop::ReduceOpKind,
// stringify/symbolize) is generated once, here, for UOpSupport: a dialect
// .td includes this file only from a file that is not its -gen-enum-decls
// input, so the enum is not generated twice.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SUPPORT_REDUCTIONKIND_TD
#define UOP_SUPPORT_REDUCTIONKIND_TD

include "mlir/IR/EnumAttr.td"

def UOp_ReduceOpKind : I32EnumAttr<"ReduceOpKind", "reduction operator", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"Mul", 1, "mul">,
    I32EnumAttrCase<"Max", 2, "max">,
    I32EnumAttrCase<"Min", 3, "min">,
    // Integers compared unsigned (tinygrad's MAX/MIN over uint dtypes; MLIR
    // integers are signless, so the op says it).
    I32EnumAttrCase<"UMax", 4, "umax">,
    I32EnumAttrCase<"UMin", 5, "umin">]> {
  let cppNamespace = "::uop";
  let genSpecializedAttr = 0;
}

#endif // UOP_SUPPORT_REDUCTIONKIND_TD
