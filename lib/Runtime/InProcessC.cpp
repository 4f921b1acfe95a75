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

/// findModule() once per process (the module does not move).
const std::string &modulePath() {
  static const std::string path = findModule();
  return path;
}

/// findCCompiler(), asked again only when what decides it changes (CC,
/// PATH): its PATH search and real_path cost ~0.1 ms of stat calls, and
/// each in-process compile asked three times.
CCompiler hostCompiler() {
  static std::mutex mutex;
  static std::string decidedBy;
  static CCompiler compiler;
  std::string now;
  for (const char *var : {"CC", "PATH"}) {
    const char *v = std::getenv(var);
    now += v ? std::string(v) + '\n' : std::string("\0\n", 2);
  }
  std::lock_guard<std::mutex> lock(mutex);
  if (decidedBy.empty() || now != decidedBy) {
    compiler = findCCompiler();
    decidedBy = now;
  }
  return compiler;
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
    const std::string &path = modulePath();
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

/// The process's JIT: started once (LLJIT's target machine, session and
/// linking layer cost ~0.8 ms a program when each had its own), never
/// destroyed (a program may outlive static destruction). Each program is a
/// JITDylib of its own, linked against shared JITDylibs of the libraries
/// (each library's symbols looked up once per process).
class ProcessJIT {
public:
  static llvm::Expected<ProcessJIT &> get() {
    static ProcessJIT *shared = nullptr;
    static std::string error;
    static std::once_flag once;
    std::call_once(once, [] {
      // The compiler module registers the target too, but an object from
      // UOP_CACHE_DIR is linked without it.
      llvm::InitializeNativeTarget();
      llvm::InitializeNativeTargetAsmPrinter();
      auto jit = llvm::orc::LLJITBuilder().create();
      if (jit)
        shared = new ProcessJIT(std::move(*jit));
      else
        error = llvm::toString(jit.takeError());
    });
    if (!shared)
      return compileFailed("cannot start the JIT: " + error);
    return *shared;
  }

  /// A new, empty JITDylib for a program that resolves from the C library,
  /// libm and libgcc_s, then the OpenMP runtime at `omp` (unless empty).
  llvm::Expected<llvm::orc::JITDylib &> newProgram(StringRef omp) {
    std::lock_guard<std::mutex> lock(mutex);
    SmallVector<std::string, 3> group = {"libc.so.6", "libm.so.6",
                                         "libgcc_s.so.1"};
    llvm::Expected<llvm::orc::JITDylib &> libs = libraries("libs", group);
    if (!libs)
      return libs.takeError();
    llvm::orc::JITDylib *openmp = nullptr;
    if (!omp.empty()) {
      llvm::Expected<llvm::orc::JITDylib &> jd =
          libraries(omp, {omp.str()});
      if (!jd)
        return jd.takeError();
      openmp = &*jd;
    }
    auto jd = jit->createJITDylib("program" + std::to_string(programs++));
    if (!jd)
      return compileFailed("cannot start the JIT: " +
                           llvm::toString(jd.takeError()));
    // After its own symbols: the libraries, then LLJIT's defaults (the
    // platform's and the process's symbols), as a JIT of its own had them.
    llvm::orc::JITDylibSearchOrder order = {
        {&*libs, llvm::orc::JITDylibLookupFlags::MatchAllSymbols}};
    if (openmp)
      order.push_back({openmp, llvm::orc::JITDylibLookupFlags::MatchAllSymbols});
    llvm::append_range(order, jit->defaultLinkOrder());
    jd->setLinkOrder(order);
    return *jd;
  }

  llvm::orc::LLJIT &operator*() { return *jit; }

private:
  explicit ProcessJIT(std::unique_ptr<llvm::orc::LLJIT> jit)
      : jit(std::move(jit)) {}

  /// The JITDylib `name` that resolves from the libraries `paths`, made on
  /// first use. The caller holds `mutex`.
  llvm::Expected<llvm::orc::JITDylib &>
  libraries(StringRef name, llvm::ArrayRef<std::string> paths) {
    if (llvm::orc::JITDylib *jd = made.lookup(name))
      return *jd;
    llvm::orc::ExecutionSession &es = jit->getExecutionSession();
    auto jd = es.createJITDylib(("libraries " + name).str());
    if (!jd)
      return compileFailed("cannot start the JIT: " +
                           llvm::toString(jd.takeError()));
    char prefix = jit->getDataLayout().getGlobalPrefix();
    for (const std::string &path : paths)
      if (llvm::Error err = addLibrary(*jd, path.c_str(), prefix)) {
        llvm::consumeError(es.removeJITDylib(*jd));
        return std::move(err);
      }
    made[name] = &*jd;
    return *jd;
  }

  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::mutex mutex;
  llvm::StringMap<llvm::orc::JITDylib *> made;
  unsigned programs = 0;
};

/// Code linked into a JITDylib of the process's JIT: removed (its memory
/// freed) with the program.
class JITProgram : public CProgram {
public:
  JITProgram(ProcessJIT &jit, llvm::orc::JITDylib &jd) : jit(jit), jd(jd) {}
  ~JITProgram() override {
    if (llvm::Error err = (*jit).getExecutionSession().removeJITDylib(jd))
      llvm::consumeError(std::move(err));
  }
  void *lookup(StringRef symbol) override {
    llvm::Expected<llvm::orc::ExecutorAddr> a = (*jit).lookup(jd, symbol);
    if (!a) {
      error = llvm::toString(a.takeError());
      return nullptr;
    }
    return a->toPtr<void *>();
  }
  std::string lookupError() const override { return error; }

private:
  ProcessJIT &jit;
  llvm::orc::JITDylib &jd;
  std::string error;
};
} // namespace

std::string uop::inProcessUnavailable() {
  if (const char *v = std::getenv("UOP_IN_PROCESS"); v && StringRef(v) == "0")
    return "UOP_IN_PROCESS=0";
  if (const char *cc = std::getenv("CC"); cc && *cc)
    return "CC is set";
  if (!hostCompiler().clang)
    return "the C compiler is not clang";
  if (modulePath().empty())
    return std::string(kModuleName) + " was not built";
  return "";
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
uop::compileCObjectInProcess(StringRef source, CCompileTier tier) {
  const Module &m = module();
  if (!m.compile)
    return compileFailed(m.error);
  CCompiler compiler = hostCompiler();
  if (compiler.path.empty())
    return compileFailed("C compiler '" + compiler.name +
                         "' not found (set CC)");
  std::vector<std::string> flags =
      cCompileFlags(compiler, openMPRequested(), tier);
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
  llvm::Expected<ProcessJIT &> jit = ProcessJIT::get();
  if (!jit)
    return jit.takeError();
  CCompiler compiler = hostCompiler();
  SmallString<256> omp;
  if (openMPRequested() && !compiler.libDir.empty()) {
    omp = compiler.libDir;
    llvm::sys::path::append(omp, "libomp.so");
  }
  llvm::Expected<llvm::orc::JITDylib &> jd = jit->newProgram(omp);
  if (!jd)
    return jd.takeError();
  auto program = std::make_unique<JITProgram>(*jit, *jd);
  if (llvm::Error err = (**jit).addObjectFile(*jd, std::move(object)))
    return compileFailed("cannot link the compiled program: " +
                         llvm::toString(std::move(err)));
  return program;
}
