//===- Reduction.h - the one rule for reduction kinds -----------*- C++ -*-===//
//
// uop's REDUCE and tirx's tile reduce (one enum, uop::ReduceOpKind) both reduce with upstream's
// arith::getIdentityValueAttr / arith::getReductionOp; this is the one
// place that picks the arith kind for an element type. Header-only: it
// needs nothing but the arith dialect, which both dialects link.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SUPPORT_REDUCTION_H
#define UOP_SUPPORT_REDUCTION_H

#include "uop/Support/ReductionKind.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace uop {

/// The arith reduction of `op` over `elem` values. Bools (i1) and unsigned
/// integers compare unsigned, so MAX over bools is any() and MIN is all();
/// other integers compare signed (UMax / UMin: unsigned); floats use
/// maximumf / minimumf (NaN propagates).
inline mlir::arith::AtomicRMWKind getArithReductionKind(ReduceOpKind op,
                                                       mlir::Type elem) {
  using K = mlir::arith::AtomicRMWKind;
  bool isFloat = llvm::isa<mlir::FloatType>(elem);
  bool isUnsigned = elem.isInteger(1) || elem.isUnsignedInteger();
  switch (op) {
  case ReduceOpKind::Add:
    return isFloat ? K::addf : K::addi;
  case ReduceOpKind::Mul:
    return isFloat ? K::mulf : K::muli;
  case ReduceOpKind::Max:
    return isFloat ? K::maximumf : isUnsigned ? K::maxu : K::maxs;
  case ReduceOpKind::Min:
    return isFloat ? K::minimumf : isUnsigned ? K::minu : K::mins;
  case ReduceOpKind::UMax:
    return K::maxu;
  case ReduceOpKind::UMin:
    return K::minu;
  }
  llvm_unreachable("unknown reduction");
}

} // namespace uop

#endif // UOP_SUPPORT_REDUCTION_H
