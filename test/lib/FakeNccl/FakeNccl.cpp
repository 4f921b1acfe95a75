//===- FakeNccl.cpp - an NCCL that checks every call and reduces on the host ===//
//
// libuop-fake-nccl.so exports the NCCL 2 entry points the runtime's
// NCCLCommunicator calls (UOP_NCCL_LIBRARY points it here), so that machines
// without GPUs check the GPU ranks' host side: the unique id that rank 0
// makes reaches every rank, each rank joins once with its own rank, and
// each all-reduce has a live communicator, a count, an NCCL type and
// operation. Every call is logged on stderr ("uop-fake-nccl: rank 1/2
// ncclAllReduce count=256 type=float32 op=max").
//
// With a fake or emulating CUDA driver, device memory is host memory, so an
// all-reduce really reduces: each rank publishes its send buffer as a file
// in a directory that rank 0's unique id names (written under a temporary
// name, then renamed, so a reader never sees half a buffer), waits for every
// rank's file of the same call, and folds them in rank order. That makes
// multi-device programs on the PTX emulator (libuop-emu-cuda.so) checkable
// end to end. Rank 0 removes the directory once every rank has destroyed
// its communicator.
//
// nccl.h is not included: the few types are redeclared with its layout.
//
//===----------------------------------------------------------------------===//

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <vector>

#define UOP_NCCL_API extern "C" __attribute__((visibility("default")))

