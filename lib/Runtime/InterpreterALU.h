//===- InterpreterALU.h - one element of an ALU op, for the interpreter ---===//
//
// Internal to lib/Runtime: what Interpreter.cpp (tensors, reductions,
// movement) shares with InterpreterALU.cpp (the element semantics of every
// row of uop/Support/ALUOps.def, and PRECAST).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_LIB_RUNTIME_INTERPRETERALU_H
#define UOP_LIB_RUNTIME_INTERPRETERALU_H

#include "uop/Runtime/Interpreter.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <optional>

namespace uop::interp {

/// One element while an op is evaluated: `f` for floats, `i` (wrapped bits)
/// for integers, `undef` for an undefined integer.
using Scalar = ElementValue;

/// The function computing one element of an op's result from its operands'
/// elements, before rounding or wrapping to the result type.
using ElementFn = std::function<Scalar(llvm::ArrayRef<Scalar>)>;

/// The bits of an integer type (64 for index).
inline unsigned widthOf(mlir::Type t) {
  return t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
}

/// `v` rounded to the float type `t` as an op's result is: to nearest under
/// FloatRounding::Reference, not at all under Perturbed (the mode of the
/// interpretTensorFunction call running on this thread).
double roundResult(mlir::Type t, double v);
/// Whether reductions accumulate in their element type, step by step
/// (FloatRounding::Perturbed).
bool roundsEveryStep();
/// The element function of `op` (one result): its ALU table row's, or
/// PRECAST's; none when the interpreter does not know `op`.
std::optional<ElementFn> elementFunction(mlir::Operation &op);

} // namespace uop::interp

#endif // UOP_LIB_RUNTIME_INTERPRETERALU_H
