//===- InProcessC.h - generated C compiled in this process -----*- C++ -*-===//
//
// The default route from generated C to running code: clang's front end in
// this process (libUOpClangCompiler.so, loaded on first use) compiles the C
// to an object file in memory, and ORC's JIT links it into the process. No
// compiler process, no linker, no shared object on disk: a small program's
// first call drops from ~150 ms to a few tens (docs/performance.md). The
// flags are compileCSharedObject's, with the same clang release, so the code
// is the same as the external route's.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_INPROCESSC_H
#define UOP_RUNTIME_INPROCESSC_H

#include "uop/Runtime/CompileCache.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace uop {
/// Why generated C is not compiled in this process, or "" when it is. It is
/// when the build found clang's libraries (libUOpClangCompiler.so exists),
/// `CC` is unset and findCCompiler() chose a clang (whose resource headers
/// the front end uses), and `UOP_IN_PROCESS` is not `0`.
std::string inProcessUnavailable();
/// Compiles `source` into an ELF object in memory with the flags of
/// cCompileFlags(tier), plus -femulated-tls (the JIT links no TLS relocations).
/// Errors: CompileFailed with clang's diagnostics, or the module's dlerror.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
compileCObjectInProcess(llvm::StringRef source,
                        CCompileTier tier = CCompileTier::Optimized);
/// Links `object` into this process (a JITDylib of its own in the process's
/// ORC LLJIT, resolving the C library, libm, libgcc_s and the compiler's
/// OpenMP runtime); its code is freed with the returned program. Errors:
/// CompileFailed.
llvm::Expected<std::unique_ptr<CProgram>>
loadCObject(std::unique_ptr<llvm::MemoryBuffer> object);
} // namespace uop

#endif // UOP_RUNTIME_INPROCESSC_H
