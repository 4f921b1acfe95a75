//===- MPICommunicator.cpp - the ranks of an MPI job ----------------------===//

#include "uop/Runtime/MPICommunicator.h"

#include <mpi.h>

#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace uop;

bool uop::isUnderMPILauncher() {
  for (const char *v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(v))
      return true;
  return false;
}

// f16 and bf16 have no MPI type: their reductions are user operations on
// the 16-bit patterns that compute in f32 and round to nearest even, as the
// programs' own arithmetic does.
static float bf16ToFloat(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
static uint16_t floatToBF16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if (std::isnan(f))
    return (uint16_t)((u >> 16) | 0x40);
  u += 0x7FFF + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}
static float f16ToFloat(uint16_t h) {
  _Float16 x;
  std::memcpy(&x, &h, 2);
  return (float)x;
}
static uint16_t floatToF16(float f) {
  _Float16 x = (_Float16)f;
  uint16_t h;
  std::memcpy(&h, &x, 2);
  return h;
}

template <float (*ToF)(uint16_t), uint16_t (*FromF)(float), int Kind>
static void halfOp(void *in, void *inout, int *len, MPI_Datatype *) {
  auto a = static_cast<uint16_t *>(in), b = static_cast<uint16_t *>(inout);
  for (int i = 0; i < *len; ++i) {
    float x = ToF(a[i]), y = ToF(b[i]), r;
    switch (Kind) {
    case 0: r = x + y; break;
    case 1: r = x * y; break;
    case 2: r = std::isnan(x) || std::isnan(y) ? NAN : std::max(x, y); break;
    default: r = std::isnan(x) || std::isnan(y) ? NAN : std::min(x, y); break;
    }
    b[i] = FromF(r);
  }
}

namespace {
class MPICommunicator : public Communicator {
public:
  MPICommunicator() {
    MPI_Comm_rank(MPI_COMM_WORLD, &myRank);
    MPI_Comm_size(MPI_COMM_WORLD, &mySize);
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(version, &len);
    std::string v(version, len);
    library = "mpi (" + v.substr(0, v.find(',')) + ")";
    MPI_User_function *fns[2][4] = {
        {halfOp<f16ToFloat, floatToF16, 0>, halfOp<f16ToFloat, floatToF16, 1>,
         halfOp<f16ToFloat, floatToF16, 2>, halfOp<f16ToFloat, floatToF16, 3>},
        {halfOp<bf16ToFloat, floatToBF16, 0>,
         halfOp<bf16ToFloat, floatToBF16, 1>,
         halfOp<bf16ToFloat, floatToBF16, 2>,
         halfOp<bf16ToFloat, floatToBF16, 3>}};
    for (int t = 0; t < 2; ++t)
      for (int k = 0; k < 4; ++k)
        MPI_Op_create(fns[t][k], /*commute=*/1, &halfOps[t][k]);
  }
  ~MPICommunicator() override {
    // The f16/bf16 operators are ours to free (LeakSanitizer reported them);
    // after MPI_Finalize (the atexit hook) MPI frees everything itself.
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized)
      return;
    for (auto &row : halfOps)
      for (MPI_Op &op : row)
        if (op != MPI_OP_NULL)
          MPI_Op_free(&op);
  }
  int rank() const override { return myRank; }
  int size() const override { return mySize; }
  std::string description() const override { return library; }
  void barrier() override { MPI_Barrier(MPI_COMM_WORLD); }

  llvm::Error allReduce(const void *in, void *out, int64_t count, Type elem,
                        ReduceOpKind kind) override {
    if (count > INT_MAX)
      return fail("an all-reduce of more than INT_MAX elements");
    MPI_Datatype type = MPI_DATATYPE_NULL;
    MPI_Op op = MPI_OP_NULL;
    if (failed(choose(elem, kind, type, op)))
      return makeError(RuntimeErrorKind::BadInput,
                       "no all-reduce " + stringifyReduceOpKind(kind) +
                           " of this element type on MPI");
    int rc = MPI_Allreduce(in == out ? MPI_IN_PLACE : in, out, (int)count,
                           type, op, MPI_COMM_WORLD);
    return rc == MPI_SUCCESS ? llvm::Error::success()
                             : fail("MPI_Allreduce failed");
  }

