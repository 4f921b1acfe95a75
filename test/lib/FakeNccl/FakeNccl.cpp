//===- FakeNccl.cpp - an NCCL that checks every call and moves no data ----===//
//
// libuop-fake-nccl.so exports the NCCL 2 entry points the runtime's
// NCCLCommunicator calls (UOP_NCCL_LIBRARY points it here), so that machines
// without GPUs check the GPU ranks' host side: the unique id that rank 0
// makes reaches every rank, each rank joins once with its own rank, and
// each all-reduce has a live communicator, a count, an NCCL type and
// operation. Every call is logged on stderr ("uop-fake-nccl: rank 1/2
// ncclAllReduce count=256 type=float32 op=max"). Nothing crosses processes:
// an all-reduce copies its send buffer to its receive buffer (with the fake
// CUDA driver, device memory is host memory and kernels do not run).
//
// nccl.h is not included: the few types are redeclared with its layout.
//
//===----------------------------------------------------------------------===//

#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <set>

#define UOP_NCCL_API extern "C" __attribute__((visibility("default")))

namespace {
struct UniqueId {
  char internal[128];
};
struct Comm {
  int rank, nranks;
};
constexpr int kSuccess = 0, kInvalidArgument = 4, kInvalidUsage = 5;
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
  std::snprintf(id->internal, sizeof(id->internal), "%s:%d", kMagic,
                (int)getpid());
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
  *comm = new Comm{rank, nranks};
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
  static const size_t bytes[] = {1, 1, 4, 4, 8, 8, 2, 4, 8, 2};
  if (send != recv)
    std::memmove(recv, send, count * bytes[type]);
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
  delete comm;
  return kSuccess;
}
