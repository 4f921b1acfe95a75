//===- Distributed.cpp - multi-device programs on a communicator ----------===//

#include "uop/Runtime/Distributed.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

#include <chrono>
#include <cstring>

using namespace mlir;
using namespace uop;

Communicator::~Communicator() = default;

bool uop::isMultiDeviceProgram(func::FuncOp fn) {
  return fn
      .walk([](Operation *op) {
        return isMultiDeviceOp(op) ? WalkResult::interrupt()
                                   : WalkResult::advance();
      })
      .wasInterrupted();
}

int64_t uop::getDeviceCount(func::FuncOp fn) {
  int64_t n = 1;
  fn.walk([&](Operation *op) {
    if (auto m = dyn_cast<MultiOp>(op))
      n = std::max<int64_t>(n, m.getSrcs().size());
    else if (auto s = dyn_cast<MStackOp>(op))
      n = std::max<int64_t>(n, s.getSrcs().size());
    else if (auto d = dyn_cast<DeviceOp>(op))
      n = std::max<int64_t>(n, d.getNumDevices());
  });
  return n;
}

static llvm::Error badInput(const Twine &why) {
  return makeError(RuntimeErrorKind::BadInput, why);
}

static int64_t tensorBytes(Type t) {
  auto rt = cast<RankedTensorType>(t);
  return rt.getNumElements() * elementBytes(rt.getElementType());
}

namespace {
/// This rank's schedule: stage programs and the collectives between them.
class DistributedExecutable : public Executable {
public:
  DistributedExecutable(Communicator &comm) : comm(comm) {}

  static llvm::Expected<std::unique_ptr<Executable>>
  compile(ModuleOp module, func::FuncOp fn, uop::Target target,
          Communicator &comm, ArrayRef<std::string> opts, StringRef chip);

  llvm::Error run(ArrayRef<const void *> inputs, ArrayRef<void *> outputs,
                  ArrayRef<int64_t> values) override {
    if (!values.empty())
      return badInput("multi-device programs have static shapes");
    if (inputs.size() != schedule.getNumArguments() ||
        outputs.size() != schedule.getNumResults())
      return badInput("wrong number of inputs or outputs");
    lastInputs.assign(inputs.begin(), inputs.end());
    lastOutputs.assign(outputs.begin(), outputs.end());
    return runSchedule();
  }

  llvm::Expected<double> time(unsigned repeat) override {
    std::vector<double> times;
    for (unsigned r = 0; r < repeat; ++r) {
      comm.barrier(); // every rank starts together
      auto start = std::chrono::steady_clock::now();
      if (llvm::Error err = runSchedule())
        return std::move(err);
      auto stop = std::chrono::steady_clock::now();
      times.push_back(
          std::chrono::duration<double, std::milli>(stop - start).count());
    }
    std::sort(times.begin(), times.end());
    return times.empty() ? 0 : times[times.size() / 2];
  }

private:
  llvm::Error runSchedule();
  /// Writes rank-major shards gathered from every rank into `out`, the
  /// whole value of `global`, laid end to end along `axis`.
  void assemble(const unsigned char *gathered, RankedTensorType local,
                int64_t axis, unsigned char *out);

  Communicator &comm;
  OwningOpRef<ModuleOp> program;
  func::FuncOp schedule;
  llvm::StringMap<std::unique_ptr<Executable>> stages;
  SmallVector<const void *> lastInputs;
  SmallVector<void *> lastOutputs;
};
} // namespace

llvm::Expected<std::unique_ptr<Executable>>
DistributedExecutable::compile(ModuleOp module, func::FuncOp fn,
                               uop::Target target, Communicator &comm,
                               ArrayRef<std::string> opts, StringRef chip) {
  int64_t devices = getDeviceCount(fn);
  if (devices != comm.size())
    return badInput("@" + fn.getName() + " runs on " + Twine(devices) +
                    " devices; this run has " + Twine(comm.size()) +
                    " ranks (start it with --devices " + Twine(devices) +
                    " or mpirun -np " + Twine(devices) + ")");
  auto exe = std::make_unique<DistributedExecutable>(comm);
  exe->program = OwningOpRef<ModuleOp>(ModuleOp::create(fn.getLoc()));
  exe->program->getBody()->push_back(fn->clone());
  PassManager pm(fn.getContext());
  UOpShardOptions shard;
  shard.rank = comm.rank();
  pm.addNestedPass<func::FuncOp>(createUOpShard(shard));
  pm.addPass(createUOpOutlineCollectives());
  if (failed(pm.run(*exe->program)))
    return badInput("cannot partition @" + fn.getName() + " over " +
                    Twine(devices) + " devices (uop-shard)");
  exe->schedule = exe->program->lookupSymbol<func::FuncOp>(fn.getName());
  // Without all-reduces the rank program is its only stage.
  SmallVector<func::FuncOp> stageFns;
  for (func::FuncOp f : exe->program->getOps<func::FuncOp>())
    if (f != exe->schedule)
      stageFns.push_back(f);
  if (exe->schedule.getBody().getOps<AllReduceOp>().empty())
    stageFns.assign({exe->schedule});
  for (func::FuncOp f : stageFns) {
    llvm::Expected<std::unique_ptr<Executable>> stage =
        Executable::compile(*exe->program, f, target, chip, opts);
    if (!stage)
      return prependMessage(stage.takeError(),
                            "stage @" + f.getName() + ": ");
    exe->kernels += (*stage)->numKernels();
    exe->device = (*stage)->deviceName();
    exe->chipName = (*stage)->chip();
    exe->stages[f.getName()] = std::move(*stage);
  }
  exe->what = (stringifyTarget(target) + ", rank " + Twine(comm.rank()) +
               " of " + Twine(comm.size()) + " (" + comm.description() + ")")
                  .str();
  return std::move(exe);
}