  llvm::Error allGather(const void *in, void *out, int64_t bytes) override {
    if (bytes > INT_MAX)
      return fail("an all-gather of more than INT_MAX bytes");
    int rc = MPI_Allgather(in, (int)bytes, MPI_BYTE, out, (int)bytes,
                           MPI_BYTE, MPI_COMM_WORLD);
    return rc == MPI_SUCCESS ? llvm::Error::success()
                             : fail("MPI_Allgather failed");
  }

  llvm::Error broadcast(void *data, int64_t bytes, int root) override {
    if (bytes > INT_MAX)
      return fail("a broadcast of more than INT_MAX bytes");
    return MPI_Bcast(data, (int)bytes, MPI_BYTE, root, MPI_COMM_WORLD) ==
                   MPI_SUCCESS
               ? llvm::Error::success()
               : fail("MPI_Bcast failed");
  }

  llvm::Expected<std::vector<double>> gatherDoubles(double value) override {
    std::vector<double> all(mySize);
    if (MPI_Allgather(&value, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE,
                      MPI_COMM_WORLD) != MPI_SUCCESS)
      return fail("MPI_Allgather failed");
    return all;
  }

private:
  static llvm::Error fail(const Twine &why) {
    return makeError(RuntimeErrorKind::CommunicatorFailed, why);
  }
  /// The MPI type and operation of `kind` on `elem`. Integer add and mul
  /// wrap: they run on the unsigned type of the width. A bool (one byte,
  /// 0 or 1) adds as xor and multiplies as and; its max is or (any), its
  /// min and (all), signed or not, as the single-device reduction and the
  /// interpreter have them (numpy, tinygrad). Float max / min reach here as
  /// keys (Distributed.cpp: NaN propagates).
  LogicalResult choose(Type elem, ReduceOpKind kind, MPI_Datatype &type,
                       MPI_Op &op) {
    using K = ReduceOpKind;
    if (elem.isF16() || elem.isBF16()) {
      if (kind == K::UMax || kind == K::UMin)
        return failure();
      type = MPI_UINT16_T;
      op = halfOps[elem.isBF16()][(int)kind];
      return success();
    }
    if (isa<FloatType>(elem)) {
      if (!elem.isF32() && !elem.isF64())
        return failure();
      type = elem.isF32() ? MPI_FLOAT : MPI_DOUBLE;
      switch (kind) {
      case K::Add: op = MPI_SUM; return success();
      case K::Mul: op = MPI_PROD; return success();
      case K::Max: op = MPI_MAX; return success();
      case K::Min: op = MPI_MIN; return success();
      default: return failure();
      }
    }
    unsigned w = elem.getIntOrFloatBitWidth();
    if (w == 1) {
      type = MPI_UINT8_T;
      switch (kind) {
      case K::Add: op = MPI_BXOR; break;
      case K::Mul: case K::Min: case K::UMin: op = MPI_BAND; break;
      case K::Max: case K::UMax: op = MPI_BOR; break;
      }
      return success();
    }
    bool isUnsigned = kind != K::Max && kind != K::Min;
    switch (w) {
    case 8: type = isUnsigned ? MPI_UINT8_T : MPI_INT8_T; break;
    case 16: type = isUnsigned ? MPI_UINT16_T : MPI_INT16_T; break;
    case 32: type = isUnsigned ? MPI_UINT32_T : MPI_INT32_T; break;
    case 64: type = isUnsigned ? MPI_UINT64_T : MPI_INT64_T; break;
    default: return failure();
    }
    switch (kind) {
    case K::Add: op = MPI_SUM; break;
    case K::Mul: op = MPI_PROD; break;
    case K::Max: case K::UMax: op = MPI_MAX; break;
    case K::Min: case K::UMin: op = MPI_MIN; break;
    }
    return success();
  }

  int myRank = 0, mySize = 1;
  std::string library;
  MPI_Op halfOps[2][4];
};
} // namespace

llvm::Expected<std::unique_ptr<Communicator>> uop::createMPICommunicator() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) !=
        MPI_SUCCESS)
      return makeError(RuntimeErrorKind::NoCommunicator,
                       "MPI_Init failed");
    std::atexit([] {
      int finalized = 0;
      MPI_Finalized(&finalized);
      if (!finalized)
        MPI_Finalize();
    });
  }
  return std::make_unique<MPICommunicator>();
}
