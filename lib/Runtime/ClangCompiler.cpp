//===- ClangCompiler.cpp - clang's front end as a loadable module ---------===//
//
// libUOpClangCompiler.so: C source in, an ELF object in memory out, through
// clang's own CompilerInstance, so that generated C compiles without starting
// a compiler process and linking a shared object (docs/runtime.md). The
// runtime dlopens this module on its first in-process compile
// (InProcessC.cpp): linking libclang-cpp into every tool would cost each
// process start the loader's work on its relocations.
//
// The leading #include block of generated C (the prelude's C library
// headers, a third of a small program's compile time) is parsed once per
// process and set of flags: a precompiled preamble in memory, clangd's
// mechanism, reused while the block's text and the headers are unchanged.
//
// The ABI is C, so that the module and the runtime need agree on nothing
// but this one function; see InProcessC.h for the contract.
//
//===----------------------------------------------------------------------===//

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace {
char *copyOut(llvm::StringRef s) {
  char *p = static_cast<char *>(std::malloc(s.size() + 1));
  if (p) {
    std::memcpy(p, s.data(), s.size());
    p[s.size()] = '\0';
  }
  return p;
}

/// The compiler invocation of the driver arguments `args` (joined in
/// `key`), for one compile: a copy of the one the driver made for the first
/// compile with them. The driver's toolchain search (dozens of stat calls)
/// runs once per process and set of flags; the copy is the compile's own
/// (AddImplicitPreamble edits it). Null when the driver rejects them.
std::shared_ptr<clang::CompilerInvocation>
invocationFor(const std::string &key, const std::vector<const char *> &args,
              llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> diags,
              llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const clang::CompilerInvocation>>
      made;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = made.find(key);
    if (it != made.end())
      return std::make_shared<clang::CompilerInvocation>(*it->second);
  }
  clang::CreateInvocationOptions how;
  how.Diags = diags;
  how.VFS = vfs;
  std::shared_ptr<clang::CompilerInvocation> invocation =
      clang::createInvocation(args, how);
  if (!invocation)
    return nullptr;
  // The driver asks cc1 to leak the AST, the source manager, the LLVM
  // module and the target machine at the end (-disable-free: a compiler
  // process exits next); this process lives on and compiles again.
  invocation->getFrontendOpts().DisableFree = false;
  invocation->getCodeGenOpts().DisableFree = false;
  std::lock_guard<std::mutex> lock(mutex);
  made.emplace(key, std::make_shared<clang::CompilerInvocation>(*invocation));
  return invocation;
}

/// Builds the preamble of `source` for `invocation` (whose flags are `key`)
/// into `built[key]`; `building` holds the keys being built. Runs on a
/// thread of its own beside a compile (uopClangCompileObject joins it).
class PreambleBuilder {
public:
  static PreambleBuilder &get() {
    static PreambleBuilder shared;
    return shared;
  }

  /// The preamble of `buffer` compiled as `invocation` (whose flags are
  /// `key`) when the one built earlier applies; else null (the compile
  /// parses the headers itself), and unless the source has none or one is
  /// being built already, `*thread` builds it meanwhile, for the next
  /// compile: beside the first compile of a process on a second core it
  /// costs no time (a process that compiles one program, such as uop-run,
  /// pays CPU time only), where building it on the way would cost more than
  /// the first compile saves. Shared: a compile holds its preamble, whose
  /// memory its PCH is read from, while a newer one replaces it here.
  std::shared_ptr<clang::PrecompiledPreamble>
  find(const std::string &key, const clang::CompilerInvocation &invocation,
       const llvm::MemoryBuffer &buffer,
       llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs,
       std::thread *thread) {
    clang::PreambleBounds bounds = clang::ComputePreambleBounds(
        invocation.getLangOpts(), buffer.getMemBufferRef(), 0);
    if (bounds.Size == 0)
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = built.find(key);
    if (it != built.end() &&
        it->second->CanReuse(invocation, buffer.getMemBufferRef(), bounds,
                             *vfs))
      return it->second;
    if (!building.insert(key).second)
      return nullptr;
    *thread = std::thread(
        [this, key, bounds, vfs,
         invocation = std::make_shared<clang::CompilerInvocation>(invocation),
         source = std::shared_ptr<llvm::MemoryBuffer>(
             llvm::MemoryBuffer::getMemBufferCopy(buffer.getBuffer(),
                                                  buffer.getBufferIdentifier()))] {
          build(key, *invocation, *source, bounds, vfs);
        });
    return nullptr;
  }

private:
  void build(const std::string &key, const clang::CompilerInvocation &invocation,
             const llvm::MemoryBuffer &source, clang::PreambleBounds bounds,
             llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs) {
    // Diagnostics in the headers are the compile's to report.
    clang::DiagnosticOptions options;
    llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> diags =
        clang::CompilerInstance::createDiagnostics(
            *vfs, options, new clang::IgnoringDiagConsumer());
    clang::PreambleCallbacks callbacks;
    llvm::ErrorOr<clang::PrecompiledPreamble> preamble =
        clang::PrecompiledPreamble::Build(
            invocation, &source, bounds, diags, vfs,
            std::make_shared<clang::PCHContainerOperations>(),
            /*StoreInMemory=*/true, /*StoragePath=*/"", callbacks);
    std::lock_guard<std::mutex> lock(mutex);
    building.erase(key);
    if (preamble)
      built[key] =
          std::make_shared<clang::PrecompiledPreamble>(std::move(*preamble));
  }

