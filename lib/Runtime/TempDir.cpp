//===- TempDir.cpp - Temporary directories that do not outlive uop-run ----===//

#include "uop/Runtime/TempDir.h"
#include "uop/Runtime/Error.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <mutex>
#include <unistd.h>

using namespace uop;

namespace {
/// The live directories, in fixed slots that a signal handler can read
/// without locking or allocating.
constexpr int kSlots = 64;
constexpr size_t kPathMax = 4096;
struct Slot {
  std::atomic<bool> used{false};
  char path[kPathMax];
};
Slot slots[kSlots];
std::mutex slotsMutex;

/// Removes `dir`'s entries (the runtime's directories are flat: the C
/// source, the shared object, the compiler's log and temporary files) and
/// then the directory. Async-signal-safe in practice: no allocation beyond
/// opendir's.
void removeFlatDir(const char *dir) {
  if (DIR *d = opendir(dir)) {
    char path[kPathMax];
    size_t n = strlen(dir);
    while (struct dirent *e = readdir(d)) {
      size_t m = strlen(e->d_name);
      if ((m == 1 && e->d_name[0] == '.') ||
          (m == 2 && e->d_name[0] == '.' && e->d_name[1] == '.') ||
          n + 1 + m + 1 > sizeof(path))
        continue;
      memcpy(path, dir, n);
      path[n] = '/';
      memcpy(path + n + 1, e->d_name, m + 1);
      unlink(path);
    }
    closedir(d);
  }
  rmdir(dir);
}

void removeAll(void * = nullptr) {
  for (Slot &s : slots)
    if (s.used.exchange(false))
      removeFlatDir(s.path);
}

struct sigaction previous[3];
const int interruptSignals[3] = {SIGINT, SIGTERM, SIGHUP};

void onInterrupt(int sig) {
  removeAll();
  // Give the signal back to whoever handled it before (LLVM's handler
  // removes its own files and re-raises), or to the default action.
  for (int i = 0; i < 3; ++i)
    if (interruptSignals[i] == sig)
      sigaction(sig, &previous[i], nullptr);
  raise(sig);
}

void registerOnce() {
  static bool done = [] {
    std::atexit([] { removeAll(); });
    return true;
  }();
  (void)done;
}
} // namespace

llvm::Expected<std::string> uop::createTempDir(llvm::StringRef prefix) {
  registerOnce();
  llvm::SmallString<128> model;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, model);
  llvm::sys::path::append(model, prefix + "-XXXXXX");
  std::string path(model.str()), pattern = path;
  if (path.size() >= kPathMax)
    return makeError(RuntimeErrorKind::CompileFailed,
                     "the temporary directory's path is too long: " + path);
  // mkdtemp makes it 0700 and says why it cannot.
  if (!mkdtemp(path.data()))
    return makeError(RuntimeErrorKind::CompileFailed,
                     "cannot create a temporary directory " + pattern + ": " +
                         std::strerror(errno) +
                         " (set TMPDIR to a writable directory)");
  std::lock_guard<std::mutex> lock(slotsMutex);
  for (Slot &s : slots) {
    if (s.used.load())
      continue;
    memcpy(s.path, path.c_str(), path.size() + 1);
    s.used.store(true);
    return path;
  }
  // More compiles at once than slots: this one is removed by its owner
  // only.
  return path;
}

void uop::removeTempDir(llvm::StringRef dir) {
  {
    std::lock_guard<std::mutex> lock(slotsMutex);
    for (Slot &s : slots)
      if (s.used.load() && dir == s.path)
        s.used.store(false);
  }
  llvm::sys::fs::remove_directories(dir);
}

void uop::removeTempDirsOnInterrupt() {
  registerOnce();
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = onInterrupt;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < 3; ++i) {
    sigaction(interruptSignals[i], &sa, &previous[i]);
    // An ignored signal (nohup, a background job's SIGINT) stays ignored.
    if (!(previous[i].sa_flags & SA_SIGINFO) &&
        previous[i].sa_handler == SIG_IGN)
      sigaction(interruptSignals[i], &previous[i], nullptr);
  }
  // Crashes (SIGSEGV, SIGABRT, ...): LLVM's handlers, installed now over
  // ours, run this; they hand an interrupt signal on to ours above.
  llvm::sys::AddSignalHandler(removeAll, nullptr);
}
