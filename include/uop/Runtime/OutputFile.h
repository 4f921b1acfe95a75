//===- OutputFile.h - output files that are whole or absent ----*- C++ -*-===//
//
// Header-only (the tools that use it link no runtime library): a write error
// (a full disk, a file-size limit, /dev/full) is reported with the path and
// the system's reason, and leaves no partial file behind (issue 42, item 6).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_OUTPUTFILE_H
#define UOP_RUNTIME_OUTPUTFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace uop {

inline bool writeAll(int fd, llvm::StringRef data);
/// Writes the pieces of `data` to `fd` in order; false with errno set.
inline bool writeAll(int fd, llvm::ArrayRef<llvm::StringRef> data) {
  for (llvm::StringRef piece : data)
    if (!writeAll(fd, piece))
      return false;
  return true;
}

/// Test hook (test/Runtime/disk-full.test): with UOP_TEST_DISK_BYTES=N,
/// writeAll fails with ENOSPC once N bytes in all have been written, as a
/// disk that fills up part way does (`ulimit -f` sends SIGXFSZ, which LLVM's
/// crash handler takes over). The bytes left, or -1.
inline long long &testDiskBytesLeft() {
  static long long left = [] {
    const char *e = std::getenv("UOP_TEST_DISK_BYTES");
    return e ? std::atoll(e) : -1LL;
  }();
  return left;
}

/// Writes all of `data` to `fd`; false with errno set on failure.
inline bool writeAll(int fd, llvm::StringRef data) {
  long long &left = testDiskBytesLeft();
  while (!data.empty()) {
    size_t chunk = data.size();
    if (left >= 0) {
      if (left == 0) {
        errno = ENOSPC;
        return false;
      }
      chunk = std::min<size_t>(chunk, left);
    }
    ssize_t n = ::write(fd, data.data(), chunk);
    if (n > 0 && left >= 0)
      left -= n;
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      return false;
    }
    data = data.drop_front(n);
  }
  return true;
}

/// Writes `data` (its pieces in order) as `path`. A regular file (or a new one) is written to a
/// temporary file beside it and renamed over it, so `path` is whole or
/// untouched; anything else (/dev/full, /dev/stdout, a FIFO) is written in
/// place. Returns "" or the error: "cannot write PATH: REASON".
inline std::string writeFileAtomically(llvm::StringRef path,
                                       llvm::ArrayRef<llvm::StringRef> data) {
  std::string p = path.str();
  auto failed = [&](int err) {
    return "cannot write " + p + ": " + std::strerror(err);
  };
  struct stat st;
  bool special = ::stat(p.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
  if (special) {
    int fd = ::open(p.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0)
      return failed(errno);
    bool ok = writeAll(fd, data);
    int err = errno;
    if (::close(fd) != 0 && ok) {
      ok = false;
      err = errno;
    }
    return ok ? std::string() : failed(err);
  }
  std::string tmp = p + ".tmp-XXXXXX";
  int fd = ::mkstemp(tmp.data());
  if (fd < 0)
    return failed(errno);
  // mkstemp's file is 0600; give it the mode a new file would have.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  bool ok = writeAll(fd, data);
  int err = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && ::rename(tmp.c_str(), p.c_str()) != 0) {
    ok = false;
    err = errno;
  }
  if (!ok)
    ::unlink(tmp.c_str());
  return ok ? std::string() : failed(err);
}

/// What the fatal-error handler of runWithCheckedOutput names and removes.
struct CheckedOutput {
  std::string tool, name, temporary;
};
inline CheckedOutput checkedOutput;

/// raw_fd_ostream reports a write error only when it is destroyed, as the
/// fatal error "IO failure on output stream: REASON"; this names the file
/// and removes the temporary one before LLVM exits with status 1.
inline void reportOutputFailure(void *, const char *reason, bool) {
  llvm::StringRef r = reason;
  const CheckedOutput &o = checkedOutput;
  if (!o.temporary.empty())
    ::unlink(o.temporary.c_str());
  if (r.consume_front("IO failure on output stream: "))
    llvm::errs() << o.tool << ": error: cannot write " << o.name << ": " << r
                 << "\n";
  else
    llvm::errs() << "LLVM ERROR: " << r << "\n";
  llvm::errs().flush();
  std::_Exit(1);
}

/// Runs a tool's `main` (MlirOptMain, mlirTranslateMain) so that a write
/// error of its output (a full disk, a file-size limit, /dev/full) names the
/// file and exits 1, instead of MLIR's drivers' "LLVM ERROR: IO failure on
/// output stream" with no file named, and leaves no partial file: an
/// `-o FILE` that is (or will be) a regular file is written as a temporary
/// file beside it, renamed over it when `main` succeeds. Stdout, /dev/full
/// and other special files are written in place.
inline int runWithCheckedOutput(int argc, char **argv,
                                llvm::function_ref<int(int, char **)> main) {
  std::string output = "-";
  int at = -1; // the argument holding the output's name
  std::string prefix; // "-o=" when it is joined to the flag
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef a = argv[i];
    if ((a == "-o" || a == "--o") && i + 1 < argc) {
      output = argv[++i];
      at = i;
      prefix.clear();
    } else if (a.starts_with("-o=") || a.starts_with("--o=")) {
      prefix = a.split('=').first.str() + "=";
      output = a.split('=').second.str();
      at = i;
    }
  }
  CheckedOutput &o = checkedOutput;
  o.tool = argv[0];
  o.name = output == "-" ? "<stdout>" : output;
  llvm::install_fatal_error_handler(reportOutputFailure, nullptr);
  struct stat st;
  if (output == "-" ||
      (::stat(output.c_str(), &st) == 0 && !S_ISREG(st.st_mode)))
    return main(argc, argv);
  o.temporary = output + ".tmp-XXXXXX";
  int fd = ::mkstemp(o.temporary.data());
  if (fd < 0) {
    llvm::errs() << o.tool << ": error: cannot write " << output << ": "
                 << std::strerror(errno) << "\n";
    return 1;
  }
  // mkstemp's file is 0600; give it the mode a new file would have.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  ::close(fd);
  std::vector<std::string> owned(argv, argv + argc);
  owned[at] = prefix + o.temporary;
  std::vector<char *> args;
  for (std::string &a : owned)
    args.push_back(a.data());
  args.push_back(nullptr);
  int rc = main(argc, args.data());
  if (rc == 0 && ::rename(o.temporary.c_str(), output.c_str()) != 0) {
    llvm::errs() << o.tool << ": error: cannot write " << output << ": "
                 << std::strerror(errno) << "\n";
    rc = 1;
  }
  ::unlink(o.temporary.c_str()); // a failed run's, or after a failed rename
  return rc;
}

} // namespace uop

#endif // UOP_RUNTIME_OUTPUTFILE_H
