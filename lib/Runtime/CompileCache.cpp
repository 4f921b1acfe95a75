//===- CompileCache.cpp - generated C, compiled once and loaded -----------===//

#include "uop/Runtime/CompileCache.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/Error.h"
#include "uop/Runtime/TempDir.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
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
static constexpr StringRef kCacheFormat = "uop-c-cache-1";

std::string uop::cProgramKey(StringRef source) {
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
  add(env("UOP_CFLAGS"));
  add(env("UOP_OPENMP"));
  add(llvm::sys::getHostCPUName());
  std::string features;
  for (const auto &f : llvm::sys::getHostCPUFeatures())
    if (f.second)
      features += f.first().str() + ",";
  add(features);
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
compileInTempDir(StringRef source,
                 llvm::function_ref<llvm::Error(StringRef so)> use) {
  llvm::Expected<std::string> dir = createTempDir("uop-run");
  if (!dir)
    return dir.takeError();
  llvm::Expected<std::string> so = compileCSharedObject(source, *dir);
  llvm::Error result = so ? use(*so) : so.takeError();
  removeTempDir(*dir);
  return result;
}

static llvm::Expected<void *> open(StringRef path) {
  if (void *lib = dlopen(path.str().c_str(), RTLD_NOW | RTLD_LOCAL))
    return lib;
  return compileFailed(Twine("dlopen failed: ") + dlerror());
}

/// Copies `so` into the cache as `entry`: into a file of this process in
/// the cache directory, renamed over the entry (atomic: another process
/// sees the old entry, none, or the whole new one).
static llvm::Error publish(StringRef so, StringRef entry) {
  SmallString<256> tmp;
  int fd = -1;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueFile(entry + ".tmp-%%%%%%%%", fd, tmp))
    return compileFailed("cannot write into UOP_CACHE_DIR (" + entry +
                         "): " + ec.message());
  ::close(fd);
  std::error_code ec = llvm::sys::fs::copy_file(so, tmp);
  if (!ec)
    ec = llvm::sys::fs::rename(tmp, entry);
  if (ec) {
    llvm::sys::fs::remove(tmp);
    return compileFailed("cannot write " + entry + ": " + ec.message());
  }
  return llvm::Error::success();
}

llvm::Expected<void *> uop::loadCProgram(StringRef source) {
  const char *cacheDir = std::getenv("UOP_CACHE_DIR");
  if (!cacheDir || !*cacheDir) {
    // The mapping outlives the files: nothing is left behind when the
    // program then crashes or is killed (docs/reliability.md).
    void *lib = nullptr;
    if (llvm::Error err =
            compileInTempDir(source, [&](StringRef so) -> llvm::Error {
              llvm::Expected<void *> h = open(so);
              if (!h)
                return h.takeError();
              lib = *h;
              return llvm::Error::success();
            }))
      return std::move(err);
    return lib;
  }
  if (std::error_code ec = llvm::sys::fs::create_directories(cacheDir))
    return makeError(RuntimeErrorKind::BadInput,
                     Twine("UOP_CACHE_DIR '") + cacheDir +
                         "' cannot be created: " + ec.message());
  SmallString<256> entry(cacheDir);
  llvm::sys::path::append(entry,
                          "prog_" + cProgramKey(source).substr(0, 16) + ".so");
  // A valid entry that the loader accepts is used; anything else (a
  // truncated or foreign file) is compiled again and replaced.
  if (isWholeELFFile(entry))
    if (void *lib = dlopen(entry.c_str(), RTLD_NOW | RTLD_LOCAL))
      return lib;
  if (llvm::Error err = compileInTempDir(
          source, [&](StringRef so) { return publish(so, entry); }))
    return std::move(err);
  return open(entry);
}
