//===- CompileCache.cpp - generated C, compiled once and loaded -----------===//

#include "uop/Runtime/CompileCache.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/Error.h"
#include "uop/Runtime/InProcessC.h"
#include "uop/Runtime/TempDir.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <unistd.h>

using namespace uop;
using llvm::SmallString;
using llvm::StringRef;
using llvm::Twine;

/// Bump when compileCSharedObject's flags change, so that no process loads
/// an entry built with the old ones.
static constexpr StringRef kCacheFormat = "uop-c-cache-2";

/// The host CPU's name and features (-march=native), asked once: CPUID per
/// program showed in the profile of a test suite's thousand compiles.
static const std::string &hostCPUKey() {
  static const std::string key = [] {
    std::string k = llvm::sys::getHostCPUName().str() + ":";
    for (const auto &f : llvm::sys::getHostCPUFeatures())
      if (f.second)
        k += f.first().str() + ",";
    return k;
  }();
  return key;
}

std::string uop::cProgramKey(StringRef source, CCompileTier tier) {
  llvm::SHA256 hash;
  auto add = [&](StringRef s) {
    hash.update(s);
    hash.update(StringRef("\0", 1));
  };
  auto env = [](const char *name) {
    const char *v = std::getenv(name);
    return std::string(v ? v : "");
  };
  CCompiler cc = findCCompiler();
  add(kCacheFormat);
  add(cc.path);
  add(cc.clang ? "clang" : "gcc");
  add(tier == CCompileTier::Optimized ? "optimized"
      : tier == CCompileTier::Quick   ? "quick"
                                      : "unoptimized");
  add(env("UOP_CFLAGS"));
  add(env("UOP_OPENMP"));
  add(inProcessUnavailable().empty() ? "in-process" : "shared-object");
  add(hostCPUKey());
  add(source);
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

bool uop::isWholeELFFile(StringRef path) {
  uint64_t size = 0;
  if (llvm::sys::fs::file_size(path, size))
    return false;
  unsigned char head[64] = {0};
  std::ifstream in(path.str(), std::ios::binary);
  in.read(reinterpret_cast<char *>(head), sizeof(head));
  size_t got = in.gcount();
  if (got < 52 ||
      std::memcmp(head,
                  "\x7f"
                  "ELF",
                  4) != 0 ||
      (head[4] != 1 && head[4] != 2))
    return false;
  bool little = head[5] == 1;
  auto field = [&](unsigned at, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; ++i)
      v |= uint64_t(head[at + (little ? i : bytes - 1 - i)]) << (8 * i);
    return v;
  };
  uint64_t shoff, shentsize, shnum;
  if (head[4] == 2) {
    if (got < 64)
      return false;
    shoff = field(40, 8), shentsize = field(58, 2), shnum = field(60, 2);
  } else {
    shoff = field(32, 4), shentsize = field(46, 2), shnum = field(48, 2);
  }
  return shoff > 0 && shoff <= size && shentsize * shnum <= size - shoff;
}

static llvm::Error compileFailed(const Twine &why) {
  return makeError(RuntimeErrorKind::CompileFailed, why);
}

/// Compiles `source` in a temporary directory of its own; `use` receives
/// the shared object's path while the directory exists.
static llvm::Error
compileInTempDir(StringRef source, CCompileTier tier,
                 llvm::function_ref<llvm::Error(StringRef so)> use) {
  llvm::Expected<std::string> dir = createTempDir("uop-run");
  if (!dir)
    return dir.takeError();
  llvm::Expected<std::string> so = compileCSharedObject(source, *dir, tier);
  llvm::Error result = so ? use(*so) : so.takeError();
  removeTempDir(*dir);
  return result;
}

CProgram::~CProgram() = default;

namespace {
class SharedObject : public CProgram {
public:
  explicit SharedObject(void *handle) : handle(handle) { pinOpenMPRuntime(); }
  ~SharedObject() override { dlclose(handle); }
  void *lookup(StringRef symbol) override {
    return dlsym(handle, symbol.str().c_str());
  }

private:
  /// RTLD_NOLOAD | RTLD_NODELETE on the OpenMP runtime the program links
  /// (libomp or libgomp, loaded with it): mapped until the process exits.
  void pinOpenMPRuntime() {
    void *sym = dlsym(handle, "omp_get_num_threads");
    Dl_info info;
    if (!sym || !dladdr(sym, &info) || !info.dli_fname)
      return; // built without OpenMP
    dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
  }
  void *handle;
};
} // namespace

