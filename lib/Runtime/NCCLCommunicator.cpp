//===- NCCLCommunicator.cpp - all-reduces of GPU ranks through NCCL -------===//
//
// NCCL is opened with dlopen, as the CUDA driver is, so that nothing needs
// it to build; the few entry points we call are declared here with NCCL 2's
// ABI (nccl.h). A stage's outputs come back to the host at the Executable
// boundary, so an all-reduce copies them to this rank's device, reduces
// there and copies the result back.
//
//===----------------------------------------------------------------------===//

#include "uop/Runtime/CudaDriver.h"
#include "uop/Runtime/MPICommunicator.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

using namespace mlir;
using namespace uop;

namespace {
// nccl.h, version 2.
struct NcclUniqueId {
  char internal[128];
};
using NcclComm = void *;
enum NcclType : int {
  ncclInt8 = 0,
  ncclUint8 = 1,
  ncclInt32 = 2,
  ncclUint32 = 3,
  ncclInt64 = 4,
  ncclUint64 = 5,
  ncclFloat16 = 6,
  ncclFloat32 = 7,
  ncclFloat64 = 8,
  ncclBfloat16 = 9,
};
enum NcclOp : int { ncclSum = 0, ncclProd = 1, ncclMax = 2, ncclMin = 3 };

struct NcclApi {
  int (*getUniqueId)(NcclUniqueId *) = nullptr;
  int (*commInitRank)(NcclComm *, int, NcclUniqueId, int) = nullptr;
  int (*allReduce)(const void *, void *, size_t, int, int, NcclComm,
                   void *) = nullptr;
  int (*commDestroy)(NcclComm) = nullptr;
  const char *(*getErrorString)(int) = nullptr;
  int (*getVersion)(int *) = nullptr;
};

class NCCLCommunicator : public Communicator {
public:
  ~NCCLCommunicator() override {
    if (buffer)
      llvm::consumeError(cuda->free(buffer));
    if (comm)
      api.commDestroy(comm);
    // The library stays loaded: NCCL's threads may outlive the communicator.
  }

  static llvm::Expected<std::unique_ptr<Communicator>>
  create(std::unique_ptr<Communicator> mpi);

  int rank() const override { return mpi->rank(); }
  int size() const override { return mpi->size(); }
  std::string description() const override { return library; }
  void barrier() override { mpi->barrier(); }
  llvm::Error allGather(const void *in, void *out, int64_t bytes) override {
    return mpi->allGather(in, out, bytes);
  }
  llvm::Error broadcast(void *data, int64_t bytes, int root) override {
    return mpi->broadcast(data, bytes, root);
  }
  llvm::Expected<std::vector<double>> gatherDoubles(double value) override {
    return mpi->gatherDoubles(value);
  }

  llvm::Error allReduce(const void *in, void *out, int64_t count, Type elem,
                        ReduceOpKind kind) override {
    int type = 0, op = 0;
    if (failed(choose(elem, kind, type, op)))
      return makeError(RuntimeErrorKind::BadInput,
                       "no NCCL all-reduce " + stringifyReduceOpKind(kind) +
                           " of this element type");
    size_t bytes = count * elementBytes(elem);
    if (bytes > capacity) {
      if (buffer)
        if (llvm::Error err = cuda->free(buffer))
          return err;
      buffer = 0;
      llvm::Expected<CudaDriver::DevicePtr> p = cuda->alloc(bytes);
      if (!p)
        return p.takeError();
      buffer = *p;
      capacity = bytes;
    }
    if (llvm::Error err = cuda->copyToDevice(buffer, in, bytes))
      return err;
    void *dev = reinterpret_cast<void *>(buffer);
    if (int rc = api.allReduce(dev, dev, count, type, op, comm, nullptr))
      return fail("ncclAllReduce", rc);
    if (llvm::Error err = cuda->synchronize())
      return err;
    return cuda->copyToHost(out, buffer, bytes);
  }

private:
  llvm::Error fail(const char *call, int rc) {
    return makeError(RuntimeErrorKind::CommunicatorFailed,
                     llvm::Twine(call) + ": " + api.getErrorString(rc));
  }
  /// NCCL's type and operation of `kind` on `elem`; integer add and mul on
  /// the unsigned type of the width (they wrap), bool max/min as uint8.
  static LogicalResult choose(Type elem, ReduceOpKind kind, int &type,
                              int &op) {
    using K = ReduceOpKind;
    bool isUnsigned = kind != K::Max && kind != K::Min;
    if (elem.isF16())
      type = ncclFloat16;
    else if (elem.isBF16())
      type = ncclBfloat16;
    else if (elem.isF32())
      type = ncclFloat32;
    else if (elem.isF64())
      type = ncclFloat64;
    else if (elem.isInteger(1))
      type = ncclUint8;
    else if (elem.isInteger(8))
      type = isUnsigned ? ncclUint8 : ncclInt8;
    else if (elem.isInteger(32))
      type = isUnsigned ? ncclUint32 : ncclInt32;
    else if (elem.isInteger(64))
      type = isUnsigned ? ncclUint64 : ncclInt64;
    else
      return failure(); // i16: NCCL has no 16-bit integers
    if (isa<FloatType>(elem) && (kind == K::UMax || kind == K::UMin))
      return failure();
    if (elem.isInteger(1)) {
      // Max is or (any), min and (all), signed or not: the single-device
      // reduction's and the interpreter's meaning (numpy, tinygrad).
      switch (kind) {
      case K::Min: case K::UMin: op = ncclMin; return success();
      case K::Max: case K::UMax: op = ncclMax; return success();
      default: return failure(); // add is xor, mul and: not NCCL ops
      }
    }
    switch (kind) {
    case K::Add: op = ncclSum; break;
    case K::Mul: op = ncclProd; break;
    case K::Max: case K::UMax: op = ncclMax; break;
    case K::Min: case K::UMin: op = ncclMin; break;
    }
    return success();
  }

