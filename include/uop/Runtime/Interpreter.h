//===- Interpreter.h - reference evaluator of tensor-level uop --*- C++ -*-===//
//
// Evaluates a tensor-level uop function (ranked tensors; arith/math ALU,
// movement ops, REDUCE_AXIS, CONTIGUOUS) in double precision, directly from
// the op semantics and independent of the compilation pipeline. uop-run
// --check compares compiled programs against it.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_INTERPRETER_H
#define UOP_RUNTIME_INTERPRETER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace uop {
struct HostTensor {
  llvm::SmallVector<int64_t> shape;
  std::vector<double> data; // row-major
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
};

/// Evaluates `fn` on `args`; a diagnostic names the first op it cannot
/// evaluate.
mlir::FailureOr<llvm::SmallVector<HostTensor>>
interpretTensorFunction(mlir::func::FuncOp fn, llvm::ArrayRef<HostTensor> args);
} // namespace uop

#endif