std::unique_ptr<CProgram> uop::adoptSharedObject(void *handle) {
  return std::make_unique<SharedObject>(handle);
}

static llvm::Expected<std::unique_ptr<CProgram>> open(StringRef path) {
  if (void *lib = dlopen(path.str().c_str(), RTLD_NOW | RTLD_LOCAL))
    return adoptSharedObject(lib);
  return compileFailed(Twine("dlopen failed: ") + dlerror());
}

/// Writes `bytes` into the cache as `entry`: into a file of this process
/// in the cache directory, renamed over the entry (atomic: another process
/// sees the old entry, none, or the whole new one).
static llvm::Error publish(StringRef bytes, StringRef entry) {
  SmallString<256> tmp;
  int fd = -1;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueFile(entry + ".tmp-%%%%%%%%", fd, tmp))
    return compileFailed("cannot write into UOP_CACHE_DIR (" + entry +
                         "): " + ec.message());
  std::error_code ec;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
    os.close();
    ec = os.error();
    os.clear_error(); // reported below, with the path
  }
  if (!ec)
    ec = llvm::sys::fs::rename(tmp, entry);
  if (ec) {
    llvm::sys::fs::remove(tmp);
    return compileFailed("cannot write " + entry + ": " + ec.message());
  }
  return llvm::Error::success();
}

/// In process: the cached object when it is whole and links, else compiled
/// (and published when there is a cache).
static llvm::Expected<std::unique_ptr<CProgram>>
loadInProcess(StringRef source, CCompileTier tier, StringRef entry) {
  if (!entry.empty() && isWholeELFFile(entry))
    if (auto buf = llvm::MemoryBuffer::getFile(entry)) {
      llvm::Expected<std::unique_ptr<CProgram>> p = loadCObject(std::move(*buf));
      if (p)
        return p;
      llvm::consumeError(p.takeError());
    }
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> obj =
      compileCObjectInProcess(source, tier);
  if (!obj)
    return obj.takeError();
  if (!entry.empty())
    if (llvm::Error err = publish((*obj)->getBuffer(), entry))
      return std::move(err);
  return loadCObject(std::move(*obj));
}

llvm::Expected<std::unique_ptr<CProgram>>
uop::loadCProgram(StringRef source, CCompileTier tier) {
  const char *cacheDir = std::getenv("UOP_CACHE_DIR");
  bool inProcess = inProcessUnavailable().empty();
  bool cached = cacheDir && *cacheDir;
  SmallString<256> entry;
  if (cached) {
    if (std::error_code ec = llvm::sys::fs::create_directories(cacheDir))
      return makeError(RuntimeErrorKind::BadInput,
                       Twine("UOP_CACHE_DIR '") + cacheDir +
                           "' cannot be created: " + ec.message());
    entry = cacheDir;
    llvm::sys::path::append(entry, "prog_" +
                                       cProgramKey(source, tier).substr(0, 16) +
                                       (inProcess ? ".o" : ".so"));
  }
  if (inProcess)
    return loadInProcess(source, tier, entry);
  if (!cached) {
    // The mapping outlives the files: nothing is left behind when the
    // program then crashes or is killed (docs/reliability.md).
    std::unique_ptr<CProgram> program;
    if (llvm::Error err =
            compileInTempDir(source, tier, [&](StringRef so) -> llvm::Error {
              auto p = open(so);
              if (!p)
                return p.takeError();
              program = std::move(*p);
              return llvm::Error::success();
            }))
      return std::move(err);
    return program;
  }
  // A valid entry that the loader accepts is used; anything else (a
  // truncated or foreign file) is compiled again and replaced.
  if (isWholeELFFile(entry))
    if (void *lib = dlopen(entry.c_str(), RTLD_NOW | RTLD_LOCAL))
      return adoptSharedObject(lib);
  if (llvm::Error err =
          compileInTempDir(source, tier, [&](StringRef so) -> llvm::Error {
            auto bytes = llvm::MemoryBuffer::getFile(so);
            if (!bytes)
              return compileFailed("cannot read " + so + ": " +
                                   bytes.getError().message());
            return publish((*bytes)->getBuffer(), entry);
          }))
    return std::move(err);
  return open(entry);
}
