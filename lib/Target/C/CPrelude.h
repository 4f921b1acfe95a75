//===- CPrelude.h - the prelude of uop-to-c's output ------------*- C++ -*-===//
//
// Internal to lib/Target/C.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_LIB_TARGET_C_CPRELUDE_H
#define UOP_LIB_TARGET_C_CPRELUDE_H

#include "llvm/Support/raw_ostream.h"

namespace uop {
/// The includes and the helpers every generated file starts with, in this
/// order: a helper is defined before the helpers that call it.
void emitCPrelude(llvm::raw_ostream &os);
} // namespace uop

#endif // UOP_LIB_TARGET_C_CPRELUDE_H