  std::mutex mutex;
  std::map<std::string, std::shared_ptr<clang::PrecompiledPreamble>> built;
  std::set<std::string> building;
};

/// Joins a thread when it goes out of scope.
struct Joined {
  std::thread thread;
  ~Joined() {
    if (thread.joinable())
      thread.join();
  }
};
} // namespace

/// Compiles `source` (`size` bytes, named `name` in diagnostics) with the
/// driver arguments `argv[0..argc)` (argv[0] a clang executable: the driver
/// finds its resource headers, omp.h included, from it; the arguments name
/// `name` as the input and ask for `-c`). On success returns 0 and an
/// object file in `*object` / `*objectSize` (malloc'ed; the caller frees);
/// else 1 and clang's diagnostics in `*diagnostics` (malloc'ed). Thread
/// safe: each call has its own CompilerInstance and LLVM context.
extern "C" __attribute__((visibility("default"))) int
uopClangCompileObject(const char *source, size_t size, const char *name,
                      const char *const *argv, int argc, char **object,
                      size_t *objectSize, char **diagnostics) {
  static std::once_flag targets;
  std::call_once(targets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
  *object = nullptr;
  *objectSize = 0;
  *diagnostics = nullptr;
  std::string text;
  llvm::raw_string_ostream os(text);
  clang::DiagnosticOptions options;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs =
      llvm::vfs::getRealFileSystem();
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> driverDiags =
      clang::CompilerInstance::createDiagnostics(
          *vfs, options, new clang::TextDiagnosticPrinter(os, options));
  std::vector<const char *> args(argv, argv + argc);
  std::string key;
  for (const char *a : args)
    key += std::string(a) + '\0';
  std::shared_ptr<clang::CompilerInvocation> invocation =
      invocationFor(key, args, driverDiags, vfs);
  if (!invocation) {
    *diagnostics = copyOut("clang's driver rejected the arguments: " + text);
    return 1;
  }
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(source, size), name);
  Joined builder;
  std::shared_ptr<clang::PrecompiledPreamble> preamble =
      PreambleBuilder::get().find(key, *invocation, *buffer, vfs,
                                  &builder.thread);
  // The preprocessor owns the remapped buffer.
  if (preamble)
    preamble->AddImplicitPreamble(*invocation, vfs, buffer.release());
  else
    invocation->getPreprocessorOpts().addRemappedFile(name, buffer.release());
  clang::CompilerInstance ci(invocation);
  ci.createVirtualFileSystem(vfs);
  ci.createDiagnostics(new clang::TextDiagnosticPrinter(os, options));
  llvm::SmallString<0> bytes;
  ci.setOutputStream(std::make_unique<llvm::raw_svector_ostream>(bytes));
  clang::EmitObjAction action;
  if (!ci.ExecuteAction(action) || bytes.empty()) {
    *diagnostics = copyOut(text.empty() ? "no object produced" : text);
    return 1;
  }
  *object = static_cast<char *>(std::malloc(bytes.size()));
  if (!*object) {
    *diagnostics = copyOut("out of memory for the object file");
    return 1;
  }
  std::memcpy(*object, bytes.data(), bytes.size());
  *objectSize = bytes.size();
  return 0;
}