void DistributedExecutable::assemble(const unsigned char *gathered,
                                     RankedTensorType local, int64_t axis,
                                     unsigned char *out) {
  int64_t outer = 1, chunk = elementBytes(local.getElementType());
  for (int64_t d = 0; d < axis; ++d)
    outer *= local.getDimSize(d);
  for (int64_t d = axis; d < local.getRank(); ++d)
    chunk *= local.getDimSize(d);
  int64_t localBytes = outer * chunk, ranks = comm.size();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t r = 0; r < ranks; ++r)
      std::memcpy(out + (o * ranks + r) * chunk,
                  gathered + r * localBytes + o * chunk, chunk);
}

/// The bytes of a constant tensor, as the stage programs store it.
static llvm::Expected<std::vector<unsigned char>>
constantBytes(arith::ConstantOp c) {
  auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
  if (!dense)
    return badInput("a non-dense constant in a rank schedule");
  Type elem = dense.getElementType();
  int64_t bytes = elementBytes(elem);
  int64_t n = dense.getNumElements();
  std::vector<unsigned char> out(n * bytes);
  for (int64_t i = 0; i < n; ++i) {
    APInt bits = isa<FloatType>(elem)
                     ? dense.getValues<APFloat>()[i].bitcastToAPInt()
                     : dense.getValues<APInt>()[i];
    uint64_t v = bits.getZExtValue();
    std::memcpy(out.data() + i * bytes, &v, bytes); // little endian
  }
  return out;
}

namespace {
/// A float's bits as an unsigned key whose order is the float order, -0
/// below +0 (arith.maximumf's), and every NaN the largest key (`nanHigh`)
/// or the smallest: then a max of keys propagates NaN, as does a min with
/// NaN lowest. `t` is f16, bf16, f32 or f64.
uint64_t floatKey(uint64_t u, FloatType t, bool nanHigh) {
  unsigned bits = t.getWidth();
  uint64_t sign = 1ull << (bits - 1);
  uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
  // The exponent all ones: above it (any mantissa) is a NaN.
  uint64_t inf = t.isF16()    ? 0x7c00
                 : t.isBF16() ? 0x7f80
                 : bits == 32 ? 0x7f800000ull
                              : 0x7ff0000000000000ull;
  if ((u & (sign - 1)) > inf)
    return nanHigh ? mask : 0;
  return (u & sign) ? (~u & mask) : (u | sign);
}
uint64_t keyToFloatBits(uint64_t k, unsigned bits) {
  uint64_t sign = 1ull << (bits - 1);
  uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
  return (k & sign) ? (k & ~sign) : (~k & mask);
}
} // namespace

/// An all-reduce with uop's meaning for every dtype: a float max / min
/// propagates NaN, as the single-device reduction and the interpreter do.
/// NCCL's and MPI's float max / min do not (NaN against 4 gives 4), so
/// they reduce the floats' order-preserving keys as unsigned integers
/// (halves as 32-bit keys: NCCL has no 16-bit integers).
static llvm::Error allReduceValues(Communicator &comm, const void *in,
                                   void *out, int64_t count, Type elem,
                                   ReduceOpKind kind) {
  bool minMax = kind == ReduceOpKind::Max || kind == ReduceOpKind::Min;
  auto ft = dyn_cast<FloatType>(elem);
  if (!ft || !minMax ||
      !(ft.isF16() || ft.isBF16() || ft.isF32() || ft.isF64()))
    return comm.allReduce(in, out, count, elem, kind);
  unsigned bits = ft.getWidth();
  unsigned keyBits = bits == 64 ? 64 : 32;
  bool isMax = kind == ReduceOpKind::Max;
  std::vector<uint64_t> keys64(keyBits == 64 ? count : 0);
  std::vector<uint32_t> keys32(keyBits == 32 ? count : 0);
  unsigned bytes = bits / 8;
  auto src = static_cast<const unsigned char *>(in);
  for (int64_t i = 0; i < count; ++i) {
    uint64_t u = 0;
    std::memcpy(&u, src + i * bytes, bytes); // little-endian hosts
    uint64_t k = floatKey(u, ft, isMax);
    if (keyBits == 64)
      keys64[i] = k;
    else
      keys32[i] = (uint32_t)k;
  }
  void *keys = keyBits == 64 ? (void *)keys64.data() : (void *)keys32.data();
  if (llvm::Error err = comm.allReduce(
          keys, keys, count, IntegerType::get(elem.getContext(), keyBits),
          isMax ? ReduceOpKind::UMax : ReduceOpKind::UMin))
    return err;
  auto dst = static_cast<unsigned char *>(out);
  for (int64_t i = 0; i < count; ++i) {
    uint64_t u = keyToFloatBits(keyBits == 64 ? keys64[i] : keys32[i], bits);
    std::memcpy(dst + i * bytes, &u, bytes);
  }
  return llvm::Error::success();
}

