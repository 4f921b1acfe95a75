//===- InProcessC.cpp - generated C compiled in this process --------------===//
//
// See InProcessC.h. The front end lives in libUOpClangCompiler.so
// (ClangCompiler.cpp), dlopened here once; ORC's JIT, part of libLLVM that
// every tool already maps, links the object.
//
//===----------------------------------------------------------------------===//

#include "uop/Runtime/InProcessC.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/Error.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace uop;
using llvm::SmallString;
using llvm::SmallVector;
using llvm::StringRef;
using llvm::Twine;

#ifndef UOP_CLANG_COMPILER_BUILD_PATH
#define UOP_CLANG_COMPILER_BUILD_PATH ""
#endif

namespace {
constexpr const char *kModuleName = "libUOpClangCompiler.so";

using CompileFn = int (*)(const char *, size_t, const char *,
                          const char *const *, int, char **, size_t *,
                          char **);

llvm::Error compileFailed(const Twine &why) {
  return makeError(RuntimeErrorKind::CompileFailed, why);
}

/// The module next to the code of this runtime (build/bin/uop-run ->
/// build/lib, lib/libUOpCAPI.so -> lib), else where the build wrote it.
std::string findModule() {
  Dl_info info;
  SmallVector<std::string, 3> candidates;
  if (dladdr(reinterpret_cast<void *>(&findModule), &info) && info.dli_fname) {
    StringRef dir = llvm::sys::path::parent_path(info.dli_fname);
    for (StringRef rel : {"", "../lib"}) {
      SmallString<256> p(dir);
      llvm::sys::path::append(p, rel, kModuleName);
      candidates.push_back(p.str().str());
    }
  }
  candidates.push_back(UOP_CLANG_COMPILER_BUILD_PATH);
  for (const std::string &c : candidates)
    if (!c.empty() && llvm::sys::fs::exists(c))
      return c;
  return "";
}

/// The module's entry point, loaded once per process (never unloaded: its
/// LLVM target registrations are process-wide); an error text on failure.
struct Module {
  CompileFn compile = nullptr;
  std::string error;
};
const Module &module() {
  static Module m = [] {
    Module r;
    std::string path = findModule();
    if (path.empty()) {
      r.error = std::string(kModuleName) + " not found (built without "
                                           "clang's libraries?)";
      return r;
    }
    void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!h) {
      r.error = "cannot load " + path + ": " + dlerror();
      return r;
    }
    r.compile =
        reinterpret_cast<CompileFn>(dlsym(h, "uopClangCompileObject"));
    if (!r.compile)
      r.error = path + " has no uopClangCompileObject";
    return r;
  }();
  return m;
}

/// A library the JIT resolves symbols from, opened RTLD_LOCAL (nothing it
/// exports becomes visible to libraries the host process loads later) and
/// never unloaded: OpenMP's worker threads park in libomp's code between
/// parallel regions and outlive every program (issue 42, item 4).
llvm::Error addLibrary(llvm::orc::JITDylib &jd, const char *path,
                       char prefix) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!h)
    return compileFailed(Twine("cannot load ") + path + ": " + dlerror());
  jd.addGenerator(std::make_unique<llvm::orc::DynamicLibrarySearchGenerator>(
      llvm::sys::DynamicLibrary(h), prefix));
  return llvm::Error::success();
}

/// Code linked by a JIT of its own: freed with it.
class JITProgram : public CProgram {
public:
  explicit JITProgram(std::unique_ptr<llvm::orc::LLJIT> jit)
      : jit(std::move(jit)) {}
  void *lookup(StringRef symbol) override {
    llvm::Expected<llvm::orc::ExecutorAddr> a = jit->lookup(symbol);
    if (!a) {
      error = llvm::toString(a.takeError());
      return nullptr;
    }
    return a->toPtr<void *>();
  }
  std::string lookupError() const override { return error; }

private:
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::string error;
};
} // namespace

std::string uop::inProcessUnavailable() {
  if (const char *v = std::getenv("UOP_IN_PROCESS"); v && StringRef(v) == "0")
    return "UOP_IN_PROCESS=0";
  if (const char *cc = std::getenv("CC"); cc && *cc)
    return "CC is set";
  CCompiler compiler = findCCompiler();
  if (!compiler.clang)
    return "the C compiler is not clang";
  if (findModule().empty())
    return std::string(kModuleName) + " was not built";
  return "";
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
uop::compileCObjectInProcess(StringRef source) {
  const Module &m = module();
  if (!m.compile)
    return compileFailed(m.error);
  CCompiler compiler = findCCompiler();
  if (compiler.path.empty())
    return compileFailed("C compiler '" + compiler.name +
                         "' not found (set CC)");
  std::vector<std::string> flags =
      cCompileFlags(compiler, openMPRequested());
  // The JIT links no thread-local relocations; emulated TLS (libgcc_s's
  // __emutls_get_address) keeps the error buffer per thread.
  flags.insert(flags.end(), {"-femulated-tls", "-fPIC", "-c", "program.c",
                             "-o", "program.o"});
  std::vector<const char *> argv = {compiler.path.c_str()};
  for (const std::string &f : flags)
    argv.push_back(f.c_str());
  char *object = nullptr, *diagnostics = nullptr;
  size_t size = 0;
  int rc = m.compile(source.data(), source.size(), "program.c", argv.data(),
                     int(argv.size()), &object, &size, &diagnostics);
  std::string diag = diagnostics ? diagnostics : "";
  std::free(diagnostics);
  if (rc != 0)
    return compileFailed("C compiler failed (clang, in process):\n" + diag);
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(StringRef(object, size),
                                                     "program.o");
  std::free(object);
  return buffer;
}

llvm::Expected<std::unique_ptr<CProgram>>
uop::loadCObject(std::unique_ptr<llvm::MemoryBuffer> object) {
  // The compiler module registers the target too, but an object from
  // UOP_CACHE_DIR is linked without it.
  static std::once_flag targets;
  std::call_once(targets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return compileFailed("cannot start the JIT: " +
                         llvm::toString(jit.takeError()));
  llvm::orc::JITDylib &jd = (*jit)->getMainJITDylib();
  char prefix = (*jit)->getDataLayout().getGlobalPrefix();
  CCompiler compiler = findCCompiler();
  SmallString<256> omp(compiler.libDir);
  llvm::sys::path::append(omp, "libomp.so");
  SmallVector<std::string, 4> libs = {"libc.so.6", "libm.so.6",
                                      "libgcc_s.so.1"};
  if (openMPRequested() && !compiler.libDir.empty())
    libs.push_back(omp.str().str());
  for (const std::string &lib : libs)
    if (llvm::Error err = addLibrary(jd, lib.c_str(), prefix))
      return std::move(err);
  if (llvm::Error err = (*jit)->addObjectFile(std::move(object)))
    return compileFailed("cannot link the compiled program: " +
                         llvm::toString(std::move(err)));
  return std::make_unique<JITProgram>(std::move(*jit));
}
