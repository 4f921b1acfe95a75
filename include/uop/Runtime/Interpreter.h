//===- Interpreter.h - reference evaluator of tensor-level uop --*- C++ -*-===//
//
// Evaluates a tensor-level uop function (ranked tensors; arith/math ALU,
// casts, movement ops, REDUCE_AXIS, CONTIGUOUS) directly from the op
// semantics, independent of the compilation pipeline. uop-run --check
// compares compiled programs against it.
//
// Values are exact for every dtype: integers are int64 bits wrapped to their
// width (so i64/u64 arithmetic is exact), floats are doubles rounded to
// their element type after every op. f16/bf16 ops compute in f32 and round
// the result to nearest-even, as targets without native half arithmetic
// (and tinygrad) do.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_INTERPRETER_H
#define UOP_RUNTIME_INTERPRETER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace uop {
/// A row-major tensor on the host. Which fields hold the values depends on
/// the element type the program gives it:
///  - floats: `data`, each value exactly representable in the element type;
///  - integers: `ints`, the two's complement bits wrapped to the width and
///    sign-extended (i1: 0 or 1; an unsigned view masks with the width),
///    and `undefined`, 1 where arith leaves an element undefined (division
///    by zero, a shift by the width or more, fptosi out of range); empty
///    when no element is. The interpreter also fills `data` of integer
///    results with each value as a double (NaN where undefined) for display.
/// An integer argument with empty `ints` is read from `data` (truncated).
struct HostTensor {
  llvm::SmallVector<int64_t> shape;
  std::vector<double> data;
  std::vector<int64_t> ints;
  std::vector<uint8_t> undefined;
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  bool isUndefined(int64_t i) const {
    return !undefined.empty() && undefined[i];
  }
};

/// Rounds `v` to the nearest value of the float type `t` (f16, bf16, f32,
/// f64; ties to even). f16 and bf16 round through f32, the precision their
/// arithmetic is carried out in.
double roundToFloatType(mlir::Type t, double v);
/// `v` wrapped to an integer of `width` bits: sign-extended, or 0/1 for i1.
int64_t wrapToWidth(int64_t v, unsigned width);

/// Counts the floating-point operations of the reductions of `fn`: each
/// element an `uop.reduce_axis` add/mul/max/min combines is one op, and each
/// arith/math float op that only feeds it, computed once per reduced
/// element, one more (so a reduce of a product counts 2 per multiply-add).
int64_t countReductionFlops(mlir::func::FuncOp fn);

/// A detached copy of `fn` with each shape variable (`uop.vars`) at its
/// value in `values`: static tensor types, no `uop.vars`. The reference for
/// a symbolic program at one size. Null, with a diagnostic at `fn`, when a
/// variable has no value.
mlir::OwningOpRef<mlir::func::FuncOp>
specializeShapes(mlir::func::FuncOp fn, const llvm::StringMap<int64_t> &values);

/// One scalar element while kernels are interpreted: `f` for floats, `i`
/// (wrapped bits) for integers and index, `undef` for an undefined integer.
struct ElementValue {
  double f = 0;
  int64_t i = 0;
  bool undef = false;
};
using ElementEvaluator =
    std::function<ElementValue(llvm::ArrayRef<ElementValue>)>;
/// The semantics of the scalar arith/math op `op` as interpretTensorFunction
/// gives them, the result rounded or wrapped to its type; null when the
/// interpreter does not know `op`. The kernel-level reference uses it.
ElementEvaluator elementEvaluator(mlir::Operation &op);

/// The bytes of tensors the reference and its caller's host copies may hold:
/// UOP_INTERPRETER_MAX_MIB, else half the machine's memory; a malformed
/// variable is an error located at `at`.
mlir::FailureOr<int64_t> hostMemoryBudget(mlir::Operation *at);

/// Where the interpreter rounds floats.
enum class FloatRounding {
  /// The reference: every op's result rounded to its element type; f32 and
  /// f64 reductions accumulated in double and rounded once.
  Reference,
  /// A second opinion that rounds wherever the reference does not and a
  /// correct compiled program may: elementwise results kept in double,
  /// every reduction accumulated in its element type, in order. How far it
  /// lands from the reference measures how much the data amplify rounding
  /// (uop-run --check's allowance for ill-conditioned outputs).
  Perturbed,
};

/// Evaluates `fn` on `args`; a diagnostic names the first op it cannot
/// evaluate. `held`: the bytes the caller holds (its own copies of the
/// tensors), counted against the same budget as the reference's tensors.
mlir::FailureOr<llvm::SmallVector<HostTensor>>
interpretTensorFunction(mlir::func::FuncOp fn, llvm::ArrayRef<HostTensor> args,
                        int64_t held = 0,
                        FloatRounding rounding = FloatRounding::Reference);
} // namespace uop

#endif
