//===- TempDir.h - Temporary directories that do not outlive uop-run ------===//
//
// The runtime compiles generated C in a temporary directory. Each one is
// registered while it exists, and removed on every way out of the process:
// its owner's cleanup and exit() (an atexit handler); where a tool asks for
// it (removeTempDirsOnInterrupt), a crash and SIGINT, SIGTERM and SIGHUP too.
// A library (the C API, Python) installs no signal handler.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_TEMPDIR_H
#define UOP_RUNTIME_TEMPDIR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace uop {
/// Creates `$TMPDIR/<prefix>-XXXXXX` (/tmp without TMPDIR) and registers it.
/// The error names the directory it tried and the system's reason.
llvm::Expected<std::string> createTempDir(llvm::StringRef prefix);
/// Removes a directory made by createTempDir (with its files) and forgets it.
void removeTempDir(llvm::StringRef dir);
/// Removes the registered directories on SIGINT, SIGTERM and SIGHUP too,
/// then lets the signal take its course (the handler before ours, or the
/// default: the process ends by the signal), and on a crash (an LLVM signal
/// handler). Call it before llvm::InitLLVM. For tools, not for libraries.
void removeTempDirsOnInterrupt();
} // namespace uop

#endif // UOP_RUNTIME_TEMPDIR_H