namespace {
struct UniqueId {
  char internal[128];
};
struct Comm {
  int rank, nranks;
  std::string dir; // where the ranks exchange buffers
  long calls = 0;  // all-reduces so far: names each exchange
};
constexpr int kSuccess = 0, kSystemError = 2, kInvalidArgument = 4,
              kInvalidUsage = 5;
constexpr char kMagic[] = "uop-fake-nccl-id";
std::set<Comm *> &live() {
  static std::set<Comm *> comms;
  return comms;
}
const char *typeName(int t) {
  static const char *names[] = {"int8",    "uint8",   "int32",   "uint32",
                                "int64",   "uint64",  "float16", "float32",
                                "float64", "bfloat16"};
  return t >= 0 && t < 10 ? names[t] : nullptr;
}
const char *opName(int op) {
  static const char *names[] = {"sum", "prod", "max", "min", "avg"};
  return op >= 0 && op < 5 ? names[op] : nullptr;
}
int fail(int rc, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::fprintf(stderr, "uop-fake-nccl: error: ");
  std::vfprintf(stderr, fmt, args);
  std::fprintf(stderr, "\n");
  va_end(args);
  return rc;
}

// --- the exchange directory ----------------------------------------------

std::string tmpRoot() {
  const char *t = std::getenv("TMPDIR");
  return t && *t ? t : "/tmp";
}
/// The directory an id names: everything after the magic and its colon.
std::string exchangeDir(const char *id) {
  return tmpRoot() + "/uop-fake-nccl-" + (id + sizeof(kMagic));
}
std::string stepFile(const Comm &c, long call, int rank) {
  return c.dir + "/" + std::to_string(call) + "." + std::to_string(rank);
}
bool writeFile(const std::string &path, const void *data, size_t bytes) {
  std::string tmp = path + ".tmp";
  FILE *f = std::fopen(tmp.c_str(), "wb");
  if (!f)
    return false;
  bool ok = std::fwrite(data, 1, bytes, f) == bytes;
  ok = std::fclose(f) == 0 && ok;
  return ok && std::rename(tmp.c_str(), path.c_str()) == 0;
}
/// Waits (up to a minute) until `path` exists, then reads `bytes` of it.
bool awaitFile(const std::string &path, std::vector<char> &out, size_t bytes) {
  for (int spin = 0; spin < 600000; ++spin) {
    if (FILE *f = std::fopen(path.c_str(), "rb")) {
      out.resize(bytes);
      bool ok = std::fread(out.data(), 1, bytes, f) == bytes;
      std::fclose(f);
      return ok;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  return false;
}

// --- reduction in NCCL's types --------------------------------------------

float halfToFloat(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 31, man = h & 1023;
  float v = exp == 0    ? std::ldexp((float)man, -24)
            : exp == 31 ? (man ? NAN : INFINITY)
                        : std::ldexp((float)(man | 1024), (int)exp - 25);
  return sign ? -v : v;
}
uint16_t floatToHalf(float f) {
  // Round to nearest even through the exact double: small and obviously
  // right beats fast here.
  if (std::isnan(f))
    return 0x7e00;
  uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  double a = std::fabs((double)f);
  if (a >= 65520.0)
    return sign | 0x7c00;
  if (a < std::ldexp(1.0, -14)) // subnormal: units of 2^-24
    return sign | (uint16_t)std::nearbyint(a * std::ldexp(1.0, 24));
  int e;
  double m = std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
  double units = std::nearbyint(m * 2048.0); // 11 significant bits
  if (units == 2048.0) {
    units = 1024.0;
    ++e;
  }
  if (e + 14 >= 31)
    return sign | 0x7c00;
  return sign | (uint16_t)((e + 14) << 10) | ((uint16_t)units & 1023);
}
float bf16ToFloat(uint16_t b) {
  uint32_t bits = (uint32_t)b << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
uint16_t floatToBf16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if (std::isnan(f))
    return 0x7fc0;
  bits += 0x7fff + ((bits >> 16) & 1); // round to nearest even
  return (uint16_t)(bits >> 16);
}

template <typename T> T combine(T a, T b, int op) {
  switch (op) {
  case 0: return a + b;
  case 1: return a * b;
  case 2: return b > a ? b : a;
  case 3: return b < a ? b : a;
  default: return a + b; // avg: summed, divided at the end
  }
}
template <typename T>
void foldAll(const std::vector<std::vector<char>> &parts, void *recv,
             size_t count, int op) {
  T *out = static_cast<T *>(recv);
  for (size_t i = 0; i < count; ++i) {
    T acc;
    std::memcpy(&acc, parts[0].data() + i * sizeof(T), sizeof(T));
    for (size_t r = 1; r < parts.size(); ++r) {
      T v;
      std::memcpy(&v, parts[r].data() + i * sizeof(T), sizeof(T));
      acc = combine(acc, v, op);
    }
    out[i] = op == 4 ? (T)(acc / (T)parts.size()) : acc;
  }
}
/// f16 and bf16 reduce in float, rounded back after each step as NCCL's
/// half kernels do.
template <float (*ToF)(uint16_t), uint16_t (*FromF)(float)>
void foldHalf(const std::vector<std::vector<char>> &parts, void *recv,
              size_t count, int op) {
  uint16_t *out = static_cast<uint16_t *>(recv);
  for (size_t i = 0; i < count; ++i) {
    uint16_t h;
    std::memcpy(&h, parts[0].data() + i * 2, 2);
    float acc = ToF(h);
    for (size_t r = 1; r < parts.size(); ++r) {
      std::memcpy(&h, parts[r].data() + i * 2, 2);
      acc = ToF(FromF(combine(acc, ToF(h), op)));
    }
    out[i] = FromF(op == 4 ? acc / (float)parts.size() : acc);
  }
}
void fold(const std::vector<std::vector<char>> &parts, void *recv,
          size_t count, int type, int op) {
  switch (type) {
  case 0: return foldAll<int8_t>(parts, recv, count, op);
  case 1: return foldAll<uint8_t>(parts, recv, count, op);
  case 2: return foldAll<int32_t>(parts, recv, count, op);
  case 3: return foldAll<uint32_t>(parts, recv, count, op);
  case 4: return foldAll<int64_t>(parts, recv, count, op);
  case 5: return foldAll<uint64_t>(parts, recv, count, op);
  case 6: return foldHalf<halfToFloat, floatToHalf>(parts, recv, count, op);
  case 7: return foldAll<float>(parts, recv, count, op);
  case 8: return foldAll<double>(parts, recv, count, op);
  default: return foldHalf<bf16ToFloat, floatToBf16>(parts, recv, count, op);
  }
}
} // namespace

UOP_NCCL_API int ncclGetVersion(int *version) {
  if (!version)
    return fail(kInvalidArgument, "ncclGetVersion: version is null");
  *version = 22304; // 2.23.4
  return kSuccess;
}

UOP_NCCL_API const char *ncclGetErrorString(int rc) {
  switch (rc) {
  case kSuccess: return "no error";
  case kInvalidArgument: return "invalid argument (see uop-fake-nccl's message)";
  case kInvalidUsage: return "invalid usage (see uop-fake-nccl's message)";
  default: return "unknown result";
  }
}

UOP_NCCL_API int ncclGetUniqueId(UniqueId *id) {
  if (!id)
    return fail(kInvalidArgument, "ncclGetUniqueId: uniqueId is null");
  std::memset(id, 0, sizeof(*id));
  // The pid and the clock keep a stale directory of a killed run (same pid)
  // from being mistaken for this one's.
  long long now = (long long)std::chrono::steady_clock::now()
                      .time_since_epoch()
                      .count();
  std::snprintf(id->internal, sizeof(id->internal), "%s:%d.%llx", kMagic,
                (int)getpid(), now);
  std::string dir = exchangeDir(id->internal);
  if (mkdir(dir.c_str(), 0700) != 0)
    return fail(kSystemError, "ncclGetUniqueId: cannot make %s: %s",
                dir.c_str(), std::strerror(errno));
  std::fprintf(stderr, "uop-fake-nccl: ncclGetUniqueId %s\n", id->internal);
  return kSuccess;
}

UOP_NCCL_API int ncclCommInitRank(Comm **comm, int nranks, UniqueId id,
                                  int rank) {
  if (!comm)
    return fail(kInvalidArgument, "ncclCommInitRank: comm is null");
  if (nranks < 1 || rank < 0 || rank >= nranks)
    return fail(kInvalidArgument, "ncclCommInitRank: rank %d of %d", rank,
                nranks);
  // Rank 0's id, broadcast: another rank that did not receive it holds
  // zeros (or its own).
  if (std::strncmp(id.internal, kMagic, sizeof(kMagic) - 1) != 0)
    return fail(kInvalidUsage,
                "ncclCommInitRank: rank %d's unique id is not one "
                "ncclGetUniqueId made (was rank 0's id broadcast?)",
                rank);
  *comm = new Comm{rank, nranks, exchangeDir(id.internal)};
  live().insert(*comm);
  std::fprintf(stderr, "uop-fake-nccl: rank %d/%d ncclCommInitRank id=%s\n",
               rank, nranks, id.internal);
  return kSuccess;
}

UOP_NCCL_API int ncclAllReduce(const void *send, void *recv, size_t count,
                               int type, int op, Comm *comm, void *stream) {
  (void)stream;
  if (!live().count(comm))
    return fail(kInvalidArgument, "ncclAllReduce: %p is not a live comm",
                (void *)comm);
  if (!typeName(type) || !opName(op))
    return fail(kInvalidArgument, "ncclAllReduce: datatype %d, op %d", type,
                op);
  if (!count || !send || !recv)
    return fail(kInvalidArgument,
                "ncclAllReduce: count %zu, sendbuff %p, recvbuff %p", count,
                send, recv);
  static const size_t width[] = {1, 1, 4, 4, 8, 8, 2, 4, 8, 2};
  size_t bytes = count * width[type];
  long call = comm->calls++;
  if (!writeFile(stepFile(*comm, call, comm->rank), send, bytes))
    return fail(kSystemError, "ncclAllReduce: cannot write %s: %s",
                stepFile(*comm, call, comm->rank).c_str(),
                std::strerror(errno));
  std::vector<std::vector<char>> parts(comm->nranks);
  for (int r = 0; r < comm->nranks; ++r)
    if (!awaitFile(stepFile(*comm, call, r), parts[r], bytes))
      return fail(kSystemError,
                  "ncclAllReduce: rank %d's buffer %s did not arrive (or is "
                  "shorter than %zu bytes) within a minute",
                  r, stepFile(*comm, call, r).c_str(), bytes);
  fold(parts, recv, count, type, op);
  std::fprintf(stderr,
               "uop-fake-nccl: rank %d/%d ncclAllReduce count=%zu type=%s "
               "op=%s\n",
               comm->rank, comm->nranks, count, typeName(type), opName(op));
  return kSuccess;
}

UOP_NCCL_API int ncclCommDestroy(Comm *comm) {
  if (!live().erase(comm))
    return fail(kInvalidArgument, "ncclCommDestroy: %p is not a live comm",
                (void *)comm);
  std::fprintf(stderr, "uop-fake-nccl: rank %d/%d ncclCommDestroy\n",
               comm->rank, comm->nranks);
  // Every rank has read every exchange once it destroys; rank 0 removes the
  // directory after the last one has.
  std::string done = comm->dir + "/destroyed." + std::to_string(comm->rank);
  writeFile(done, "", 0);
  if (comm->rank == 0) {
    std::vector<char> unused;
    for (int r = 0; r < comm->nranks; ++r)
      awaitFile(comm->dir + "/destroyed." + std::to_string(r), unused, 0);
    for (long c = 0; c < comm->calls; ++c)
      for (int r = 0; r < comm->nranks; ++r)
        std::remove(stepFile(*comm, c, r).c_str());
    for (int r = 0; r < comm->nranks; ++r)
      std::remove((comm->dir + "/destroyed." + std::to_string(r)).c_str());
    rmdir(comm->dir.c_str());
  }
  delete comm;
  return kSuccess;
}