llvm::Error DistributedExecutable::runSchedule() {
  // Every value of the schedule: an input's bytes or a buffer it owns.
  DenseMap<Value, const void *> at;
  std::vector<std::unique_ptr<std::vector<unsigned char>>> owned;
  auto allocate = [&](Type t) {
    owned.push_back(
        std::make_unique<std::vector<unsigned char>>(tensorBytes(t)));
    return owned.back()->data();
  };
  for (auto [a, p] : llvm::zip(schedule.getArguments(), lastInputs))
    at[a] = p;
  Block &body = schedule.getBody().front();
  Operation *ret = body.getTerminator();
  // A whole result computed here is written straight into its output.
  DenseMap<Value, void *> direct;
  for (auto [i, v] : llvm::enumerate(ret->getOperands()))
    if (lastOutputs[i] && !isa<BlockArgument>(v) && !direct.count(v) &&
        !schedule.getResultAttr(
            i, UOpDialect::ShardAxisAttrHelper::getNameStr()) &&
        !v.getDefiningOp<arith::ConstantOp>())
      direct[v] = lastOutputs[i];
  auto bufferFor = [&](Value v) {
    void *p = direct.lookup(v);
    return p ? p : allocate(v.getType());
  };
  // The rank program itself is the one stage.
  bool single = stages.size() == 1 && stages.count(schedule.getName());
  if (single) {
    SmallVector<void *> outs;
    for (Value v : ret->getOperands())
      outs.push_back(bufferFor(v));
    if (llvm::Error err =
            stages[schedule.getName()]->run(lastInputs, outs))
      return err;
    for (auto [v, p] : llvm::zip(ret->getOperands(), outs))
      at[v] = p;
  } else {
    for (Operation &op : body) {
      if (auto call = dyn_cast<func::CallOp>(op)) {
        SmallVector<const void *> ins;
        for (Value v : call.getOperands())
          ins.push_back(at.lookup(v));
        SmallVector<void *> outs;
        for (Value r : call.getResults()) {
          outs.push_back(bufferFor(r));
          at[r] = outs.back();
        }
        if (llvm::Error err = stages[call.getCallee()]->run(ins, outs))
          return err;
      } else if (auto ar = dyn_cast<AllReduceOp>(op)) {
        auto rt = cast<RankedTensorType>(ar.getType());
        void *buf = bufferFor(ar.getResult());
        if (llvm::Error err = allReduceValues(
                comm, at.lookup(ar.getSrc()), buf, rt.getNumElements(),
                rt.getElementType(), ar.getReduceOp()))
          return err;
        at[ar.getResult()] = buf;
      } else if (auto c = dyn_cast<arith::ConstantOp>(op)) {
        llvm::Expected<std::vector<unsigned char>> bytes = constantBytes(c);
        if (!bytes)
          return bytes.takeError();
        owned.push_back(
            std::make_unique<std::vector<unsigned char>>(std::move(*bytes)));
        at[c.getResult()] = owned.back()->data();
      } else if (!isa<DeviceOp, func::ReturnOp>(op)) {
        return badInput("a rank schedule holds " +
                        op.getName().getStringRef() +
                        "; it calls stages and all-reduces");
      }
    }
  }
  // The outputs whole on every rank: a shard is gathered.
  for (auto [i, v] : llvm::enumerate(ret->getOperands())) {
    auto out = static_cast<unsigned char *>(lastOutputs[i]);
    if (!out || at.lookup(v) == out)
      continue;
    int64_t bytes = tensorBytes(v.getType());
    auto axis = schedule.getResultAttrOfType<IntegerAttr>(
        i, UOpDialect::ShardAxisAttrHelper::getNameStr());
    if (!axis) {
      std::memcpy(out, at.lookup(v), bytes);
      continue;
    }
    std::vector<unsigned char> gathered(bytes * comm.size());
    if (llvm::Error err = comm.allGather(at.lookup(v), gathered.data(), bytes))
      return err;
    assemble(gathered.data(), cast<RankedTensorType>(v.getType()),
             axis.getInt(), out);
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<Executable>>
uop::compileDistributed(ModuleOp module, func::FuncOp fn, uop::Target target,
                        Communicator &comm, ArrayRef<std::string> opts,
                        StringRef chip) {
  return DistributedExecutable::compile(module, fn, target, comm, opts, chip);
}