  std::unique_ptr<Communicator> mpi;
  std::unique_ptr<CudaDriver> cuda;
  NcclApi api;
  NcclComm comm = nullptr;
  CudaDriver::DevicePtr buffer = 0;
  size_t capacity = 0;
  std::string library;
};
} // namespace

llvm::Expected<std::unique_ptr<Communicator>>
NCCLCommunicator::create(std::unique_ptr<Communicator> mpi) {
  const char *forced = std::getenv("UOP_NCCL_LIBRARY");
  std::string path = forced && *forced ? forced : "libnccl.so.2";
  void *lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return makeError(RuntimeErrorKind::NoCommunicator,
                     "GPU ranks all-reduce with NCCL, which cannot be loaded (" +
                         path + ": " + dlerror() + ")");
  auto c = std::unique_ptr<NCCLCommunicator>(new NCCLCommunicator());
  NcclApi &a = c->api;
  struct Binding {
    void **slot;
    const char *symbol;
  } bindings[] = {
      {(void **)&a.getUniqueId, "ncclGetUniqueId"},
      {(void **)&a.commInitRank, "ncclCommInitRank"},
      {(void **)&a.allReduce, "ncclAllReduce"},
      {(void **)&a.commDestroy, "ncclCommDestroy"},
      {(void **)&a.getErrorString, "ncclGetErrorString"},
      {(void **)&a.getVersion, "ncclGetVersion"},
  };
  for (Binding &b : bindings)
    if (!(*b.slot = dlsym(lib, b.symbol)))
      return makeError(RuntimeErrorKind::NoCommunicator,
                       path + " lacks " + b.symbol);
  // The rank's GPU (its context current) before NCCL sees it.
  llvm::Expected<std::unique_ptr<CudaDriver>> cuda = CudaDriver::open();
  if (!cuda)
    return cuda.takeError();
  c->cuda = std::move(*cuda);
  NcclUniqueId id;
  std::memset(&id, 0, sizeof(id));
  if (mpi->rank() == 0)
    if (int rc = a.getUniqueId(&id))
      return c->fail("ncclGetUniqueId", rc);
  if (llvm::Error err = mpi->broadcast(&id, sizeof(id), 0))
    return std::move(err);
  if (int rc = a.commInitRank(&c->comm, mpi->size(), id, mpi->rank()))
    return c->fail("ncclCommInitRank", rc);
  int version = 0;
  a.getVersion(&version);
  c->library = "nccl " + std::to_string(version / 10000) + "." +
               std::to_string(version / 100 % 100) + "." +
               std::to_string(version % 100) + " on " +
               c->cuda->deviceName() + ", with " + mpi->description();
  c->mpi = std::move(mpi);
  return std::unique_ptr<Communicator>(std::move(c));
}

llvm::Expected<std::unique_ptr<Communicator>>
uop::createNCCLCommunicator(std::unique_ptr<Communicator> mpi) {
  return NCCLCommunicator::create(std::move(mpi));
}
