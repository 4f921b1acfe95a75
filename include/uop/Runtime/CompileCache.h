//===- CompileCache.h - generated C, compiled once and loaded --*- C++ -*-===//
//
// How every front end (uop-run, the C API, Python) turns C source into
// loaded code: compileCSharedObject's compiler and flags, then dlopen. With
// UOP_CACHE_DIR set, the shared objects persist there and are shared by
// processes (each compiles into files of its own and renames the result
// into place; an entry is used only when it is a whole ELF file that the
// loader accepts, else it is compiled again).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_COMPILECACHE_H
#define UOP_RUNTIME_COMPILECACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace uop {
/// The cache key of `source`: SHA-256 (hex) of the source and of what else
/// decides the machine code: the C compiler's path, UOP_CFLAGS,
/// UOP_OPENMP and the host CPU (-march=native).
std::string cProgramKey(llvm::StringRef source);
/// True when `path` holds a whole ELF file: the magic, and the section
/// header table (which linkers write last) within the file. A truncated
/// entry (a process killed while writing it, a full disk) fails this.
bool isWholeELFFile(llvm::StringRef path);
/// Compiles `source` (compileCSharedObject) and dlopens it (RTLD_LOCAL);
/// returns the handle. With UOP_CACHE_DIR the shared object is
/// `$UOP_CACHE_DIR/prog_<key[:16]>.so`, reused when valid; without it the
/// files live in a temporary directory removed right after dlopen.
/// Errors: CompileFailed (the compiler, dlopen) or BadInput (an unusable
/// UOP_CACHE_DIR), with the path and the reason.
llvm::Expected<void *> loadCProgram(llvm::StringRef source);
} // namespace uop

#endif // UOP_RUNTIME_COMPILECACHE_H
