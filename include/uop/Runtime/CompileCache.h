//===- CompileCache.h - generated C, compiled once and loaded --*- C++ -*-===//
//
// How every front end (uop-run, the C API, Python) turns C source into
// loaded code: by default clang in this process and ORC's JIT
// (InProcessC.h), else compileCSharedObject's compiler process and dlopen.
// With UOP_CACHE_DIR set, the object files (or shared objects) persist there
// and are shared by processes (each writes a file of its own and renames it
// into place; an entry is used only when it is a whole ELF file that loads,
// else it is compiled again).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_COMPILECACHE_H
#define UOP_RUNTIME_COMPILECACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace uop {
/// How hard the C compiler optimizes a program. `Optimized`: -O2. `Quick`:
/// -O1 -fno-unroll-loops; `Unoptimized`: -O0. The lower tiers are for
/// programs too small for -O2 to pay for itself (programCompileTier in
/// Compile.h): on tinygrad's test_ops programs -O2 spends about twice -O1's
/// time in clang (full unrolling of short loops, SLP vectorization, GVN)
/// and -O1 about three times -O0's, milliseconds that a program running
/// for microseconds never earns back. A program that keeps running is
/// compiled again at -O2 (the runtime's tier-up, Execute.cpp).
enum class CCompileTier { Optimized, Quick, Unoptimized };

/// Loaded generated code: a shared object or JIT-linked code, unloaded with
/// this object.
class CProgram {
public:
  virtual ~CProgram();
  /// The address of `symbol`, or null (lookupError() then says why).
  virtual void *lookup(llvm::StringRef symbol) = 0;
  virtual std::string lookupError() const { return ""; }
};
/// A dlopen handle, owned (dlclose). The OpenMP runtime it links stays
/// mapped after it: its worker threads park in that code between parallel
/// regions and outlive every program.
std::unique_ptr<CProgram> adoptSharedObject(void *handle);

/// The cache key of `source`: SHA-256 (hex) of the source and of what else
/// decides the machine code: the tier, the C compiler's path, UOP_CFLAGS,
/// UOP_OPENMP, the host CPU (-march=native) and whether it is compiled in
/// process.
std::string cProgramKey(llvm::StringRef source,
                        CCompileTier tier = CCompileTier::Optimized);
/// True when `path` holds a whole ELF file: the magic, and the section
/// header table (which linkers write last) within the file. A truncated
/// entry (a process killed while writing it, a full disk) fails this.
bool isWholeELFFile(llvm::StringRef path);
/// Compiles (at `tier`) and loads `source`: in process when
/// inProcessUnavailable() is empty, else compileCSharedObject and dlopen
/// (RTLD_LOCAL). With UOP_CACHE_DIR the object is
/// `$UOP_CACHE_DIR/prog_<key[:16]>.o` (or `.so`), reused when valid; without it
/// nothing is written (in process), or the files live in a temporary directory
/// removed right after dlopen. Errors: CompileFailed (the compiler, the JIT,
/// dlopen) or BadInput (an unusable UOP_CACHE_DIR), with the path and the
/// reason.
llvm::Expected<std::unique_ptr<CProgram>>
loadCProgram(llvm::StringRef source,
             CCompileTier tier = CCompileTier::Optimized);
} // namespace uop

#endif // UOP_RUNTIME_COMPILECACHE_H
