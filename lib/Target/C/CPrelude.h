//===- CPrelude.h - the prelude of uop-to-c's output ------------*- C++ -*-===//
//
// Internal to lib/Target/C.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_LIB_TARGET_C_CPRELUDE_H
#define UOP_LIB_TARGET_C_CPRELUDE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace uop {
/// The includes and the allocation helpers every generated file starts
/// with, then the groups of `uoph_` helpers that `body` (the rest of the
/// file) calls, in this order: a helper is defined before the helpers that
/// call it.
void emitCPrelude(llvm::raw_ostream &os, llvm::StringRef body);
} // namespace uop

#endif // UOP_LIB_TARGET_C_CPRELUDE_H
