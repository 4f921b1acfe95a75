//===- ReductionKind.cpp - stringify/symbolize of uop::ReduceOpKind ------===//

#include "uop/Support/ReductionKind.h"

#include "llvm/ADT/StringSwitch.h"

#include "uop/Support/ReductionKind.cpp.inc"
