//===- ReductionKind.h - the one reduction enum -----------------*- C++ -*-===//
//
// uop::ReduceOpKind (add, mul, max, min, umax, umin), generated from
// ReductionKind.td; both dialects' reduction attributes wrap it.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SUPPORT_REDUCTIONKIND_H
#define UOP_SUPPORT_REDUCTIONKIND_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

#include "uop/Support/ReductionKind.h.inc"

#endif // UOP_SUPPORT_REDUCTIONKIND_H
